// The Practice page: an ending of grade 1 won against the database's
// defence by following its hints (by keyboard and by click), an ending
// the hints win where the database's move alone would circle into a
// repetition, a slip said at once and taken back, a slip a quiet move hid
// said after the next capture, the endings won kept over a reload, the
// Play page's link to an ending the database decides (a share link), the
// database grown for an ending that needs more seeds, offline, and axe at
// a desktop and a phone size. The database stays small (the test seam, oware.endgameSeeds).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { launch, open, waitState, eventually, BASE } from '../lib.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** South to move wins (the database): A and D are quiet, F takes 2 and lets the win slip. */
const SLIP = 'practice.html#rules=abapa&start=1-0-0-1-0-1-1-0-0-0-0-1-21-22-S';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

const status = (page) => page.locator('#practice-status').textContent();
const state = (page) => page.evaluate(() => document.body.dataset.state);

/** Opens the page at `path` with a database of `seeds` seeds at most, and waits until it can be played. */
async function practice(path = 'practice.html', { seeds = 6, viewport, colorScheme, context } = {}) {
  const options = {
    viewport,
    colorScheme,
    route: async (c) => {
      await c.addInitScript((s) => localStorage.setItem('oware.endgameSeeds', s), String(seeds));
      if (context) await context(c);
    },
  };
  const page = await open(browser, path, options);
  await page.waitForFunction(() => document.body.dataset.state === 'playing', null, { timeout: 60_000 });
  return page;
}

/** Waits until the page has answered a move: the player's turn again, or the end, or a slip. */
const settled = (page) => page.waitForFunction(() => ['playing', 'won', 'lost', 'slipped'].includes(document.body.dataset.state), null, { timeout: 20_000 });

/** The seeds in house `letter`, as its accessible name says. */
const seedsIn = async (page, letter) => Number((await page.locator(`.house[data-house="${letter}"]`).getAttribute('aria-label')).match(/(\d+) seed/)[1]);

