// Playing with the keyboard alone: letters sow, arrows and Enter move and
// sow, and the shortcuts ask for a hint and take a move back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitState, eventually, transcript, chalk } from '../lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

test('a game by keyboard: letters, arrows and Enter, hint, undo', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');

  // A letter sows that house.
  await page.keyboard.press('d');
  await waitState(page, 'your-turn');
  await eventually(async () => assert.equal((await transcript(page)).length, 2));
  assert.equal((await transcript(page))[0], 'D');

  // The house sown keeps the focus, with its ring showing; Tab and the
  // arrows move along the row, and Enter sows.
  const focused = () => page.evaluate(() => document.activeElement?.dataset.house);
  assert.equal(await focused(), 'D');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(), 'C');
  const ring = await page.evaluate(() => getComputedStyle(document.activeElement.querySelector('.focus-ring')).opacity);
  assert.equal(ring, '1');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
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
