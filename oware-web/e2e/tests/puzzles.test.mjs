// The Puzzles page: a puzzle solved, failed and retried, the hint, the
// solution replayed, the daily puzzle, a share link, the rating kept, the
// page offline once loaded, and axe at a desktop and a phone size.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { launch, open, eventually, BASE } from '../lib.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * A shipped puzzle (auale): South to move and force a win, from
 * 0-0-1-0-0-12-0-0-0-1-0-0-14-20-S; its line is C d D e E f F, and F
 * is the other legal first move (a wrong one).
 */
const PUZZLE = '2357qa';
const LINE = 'CdDeEfF';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

const status = (page) => page.locator('#puzzle-status').textContent();
const rating = (page) => page.locator('#puzzle-rating').textContent();

/** Opens the page at `path` and waits for its puzzle. */
async function puzzles(path = `puzzles.html#puzzle=${PUZZLE}`, options = {}) {
  const page = await open(browser, path, options);
  await page.waitForFunction(() => ['solving', 'wrong', 'solved'].includes(document.body.dataset.state));
  return page;
}

/** Sows `house` (a letter) and waits until the puzzle takes a move or is over. */
async function sow(page, house) {
  await page.locator(`.house[data-house="${house}"]`).click();
  await page.waitForFunction(() => document.body.dataset.state !== 'replying');
}

test('a share link opens its puzzle, solved move by move against the defence', async () => {
  const page = await puzzles();
  assert.match(await page.locator('#puzzle-goal').textContent(), /^South to move and force a win\.$/);
  assert.match(await page.locator('#puzzle-facts').textContent(), new RegExp(`^Rated \\d+, auale rules\\. Themes: .*long`));
  assert.equal(await page.locator('#puzzle-link').getAttribute('href'), `puzzles.html#puzzle=${PUZZLE}`);
  assert.equal(await rating(page), 'Puzzle rating 1500 (new), streak 0');
  for (const house of LINE.match(/[A-F]/g).slice(0, -1)) {
    await sow(page, house);
    assert.match(await status(page), /^North sows [d-f]\. Your move\.$/);
  }
  await sow(page, 'F');
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'solved');
  assert.match(await status(page), /^Solved! South can force a win: proved by the search/);
  assert.match(await rating(page), /^Puzzle rating (\d+) \(±\d+\), streak 1$/);
  const [, after] = (await rating(page)).match(/rating (\d+)/);
  assert.ok(Number(after) > 1500, `${after}`);
  // The rating is kept: a reload shows it, and the puzzle, tried, no longer moves it.
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.state === 'solving');
  assert.match(await rating(page), new RegExp(`^Puzzle rating ${after} .*streak 1$`));
  assert.match(await status(page), /You solved it before/);
  assert.equal(await page.locator('#rating-graph polyline').count(), 1);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a wrong move is said, costs the streak and rating, and Retry starts again', async () => {
  const page = await puzzles(`puzzles.html?puzzle=${PUZZLE}`);
  await sow(page, 'F');
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'wrong');
  assert.match(await status(page), /^F is not the move: it lets the win slip\./);
  const [, after] = (await rating(page)).match(/rating (\d+)/);
  assert.ok(Number(after) < 1500, `${after}`);
  assert.match(await rating(page), /streak 0$/);
  await page.click('#puzzle-retry');
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'solving');
  assert.equal(await page.locator('.house[data-house="C"]').getAttribute('aria-label'), 'house C, 1 seed, you can sow it');
  await sow(page, 'C');
  assert.match(await status(page), /^North sows d\. Your move\.$/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the hint marks the house to sow; the solution is replayed with the proof', async () => {
  const page = await puzzles();
  await page.click('#puzzle-hint');
  assert.equal(await status(page), 'Hint: sow C.');
  assert.equal(await page.locator('.house.hinted').getAttribute('data-house'), 'C');
  await page.click('#puzzle-solution');
  await page.waitForFunction(() => !document.getElementById('puzzle-proof').hidden, null, { timeout: 20_000 });
  const words = await page.locator('#puzzle-line li').allTextContents();
  assert.equal(words.length, LINE.length);
  assert.equal(words[0], 'South sows C');
  assert.match(words.at(-1), /^South sows F and takes \d+$/);
  assert.match(await page.locator('#puzzle-proof').textContent(), /^South can force a win: proved by the search to depth \d+/);
  await page.click('#puzzle-retry');
  assert.equal(await page.locator('#puzzle-line').isHidden(), true);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the daily puzzle is the same for everyone on a date; Next finds another with the theme', async () => {
  const ids = [];
  for (const day of ['2026-12-07T09:00:00Z', '2026-12-07T22:00:00Z', '2026-12-08T09:00:00Z']) {
    const page = await open(browser, 'puzzles.html', { route: (context) => context.addInitScript(`{
      const fixed = Date.parse('${day}');
      const RealDate = Date;
      globalThis.Date = class extends RealDate { constructor(...a) { super(...(a.length ? a : [fixed])); } static now() { return fixed; } };
    }`) });
    await page.waitForFunction(() => document.body.dataset.state === 'solving');
    assert.equal(await page.locator('#puzzle-title').textContent(), `Daily puzzle, ${day.slice(0, 10)}`);
    ids.push(new URL(page.url()).hash);
    if (ids.length === 3) {
      await page.selectOption('#puzzle-theme', 'sacrifice');
      await page.click('#puzzle-next');
      assert.match(await page.locator('#puzzle-facts').textContent(), /Themes: .*sacrifice/);
      assert.notEqual(new URL(page.url()).hash, ids[2]);
    }
    await page.close();
  }
  assert.match(ids[0], /^#puzzle=[a-z0-9_]{6}$/);
  assert.equal(ids[0], ids[1]);
  assert.notEqual(ids[0], ids[2]);
});