test('an ending of grade 1, won by following the database, is kept as won over a reload', async () => {
  const page = await practice();
  assert.equal(await page.locator('#practice-title').textContent(), 'Grade 1, ending 1 of 30');
  assert.match(await page.locator('#practice-goal').textContent(), /^(South|North): win it against perfect defence\.$/);
  const grade1 = page.locator('#practice-grades button').first();
  assert.equal(await grade1.textContent(), 'Grade 1: 2 to 6 seedswon 0 of 30');
  const ending = new URL(page.url()).hash;
  assert.match(ending, /^#rules=(abapa|auale)&start=[0-9-]+-[SN]$/);
  let moves = 0;
  while (await state(page) === 'playing') {
    await page.click('#practice-hint');
    await page.waitForFunction(() => /^Hint: sow [A-Fa-f]\.$/.test(document.getElementById('practice-status').textContent));
    const house = (await status(page)).match(/sow ([A-Fa-f])/)[1];
    // Every other move by keyboard: the house's letter, the player's own row.
    if (moves % 2) await page.keyboard.press(house.toLowerCase());
    else await page.locator(`.house[data-house="${house}"]`).click();
    await settled(page);
    moves += 1;
    if (moves === 2 && await state(page) === 'playing' && await page.locator('#practice-retry').isEnabled()) {
      // Retry (U) goes back to a position the database proved, the player to move.
      await page.keyboard.press('u');
      assert.equal(await state(page), 'playing');
      assert.ok(await page.locator('.house[aria-label$="you can sow it"]').count() > 0);
    }
    assert.ok(moves < 120, 'the ending ends');
  }
  assert.equal(await state(page), 'won');
  const [, mine, theirs] = (await status(page)).match(/^Won (\d+)–(\d+) against perfect defence\./);
  assert.ok(Number(mine) >= 25 || Number(mine) > Number(theirs), `${mine}–${theirs}`);
  assert.equal(await grade1.textContent(), 'Grade 1: 2 to 6 seedswon 1 of 30');
  // Kept: a reload shows the ending won, and Next ending is another of the grade.
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.state === 'playing', null, { timeout: 60_000 });
  assert.equal(new URL(page.url()).hash, ending);
  assert.equal(await grade1.textContent(), 'Grade 1: 2 to 6 seedswon 1 of 30');
  await page.click('#practice-next');
  await page.waitForFunction(() => document.body.dataset.state === 'playing');
  assert.notEqual(new URL(page.url()).hash, ending);
  assert.equal(await page.locator('#practice-title').textContent(), 'Grade 1, ending 2 of 30');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('following the hints wins an ending where the database\'s move alone walks into a repetition', async () => {
  // North to move wins with 7 seeds; the side to move's best value alone
  // circles back until a repetition ends the game short of the win
  // (src/practice.rs tests that): the hint makes progress.
  const page = await practice('practice.html#rules=abapa&start=0-0-0-0-1-2-0-0-1-0-2-1-23-18-N', { seeds: 7 });
  assert.equal(await page.locator('#practice-goal').textContent(), 'North: win it against perfect defence.');
  let moves = 0;
  while (await state(page) === 'playing') {
    await page.click('#practice-hint');
    await page.waitForFunction(() => /^Hint: sow [a-f]\.$/.test(document.getElementById('practice-status').textContent));
    const house = (await status(page)).match(/sow ([a-f])/)[1];
    await page.locator(`.house[data-house="${house}"]`).click();
    await settled(page);
    moves += 1;
    assert.ok(moves < 60, 'the ending ends');
  }
  assert.equal(await state(page), 'won');
  assert.match(await status(page), /^Won \d+–\d+ against perfect defence\./);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a move that lets the win slip is said at once, and Retry takes it back', async () => {
  const page = await practice(SLIP);
  assert.equal(await page.locator('#practice-goal').textContent(), 'South: win it against perfect defence.');
  assert.equal(await page.locator('#practice-link').getAttribute('href'), SLIP);
  // A hint asked just before the move: its answer never stands for the move's.
  await page.evaluate(() => {
    document.getElementById('practice-hint').click();
    document.querySelector('.house[data-house="F"] .hit, .house[data-house="F"]').dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
  await settled(page);
  assert.equal(await state(page), 'slipped');
  assert.match(await status(page), /^F lets the win slip: against perfect defence it is a win no more, as the endgame database proves\. Retry takes it back, or play on\.$/);
  assert.equal(await page.locator('#practice-on').isVisible(), true);
  await page.click('#practice-retry');
  assert.equal(await state(page), 'playing');
  assert.equal(await seedsIn(page, 'F'), 1);
  assert.equal(await page.locator('#practice-on').isVisible(), false);
  // D is quiet: nothing is claimed until North's reply captures, and then the database proves the slip.
  await page.locator('.house[data-house="D"]').click();
  await settled(page);
  assert.equal(await state(page), 'slipped');
  assert.match(await status(page), /^North sows f\. The win has slipped: the endgame database proves North wins now\./);
  await page.click('#practice-retry');
  assert.equal(await seedsIn(page, 'D'), 1);
  // Play on after a slip: the game goes on against the database to its end.
  await page.locator('.house[data-house="F"]').click();
  await settled(page);
  await page.click('#practice-on');
  await settled(page);
  assert.notEqual(await state(page), 'slipped');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the Play page links an ending the database decides to the Practice page', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  assert.equal(await page.locator('#practise-ending').isVisible(), false);
  await page.setInputFiles('#open-file', {
    name: 'endgame.ogn',
    mimeType: 'text/plain',
    buffer: Buffer.from('[FEN "1-0-0-1-0-1-1-0-0-0-0-1-21-22-S"]\n\n*\n'),
  });
  await waitState(page, 'your-turn');
  await page.waitForSelector('#practise-ending:not([hidden])', { timeout: 60_000 });
  assert.equal(await page.locator('#practise-link').getAttribute('href'), SLIP);
  await page.click('#practise-link');
  await page.waitForURL(new URL(SLIP, BASE).href);
  await page.waitForFunction(() => document.body.dataset.state === 'playing', null, { timeout: 60_000 });
  assert.equal(await page.locator('#practice-goal').textContent(), 'South: win it against perfect defence.');
  assert.equal(await page.locator('header nav [aria-current="page"]').textContent(), 'Practice');
  await page.close();
});

test('the Play page offers no practice of an ending the side to move loses', async () => {
  // South to move loses: F's one seed reaches a's two, and North takes the rest (27-21 for North).
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.setInputFiles('#open-file', {
    name: 'lost.ogn',
    mimeType: 'text/plain',
    buffer: Buffer.from('[FEN "0-0-0-0-0-1-2-0-0-0-0-0-21-24-S"]\n\n*\n'),
  });
  await waitState(page, 'your-turn');
  // The database's verdict is drawn on the page before the link would be.
  await page.waitForSelector('.mark.proof[data-source="database"][data-seat="north"]', { timeout: 60_000 });
  assert.equal(await page.locator('#practise-ending').isVisible(), false);
  await page.close();
});

test('an ending that needs more seeds than the database holds waits while it is built', async () => {
  // A grade 3 ending with 11 seeds on the board (auale): the page builds 10 first, then grows to 11 for it.
  const path = 'practice.html#rules=auale&start=1-0-1-1-4-1-0-0-0-1-1-1-21-16-S';
  const page = await open(browser, path, { route: (c) => c.addInitScript(() => localStorage.setItem('oware.endgameSeeds', '11')) });
  await page.waitForFunction(() => document.getElementById('practice-status').textContent.startsWith('This ending has 11 seeds'), null, { timeout: 60_000 });
  assert.equal(await state(page), 'building');
  assert.match(await status(page), /^This ending has 11 seeds on the board; the database holds 10 so far and is being built/);
  await page.waitForFunction(() => document.body.dataset.state === 'playing', null, { timeout: 60_000 });
  assert.equal(await page.locator('#practice-title').textContent(), 'Grade 3, ending 4 of 30');
  assert.match(await page.locator('#practice-database').textContent(), /^Endgame database: abapa up to 11 seeds/);
  // With the seam at 6 the database does not grow: the page says so, and claims nothing.
  const small = await open(browser, path, { route: (c) => c.addInitScript(() => localStorage.setItem('oware.endgameSeeds', '6')) });
  await small.waitForFunction(() => document.body.dataset.state === 'outside', null, { timeout: 60_000 });
  assert.equal(await small.locator('#practice-goal').textContent(), 'This ending needs a database of 11 seeds.');
  assert.match(await small.locator('#practice-status').textContent(), /^The database in this browser holds 6 seeds and does not grow further here/);
  await small.close();
  await page.close();
});

test('offline once loaded: practice works without the server', async () => {
  const page = await practice(SLIP);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const keys = await caches.keys();
    const cache = await caches.open(keys.find((k) => k.startsWith('oware-')));
    while (!await cache.match('oware_web.wasm')) await new Promise((resolve) => setTimeout(resolve, 100));
    for (const file of ['practice.html', 'practice.js', 'practice.css', 'endgame-worker.js']) {
      if (!await cache.match(file)) throw new Error(`${file} is not kept offline`);
    }
  });
  await page.context().setOffline(true);
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.state === 'playing', null, { timeout: 60_000 });
  await page.locator('.house[data-house="F"]').click();
  await settled(page);
  assert.equal(await state(page), 'slipped');
  await page.context().setOffline(false);
  await page.close();
});

for (const [name, viewport, colorScheme] of [['desktop', { width: 1366, height: 657 }, 'dark'], ['phone', { width: 390, height: 844 }, 'light']]) {
  test(`axe finds nothing on the practice page at ${name} size in the ${colorScheme} theme, playing and after a slip`, async () => {
    const page = await practice(SLIP, { viewport, colorScheme });
    const violations = async () => {
      await page.addScriptTag({ path: AXE });
      return page.evaluate(async () => {
        const result = await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] });
        return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      });
    };
    assert.deepEqual(await violations(), [], 'playing');
    await page.locator('.house[data-house="F"]').click();
    await settled(page);
    assert.deepEqual(await violations(), [], 'after a slip');
    await eventually(async () => assert.deepEqual(page.errors, []));
    await page.close();
  });
}
