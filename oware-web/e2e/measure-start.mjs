// How long the page takes to start in headless Chromium: from navigation to
// the page's module answering (the board drawn), to the search's worker
// having loaded its module, and to the worker's first search answer (the
// bot, at level 1, moving first as South while the player holds North).
// Each run is a fresh context (nothing cached, no service worker). Not a
// test; run it against a served site:
//   OWARE_URL=http://127.0.0.1:8080/ node measure-start.mjs [runs]
import { launch, BASE, startMarks, median } from './lib.mjs';

const runs = Number(process.argv[2] ?? 10);
const browser = await launch();
const rows = [];
for (let n = 0; n < runs; n++) {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await context.addInitScript(startMarks);
  const page = await context.newPage();
  await page.goto(BASE);
  await page.waitForFunction(() => window.started.answer !== undefined, null, { timeout: 60_000 });
  rows.push(await page.evaluate(() => window.started));
  await context.close();
}
await browser.close();
const range = (key) => `${Math.min(...rows.map((r) => r[key])).toFixed(0)}-${Math.max(...rows.map((r) => r[key])).toFixed(0)}`;
for (const key of ['page', 'worker', 'answer']) {
  console.log(`${key.padEnd(6)}: ${median(rows, key).toFixed(0)} ms median (${range(key)} ms over ${runs} runs)`);
}
