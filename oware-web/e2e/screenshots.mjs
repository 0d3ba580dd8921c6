// Pictures of the page at the four screen sizes the layout is held to
// (tests/layout.test.mjs), with a game of a few dozen moves loaded and
// analysed and an earlier position looked at, for docs/. Not a test; run
// it against a served site:
//   OWARE_URL=http://127.0.0.1:8080/ node screenshots.mjs [folder]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, open, waitState } from './lib.mjs';
import { SOUTH_WINS_IN_3 } from './games.mjs';

export const SIZES = [[1366, 657], [1024, 640], [390, 844], [844, 390]];

const folder = process.argv[2] ?? '.';
mkdirSync(folder, { recursive: true });
const browser = await launch();
for (const [width, height] of SIZES) {
  const page = await open(browser, '', { viewport: { width, height } });
  await waitState(page, 'your-turn');
  await page.fill('#load-text', SOUTH_WINS_IN_3);
  await page.click('#load');
  await waitState(page, 'your-turn');
  await page.click('#analyse');
  await page.waitForFunction(() => document.getElementById('analysis-progress').textContent.startsWith('Analysed'), null, { timeout: 120_000 });
  await page.locator(`#move-list button[data-ply="${SOUTH_WINS_IN_3.length - 6}"]`).click();
  await page.evaluate(() => scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
  const path = join(folder, `page-${width}x${height}.png`);
  await page.screenshot({ path });
  console.log(path);
  await page.close();
}
await browser.close();
