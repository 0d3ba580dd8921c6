// Pictures of the page at the four screen sizes the layout is held to
// (tests/layout.test.mjs) in the dark theme, and at a laptop's and a
// phone's in the light one (`page-WxH-light.png`), with a game of a few
// dozen moves loaded and analysed and an earlier position looked at, for
// docs/. Not a test; run it against a served site:
//   OWARE_URL=http://127.0.0.1:8080/ node screenshots.mjs [folder]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, open, waitState } from './lib.mjs';
import { SOUTH_WINS_IN_3 } from './games.mjs';

export const SIZES = [[1366, 657], [1024, 640], [390, 844], [844, 390]];
/** The sizes and themes pictured: every size dark, a laptop and a phone light. */
const SHOTS = [...SIZES.map((size) => [size, 'dark']), [[1366, 657], 'light'], [[390, 844], 'light']];

const folder = process.argv[2] ?? '.';
mkdirSync(folder, { recursive: true });
const browser = await launch();
for (const [[width, height], colorScheme] of SHOTS) {
  const page = await open(browser, '', { viewport: { width, height }, colorScheme });
  await waitState(page, 'your-turn');
  await page.fill('#load-text', SOUTH_WINS_IN_3);
  await page.click('#load');
  await waitState(page, 'your-turn');
  await page.click('#analyse');
  await page.waitForFunction(() => document.getElementById('analysis-progress').textContent.startsWith('Analysed'), null, { timeout: 120_000 });
  await page.locator(`#move-list button[data-ply="${SOUTH_WINS_IN_3.length - 6}"]`).click();
  await page.evaluate(() => scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
  const path = join(folder, `page-${width}x${height}${colorScheme === 'light' ? '-light' : ''}.png`);
  await page.screenshot({ path });
  console.log(path);
  await page.close();
}
await browser.close();
