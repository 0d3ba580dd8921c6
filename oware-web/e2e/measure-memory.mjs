// How much memory the game page's tab holds with the kept endgame database
// at a given size (16 seeds unless given: `node measure-memory.mjs 13`),
// against a served site (OWARE_URL, see lib.mjs). The page grows the
// database as it does for a player who idles (the cap raised from the
// tests' 10 to the size asked), then is reloaded (a later visit: the
// database read back from storage by both workers, the bot having searched
// once) and measured; then "Delete" (the setting off) and one more reload,
// measured again. The tab's memory is its renderer process's (the page and
// its workers live there), read from Linux's /proc: its proportional set
// size (PSS: shared pages split among the processes sharing them) and
// resident set size, the renderer found through the DevTools protocol
// (SystemInfo.getProcessInfo). `performance.measureUserAgentSpecificMemory`
// would need the page cross-origin isolated, which it is not. Not a test.
//   OWARE_URL=http://127.0.0.1:8080/ node oware-web/e2e/measure-memory.mjs [seeds]
import { readFileSync } from 'node:fs';
import { launch, openTab, waitState } from './lib.mjs';

const seeds = Number(process.argv[2] ?? 16);
const browser = await launch();
const cdp = await browser.newBrowserCDPSession();

/** The renderer processes' memory, in MB: [{ pid, pss, rss }], the largest first. */
async function renderers() {
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  return processInfo.filter((p) => p.type === 'renderer').map(({ id }) => {
    const rollup = readFileSync(`/proc/${id}/smaps_rollup`, 'utf8');
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(rollup)[1]);
    return { pid: id, pss: Math.round(kb('Pss') / 1024), rss: Math.round(kb('Rss') / 1024) };
  }).sort((a, b) => b.pss - a.pss);
}

/** A later visit: reloaded, the database read back, one search by the bot (which reads it too), then measured. */
async function visit(page, what) {
  await page.reload();
  await waitState(page, 'your-turn');
  const report = await page.waitForFunction(() => window.oware.debug.endgameReports[0], null, { timeout: 120_000 }).then((r) => r.jsonValue());
  await page.click('#new-game');
  await waitState(page, 'your-turn');
  await page.keyboard.press('c');
  await page.waitForFunction(() => window.oware.moves.length === 2, null, { timeout: 60_000 });
  await waitState(page, 'your-turn');
  // Let the collector run: the files read are garbage by now.
  await new Promise((resolve) => { setTimeout(resolve, 3000); });
  const [tab] = await renderers();
  console.log(`${what}: ${report.seeds} seeds held (${report.loaded} read back, ${report.kept.state}): tab PSS ${tab.pss} MB, RSS ${tab.rss} MB`);
}

const context = await browser.newContext({ reducedMotion: 'reduce' });
await context.addInitScript((n) => {
  localStorage.setItem('oware.endgameSeeds', String(n));
  localStorage.setItem('oware.settings', JSON.stringify({ level: 1, seat: 'south', rules: 'abapa', clock: 'off' }));
}, seeds);
const page = await openTab(context);
await waitState(page, 'your-turn');
const started = Date.now();
await page.waitForFunction((n) => window.oware.debug.endgames?.seeds === n, seeds, { timeout: 1_800_000, polling: 1000 });
console.log(`grown to ${seeds} seeds in ${Math.round((Date.now() - started) / 1000)} s (idle waits included)`);
await visit(page, 'kept');
await page.locator('#forget-endgames').click();
await page.waitForFunction(() => window.oware.debug.endgames?.kept.state === 'deleted');
await visit(page, 'after Delete (setting off)');
await browser.close();
