// The pace a search is shown at (pacing.js), driven in the page itself
// with made-up messages, so that their order and timing are the test's:
// each depth waits its turn, the answer comes after the depths before it,
// a stopped search's late messages are dropped, and a search stopped in the
// middle of a pause does not hold back the next one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitState } from '../lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

/**
 * Plays `steps` on a fresh Pacer in the page and returns what it showed and
 * finished, in order. A step is `[id, depth]` (search `id` reports a depth),
 * `[id, 'answer']` (it answers), `['running', id]` (the page's search in
 * progress is now `id`, null for none), `['clear']` (the page stops the
 * search: the pacer is cleared), `['sleep', ms]`, or `['mark']` (a `|` in
 * what was seen, to show what came at once).
 */
async function drive(page, steps) {
  return page.evaluate(async (script) => {
    const { Pacer } = await import('./pacing.js');
    let running = 1;
    const seen = [];
    const pacer = new Pacer({
      currentId: () => running,
      show: (event) => seen.push(`${running}:depth ${event.depth}`),
      finish: (result) => seen.push(`${running}:answer ${result.best}`),
    });
    for (const [a, b] of script) {
      if (a === 'running') running = b;
      else if (a === 'clear') pacer.clear();
      else if (a === 'sleep') await new Promise((resolve) => { setTimeout(resolve, b); });
      else if (a === 'mark') seen.push('|');
      else if (b === 'answer') pacer.receive({ id: a, result: { ok: true, best: `b${a}` } });
      else pacer.receive({ id: a, event: { type: 'iteration', depth: b } });
    }
    return seen;
  }, steps);
}

test('a search\'s depths are shown in turn, and its answer after them', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  // The first depth is shown at once, the others each after a pause.
  const seen = await drive(page, [[1, 1], [1, 2], [1, 3], ['mark'], [1, 'answer'], ['sleep', 800]]);
  assert.deepEqual(seen, ['1:depth 1', '|', '1:depth 2', '1:depth 3', '1:answer b1']);
  await page.close();
});

test('a search stopped in a pause does not hold back the next search\'s answer', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  // Search 1 shows a depth and pauses; it is stopped (the page clears the
  // pacer and starts search 2), and search 2 answers within that pause, as
  // a search that proves a short win does.
  const seen = await drive(page, [[1, 1], ['running', 2], ['clear'], [2, 1], [2, 'answer'], ['sleep', 800]]);
  assert.deepEqual(seen, ['1:depth 1', '2:depth 1', '2:answer b2']);
  await page.close();
});

test('the messages of a search no longer running are not shown', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  // Search 1's late messages, after search 2 began; then search 2's, after it ended.
  const seen = await drive(page, [[1, 1], ['running', 2], ['clear'], [1, 2], [1, 'answer'], ['sleep', 400],
    ['running', null], [2, 1], ['sleep', 200]]);
  assert.deepEqual(seen, ['1:depth 1']);
  await page.close();
});
