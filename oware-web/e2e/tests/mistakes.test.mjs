// Learning from your mistakes: an analysed game whose player threw away a
// proven win gives a puzzle, proved in the mistakes' worker; the Puzzles
// view retries it (a wrong move, the hint, solved), with the move played
// in the game said and the rating untouched; it is kept across a reload,
// never twice, and a solved one can be cleared; all of it offline once
// loaded, and axe at a laptop and a phone size.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { launch, open, openTab, waitState } from '../lib.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * South to move takes a's 3 seeds with F, for the 25th (oware-puzzle's
 * game thrown away): the player, South, sows B instead.
 */
const THROWN_AWAY = 'index.html#rules=abapa&start=0-1-0-0-0-1-2-0-0-0-0-1-22-21-S&moves=B';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

const status = (page) => page.locator('#puzzle-status').textContent();
const kept = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('oware.mistakes') ?? '[]'));

/** What axe finds on the page. */
async function violations(page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
}

/** Analyses the game on the board and waits for its mistakes to be proved; the finding. */
async function analyse(page) {
  await page.click('#analyse');
  await page.waitForFunction(() => document.getElementById('analysis-progress').textContent.startsWith('Analysed'), null, { timeout: 120_000 });
  await page.waitForFunction(() => window.oware.mistakes && !window.oware.mistakes.running, null, { timeout: 120_000 });
  return page.evaluate(() => window.oware.mistakes);
}

/** Waits until the Puzzles view has its puzzle on the board. */
async function puzzleShown(page) {
  await page.waitForFunction(() => ['solving', 'wrong', 'solved'].includes(document.body.dataset.state));
}

/** Sows `house` (a letter) and waits until the puzzle takes a move or is over. */
async function sow(page, house) {
  await page.locator(`.house[data-house="${house}"]`).click();
  await page.waitForFunction(() => document.body.dataset.state !== 'replying');
}

test('a thrown-away win becomes a puzzle to retry, kept once, solved without moving the rating', async () => {
  const page = await open(browser, THROWN_AWAY, { viewport: { width: 1366, height: 657 } });
  await waitState(page, 'your-turn');
  const finding = await analyse(page);
  assert.equal(finding.asked, 1, JSON.stringify(finding));
  assert.equal(finding.found.length, 1, JSON.stringify(finding));
  console.log(`proving the mistake took ${Math.round(finding.longestMs)} ms in the worker`);
  assert.equal(await page.locator('#mistakes-note').textContent(), '1 position to learn from.');
  const link = page.locator('#mistakes-link');
  assert.equal(await link.isVisible(), true);
  assert.equal(await link.textContent(), 'Retry your mistakes');
  const [mistake] = await kept(page);
  assert.deepEqual({ ...mistake, code: undefined, found: undefined }, {
    id: 'ekr5we', code: undefined, rules: 'abapa', start: '0-1-0-0-0-1-2-0-0-0-0-1-22-21-S', played: 'B', ply: 1, found: undefined, solved: false,
  });
  assert.deepEqual(await violations(page), [], 'the play page with its mistakes found');

  // The same game analysed again in another tab keeps it once.
  const again = await openTab(page.context(), THROWN_AWAY);
  await waitState(again, 'your-turn');
  assert.equal((await analyse(again)).found.length, 1);
  assert.equal((await kept(again)).length, 1);
  await again.close();

  await link.click();
  await page.waitForURL(/puzzles\.html#mistakes$/);
  await puzzleShown(page);
  assert.equal(await page.locator('#puzzle-title').textContent(), 'Your mistake 1 of 1');
  assert.equal(await page.locator('#puzzle-goal').textContent(), 'South to move and force a win.');
  assert.equal(await page.locator('#puzzle-facts').textContent(),
    'In your game you played B here (move 1, abapa rules). Your mistakes do not change your puzzle rating.');
  assert.equal(await page.locator('#puzzle-share').isHidden(), true, 'no share link: the puzzle is not in the set');
  assert.equal(await page.locator('#mistakes-count').textContent(), '1 kept, 0 solved');
  assert.deepEqual(await violations(page), [], 'a mistake on the Puzzles view');

  // The move played in the game is wrong again; the rating does not move.
  await sow(page, 'B');
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'wrong');
  assert.match(await status(page), /^B is not the move: it lets the win slip\./);
  assert.equal(await page.locator('#puzzle-rating').textContent(), 'Puzzle rating 1500 (new), streak 0');
  await page.click('#puzzle-retry');
  await page.click('#puzzle-hint');
  assert.equal(await status(page), 'Hint: sow F.');
  await sow(page, 'F');
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'solved');
  assert.match(await status(page), /^Solved! South can force a win: proved by the search to depth \d+/);
  assert.equal(await page.locator('#puzzle-rating').textContent(), 'Puzzle rating 1500 (new), streak 0');
  assert.equal(await page.locator('#mistakes-count').textContent(), '1 kept, 1 solved');

  // Kept across a reload, marked solved; then cleared.
  await page.reload();
  await puzzleShown(page);
  assert.equal(await page.locator('#puzzle-title').textContent(), 'Your mistake 1 of 1');
  assert.match(await page.locator('#puzzle-facts').textContent(), /You have solved it since\./);
  assert.equal(await page.locator('#mistakes-clear').isDisabled(), false);
  await page.click('#mistakes-clear');
  assert.equal(await page.locator('#mistakes-count').textContent(), 'none kept yet');
  assert.match(await status(page), /^You have no mistakes kept: analyse a game on the Play page/);
  assert.match(await page.locator('#puzzle-title').textContent(), /^Daily puzzle, /);
  assert.equal(await page.locator('#puzzle-share').isHidden(), false);
  assert.deepEqual(await kept(page), []);
  assert.equal(await page.locator('#mistakes-clear').isDisabled(), true);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('offline once loaded: a game analysed, its mistake proved and retried without the server', async () => {
  const page = await open(browser, THROWN_AWAY, { viewport: { width: 390, height: 844 } });
  await waitState(page, 'your-turn');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const keys = await caches.keys();
    const cache = await caches.open(keys.find((k) => k.startsWith('oware-')));
    while (!await cache.match('oware_web.wasm')) await new Promise((resolve) => setTimeout(resolve, 100));
  });
  await page.context().setOffline(true);
  await page.reload();
  await waitState(page, 'your-turn');
  const finding = await analyse(page);
  assert.equal(finding.found.length, 1, JSON.stringify(finding));
  await page.click('#mistakes-link');
  await page.waitForURL(/puzzles\.html#mistakes$/);
  await puzzleShown(page);
  assert.equal(await page.locator('#puzzle-title').textContent(), 'Your mistake 1 of 1');
  assert.deepEqual(await violations(page), [], 'a mistake on the Puzzles view, phone size');
  await sow(page, 'F');
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'solved');
  await page.context().setOffline(false);
  assert.deepEqual(page.errors, []);
  await page.close();
});
