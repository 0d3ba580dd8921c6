// Analysing a game: every move scored by a search before it, in a worker
// of its own, a blunder marked `??` with the preferred move (the module
// judges as `oware analyze` does), the progress shown, the graph under the
// list clickable, and the work cancellable.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitState, eventually, transcript, drawn } from '../lib.mjs';
import { SOUTH_WINS_WITH_E, SOUTH_WINS_IN_3 } from '../games.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

/** The page's analysis progress line. */
const progress = (page) => page.locator('#analysis-progress').textContent();

test('every move scored, a thrown-away win marked ??, the graph clickable', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  // One move from the end South wins at once with E; it sows A instead.
  const game = `${SOUTH_WINS_WITH_E}A`;
  await page.fill('#load-text', game);
  await page.click('#load');
  await eventually(async () => assert.equal((await transcript(page)).length, game.length + 1), 30_000);
  await waitState(page, 'your-turn');
  const moves = await transcript(page);
  assert.equal(moves.slice(0, game.length), game);

  assert.equal(await page.locator('#eval-graph').isVisible(), false, 'no graph before an analysis');
  // The progress shows while the searches run (with Cancel beside it), then
  // what they found. Each text it shows is noted in the page as it comes: a
  // fast machine can be through a move before a look from outside lands.
  await page.evaluate(() => {
    const said = document.getElementById('analysis-progress');
    const cancel = document.getElementById('cancel-analysis');
    window.progressSeen = [];
    new MutationObserver(() => window.progressSeen.push({ text: said.textContent, cancel: !cancel.hidden }))
      .observe(said, { childList: true, characterData: true, subtree: true });
  });
  await page.click('#analyse');
  await page.waitForFunction(() => document.getElementById('analysis-progress').textContent.startsWith('Analysed'), null, { timeout: 120_000 });
  const seen = await page.evaluate(() => window.progressSeen);
  const during = seen.filter((p) => /^Analysing at depth 12: move \d+ of \d+…$/.test(p.text));
  assert.ok(during.length > 0, JSON.stringify(seen));
  for (const p of during) {
    assert.ok(p.text.endsWith(` of ${moves.length}…`), p.text);
    assert.equal(p.cancel, true, `no Cancel beside "${p.text}"`);
  }
  assert.match(await progress(page), new RegExp(`^Analysed ${moves.length} moves at depth 12: \\d+ mistakes?, [1-9]\\d* blunders?\\.$`));
  assert.equal(await page.locator('#cancel-analysis').isVisible(), false);

  // Every move scored; the blunder marked, with E preferred.
  const scored = await page.evaluate(() => [...document.querySelectorAll('#move-list button.move')].map((b) => b.dataset.score ?? null));
  assert.equal(scored.length, moves.length);
  assert.ok(scored.every((s) => s !== null), `moves not scored: ${scored}`);
  const blunder = page.locator(`#move-list button[data-ply="${game.length}"]`);
  assert.equal(await blunder.textContent(), 'A??');
  assert.match(await blunder.getAttribute('title'), /^\S+ \?\?; best E win in 1$/);
  assert.match(await blunder.getAttribute('aria-label'), /, South sows A: \S+ \?\?; best E win in 1$/);
  const marks = await page.evaluate(() => [...document.querySelectorAll('#move-list button[data-mark]')].map((b) => b.textContent.replace(/^[A-Fa-f]/, '')));
  assert.ok(marks.every((m) => m === '?' || m === '??'), String(marks));

  // Looking at the position after the blunder says what it threw away.
  await blunder.click();
  await drawn(page);
  assert.match(await page.locator('#viewing').textContent(), /The move: \S+ \?\?; best E win in 1\./);

  // The graph: one point for the start and one a move; a click shows the position under the pointer.
  const graph = page.locator('#eval-graph');
  assert.equal(await graph.isVisible(), true);
  const points = await page.evaluate(() => document.querySelector('#eval-graph .advantage').getAttribute('points').split(' ').length);
  assert.equal(points, moves.length + 1);
  const box = await graph.boundingBox();
  await page.mouse.click(box.x + (box.width * 20) / moves.length, box.y + box.height / 2);
  await drawn(page);
  assert.equal(await page.evaluate(() => window.oware.page.viewing?.ply), 20);
  await page.mouse.click(box.x + box.width - 1, box.y + box.height / 2);
  await drawn(page);
  assert.equal(await page.evaluate(() => window.oware.page.viewing), null, 'the right end is the game being played');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an analysis can be cancelled, what it found kept, and started again', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.fill('#load-text', SOUTH_WINS_IN_3);
  await page.click('#load');
  await waitState(page, 'your-turn');
  // Cancelled as soon as it says it is at the third move: a fast machine
  // analyses the rest of this game before a click from outside the page
  // could land, so the click is made in the page, in the same turn.
  await page.evaluate(() => {
    const said = document.getElementById('analysis-progress');
    window.cancelled = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!/: move ([3-9]|\d\d+) of 58…$/.test(said.textContent)) return;
        observer.disconnect();
        document.getElementById('cancel-analysis').click();
        resolve();
      });
      observer.observe(said, { childList: true, characterData: true, subtree: true });
    });
  });
  await page.click('#analyse');
  await page.evaluate(() => window.cancelled);
  await drawn(page);
  const text = await progress(page);
  const found = Number(text.match(/^Analysis cancelled after (\d+) of 58 moves: \d+ mistakes?, \d+ blunders?\.$/)?.[1]);
  assert.ok(found >= 2 && found < 58, text);
  assert.equal(await page.evaluate(() => window.oware.page.analysis.running), false);
  assert.equal(await page.locator('#move-list button.move[data-score]').count(), found);
  assert.equal(await page.locator('#analyse').isDisabled(), false);
  // The game goes on meanwhile, and a new analysis starts from the first move.
  await page.click('#analyse');
  await page.waitForFunction(() => document.getElementById('analysis-progress').textContent.startsWith('Analysed 58 moves'), null, { timeout: 120_000 });
  assert.equal(await page.locator('#move-list button.move[data-score]').count(), 58);
  assert.deepEqual(page.errors, []);
  await page.close();
});
