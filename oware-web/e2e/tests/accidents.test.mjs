// Nothing changes a game by accident: while a game is being played, no
// single key press or click changes the seat, the level or the rules. The
// arrow keys on the level list, the seat buttons and the rules list step
// through the moves, as they do everywhere but in a text box; a seat or
// rules change asks first, and "no" (or Escape) leaves the game as it was.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitState, eventually, transcript, counts, drawn } from '../lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

/** A page with a game of two moves (the player's C and the bot's reply), the player to move. */
async function gameOfTwo() {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '1');
  await page.locator('.house[data-house="C"]').click();
  await eventually(async () => assert.equal((await transcript(page)).length, 2), 30_000);
  await waitState(page, 'your-turn');
  return page;
}

const viewing = (page) => page.locator('#viewing').textContent();
const dialogOpen = (page) => page.evaluate(() => document.getElementById('confirm').open);

test('the level chosen from the list, ← and → step through the moves and leave the level be', async () => {
  const page = await gameOfTwo();
  const live = await counts(page);
  const moves = await transcript(page);
  await page.focus('#level');
  await page.selectOption('#level', '3');
  await page.keyboard.press('ArrowLeft');
  await drawn(page);
  assert.equal(await page.locator('#level').inputValue(), '3');
  assert.match(await viewing(page), /Looking back/);
  assert.notDeepEqual(await counts(page), live);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Home');
  await page.keyboard.press('End');
  await drawn(page);
  assert.deepEqual(await counts(page), live);
  // ↓ and a letter pick nothing from a closed list: the level stays.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await page.keyboard.press('1');
  assert.equal(await page.locator('#level').inputValue(), '3');
  assert.equal(await page.evaluate(() => window.oware.settings.level), 3);
  assert.equal(await transcript(page), moves);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a seat button clicked and ← pressed: the seat stays, the move before is shown', async () => {
  const page = await gameOfTwo();
  const moves = await transcript(page);
  await page.locator('#seat-south').click();
  await page.keyboard.press('ArrowLeft');
  await drawn(page);
  assert.equal(await page.locator('#seat-south').isChecked(), true);
  assert.equal(await page.evaluate(() => window.oware.settings.seat), 'south');
  assert.match(await viewing(page), /Looking back/);
  await page.keyboard.press('End');

  // ↓ moves to North, which asks first; Escape keeps South, and the bot plays nothing.
  await page.keyboard.press('ArrowDown');
  await eventually(async () => assert.equal(await dialogOpen(page), true));
  assert.match(await page.locator('#confirm-text').textContent(), /Switch sides in the middle of this game\?/);
  await page.keyboard.press('Escape');
  await eventually(async () => assert.equal(await dialogOpen(page), false));
  await drawn(page);
  assert.equal(await page.locator('#seat-south').isChecked(), true);
  assert.equal(await page.evaluate(() => window.oware.settings.seat), 'south');
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'your-turn');
  assert.equal(await transcript(page), moves);
  // The focus is back on the seat, where ← steps again.
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'seat-south');
  await page.keyboard.press('ArrowLeft');
  await drawn(page);
  assert.match(await viewing(page), /Looking back/);
  await page.keyboard.press('End');

  // A click on North asks too; "Keep South" keeps it, "Play North" switches.
  await page.locator('#seat-north').click();
  await page.locator('#confirm-no').click();
  await drawn(page);
  assert.equal(await page.locator('#seat-south').isChecked(), true);
  await page.locator('#seat-north').click();
  assert.equal(await page.locator('#confirm-yes').textContent(), 'Play North');
  await page.locator('#confirm-yes').click();
  await eventually(async () => assert.equal(await page.evaluate(() => window.oware.settings.seat), 'north'));
  // South (now the bot's) was to move: the bot plays it.
  await eventually(async () => assert.equal((await transcript(page)).length, 3), 30_000);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the rules list takes no arrow or letter, and a rules change mid-game asks first', async () => {
  const page = await gameOfTwo();
  const moves = await transcript(page);
  await page.focus('#rules');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('s');
  await page.keyboard.press('ArrowLeft');
  await drawn(page);
  assert.equal(await page.locator('#rules').inputValue(), 'abapa');
  assert.match(await viewing(page), /Looking back/);
  await page.keyboard.press('End');

  // Chosen from the list, sowing asks first: "Keep playing" keeps the game.
  await page.selectOption('#rules', 'sowing');
  await eventually(async () => assert.equal(await dialogOpen(page), true));
  assert.match(await page.locator('#confirm-text').textContent(), /Start a new game under sowing\?/);
  await page.locator('#confirm-no').click();
  await drawn(page);
  assert.equal(await page.locator('#rules').inputValue(), 'abapa');
  assert.equal(await transcript(page), moves);
  await page.keyboard.press('ArrowLeft');
  await drawn(page);
  assert.match(await viewing(page), /Looking back/);
  await page.keyboard.press('End');

  await page.selectOption('#rules', 'sowing');
  await page.locator('#confirm-yes').click();
  await eventually(async () => assert.equal(await page.evaluate(() => window.oware.settings.rules), 'sowing'));
  assert.equal(await transcript(page), '');
  assert.equal(await page.locator('#undo-replace').textContent(), 'Undo rules change');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('before the first move, a seat or rules change needs no question', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#rules', 'sowing');
  await eventually(async () => assert.equal(await page.evaluate(() => window.oware.settings.rules), 'sowing'));
  await page.locator('#seat-north').click();
  await eventually(async () => assert.equal(await page.evaluate(() => window.oware.settings.seat), 'north'));
  assert.equal(await dialogOpen(page), false);
  assert.deepEqual(page.errors, []);
  await page.close();
});
