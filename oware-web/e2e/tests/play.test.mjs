// Playing the bot with the mouse: the board, a move, the bot thinking out
// loud (chalk scores, the depth meter, the dashed line), a refused click,
// undo, and a level changed mid-search.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitState, eventually, counts, transcript, chalk, drawn } from '../lib.mjs';
import { OPENING } from '../games.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });


test('the opening board: two rows of six, two stores, 48 seeds drawn and counted', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await eventually(async () => assert.deepEqual(await counts(page), OPENING));
  assert.equal(await page.locator('.house').count(), 12);
  assert.equal(await page.locator('.store').count(), 2);
  assert.equal(await page.locator('.house .pebble').count(), 48);
  // The player's row (South, A–F) is at the bottom, read left to right.
  const box = async (l) => page.locator(`.house[data-house="${l}"] .pit`).boundingBox();
  const [A, F, a, f] = [await box('A'), await box('F'), await box('a'), await box('f')];
  assert.ok(A.y > a.y, 'South row below North row');
  assert.ok(A.x < F.x && f.x < a.x, 'A..F left to right, f..a left to right above');
  await eventually(async () => assert.equal(await page.locator('.house.legal').count(), 6));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a move, then the bot answers with chalk scores and the depth meter moving', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '12');
  // Watch the page while the bot thinks: the depth shown and the chalk.
  await page.evaluate(() => {
    window.seen = { depths: [], chalk: [], lines: [] };
    const look = () => {
      const depth = document.getElementById('depth-value').textContent;
      if (window.seen.depths.at(-1) !== depth) window.seen.depths.push(depth);
      const scores = [...document.querySelectorAll('.chalk-score')].map((t) => `${t.dataset.house}:${t.textContent}`).join('|');
      if (scores && window.seen.chalk.at(-1) !== scores) window.seen.chalk.push(scores);
      const line = document.querySelector('.sow-line');
      if (line && window.seen.lines.at(-1) !== line.dataset.from) window.seen.lines.push(line.dataset.from);
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await page.locator('.house[data-house="C"]').click();
  assert.equal(await waitState(page, ['thinking', 'your-turn']), 'thinking');
  await waitState(page, 'your-turn');
  const seen = await page.evaluate(() => window.seen);
  const debug = await page.evaluate(() => window.oware.debug);

  // The depth meter went up through several depths.
  const depths = seen.depths.filter((d) => /^\d+$/.test(d)).map(Number);
  assert.ok(depths.length >= 3, `depths seen: ${seen.depths}`);
  assert.ok(depths.every((d, i) => i === 0 || d >= depths[i - 1] || d === 0));
  assert.ok(Math.max(...depths) >= 3);

  // Chalk appeared under North's houses while it thought, and changed.
  assert.ok(seen.chalk.length >= 2, `chalk seen: ${seen.chalk}`);
  assert.ok(seen.chalk.every((c) => c.split('|').every((s) => /^[a-f]:/.test(s))));
  assert.ok(seen.lines.length >= 1 && seen.lines.every((l) => /^[a-f]$/.test(l)));

  // Every figure is the engine's own: the chalk left under each house is the
  // latest score the engine reported for it (the result's, else the last
  // event's), and each figure seen on the way came from an event.
  const result = debug.results.at(-1);
  assert.equal(result.ok, true);
  const expected = {};
  for (const e of debug.events) {
    if (e.type === 'root') expected[e.house] = e.score.short;
    if (e.type === 'iteration') for (const [h, s] of e.rootScores) expected[h] = s.short;
  }
  for (const [h, s] of result.rootScores) expected[h] = s.short;
  assert.deepEqual(await chalk(page), expected);
  const fromEngine = new Set(debug.events.flatMap((e) => e.type === 'root' ? [`${e.house}:${e.score.short}`]
    : e.type === 'iteration' ? e.rootScores.map(([h, s]) => `${h}:${s.short}`) : []));
  for (const h of Object.keys(expected)) fromEngine.add(`${h}:${expected[h]}`);
  for (const frame of seen.chalk) {
    for (const figure of frame.split('|')) assert.ok(fromEngine.has(figure), `${figure} is not the engine's`);
  }

  // The bot played the result's best move.
  await eventually(async () => assert.equal((await transcript(page)).length, 2));
  const moves = await transcript(page);
  assert.equal(moves[0], 'C');
  assert.equal(moves[1], result.best);
  await eventually(async () => assert.match(await page.locator('#status').textContent(), new RegExp(`North sowed ${result.best} after`)));
  assert.equal(await page.locator(`.house[data-house="${result.best}"].last`).count(), 1);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an illegal click is refused with the reason, and nothing changes', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.locator('.house[data-house="c"]').click({ force: true });
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('Not that one'));
  assert.match(await page.locator('#status').textContent(), /Not that one: house c is North's, and South is to move\./);
  await eventually(async () => assert.deepEqual(await counts(page), OPENING));
  await eventually(async () => assert.equal(await transcript(page), ''));

  // After a move, the emptied house is shaded and refuses too (F: no
  // reply of North's second move can reach it).
  await page.locator('.house[data-house="F"]').click();
  await waitState(page, 'your-turn');
  await eventually(async () => assert.equal(await page.locator('.house[data-house="F"].unavailable').count(), 1));
  assert.equal(await page.locator('.house[data-house="F"]').getAttribute('aria-disabled'), 'true');
  const before = await counts(page);
  const moves = await transcript(page);
  await page.locator('.house[data-house="F"]').click({ force: true });
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('house F is empty'));
  assert.deepEqual(await counts(page), before);
  await eventually(async () => assert.equal(await transcript(page), moves));
  await page.close();
});

test('undo takes back the bot\'s reply and the player\'s move', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  assert.equal(await page.locator('#undo').isDisabled(), true);
  await page.locator('.house[data-house="D"]').click();
  await waitState(page, 'your-turn');
  await page.locator('.house[data-house="B"]').click();
  await waitState(page, 'your-turn');
  await eventually(async () => assert.equal((await transcript(page)).length, 4));
  const moves = await transcript(page);
  await page.locator('#undo').click();
  await eventually(async () => assert.equal(await transcript(page), moves.slice(0, 2)));
  await page.locator('#undo').click();
  await eventually(async () => assert.equal(await transcript(page), ''));
  await eventually(async () => assert.deepEqual(await counts(page), OPENING));
  await eventually(async () => assert.equal(await page.locator('#undo').isDisabled(), true));
  await page.close();
});

