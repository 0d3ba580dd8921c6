// New game means new: the game it leaves is listed as abandoned and never
// comes back by itself. Resign ends a game as any ending does, and the
// game file says so. Each finished game counts in the player's score
// against the bot's level, and a level beaten is marked in the list.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, open, openTab, waitState, eventually, transcript } from '../lib.mjs';
import { SOUTH_WINS_WITH_E } from '../games.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

const recentTexts = (page) => page.locator('.recent-game').allTextContents();

test('the game left by New game is abandoned: listed so, and a return visit starts afresh', async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, reducedMotion: 'reduce' });
  await context.addInitScript(() => localStorage.setItem('oware.endgameSeeds', '10'));
  const one = await openTab(context);
  await waitState(one, 'your-turn');
  await one.selectOption('#level', '1');
  await one.keyboard.press('b');
  await eventually(async () => assert.equal((await transcript(one)).length, 2), 30_000);
  await waitState(one, 'your-turn');
  await one.click('#new-game');
  await eventually(async () => assert.equal(await transcript(one), ''));
  await eventually(async () => assert.match((await recentTexts(one)).join('\n'), / · 2 moves · abandoned$/));
  await one.close();
  // A return visit: no game comes back, and the abandoned one stays listed.
  const two = await openTab(context);
  await waitState(two, 'your-turn');
  assert.equal(await transcript(two), '');
  assert.doesNotMatch(await two.locator('#status').textContent(), /unfinished/);
  assert.match((await recentTexts(two)).join('\n'), / · 2 moves · abandoned$/);
  // Reopened, it is a game being played again.
  await two.locator('.recent-list button').first().click();
  await eventually(async () => assert.equal((await transcript(two)).length, 2));
  await two.click('#new-game');
  await eventually(async () => assert.equal(await transcript(two), ''));
  assert.deepEqual([...one.errors, ...two.errors], []);
  await context.close();
});

test('Resign asks first, ends the game, is saved in the game file and counts as a loss at the level', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '2');
  assert.equal(await page.locator('#resign').isDisabled(), true, 'no game to resign before a move');
  assert.equal(await page.locator('#scores').isHidden(), true);
  assert.match(await page.locator('#scores-empty').textContent(), /^No finished games yet/);
  await page.keyboard.press('c');
  await eventually(async () => assert.equal((await transcript(page)).length, 2), 30_000);
  await waitState(page, 'your-turn');

  // "Play on" keeps the game.
  await page.click('#resign');
  assert.match(await page.locator('#confirm-text').textContent(), /^Resign this game\?/);
  await page.click('#confirm-no');
  assert.equal(await waitState(page, 'your-turn'), 'your-turn');
  await page.click('#resign');
  await page.click('#confirm-yes');
  await waitState(page, 'over');
  assert.match(await page.locator('#status').textContent(), /^Game over: The bot wins, \d+–\d+ \(South resigned\)\. The resignation decided it, not the seeds: the \d+ seeds on the board go to no one\. Start a new game\.$/);
  assert.equal(await page.locator('#resign').isDisabled(), true);
  assert.equal(await page.locator('#undo').isDisabled(), true, 'a resigned game is not taken back');
  assert.equal(await page.locator('.house.playable').count(), 0);

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-game')]);
  const text = await readFile(await download.path(), 'utf8');
  assert.match(text, /\[Termination "South resigned"\]\n\[Points "0-1"\]\n/);
  assert.match(text, /\*\n$/);

  // The score: one loss against level 2; level 2 not marked beaten.
  await eventually(async () => assert.equal(await page.locator('#scores').isHidden(), false));
  assert.deepEqual(await page.locator('#scores-body tr').allTextContents(), ['2001']);
  assert.doesNotMatch(await page.locator('#level option[value="2"]').textContent(), /beaten/);

  // Reloaded, the game is still resigned.
  await page.reload();
  await waitState(page, 'over');
  assert.match(await page.locator('#status').textContent(), /\(South resigned\)/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a win counts once, and marks its level beaten in the list', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '4');
  // South to move, 24 in its store: F sows into a and captures two, leaving North its b.
  await page.goto(new URL('#rules=abapa&start=0-0-0-0-0-1-1-3-0-0-0-0-24-19-S&moves=', page.url()).href);
  await eventually(async () => assert.equal(await page.evaluate(() => window.oware.state.start), '0-0-0-0-0-1-1-3-0-0-0-0-24-19-S'));
  await waitState(page, 'your-turn');
  await page.keyboard.press('f');
  await waitState(page, 'over');
  assert.match(await page.locator('#status').textContent(), /Game over: You win, 26–19/);
  await eventually(async () => assert.deepEqual(await page.locator('#scores-body tr').allTextContents(), ['4100']));
  assert.equal(await page.locator('#level option[value="4"]').textContent(), '4 · beaten');
  // Kept as it stands, again and again: still counted once.
  await page.reload();
  await waitState(page, 'over');
  assert.deepEqual(await page.locator('#scores-body tr').allTextContents(), ['4100']);
  assert.equal(await page.locator('#level option[value="4"]').textContent(), '4 · beaten');
  // A game loaded already over was not played here: it does not count.
  await page.fill('#load-text', `${SOUTH_WINS_WITH_E}E`);
  await page.click('#load');
  await waitState(page, 'over');
  await page.reload();
  await waitState(page, 'over');
  assert.deepEqual(await page.locator('#scores-body tr').allTextContents(), ['4100']);
  await page.fill('#load-text', SOUTH_WINS_WITH_E);
  await page.click('#load');
  await waitState(page, 'your-turn');
  await page.keyboard.press('e');
  await waitState(page, 'over');
  // That one the player finished here: a second win at level 4.
  await eventually(async () => assert.deepEqual(await page.locator('#scores-body tr').allTextContents(), ['4200']));
  assert.deepEqual(page.errors, []);
  await page.close();
});
