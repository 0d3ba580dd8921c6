// The layout, checked on screenshots at a desktop and a phone width: the
// board's pits, wood and stores where a person expects them, nothing wider
// than the screen, and the board matching a reviewed picture of it. And at
// four screen sizes, a laptop's, a small laptop's and a phone's both ways
// up: the status line, the game's buttons, the level and the seat in view
// without scrolling, with a clock on too,
// the side panel beside the board or under it, and the slate of a fixed
// height, so that the board stays put when the line the bot expects grows.
//
// The pictures are in e2e/baseline/; after a deliberate change of the
// board's look, run with UPDATE_BASELINES=1, look at them, and commit them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, open, openTab, waitState, transcript } from '../lib.mjs';
import { SOUTH_WINS_IN_3 } from '../games.mjs';

const BASELINES = join(dirname(fileURLToPath(import.meta.url)), '..', 'baseline');
const SHOTS = process.env.OWARE_SCREENSHOTS;

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

/**
 * Decodes `png` in the browser and returns the colours at `points` ([x, y]
 * in the picture's pixels) and, given `baseline` (another PNG), the share of
 * pixels that differ from it by more than a little, or the sizes if unequal.
 */
async function look(page, png, points, baseline = null) {
  return page.evaluate(async ([shot, base, points]) => {
    const decode = async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      context.drawImage(bitmap, 0, 0);
      return context.getImageData(0, 0, bitmap.width, bitmap.height);
    };
    const image = await decode(shot);
    const colours = points.map(([x, y]) => {
      const i = (Math.round(y) * image.width + Math.round(x)) * 4;
      return [image.data[i], image.data[i + 1], image.data[i + 2]];
    });
    let share = null;
    let sizes = null;
    if (base) {
      const expected = await decode(base);
      sizes = [image.width, image.height, expected.width, expected.height];
      if (expected.width === image.width && expected.height === image.height) {
        let differing = 0;
        for (let i = 0; i < image.data.length; i += 4) {
          const d = Math.max(Math.abs(image.data[i] - expected.data[i]),
            Math.abs(image.data[i + 1] - expected.data[i + 1]), Math.abs(image.data[i + 2] - expected.data[i + 2]));
          if (d > 48) differing += 1;
        }
        share = differing / (image.width * image.height);
      }
    }
    return { colours, share, sizes };
  }, [png.toString('base64'), baseline?.toString('base64') ?? null, points]);
}

const luminance = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
const isWood = ([r, g, b]) => r > g && g > b && r - b > 40 && luminance([r, g, b]) > 50;