test('offline once loaded: the puzzles work without the server', async () => {
  const page = await puzzles();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const keys = await caches.keys();
    const cache = await caches.open(keys.find((k) => k.startsWith('oware-')));
    while (!await cache.match('oware_web.wasm')) await new Promise((resolve) => setTimeout(resolve, 100));
  });
  await page.context().setOffline(true);
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.state === 'solving');
  await sow(page, 'C');
  assert.match(await status(page), /^North sows d\. Your move\.$/);
  await page.click('#puzzle-next');
  assert.notEqual(new URL(page.url()).hash, `#puzzle=${PUZZLE}`);
  await page.context().setOffline(false);
  await page.close();
});

for (const [name, viewport] of [['desktop', { width: 1366, height: 657 }], ['phone', { width: 390, height: 844 }]]) {
  test(`axe finds nothing on the puzzles page at ${name} size, solving and with the solution shown`, async () => {
    const page = await puzzles(undefined, { viewport });
    const violations = async () => {
      await page.addScriptTag({ path: AXE });
      return page.evaluate(async () => {
        const result = await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] });
        return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      });
    };
    assert.deepEqual(await violations(), [], 'solving');
    await page.click('#puzzle-solution');
    await page.waitForFunction(() => !document.getElementById('puzzle-proof').hidden, null, { timeout: 20_000 });
    assert.deepEqual(await violations(), [], 'the solution shown');
    await eventually(async () => assert.deepEqual(page.errors, []));
    await page.close();
  });
}

test('the page names no puzzle it does not have, and the nav links the pages', async () => {
  const page = await puzzles('puzzles.html#puzzle=nosuch');
  assert.match(await status(page), /^No puzzle has the id nosuch: here is the daily puzzle\.$/);
  await page.click('header nav >> text=Play');
  await page.waitForURL(new URL('./', BASE).href);
  await page.click('header nav >> text=Puzzles');
  await page.waitForURL(/puzzles\.html/);
  await page.close();
});
