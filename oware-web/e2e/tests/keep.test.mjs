// Nothing is lost: a new game (the button or Shift+N; a bare N does
// nothing), a rules change, a load and an Open can each be undone, the
// game coming back exactly; an empty or header-only record is refused with
// the game kept; a new tab opens the unfinished game; two tabs on one game
// keep each line; and the recent games are listed and reopened, the game
// on the board going to the list first.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, openTab, waitState, eventually, transcript } from '../lib.mjs';
import { SOUTH_WINS_IN_3 } from '../games.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

const file = (name, text) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
const undoButton = (page) => page.locator('#undo-replace');
const recent = (page) => page.evaluate(() => [...document.querySelectorAll('#recent-list li .recent-game')].map((li) => li.textContent));

/** Sows `key` and waits for the bot's answer. */
async function sow(page, key) {
  const moves = (await transcript(page)).length;
  await page.keyboard.press(key);
  await eventually(async () => assert.equal((await transcript(page)).length, moves + 2), 30_000);
  await waitState(page, 'your-turn');
}

test('a new game, by the button or Shift+N, can be undone; a bare n does nothing', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await sow(page, 'e');
  await sow(page, 'b');
  const game = await transcript(page);
  assert.equal(await undoButton(page).isVisible(), false);

  await page.keyboard.press('n');
  await page.waitForTimeout(300);
  assert.equal(await transcript(page), game, 'a bare n starts no new game');

  await page.keyboard.press('Shift+N');
  await eventually(async () => assert.equal(await transcript(page), ''));
  assert.equal(await undoButton(page).textContent(), 'Undo new game');
  await undoButton(page).click();
  await eventually(async () => assert.equal(await transcript(page), game));
  assert.equal(await undoButton(page).isVisible(), false);

  // The button, then a reload: the undo is still offered, and the old game is in the recent list.
  await page.click('#new-game');
  await eventually(async () => assert.equal(await transcript(page), ''));
  await page.reload();
  await waitState(page, 'your-turn');
  assert.equal(await transcript(page), '');
  assert.equal((await recent(page)).length, 1);
  // Left for a new game, it is listed as abandoned (resign.test.mjs: it does not come back by itself).
  assert.match((await recent(page))[0], new RegExp(`· abapa · ${game.length} moves · abandoned$`));
  await undoButton(page).click();
  await eventually(async () => assert.equal(await transcript(page), game));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a rules change can be undone: moves, rules, seat and level come back', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '3');
  await page.fill('#load-text', SOUTH_WINS_IN_3);
  await page.click('#load');
  await eventually(async () => assert.equal(await transcript(page), SOUTH_WINS_IN_3));
  assert.equal(await undoButton(page).isVisible(), false, 'the game replaced had no moves');
  // A game being played: the rules change asks first.
  await page.selectOption('#rules', 'sowing');
  await page.click('#confirm-yes');
  await eventually(async () => assert.equal(await transcript(page), ''));
  assert.equal(await page.evaluate(() => window.oware.state.rules), 'sowing');
  await page.selectOption('#level', '7');
  assert.equal(await undoButton(page).textContent(), 'Undo rules change');
  await undoButton(page).click();
  await eventually(async () => assert.equal(await transcript(page), SOUTH_WINS_IN_3));
  assert.equal(await page.evaluate(() => window.oware.state.rules), 'abapa');
  assert.equal(await page.locator('#rules').inputValue(), 'abapa');
  assert.equal(await page.locator('#level').inputValue(), '3');
  assert.equal(await page.locator('input[name=seat][value=south]').isChecked(), true);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an empty or header-only record is refused and the game stays; Open can be undone', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await sow(page, 'e');
  const game = await transcript(page);
  await page.setInputFiles('#open-file', file('empty.ogn', ''));
  await eventually(async () => assert.equal(await page.locator('#file-error').textContent(), 'empty.ogn does not open: the file is empty.'));
  assert.equal(await transcript(page), game);
  await page.setInputFiles('#open-file', file('tags.ogn', '[Event "club"]\n[Variant "sowing"]\n\n*\n'));
  await eventually(async () => assert.equal(await page.locator('#file-error').textContent(),
    'tags.ogn does not open: it holds no moves and no set-up position (FEN tag), so no game to open.'));
  assert.equal(await transcript(page), game);
  assert.equal(await page.evaluate(() => window.oware.state.rules), 'abapa');
  assert.equal(await undoButton(page).isVisible(), false, 'nothing was replaced');

  await page.setInputFiles('#open-file', file('club.ogn', '[Variant "sowing"]\n\n1. A e *\n'));
  await eventually(async () => assert.equal(await transcript(page), 'Ae'));
  assert.equal(await undoButton(page).textContent(), 'Undo open');
  await undoButton(page).click();
  await eventually(async () => assert.equal(await transcript(page), game));
  assert.equal(await page.evaluate(() => window.oware.state.rules), 'abapa');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a new tab or a return visit opens the unfinished game, with "New game" one click away', async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, reducedMotion: 'reduce' });
  const one = await openTab(context);
  await waitState(one, 'your-turn');
  await sow(one, 'e');
  const first = await transcript(one);
  await one.close();
  // A return visit: the game is where the player left it.
  const two = await openTab(context);
  await waitState(two, 'your-turn');
  assert.equal(await transcript(two), first);
  assert.match(await two.locator('#status').textContent(), /^Your unfinished game of 2 moves is back, as you left it: "New game" starts another\./);
  assert.deepEqual(await recent(two), [], 'the game on the board is not listed twice');
  await two.click('#new-game');
  await eventually(async () => assert.equal(await transcript(two), ''));
  assert.equal((await recent(two)).length, 1);
  // And "Undo new game" brings it back.
  await undoButton(two).click();
  await eventually(async () => assert.equal(await transcript(two), first));
  assert.deepEqual(two.errors, []);
  await context.close();
});

