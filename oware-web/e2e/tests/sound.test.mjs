// Sounds: each move sows with ticks, a capture chimes, the game's end has
// its phrase, all made by WebAudio in the page (no sound file is fetched),
// and "Sounds" in Settings silences them, remembered for the next visit.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitState, eventually, transcript } from '../lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

const played = (page) => page.evaluate(() => [...window.oware.sounds]);

test('moves, a capture and the end sound, made in the page; muted, they stay silent after a reload', async () => {
  const fetched = [];
  const page = await open(browser, '', { route: async (context) => context.on('request', (r) => fetched.push(r.url())) });
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '1');
  assert.equal(await page.locator('#sound').isChecked(), true, 'on by default');
  await page.keyboard.press('c');
  await eventually(async () => assert.equal((await transcript(page)).length, 2), 30_000);
  await waitState(page, 'your-turn');
  assert.deepEqual((await played(page)).slice(0, 2), ['sow', 'sow'], 'the player\'s move and the bot\'s');
  assert.equal(await page.evaluate(() => window.oware.page.phase), 'ready');
  assert.equal(await page.evaluate(() => typeof AudioContext), 'function');

  // South to move, 24 in its store: F captures two and wins.
  await page.goto(new URL('#rules=abapa&start=0-0-0-0-0-1-1-3-0-0-0-0-24-19-S&moves=', page.url()).href);
  await waitState(page, 'your-turn');
  const before = (await played(page)).length;
  await page.keyboard.press('f');
  await waitState(page, 'over');
  assert.deepEqual((await played(page)).slice(before), ['sow', 'capture', 'won']);
  assert.ok(fetched.every((url) => !/\.(mp3|ogg|wav|m4a)$/.test(url)), fetched.join('\n'));

  // Muted: nothing more, and still muted at the next visit.
  await page.locator('#sound').uncheck();
  await page.click('#new-game');
  await waitState(page, 'your-turn');
  await page.keyboard.press('d');
  await eventually(async () => assert.equal((await transcript(page)).length, 2), 30_000);
  await page.reload();
  await waitState(page, 'your-turn');
  assert.equal(await page.locator('#sound').isChecked(), false);
  await page.keyboard.press('e');
  await eventually(async () => assert.equal((await transcript(page)).length, 4), 30_000);
  assert.deepEqual(await played(page), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});
