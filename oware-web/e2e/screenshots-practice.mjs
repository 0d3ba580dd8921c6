// Pictures of the Practice page at a desktop and a phone size, a slip just
// said (South's F lets the win slip), for docs/. Not a test; run it
// against a served site:
//   OWARE_URL=http://127.0.0.1:8080/ node screenshots-practice.mjs [folder]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, open } from './lib.mjs';

/** The ending pictured (tests/practice.test.mjs plays it too). */
const ENDING = 'practice.html#rules=abapa&start=1-0-0-1-0-1-1-0-0-0-0-1-21-22-S';

const folder = process.argv[2] ?? '.';
mkdirSync(folder, { recursive: true });
const browser = await launch();
for (const [width, height] of [[1366, 657], [390, 844]]) {
  const page = await open(browser, ENDING, {
    viewport: { width, height },
    route: (context) => context.addInitScript(() => localStorage.setItem('oware.endgameSeeds', '6')),
  });
  await page.waitForFunction(() => document.body.dataset.state === 'playing', null, { timeout: 60_000 });
  await page.locator('.house[data-house="F"]').click();
  await page.waitForFunction(() => document.body.dataset.state === 'slipped');
  await page.evaluate(() => scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
  const path = join(folder, `practice-${width}x${height}.png`);
  await page.screenshot({ path });
  console.log(path);
  await page.close();
}
await browser.close();
