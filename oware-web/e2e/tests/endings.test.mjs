// Finishing games: a win, a loss, a draw, each marked under the stores
// (with a word, a tooltip and an accessible name), the bar for a proven
// win while it is still being played (staying while the win holds) and for
// a forced draw, a game ended because a player could
// not be fed (the seeds left going to the stores), and a whole game played
// out against level 1.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitState, eventually, transcript, counts } from '../lib.mjs';
import { SOUTH_WINS_WITH_E, SOUTH_WINS_IN_3, DRAW_WITH_F, DRAW_FORCED } from '../games.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

async function load(page, moves) {
  await page.fill('#load-text', moves);
  await page.click('#load');
}

/** Each mark's seat, accessible name, tooltip and the word drawn under it. */
const named = (page) => page.evaluate(() => [...document.querySelectorAll('.mark')].map((m) => ({
  seat: m.dataset.seat, role: m.getAttribute('role'), name: m.getAttribute('aria-label'), title: m.querySelector('title')?.textContent,
})).concat([...document.querySelectorAll('.mark-label')].map((t) => ({ word: t.textContent }))));

const marks = (page) => page.evaluate(() => [...document.querySelectorAll('.mark')].map((m) => `${m.dataset.seat}:${m.getAttribute('class')}`).sort());

test('a win: a circle under the winner\'s store', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await load(page, SOUTH_WINS_WITH_E);
  await waitState(page, 'your-turn');
  await eventually(async () => assert.deepEqual(await marks(page), []));
  await page.locator('.house[data-house="E"]').click();
  await waitState(page, 'over');
  await eventually(async () => assert.deepEqual(await marks(page), ['south:mark win']));
  // Where every seed went: 26 and 15 in the stores, the 7 on the board to no one.
  assert.match(await page.locator('#status').textContent(),
    /Game over: You win, 26–15 \(25 seeds captured\)\. South captured 26, 25 or more, and wins at once: the 7 seeds left on the board go to no one\. /);
  assert.deepEqual((await counts(page)).slice(12), [26, 15]);
  assert.equal((await counts(page)).slice(0, 12).reduce((a, b) => a + b, 0), 7);
  // Nothing is offered to sow.
  assert.equal(await page.locator('.house[aria-disabled="false"], .house[tabindex="0"], .house.legal').count(), 0);
  assert.deepEqual(await named(page), [
    { seat: 'south', role: 'img', name: 'South wins the game', title: 'South wins the game' }, { word: 'winner' },
  ]);
  // The circle is under South's store, which is on the player's right (read
  // once the board is drawn for good: a frame drawn meanwhile replaces it).
  await eventually(async () => {
    const store = await page.locator('.store[data-seat="south"] > ellipse').boundingBox();
    const mark = await page.locator('.mark.win').boundingBox();
    assert.ok(store && mark, 'the store and the mark are on the board');
    assert.ok(mark.y > store.y + store.height && Math.abs(mark.x + mark.width / 2 - (store.x + store.width / 2)) < 5);
  });
  await page.close();
});

test('a draw: half a circle under both stores', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await load(page, DRAW_WITH_F);
  await waitState(page, 'your-turn');
  await page.keyboard.press('f');
  await waitState(page, 'over');
  await eventually(async () => assert.deepEqual(await marks(page), ['north:mark draw', 'south:mark draw']));
  assert.match(await page.locator('#status').textContent(), /A draw, 24–24 \(third repetition\)/);
  const draw = { role: 'img', name: 'the game is a draw', title: 'the game is a draw' };
  assert.deepEqual(await named(page), [{ seat: 'south', ...draw }, { seat: 'north', ...draw }, { word: 'draw' }, { word: 'draw' }]);
  await page.close();
});

