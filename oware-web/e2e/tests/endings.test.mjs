// Finishing games: a win, a loss, a draw, each marked under the stores, the
// bar for a proven win while it is still being played, and a whole game
// played out against level 1.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitState, eventually, transcript } from '../lib.mjs';
import { SOUTH_WINS_WITH_E, SOUTH_WINS_IN_3, DRAW_WITH_F, DRAW_FORCED } from '../games.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

async function load(page, moves) {
  await page.fill('#load-text', moves);
  await page.click('#load');
}

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
  assert.match(await page.locator('#status').textContent(), /Game over: You win, 26–15 \(25 seeds captured\)/);
  // The circle is under South's store, which is on the player's right.
  const store = await page.locator('.store[data-seat="south"] > ellipse').boundingBox();
  const mark = await page.locator('.mark.win').boundingBox();
  assert.ok(mark.y > store.y + store.height && Math.abs(mark.x + mark.width / 2 - (store.x + store.width / 2)) < 5);
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
  while ((await waitState(page, ['your-turn', 'over'])) === 'your-turn') {
    const legal = await page.evaluate(() => window.oware.state.legal);
    await page.keyboard.press(legal[0]);
  }
  await eventually(async () => assert.deepEqual(await marks(page), ['north:mark draw', 'south:mark draw']));
  assert.match(await page.locator('#status').textContent(), /A draw, 24–24/);
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
