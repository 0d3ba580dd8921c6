// The page says what is true: the bot's thinking time stays its own after
// a hint, the slate's clock never runs backwards, a level change during a
// search says when it applies, a rules change says that Undo brings the
// game back, counts of one are singular, a set-up link says what it
// opened, no stale line is shown while looking back, and a transcript
// copied and saved as a file opens as the paste box loads it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitState, eventually, transcript, drawn } from '../lib.mjs';
import { SHORT_GAME } from '../games.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

const status = (page) => page.locator('#status').textContent();

/** Sows `key` and waits for the bot's answer. */
async function sow(page, key) {
  const moves = (await transcript(page)).length;
  await page.keyboard.press(key);
  await eventually(async () => assert.equal((await transcript(page)).length, moves + 2), 60_000);
  await waitState(page, 'your-turn');
}

test("a hint keeps the bot's time its own, and the slate's time only counts on", async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '12');
  // Every time the slate shows, in order.
  await page.evaluate(() => {
    window.slateTimes = [];
    new MutationObserver(() => {
      const match = / · ([\d.]+) s of search/.exec(document.getElementById('search-numbers').textContent);
      if (match) window.slateTimes.push(Number(match[1]));
    }).observe(document.getElementById('search-numbers'), { subtree: true, childList: true, characterData: true });
  });
  await sow(page, 'c');
  await drawn(page);
  const times = await page.evaluate(() => window.slateTimes);
  assert.ok(times.length >= 2, JSON.stringify(times));
  for (let k = 1; k < times.length; k++) assert.ok(times[k] >= times[k - 1], `the slate's time went back: ${times}`);
  const before = /^North sowed [a-f](?:, capturing \d+)? after ([\d.]+) s of search\. /.exec(await status(page));
  assert.ok(before, await status(page));
  assert.equal(Number(before[1]), times.at(-1), 'the status gives the time the slate stopped at');
  // That time is the engine's own; the page's pacing, when it showed the search over longer, is named beside it.
  const { took, elapsed } = await page.evaluate(() => window.oware.page.moved);
  assert.equal(times.at(-1), Number((took / 1000).toFixed(took < 1000 ? 2 : 1)));
  const numbers = await page.locator('#search-numbers').textContent();
  if (elapsed - took >= 100) assert.match(numbers, new RegExp(` s of search \\(shown over ${(elapsed / 1000).toFixed(1)} s\\)$`));
  else assert.match(numbers, / s of search$/);

  await page.keyboard.press('h');
  await page.waitForFunction(() => document.querySelector('.house.hinted'), null, { timeout: 30_000 });
  await eventually(async () => assert.match(await status(page), /Hint: sow [A-F]/));
  assert.ok((await status(page)).startsWith(before[0]), `the bot's move lost its own time: ${await status(page)}`);
  assert.match(await page.locator('#bot-name').textContent(), /^Hint for you/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a level change while the bot thinks is noted, and applies from its next move', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '14');
  await page.keyboard.press('c');
  await waitState(page, 'thinking');
  await page.selectOption('#level', '2');
  await eventually(async () => assert.match(await status(page), /^Level 2 from the bot's next move: it finishes this one at level 14\./));
  assert.match(await page.locator('#bot-name').textContent(), /level 14$/);
  await waitState(page, 'your-turn', 60_000);
  await page.keyboard.press('a');
  await page.waitForFunction(() => window.oware.page.search?.kind === 'bot' || window.oware.moves.length === 4);
  await eventually(async () => assert.match(await page.locator('#bot-name').textContent(), /level 2$/));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a rules change says Undo brings the game back; one of anything is singular', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '1');
  await sow(page, 'c');
  await page.selectOption('#rules', 'sowing');
  await page.click('#confirm-yes');
  await eventually(async () => assert.match(await status(page), /^New game under sowing: "Undo rules change" brings back the game that was on the board\./));
  assert.equal(await page.locator('#undo-replace').textContent(), 'Undo rules change');
  await page.click('#undo-replace');
  await eventually(async () => assert.equal((await transcript(page)).length, 2));
  // The page's one word for counts.
  const words = await page.evaluate(async () => {
    const { count } = await import('./houses.js');
    return [count(1, 'position'), count(2, 'position'), count(1408819, 'position'), count(1, 'move')];
  });
  assert.deepEqual(words, ['1 position', '2 positions', '1,408,819 positions', '1 move']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a set-up link says it opened a set-up position', async () => {
  const page = await open(browser, '#rules=abapa&start=0-4-4-4-4-4-4-4-4-4-4-4-4-0-S');
  await waitState(page, 'your-turn');
  assert.match(await status(page), /^Opened a shared set-up position \(South to move\)\./);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('looking back shows no stale line on the slate', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '8');
  await sow(page, 'c');
  await drawn(page);
  assert.match(await page.locator('#search-pv').textContent(), /^expects /);
  await page.keyboard.press('ArrowLeft');
  await drawn(page);
  assert.equal(await page.locator('#search-pv').textContent(), '');
  await page.keyboard.press('End');
  await drawn(page);
  assert.match(await page.locator('#search-pv').textContent(), /^expects /);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a transcript copied and saved as a file opens, as the paste box loads it', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.setInputFiles('#open-file', { name: 'moves.txt', mimeType: 'text/plain', buffer: Buffer.from(`${SHORT_GAME}\n`) });
  await eventually(async () => assert.equal(await transcript(page), SHORT_GAME));
  assert.equal(await page.locator('#file-error').textContent(), '');
  assert.match(await status(page), /^Loaded 6 moves\./);
  // What the paste box refuses, the file opener refuses alike.
  await page.setInputFiles('#open-file', { name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from('AeAe\n') });
  await eventually(async () => assert.match(await page.locator('#file-error').textContent(), /^bad\.txt does not open: /));
  const fileError = (await page.locator('#file-error').textContent()).replace(/^bad\.txt does not open: /, '');
  await page.fill('#load-text', 'AeAe');
  await page.click('#load');
  await eventually(async () => assert.equal(await page.locator('#load-error').textContent(), `That transcript does not load: ${fileError}`));
  assert.equal(await transcript(page), SHORT_GAME);
  assert.deepEqual(page.errors, []);
  await page.close();
});