test('a proven win shows as a bar under the store, then the bot wins it', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '10');
  await page.locator('input[name=seat][value=north]').check();
  await load(page, SOUTH_WINS_IN_3);
  // The bot (South) is to move and proves it can force a win.
  await page.waitForSelector('.mark.proof[data-seat="south"]', { timeout: 30_000 });
  await eventually(async () => assert.deepEqual(await marks(page), ['south:mark proof win']));
  const [bar, word] = await named(page);
  assert.equal(bar.role, 'img');
  assert.match(bar.name, /^South can force a win \(proved by the (search|endgame database)\)$/);
  assert.equal(bar.title, bar.name);
  assert.deepEqual(word, { word: 'can force a win' });
  assert.equal(await page.getByRole('img', { name: /South can force a win/ }).count(), 1);
  // Play on: whatever North does, the bar stays until South has won.
  while ((await waitState(page, ['your-turn', 'over'])) === 'your-turn') {
    await eventually(async () => assert.deepEqual(await marks(page), ['south:mark proof win']));
    const legal = await page.evaluate(() => window.oware.state.legal);
    await page.keyboard.press(legal[0]);
  }
  await eventually(async () => assert.deepEqual(await marks(page), ['south:mark win']));
  assert.match(await page.locator('#status').textContent(), /The bot wins/);
  await page.close();
});

test('a forced draw shows as a bar under both stores, then half circles', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '10');
  await page.locator('input[name=seat][value=north]').check();
  await load(page, DRAW_FORCED);
  await page.waitForSelector('.mark.proof.draw', { timeout: 30_000 });
  await waitState(page, ['your-turn', 'over']);
  await eventually(async () => assert.deepEqual(await marks(page), ['north:mark proof draw', 'south:mark proof draw']));
  assert.equal(await page.getByRole('img', { name: /^a forced draw \(proved by the (search|endgame database)\)$/ }).count(), 2);
  assert.deepEqual((await named(page)).filter((m) => m.word).map((m) => m.word), ['forced draw', 'forced draw']);
  while ((await waitState(page, ['your-turn', 'over'])) === 'your-turn') {
    const legal = await page.evaluate(() => window.oware.state.legal);
    await page.keyboard.press(legal[0]);
  }
  await eventually(async () => assert.deepEqual(await marks(page), ['north:mark draw', 'south:mark draw']));
  assert.match(await page.locator('#status').textContent(), /A draw, 24–24/);
  await page.close();
});

test('a proven win\'s bar stays through the moves that keep it, sowing included', async () => {
  // The sowing animation is on: a bar hidden while seeds are sown, or
  // dropped at a move that keeps the win, would show here.
  const page = await open(browser, '', { motion: 'no-preference' });
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '10');
  await page.locator('input[name=seat][value=north]').check();
  await load(page, SOUTH_WINS_IN_3);
  await page.waitForSelector('.mark.proof[data-seat="south"]', { timeout: 30_000 });
  // From now on, until the game is over, every change of the board keeps the bar.
  await page.evaluate(() => {
    window.barLost = 0;
    new MutationObserver(() => {
      if (!window.oware.state.outcome && !document.querySelector('.mark.proof[data-seat="south"]')) window.barLost += 1;
    }).observe(document.getElementById('board'), { childList: true, subtree: true });
  });
  while ((await waitState(page, ['your-turn', 'over'])) === 'your-turn') {
    const legal = await page.evaluate(() => window.oware.state.legal);
    await page.locator(`.house[data-house="${legal[0]}"]`).click();
    await page.waitForFunction(() => document.body.dataset.state !== 'your-turn');
  }
  assert.match(await page.locator('#status').textContent(), /The bot wins/);
  assert.equal(await page.evaluate(() => window.barLost), 0, 'the bar vanished while the win held');
  await page.close();
});

