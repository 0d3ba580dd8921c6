// The light theme: the page follows the system's `prefers-color-scheme`,
// and Settings can name light or dark instead (kept for the next visit).
// In both, every piece of text outside the board has the contrast WCAG AA
// asks for, computed here directly from the colours drawn: axe leaves text
// on a gradient or over a picture undecided, and the panels and buttons
// are gradients.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitState, eventually } from '../lib.mjs';
import { SHORT_GAME } from '../games.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

/**
 * Every text on the page (not the board's SVG) whose contrast falls short:
 * "text (ratio < needed)". The text's colour is measured against each
 * colour it may lie on: the nearest box with a background colour or a
 * gradient, each of that gradient's colours (composited over what lies
 * under where not opaque) and its background colour. Disabled controls
 * and text not shown are left out, as WCAG leaves them.
 */
async function lowContrast(page) {
  return page.evaluate(() => {
    const parse = (text) => {
      const m = text.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return [r, g, b, a];
    };
    const over = ([r, g, b, a], [R, G, B]) => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a), 1];
    const luminance = ([r, g, b]) => {
      const c = [r, g, b].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    const ratio = (x, y) => {
      const [a, b] = [luminance(x), luminance(y)].sort((p, q) => q - p);
      return (a + 0.05) / (b + 0.05);
    };
    /** The colours an element's text may lie on, each opaque. */
    const backgrounds = (element) => {
      const layers = [];
      for (let e = element; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        const colour = parse(style.backgroundColor);
        const stops = [...style.backgroundImage.matchAll(/rgba?\([^)]+\)/g)].map((m) => parse(m[0])).filter((c) => c[3] > 0.1);
        if ((colour && colour[3] > 0) || stops.length) layers.push({ colour, stops });
        if (colour && colour[3] === 1) break;
      }
      // From the bottom up: the opaque colour at the bottom, each layer's colours over it.
      let under = [[255, 255, 255, 1]];
      for (const { colour, stops } of layers.reverse()) {
        const base = colour && colour[3] > 0 ? under.map((u) => over(colour, u)) : under;
        under = stops.length ? [...base, ...stops.flatMap((s) => base.map((u) => over(s, u)))] : base;
      }
      return under;
    };
    const short = [];
    let checked = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      // The houses' letters lie beside the board, on the page: their colour is their fill.
      const letter = element?.closest('.letter');
      if (!element || !node.textContent.trim() || (!letter && element.closest('svg')) || element.closest('[hidden], option, .visually-hidden, :disabled, dialog:not([open])')) continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width < 2 || box.height < 2 || style.visibility === 'hidden' || style.display === 'none') continue;
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      const ink = parse(letter ? style.fill : style.color);
      checked += 1;
      const worst = Math.min(...backgrounds(element).map((b) => ratio(ink[3] < 1 ? over(ink, b) : ink, b)));
      if (worst < needed) short.push(`${node.textContent.trim().slice(0, 40)} (${worst.toFixed(2)} < ${needed})`);
    }
    // A page with nothing to check would pass anything.
    if (checked < 40) short.push(`only ${checked} texts checked`);
    return short;
  });
}

for (const scheme of ['light', 'dark']) {
  test(`the ${scheme} theme follows the system, and every text has the contrast WCAG AA asks for`, async () => {
    const page = await open(browser, '', { colorScheme: scheme, viewport: { width: 1366, height: 657 } });
    await waitState(page, 'your-turn');
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const [r] = background.match(/\d+/g).map(Number);
    assert.ok(scheme === 'light' ? r > 200 : r < 60, `${scheme}: the page's background is ${background}`);
    assert.deepEqual(await lowContrast(page), [], 'at the start');
    // A game loaded, a move looked back at, a note and the recent list shown.
    await page.fill('#load-text', SHORT_GAME);
    await page.click('#load');
    await waitState(page, 'your-turn');
    await page.locator('#move-list button[data-ply="2"]').click();
    await eventually(async () => assert.match(await page.locator('#viewing').textContent(), /Looking back/));
    assert.deepEqual(await lowContrast(page), [], 'looking back');
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('Settings names a theme over the system\'s, kept for the next visit', async () => {
  const page = await open(browser, '', { colorScheme: 'light' });
  await waitState(page, 'your-turn');
  const scheme = () => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
  assert.equal(await page.locator('#theme').inputValue(), 'system');
  assert.equal(await scheme(), 'light dark');
  await page.selectOption('#theme', 'dark');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  assert.equal(await scheme(), 'dark');
  assert.deepEqual(await lowContrast(page), [], 'dark over a light system');
  // The check finds a grey too dim for the panel it is on.
  await page.evaluate(() => document.querySelector('#controls h2').style.setProperty('color', '#6a5a4a'));
  assert.deepEqual(await lowContrast(page), ['Settings (2.10 < 3)']);
  await page.evaluate(() => document.querySelector('#controls h2').style.removeProperty('color'));
  await page.reload();
  await waitState(page, 'your-turn');
  assert.equal(await page.locator('#theme').inputValue(), 'dark');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  // The other pages follow the choice too.
  await page.goto(new URL('how-to-play.html', page.url()).href);
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  await page.goto(new URL('./', page.url()).href);
  await waitState(page, 'your-turn');
  await page.selectOption('#theme', 'system');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme ?? null), null);
  assert.deepEqual(page.errors, []);
  await page.close();
});