test('two tabs on one game: each line is kept as its own game, and the tab left behind is told', async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, reducedMotion: 'reduce' });
  const one = await openTab(context);
  await waitState(one, 'your-turn');
  await one.selectOption('#level', '1');
  await sow(one, 'd');
  const shared = await transcript(one);
  const two = await openTab(context);
  await waitState(two, 'your-turn');
  assert.equal(await transcript(two), shared, 'the new tab opens the game in progress');
  await sow(two, 'a');
  const lineTwo = await transcript(two);
  // The first tab hears of it (a storage event) and says so.
  await eventually(async () => assert.match(await one.locator('#status').textContent(),
    /^This game went on in another tab \([34] moves there\): it is in Recent games, and a move here keeps this line as a game of its own\./));
  assert.equal(await transcript(one), shared);
  assert.equal((await recent(one)).length, 1, "the other tab's line is listed, to reopen");
  // This tab's line, a part of the other's, is not listed twice.
  const listed = await one.evaluate(() => JSON.parse(localStorage.getItem('oware.recent')).map((g) => g.moves));
  assert.equal(listed.length, 1, JSON.stringify(listed));
  await sow(one, 'f');
  const lineOne = await transcript(one);
  assert.notEqual(lineOne, lineTwo);
  // Both lines are kept, each under its own id; each tab reloads its own.
  const kept = await one.evaluate(() => JSON.parse(localStorage.getItem('oware.recent')).map((g) => g.moves).sort());
  assert.deepEqual(kept, [lineOne, lineTwo].sort());
  await two.reload();
  await waitState(two, 'your-turn');
  assert.equal(await transcript(two), lineTwo);
  await one.reload();
  await waitState(one, 'your-turn');
  assert.equal(await transcript(one), lineOne);
  // Tab two plays on; tab one's line stays whole.
  await sow(two, 'b');
  await eventually(async () => {
    const games = await one.evaluate(() => JSON.parse(localStorage.getItem('oware.recent')).map((g) => g.moves));
    assert.ok(games.includes(lineOne) && games.some((m) => m.startsWith(lineTwo) && m.length === 6), JSON.stringify(games));
  });
  assert.deepEqual([...one.errors, ...two.errors], []);
  await context.close();
});

test('recent games are listed and reopened, the game on the board kept', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  assert.equal(await page.locator('#recent-empty').isVisible(), true);
  await sow(page, 'c');
  const first = await transcript(page);
  await page.click('#new-game');
  await eventually(async () => assert.equal((await recent(page)).length, 1));
  await sow(page, 'f');
  await sow(page, 'a');
  const second = await transcript(page);
  await page.locator('#recent-list button').first().click();
  await eventually(async () => assert.equal(await transcript(page), first));
  const listed = await recent(page);
  assert.equal(listed.length, 1);
  assert.match(listed[0], new RegExp(`· abapa · ${second.length} moves · unfinished$`));
  await page.locator('#recent-list button').first().click();
  await eventually(async () => assert.equal(await transcript(page), second));
  assert.deepEqual(page.errors, []);
  await page.close();
});