test('no feeding move: the seeds left go to their row\'s owner, and the stores show the final count', async () => {
  const page = await open(browser, '', { motion: 'no-preference' });
  await waitState(page, 'your-turn');
  await page.locator('input[name=seat][value=north]').check();
  // North to move: f sows into A, and then South cannot feed North.
  await page.setInputFiles('#open-file', {
    name: 'unfed.ogn', mimeType: 'text/plain', buffer: Buffer.from('[FEN "0-2-0-0-0-0-0-0-0-0-0-1-23-22-N"]\n\n*\n'),
  });
  await eventually(async () => assert.deepEqual(await counts(page), [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 23, 22]));
  await waitState(page, 'your-turn');
  // Every count South's store shows on the way, as the seeds come in house by house.
  await page.evaluate(() => {
    window.storeCounts = [];
    const count = document.querySelector('.store[data-seat="south"] .count');
    new MutationObserver(() => window.storeCounts.push(Number(count.textContent)))
      .observe(count, { childList: true, characterData: true, subtree: true });
  });
  await page.locator('.house[data-house="f"]').click();
  await waitState(page, 'over');
  await eventually(async () => assert.deepEqual(await counts(page), [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 26, 22]));
  assert.deepEqual(await page.evaluate(() => window.storeCounts), [24, 26]);
  assert.ok((await page.locator('#status').textContent()).endsWith(
    'Game over: The bot wins, 26–22 (the opponent could not be fed). South could not feed North: the 3 seeds on South\'s row go to South. Undo, or start a new game.'));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a whole game against level 1, to the end', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '1');
  let moves = 0;
  while ((await waitState(page, ['your-turn', 'over'])) === 'your-turn') {
    const legal = await page.evaluate(() => window.oware.state.legal);
    // Click the house with the most seeds, as a beginner might.
    const cells = await page.evaluate(() => window.oware.state.cells);
    const pick = [...legal].sort((a, b) => cells['ABCDEF'.indexOf(b)] - cells['ABCDEF'.indexOf(a)])[0];
    await page.locator(`.house[data-house="${pick}"]`).click();
    moves += 1;
    assert.ok(moves < 400, 'the game ends');
  }
  const state = await page.evaluate(() => window.oware.state);
  assert.ok(state.outcome);
  if (state.outcome.winner) assert.ok(state.outcome.seeds[state.outcome.winner === 'south' ? 0 : 1] > state.outcome.seeds[state.outcome.winner === 'south' ? 1 : 0]);
  const expected = state.outcome.winner === null ? ['north:mark draw', 'south:mark draw'] : [`${state.outcome.winner}:mark win`];
  await eventually(async () => assert.deepEqual(await marks(page), expected));
  assert.equal((await transcript(page)).length, state.moves.length);
  assert.match(await page.locator('#status').textContent(), /^Game over: /);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the game-over advice offers undo only when the game can be taken back', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  // No clock, the player's move ended it: undo is offered.
  await load(page, SOUTH_WINS_WITH_E);
  await waitState(page, 'your-turn');
  await page.locator('.house[data-house="E"]').click();
  await waitState(page, 'over');
  assert.match(await page.locator('#status').textContent(), /Undo, or start a new game\.$/);
  // On a clock: a game on the clock is not taken back.
  await page.selectOption('#clock', '1+1');
  await page.click('#new-game');
  await eventually(async () => assert.equal(await transcript(page), ''));
  await load(page, SOUTH_WINS_WITH_E);
  await waitState(page, 'your-turn');
  assert.equal(await page.locator('#clocks').isHidden(), false);
  await page.locator('.house[data-house="E"]').click();
  await waitState(page, 'over');
  const onClock = await page.locator('#status').textContent();
  assert.doesNotMatch(onClock, /Undo/, onClock);
  assert.match(onClock, /Start a new game\.$/);
  await page.close();
});

test('a game over before any move does not offer undo', async () => {
  const page = await open(browser, '#start=0-0-0-0-0-0-1-1-1-1-0-0-22-22-S&moves=');
  await waitState(page, 'over');
  const text = await page.locator('#status').textContent();
  assert.match(text, /Game over/);
  assert.doesNotMatch(text, /Undo/, text);
  assert.match(text, /Start a new game\.$/);
  assert.deepEqual(page.errors, []);
  await page.close();
});
