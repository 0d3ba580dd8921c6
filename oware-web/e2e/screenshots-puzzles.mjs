// Pictures of the Puzzles page at a desktop and a phone size, a shipped
// puzzle solved (its line played against the defence), for docs/. Not a
// test; run it against a served site:
//   OWARE_URL=http://127.0.0.1:8080/ node screenshots-puzzles.mjs [folder]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, open } from './lib.mjs';

/** The puzzle pictured (tests/puzzles.test.mjs solves it too) and its solver's moves. */
const PUZZLE = '2357qa';
const MOVES = ['C', 'D', 'E', 'F'];

const folder = process.argv[2] ?? '.';
mkdirSync(folder, { recursive: true });
const browser = await launch();
for (const [width, height] of [[1366, 657], [390, 844]]) {
  const page = await open(browser, `puzzles.html#puzzle=${PUZZLE}`, { viewport: { width, height } });
  await page.waitForFunction(() => document.body.dataset.state === 'solving');
  for (const house of MOVES) {
    await page.locator(`.house[data-house="${house}"]`).click();
    await page.waitForFunction(() => ['solving', 'solved'].includes(document.body.dataset.state));
  }
  await page.evaluate(() => scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
  const path = join(folder, `puzzles-${width}x${height}.png`);
  await page.screenshot({ path });
  console.log(path);
  await page.close();
}
await browser.close();
