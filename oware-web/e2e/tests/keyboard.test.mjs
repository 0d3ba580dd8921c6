// Playing with the keyboard alone: letters sow, Tab and Enter move and
// sow, the shortcuts ask for a hint and take a move back, and the arrow
// keys step through the game wherever the focus is, but in a text box.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitState, eventually, transcript, chalk, counts, drawn } from '../lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

test('a game by keyboard: letters, Tab and Enter, hint, undo', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');

  // A letter sows that house.
  await page.keyboard.press('d');
  await waitState(page, 'your-turn');
  await eventually(async () => assert.equal((await transcript(page)).length, 2));
  assert.equal((await transcript(page))[0], 'D');

  // The house sown keeps the focus, with its ring showing; Tab moves
  // along the row, and Enter sows.
  const focused = () => page.evaluate(() => document.activeElement?.dataset.house);
  assert.equal(await focused(), 'D');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(), 'C');
  const ring = await page.evaluate(() => getComputedStyle(document.activeElement.querySelector('.focus-ring')).opacity);
  assert.equal(ring, '1');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(), 'B');
  await page.keyboard.press('Enter');
  await waitState(page, 'your-turn');
  await eventually(async () => assert.equal((await transcript(page)).length, 4));
  const moves = await transcript(page);
  assert.equal(moves[2], 'B');

  // H asks for a hint: chalk under the player's own houses, one house marked.
  await page.keyboard.press('h');
  await page.waitForFunction(() => document.querySelector('.house.hinted'), null, { timeout: 30_000 });
  const scores = await chalk(page);
  assert.ok(Object.keys(scores).length >= 1);
  assert.ok(Object.keys(scores).every((h) => /[A-F]/.test(h)), JSON.stringify(scores));
  const hinted = await page.evaluate(() => document.querySelector('.house.hinted').dataset.house);
  await eventually(async () => assert.match(await page.locator('#status').textContent(), new RegExp(`Hint: sow ${hinted}`)));

  // U takes back the bot's reply and the player's move.
  await page.keyboard.press('u');
  await eventually(async () => assert.equal(await transcript(page), moves.slice(0, 2)));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('after moves by click and by letter, the arrows replay the game with a house focused', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  const start = await counts(page);
  // One move by a click, one by its letter: either leaves the focus on the house sown.
  await page.locator('.house[data-house="C"]').click();
  await eventually(async () => assert.equal((await transcript(page)).length, 2), 30_000);
  await waitState(page, 'your-turn');
  const afterTwo = await counts(page);
  await page.keyboard.press('e');
  await eventually(async () => assert.equal((await transcript(page)).length, 4), 30_000);
  await waitState(page, 'your-turn');
  const live = await counts(page);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.house), 'E');

  // ← steps back a move at a time, not from house to house.
  const viewing = () => page.locator('#viewing').textContent();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await drawn(page);
  assert.deepEqual(await counts(page), afterTwo);
  assert.match(await viewing(), /Looking back at 1… /);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.house), 'E', 'the focus stays where it was');
  await page.keyboard.press('Home');
  await drawn(page);
  assert.deepEqual(await counts(page), start);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await drawn(page);
  assert.deepEqual(await counts(page), afterTwo);
  await page.keyboard.press('End');
  await drawn(page);
  assert.deepEqual(await counts(page), live);

  // In a text box the arrows are the box's.
  await page.fill('#load-text', 'AeBc');
  await page.keyboard.press('ArrowLeft');
  await drawn(page);
  assert.deepEqual(await counts(page), live);
  assert.deepEqual(page.errors, []);
  await page.close();
});
