// The opening book on the page: at levels 15-19 the bot answers a book
// position with one of the book's near-equal moves, at once, and says so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitState, eventually, transcript, chalk } from '../lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

test('at level 19 the bot opens from the book: a near-equal move, its scores in chalk, "opening book" said', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '19');
  // F is the book's first move; after it the book gives North d and f
  // (-0.03 each) and a (-0.68), and the bot picks among those within 0.3.
  await page.locator('.house[data-house="F"]').click();
  await waitState(page, 'your-turn');
  await eventually(async () => assert.equal((await transcript(page)).length, 2));
  const reply = (await transcript(page))[1];
  assert.ok(['d', 'f'].includes(reply), `reply ${reply}`);

  const debug = await page.evaluate(() => window.oware.debug);
  const result = debug.results.at(-1);
  assert.equal(result.book, true);
  assert.equal(result.best, reply);
  // No search ran: no event, no node.
  assert.deepEqual(debug.events, []);
  assert.equal(result.nodes, 0);
  // The chalk is the book's: its three moves and their scores.
  assert.deepEqual(await chalk(page), { d: '-0.03', f: '-0.03', a: '-0.69' });
  await eventually(async () => assert.match(await page.locator('#status').textContent(), new RegExp(`North sowed ${reply} from the opening book`)));
  assert.equal(await page.locator('#search-numbers').textContent(), 'from the opening book');

  // Out of the book (FdA and FfD are not in it: moves a seed or more
  // below the best), the bot searches.
  await page.selectOption('#level', '15');
  await page.locator(`.house[data-house="${reply === 'd' ? 'A' : 'D'}"]`).click();
  await waitState(page, 'your-turn');
  await eventually(async () => assert.equal((await transcript(page)).length, 4));
  const searched = (await page.evaluate(() => window.oware.debug)).results.at(-1);
  assert.notEqual(searched.book, true);
  assert.ok(searched.nodes > 0 && searched.depth > 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});