for (const [name, viewport] of [['desktop', { width: 1200, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`the layout at ${name} width`, async () => {
    const page = await open(browser, '', { viewport });
    await waitState(page, 'your-turn');
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(300);

    // Nothing wider than the screen; the board fills the width it has.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth, screen: innerWidth,
      board: document.getElementById('board').getBoundingClientRect().width,
      column: document.querySelector('.table').getBoundingClientRect().width,
    }));
    assert.ok(widths.page <= widths.screen, `page ${widths.page} wider than ${widths.screen}`);
    assert.ok(widths.board >= widths.column - 1, `board only ${widths.board} wide of ${widths.column}`);
    assert.ok(widths.board >= Math.min(widths.screen - 40, 800), `board only ${widths.board} wide`);

    const board = page.locator('#board');
    const box = await board.boundingBox();
    const shot = await board.screenshot();
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      writeFileSync(join(SHOTS, `board-${name}.png`), shot);
      await page.screenshot({ path: join(SHOTS, `page-${name}.png`), fullPage: true });
    }
    const scale = (await page.evaluate(() => devicePixelRatio));
    const local = async (selector) => {
      const b = await page.locator(selector).boundingBox();
      return { x: (b.x - box.x + b.width / 2) * scale, y: (b.y - box.y + b.height / 2) * scale, r: (b.width / 2) * scale, h: b.height * scale };
    };
    const letters = 'ABCDEFabcdef';
    const pits = {};
    for (const l of letters) pits[l] = await local(`.house[data-house="${l}"] .pit`);
    const south = await local('.store[data-seat="south"] > ellipse');
    const north = await local('.store[data-seat="north"] > ellipse');

    // Where to look: inside each pit (near its top, clear of the seeds),
    // between neighbouring pits, and inside the player's store.
    const points = [];
    for (const l of letters) points.push([pits[l].x, pits[l].y - pits[l].r * 0.8]);
    for (const row of ['ABCDEF', 'abcdef']) {
      for (let k = 0; k < 5; k++) {
        const a = pits[row[k]], b = pits[row[k + 1]];
        points.push([(a.x + b.x) / 2, a.y]);
      }
    }
    points.push([south.x, south.y - south.h * 0.4]);

    // The whole board, compared with the picture last reviewed.
    const baseline = join(BASELINES, `board-${name}.png`);
    if (process.env.UPDATE_BASELINES || !existsSync(baseline)) {
      mkdirSync(BASELINES, { recursive: true });
      writeFileSync(baseline, shot);
    }
    const seen = await look(page, shot, points, readFileSync(baseline));
    const colours = seen.colours;

    letters.split('').forEach((l, k) => assert.ok(luminance(colours[k]) < 90, `pit ${l} not dark: ${colours[k]}`));
    for (let k = 0; k < 10; k++) assert.ok(isWood(colours[12 + k]), `no wood between pits (${k}): ${colours[12 + k]}`);
    assert.ok(luminance(colours[22]) < 90, `store not dark: ${colours[22]}`);
    assert.ok(pits.A.y > pits.a.y + pits.A.r * 2, 'South row below North row');
    assert.ok(pits.A.x < pits.F.x && pits.f.x < pits.a.x, 'A..F and f..a left to right');
    assert.ok(south.x > pits.F.x && north.x < pits.f.x, 'the player\'s store on the right');
    assert.ok(south.h > pits.A.r * 4, 'stores taller than two houses');

    assert.ok(seen.share !== null, `board is ${seen.sizes} but the baseline is not the same size`);
    assert.ok(seen.share < 0.02, `${(seen.share * 100).toFixed(2)}% of the board differs from baseline/board-${name}.png`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

/** The box of each of `ids` in the viewport, and the page's scroll and size. */
async function boxes(page, ids) {
  return page.evaluate((ids) => ({
    scroll: [scrollX, scrollY], width: innerWidth, height: innerHeight, pageWidth: document.documentElement.scrollWidth,
    boxes: Object.fromEntries(ids.map((id) => {
      const b = document.getElementById(id).getBoundingClientRect();
      return [id, { top: b.top, bottom: b.bottom, left: b.left, right: b.right }];
    })),
  }), ids);
}

const CONTROLS = ['status', 'new-game', 'undo', 'hint', 'move-now', 'resign', 'level', 'seat-north', 'clock'];

for (const [width, height] of [[1366, 657], [1024, 640], [390, 844], [844, 390]]) {
  test(`at ${width}×${height} the status and the controls are in view, and the slate keeps its height`, async () => {
    const page = await open(browser, '', { viewport: { width, height } });
    await waitState(page, 'your-turn');
    assert.deepEqual((await boxes(page, [])).scroll, [0, 0], 'the page opened scrolled');
    // The houses that can be sown are marked with no hover (a touch screen has none).
    const rims = await page.evaluate(() => ['.house.legal .pit', '.house.theirs .pit']
      .map((selector) => getComputedStyle(document.querySelector(selector)).stroke));
    assert.notEqual(rims[0], rims[1], 'the houses that can be sown look like the others');
    // A long game: its move list must not push the controls away. (Loading
    // it scrolls to the transcript panel: back to the top, where a person
    // playing is.)
    await page.fill('#load-text', SOUTH_WINS_IN_3);
    await page.click('#load');
    await waitState(page, 'your-turn');
    assert.equal(await transcript(page), SOUTH_WINS_IN_3);
    await page.evaluate(() => scrollTo(0, 0));
    await page.evaluate(() => document.fonts.ready);
    // The player's box is named with its seat, clock or none.
    assert.equal(await page.locator('#clock-you .clock-name').textContent(), 'You (South)');
    const seen = await boxes(page, [...CONTROLS, 'board', 'move-list']);
    assert.ok(seen.pageWidth <= width, `page ${seen.pageWidth} wider than ${width}`);
    for (const id of CONTROLS) {
      const b = seen.boxes[id];
      assert.ok(b.top >= 0 && b.bottom <= height && b.left >= 0 && b.right <= width,
        `#${id} not in the ${width}×${height} view: ${JSON.stringify(b)}`);
    }
    // The side panel: beside the board on a wide screen, under it on a narrow one.
    const { board, status } = seen.boxes;
    if (width >= 760) assert.ok(status.left >= board.right, `the panel is not beside the board: ${JSON.stringify(seen.boxes)}`);
    else assert.ok(status.top >= board.bottom - 1, `the panel is not under the board: ${JSON.stringify(seen.boxes)}`);

    // A long line of play on the slate, as a deep search writes it, and a
    // long name: the slate keeps its height and the board does not move.
    const moved = await page.evaluate(() => {
      const top = () => [document.getElementById('board').getBoundingClientRect().top, document.getElementById('slate').offsetHeight];
      const before = top();
      document.getElementById('search-pv').textContent = `expects ${'a B c D e F f A b C d E'.repeat(4)}`;
      document.getElementById('bot-name').textContent = 'North · the bot · level 19 · thinking a very long while';
      document.getElementById('search-numbers').textContent = '123,456,789 positions · 123.4 s';
      return { before, after: top() };
    });
    assert.deepEqual(moved.after, moved.before, 'the board moved when the slate\'s text grew');

    // On a clock (a new game takes it), still all in view, and both
    // players' boxes of one height.
    await page.selectOption('#clock', '5+3');
    await page.click('#new-game');
    await page.evaluate(() => scrollTo(0, 0));
    const timed = await boxes(page, [...CONTROLS, 'clock-bot', 'clock-you']);
    for (const id of CONTROLS) {
      const b = timed.boxes[id];
      assert.ok(b.top >= 0 && b.bottom <= height && b.left >= 0 && b.right <= width,
        `#${id} not in the ${width}×${height} view with a clock: ${JSON.stringify(b)}`);
    }
    const [bot, you] = [timed.boxes['clock-bot'], timed.boxes['clock-you']];
    if (bot.top === you.top) assert.equal(bot.bottom - bot.top, you.bottom - you.top, 'the clock boxes differ in height');
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

for (const [width, height] of [[390, 844], [844, 390]]) {
  test(`on a phone at ${width}×${height} the slate's header fits while the bot thinks: the level is not cut off`, async () => {
    const context = await browser.newContext({
      viewport: { width, height }, hasTouch: true, isMobile: true, deviceScaleFactor: 3, reducedMotion: 'reduce',
    });
    const page = await openTab(context);
    await waitState(page, 'your-turn');
    await page.selectOption('#level', '19');
    // A middle game, out of the opening book: the bot searches, counting positions.
    await page.fill('#load-text', SOUTH_WINS_IN_3.slice(0, 30));
    await page.click('#load');
    await waitState(page, 'your-turn');
    await page.evaluate(() => scrollTo(0, 0));
    await page.locator(`.house[data-house="${await page.evaluate(() => window.oware.state.legal[0])}"]`).tap();
    // Read as soon as the counter shows, then with the counter as long as a
    // fast phone makes it in a second (the slate is drawn again next frame).
    const seen = await (await page.waitForFunction(() => {
      const numbers = document.getElementById('search-numbers');
      if (document.body.dataset.state !== 'thinking' || !numbers.textContent.includes('positions')) return null;
      const who = document.getElementById('bot-name');
      const measure = () => ({ text: who.textContent, scroll: who.scrollWidth, client: who.clientWidth, numbers: numbers.textContent });
      const first = measure();
      numbers.textContent = '12,345,678 positions · 10.5 s';
      return [first, measure()];
    }, null, { polling: 'raf', timeout: 30_000 })).jsonValue();
    for (const header of seen) {
      assert.equal(header.text, 'North · the bot · level 19');
      assert.ok(header.scroll <= header.client && header.client > 0, `the header is cut off: ${JSON.stringify(header)}`);
    }
    assert.deepEqual(page.errors, []);
    await page.close();
    await context.close();
  });
}
