// axe-core's checks (WCAG 2.2 A and AA rules) on the page as a person meets
// it: at the start, with a game in the move list analysed and an earlier
// position looked at, and with a game finished, at a desktop and a phone
// width, in the dark theme and the light one; and on the other pages. Every violation is listed with the elements it is on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { launch, open, waitState, BASE } from '../lib.mjs';
import { SHORT_GAME, SOUTH_WINS_WITH_E } from '../games.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

/** axe's violations on the page as it is drawn now: "rule: what (where, …)". */
async function violations(page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
}

const SIZES = [['desktop', { width: 1366, height: 657 }], ['phone', { width: 390, height: 844 }]];
for (const [[name, viewport], colorScheme] of SIZES.flatMap((size) => ['dark', 'light'].map((scheme) => [size, scheme]))) {
  test(`axe finds nothing on the game page at ${name} width in the ${colorScheme} theme: at the start, looking back, and at the end`, async () => {
    const page = await open(browser, '', { viewport, colorScheme });
    await waitState(page, 'your-turn');
    assert.deepEqual(await violations(page), [], 'at the start');

    await page.fill('#load-text', SHORT_GAME);
    await page.click('#load');
    await waitState(page, 'your-turn');
    await page.click('#analyse');
    await page.waitForFunction(() => document.getElementById('analysis-progress').textContent.startsWith('Analysed'), null, { timeout: 60_000 });
    await page.locator('#move-list button[data-ply="2"]').click();
    await waitState(page, 'your-turn');
    assert.deepEqual(await violations(page), [], 'analysed, looking back at move 2');

    await page.fill('#load-text', SOUTH_WINS_WITH_E);
    await page.click('#load');
    await waitState(page, 'your-turn');
    await page.keyboard.press('e');
    await waitState(page, 'over');
    assert.deepEqual(await violations(page), [], 'the game over');
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

for (const colorScheme of ['dark', 'light']) {
  test(`axe finds nothing on the other pages in the ${colorScheme} theme`, async () => {
    const page = await open(browser, 'how-to-play.html', { colorScheme });
    assert.deepEqual(await violations(page), [], 'how to play');
    await page.goto(new URL('no/such/page', BASE).href);
    assert.deepEqual(await violations(page), [], 'the 404 page');
    await page.close();
  });
}
