// The move list beside the board: numbered as a game record numbers it
// (from a set-up with North to move too), a click shows the position after
// a move, read-only, ← and → step, End goes back to the game, and the
// bot's search goes on undisturbed while the player looks back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitState, eventually, counts, transcript, drawn } from '../lib.mjs';
import { SHORT_GAME, OPENING, AFTER_A, AFTER_AE, AFTER_AEB } from '../games.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

/** The move list's rows as shown: "1. A e". */
const rows = (page) => page.evaluate(() => [...document.querySelectorAll('#move-list li')].map((li) => [...li.children].map((c) => c.textContent).join(' ')));
/** The ply of the move marked as the one shown. */
const current = (page) => page.evaluate(() => document.querySelector('#move-list [aria-current]')?.dataset.ply ?? null);

test('the moves are numbered in pairs, and a click shows the position after one, read-only', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.fill('#load-text', SHORT_GAME);
  await page.click('#load');
  await waitState(page, 'your-turn');
  await drawn(page);
  assert.deepEqual(await rows(page), ['1. A e', '2. B c', '3. F a']);
  assert.equal(await current(page), '6', 'the last move is the one shown');
  const live = await counts(page);
  assert.equal(await page.locator('#back-to-game').isDisabled(), true);

  await page.locator('#move-list button[data-ply="3"]').click();
  await drawn(page);
  assert.deepEqual(await counts(page), AFTER_AEB);
  assert.equal(await current(page), '3');
  assert.equal(await page.locator('.house[data-house="B"].last').count(), 1, 'the move shown is marked on the board');
  assert.match(await page.locator('#viewing').textContent(), /Looking back at 2\. B: the board is read-only/);
  assert.equal(await page.locator('#board').getAttribute('aria-label'), 'The board at an earlier position (read-only)');
  assert.equal(await page.locator('.house.legal').count(), 0);

  // A click on a house plays nothing, and says why.
  await page.locator('.house[data-house="C"]').click({ force: true });
  await eventually(async () => assert.match(await page.locator('#status').textContent(), /This is an earlier position: go back to the game \(End\) to play\./));
  assert.equal(await transcript(page), SHORT_GAME);
  assert.deepEqual(await counts(page), AFTER_AEB);

  // ← and → step, Home shows the start.
  await page.locator('#move-list button[data-ply="3"]').focus();
  await page.keyboard.press('ArrowLeft');
  await drawn(page);
  assert.deepEqual(await counts(page), AFTER_AE);
  await page.keyboard.press('ArrowLeft');
  await drawn(page);
  assert.deepEqual(await counts(page), AFTER_A);
  await page.keyboard.press('Home');
  await drawn(page);
  assert.deepEqual(await counts(page), OPENING);
  assert.equal(await current(page), null, 'no move is marked at the start');
  assert.equal(await page.locator('#step-back').isDisabled(), true);
  await page.keyboard.press('ArrowRight');
  await drawn(page);
  assert.deepEqual(await counts(page), AFTER_A);
  await page.click('#step-forward');
  await drawn(page);
  assert.deepEqual(await counts(page), AFTER_AE);

  // End, and the button, go back to the game, which plays again.
  await page.keyboard.press('End');
  await drawn(page);
  assert.deepEqual(await counts(page), live);
  assert.equal(await current(page), '6');
  await page.locator('#move-list button[data-ply="1"]').click();
  await drawn(page);
  assert.deepEqual(await counts(page), AFTER_A);
  await page.click('#back-to-game');
  await drawn(page);
  assert.deepEqual(await counts(page), live);
  assert.equal(await page.locator('#board').getAttribute('aria-label'), 'The board');
  await page.keyboard.press(await page.evaluate(() => window.oware.state.legal[0]));
  await eventually(async () => assert.equal((await transcript(page)).length, 8), 30_000);
  await waitState(page, 'your-turn');
  assert.deepEqual(await rows(page), ['1. A e', '2. B c', '3. F a', `4. ${(await transcript(page)).slice(6).split('').join(' ')}`]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a game from a set-up with North to move is numbered from its first move', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.setInputFiles('#open-file', {
    name: 'north.ogn',
    mimeType: 'text/plain',
    buffer: Buffer.from('[FEN "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N"]\n\n1. b C 2. a *\n'),
  });
  await eventually(async () => assert.equal(await transcript(page), 'bCa'));
  await waitState(page, 'your-turn');
  assert.deepEqual(await rows(page), ['1. b C', '2. a']);
  assert.equal(await page.locator('#move-list button[data-ply="2"]').getAttribute('aria-label'), '1… C, South sows C');
  // The start is the set-up, not the opening: North to move, nothing sown.
  await page.locator('#move-list button[data-ply="1"]').click();
  await page.keyboard.press('ArrowLeft');
  await drawn(page);
  assert.deepEqual(await counts(page), OPENING);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('looking back while the bot thinks leaves its search alone', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '19');
  // Looking back the moment the bot starts thinking (in the same task: the search is surely running).
  await page.evaluate(() => {
    new MutationObserver((_, observer) => {
      if (document.body.dataset.state !== 'thinking') return;
      observer.disconnect();
      const before = window.oware.page.search?.id ?? null;
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home' }));
      window.during = { before, after: window.oware.page.search?.id ?? null, state: document.body.dataset.state, viewing: window.oware.page.viewing?.ply };
    }).observe(document.body, { attributes: true, attributeFilter: ['data-state'] });
  });
  await page.keyboard.press('b');
  const during = await (await page.waitForFunction(() => window.during)).jsonValue();
  assert.ok(during.before !== null, 'the bot was thinking');
  assert.deepEqual(during, { before: during.before, after: during.before, state: 'thinking', viewing: 0 });
  await drawn(page);
  assert.deepEqual(await counts(page), OPENING);
  // The search runs to its end (its worker was not restarted) and its move
  // is played, the board staying on the position looked at.
  await waitState(page, 'your-turn', 60_000);
  await eventually(async () => assert.equal((await transcript(page)).length, 2));
  const result = await page.evaluate(() => window.oware.debug.results.at(-1));
  assert.equal(result.ok, true);
  assert.equal(await page.evaluate(() => window.oware.debug.timings.length), 1, 'the search finished by itself');
  assert.equal((await transcript(page))[1], result.best);
  await drawn(page);
  assert.deepEqual(await counts(page), OPENING);
  assert.equal(await page.locator('#move-list button[data-ply="2"]').textContent(), result.best);
  await page.keyboard.press('End');
  await drawn(page);
  assert.notDeepEqual(await counts(page), OPENING);
  assert.equal(await current(page), '2');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('looking back, the status says it is an earlier position and how to get back', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.fill('#load-text', SHORT_GAME);
  await page.click('#load');
  await waitState(page, 'your-turn');
  await page.locator('#move-list button[data-ply="3"]').click();
  await drawn(page);
  const back = await page.locator('#status').textContent();
  assert.doesNotMatch(back, /Your move/, back);
  assert.match(back, /earlier position/);
  assert.match(back, /\(End\)/);
  await page.keyboard.press('End');
  await drawn(page);
  assert.match(await page.locator('#status').textContent(), /Your move/);
  assert.deepEqual(page.errors, []);
  await page.close();
});