test('"move now" stops the search at once and plays its best move so far', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '19');
  await page.keyboard.press('b');
  await waitState(page, 'thinking');
  // Once a depth is complete there is a best move to play.
  await page.waitForFunction(() => !document.getElementById('move-now').disabled);
  // At once: the key's own handler ends the search (no waiting on a clock,
  // which a loaded machine would make a lottery).
  const running = await page.evaluate(() => window.oware.page.search.id);
  await page.keyboard.press('m');
  assert.equal(await page.evaluate(() => window.oware.page.search?.id ?? null), null, `search ${running} still running`);
  await waitState(page, 'your-turn', 10_000);
  await eventually(async () => assert.equal((await transcript(page)).length, 2));
  // The search that was stopped sends nothing more, and the next one runs
  // in a fresh worker.
  await page.selectOption('#level', '3');
  await page.keyboard.press(await page.evaluate(() => window.oware.state.legal[0]));
  await waitState(page, 'your-turn');
  await eventually(async () => assert.equal((await transcript(page)).length, 4));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a level chosen while the bot thinks is for its next search, not the one running', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '19');
  await page.keyboard.press('b');
  await waitState(page, 'thinking');
  await page.selectOption('#level', '1');
  await drawn(page);
  assert.match(await page.locator('#bot-name').textContent(), /· level 19$/);
  await waitState(page, 'your-turn', 60_000);
  assert.equal(await page.evaluate(() => window.oware.debug.timings.at(-1).level), 19);
  await drawn(page);
  assert.match(await page.locator('#bot-name').textContent(), /· level 19$/);
  await page.keyboard.press(await page.evaluate(() => window.oware.state.legal[0]));
  await eventually(async () => assert.equal((await transcript(page)).length, 4), 30_000);
  await waitState(page, 'your-turn');
  assert.equal(await page.evaluate(() => window.oware.debug.timings.at(-1).level), 1);
  await drawn(page);
  assert.match(await page.locator('#bot-name').textContent(), /· level 1$/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a refused move\'s note goes once a legal move is played, or a hint asked', async () => {
  const page = await open(browser, '', { viewport: { width: 1366, height: 657 } });
  await waitState(page, 'your-turn');
  await page.locator('.house[data-house="C"]').click();
  await waitState(page, 'your-turn', 30_000);
  await eventually(async () => assert.equal((await transcript(page)).length, 2));
  // North's house: refused whatever the bot answered (its answer may have
  // sown into C again).
  await page.locator('.house[data-house="a"]').click({ force: true });
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('Not that one'));
  await page.locator('.house[data-house="F"]').click();
  await eventually(async () => assert.equal((await transcript(page)).length, 4), 30_000);
  await waitState(page, 'your-turn');
  const status = await page.locator('#status').textContent();
  assert.doesNotMatch(status, /Not that one/, status);
  assert.match(status, /Your move/);
  // A refusal, then a hint: the hint's status alone.
  await page.locator('.house[data-house="c"]').click({ force: true });
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('Not that one'));
  await page.keyboard.press('h');
  await page.waitForFunction(() => /Looking for a hint|Hint: sow/.test(document.getElementById('status').textContent));
  const hint = await page.locator('#status').textContent();
  assert.doesNotMatch(hint, /Not that one/, hint);
  assert.deepEqual(page.errors, []);
  await page.close();
});
