// A game shared by link: "Copy link" writes the rules, the moves and the
// position shown into the URL's fragment; the link opened in another
// browser shows that game at that position, the visitor's own game kept in
// its recent list; a link that names no game is refused with the reason,
// and changes nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, openTab, waitState, eventually, counts, transcript, drawn, BASE } from '../lib.mjs';
import { SHORT_GAME, AFTER_AEB } from '../games.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

const recent = (page) => page.evaluate(() => [...document.querySelectorAll('#recent-list li .recent-game')].map((li) => li.textContent));
const current = (page) => page.evaluate(() => document.querySelector('#move-list [aria-current]')?.dataset.ply ?? null);

/** Sows `key` and waits for the bot's answer. */
async function sow(page, key) {
  const moves = (await transcript(page)).length;
  await page.keyboard.press(key);
  await eventually(async () => assert.equal((await transcript(page)).length, moves + 2), 30_000);
  await waitState(page, 'your-turn');
}

test('a shared link opens the game at its move elsewhere, the visitor\'s own game kept', async () => {
  const sharer = await open(browser, '', { permissions: ['clipboard-read', 'clipboard-write'] });
  await waitState(sharer, 'your-turn');
  await sharer.fill('#load-text', SHORT_GAME);
  await sharer.click('#load');
  await waitState(sharer, 'your-turn');
  await sharer.locator('#move-list button[data-ply="3"]').click();
  await sharer.click('#copy-link');
  await eventually(async () => assert.equal(await sharer.locator('#link-note').textContent(), 'Link copied.'));
  const link = await sharer.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, `${new URL(BASE).origin}/#rules=abapa&moves=${SHORT_GAME}&ply=3`);

  // Another browser, with a game of its own in progress.
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, reducedMotion: 'reduce' });
  const visitor = await openTab(context);
  await waitState(visitor, 'your-turn');
  await sow(visitor, 'e');
  const own = await transcript(visitor);
  assert.deepEqual(await recent(visitor), [], 'the game on the board is not listed');

  // The link followed in the same tab: the shared game at move 3, the own game in the list.
  await visitor.goto(link);
  await eventually(async () => assert.equal(await transcript(visitor), SHORT_GAME));
  await waitState(visitor, 'your-turn');
  assert.deepEqual(await counts(visitor), AFTER_AEB);
  assert.equal(await current(visitor), '3');
  assert.equal(await visitor.locator('#board').getAttribute('aria-label'), 'The board at an earlier position (read-only)');
  assert.equal(new URL(visitor.url()).hash, '', 'the fragment is taken off once read');
  const listed = await recent(visitor);
  assert.equal(listed.length, 1);
  assert.match(listed[0], new RegExp(`· abapa · ${own.length} moves · unfinished$`));
  assert.equal(await visitor.locator('#undo-replace').textContent(), 'Undo open link');

  // Opened in a new tab: the same game at the same move, and both games listed.
  const second = await openTab(context, link);
  await waitState(second, 'your-turn');
  assert.equal(await transcript(second), SHORT_GAME);
  assert.deepEqual(await counts(second), AFTER_AEB);
  assert.equal((await recent(second)).filter((g) => new RegExp(`· ${own.length} moves ·`).test(g)).length, 1);

  // The player's own game comes back in the first tab.
  await visitor.click('#undo-replace');
  await eventually(async () => assert.equal(await transcript(visitor), own));
  assert.deepEqual([...sharer.errors, ...visitor.errors, ...second.errors], []);
  await sharer.close();
  await context.close();
});

test('a link that names no game is refused with the reason, and the game stays', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await sow(page, 'c');
  const own = await transcript(page);
  const error = () => page.locator('#link-error').textContent();
  const refused = [
    ['#rules=abapa&moves=EaE', /^That link does not open a game: .*move 3, E, is illegal: house E is empty/],
    ['#rules=chess&moves=Ea', /^That link does not open a game: .*unknown rule set `chess`/],
    ['#moves=Ea&ply=9', /^That link does not open a game: its `ply` is 9, but the game has 2 moves\.$/],
    ['#moves=Ea&seat=north', /^That link does not open a game: it has `seat`, which is none of rules, start, moves, ply\.$/],
    ['#moves=Ea%20play=A', /^That link does not open a game: its `moves` holds `Ea%20play=A`, which is not letters, digits and -\.$/],
    ['#start=4-4-4&moves=', /^That link does not open a game: .*fen/],
  ];
  for (const [fragment, reason] of refused) {
    await page.goto(new URL(fragment, BASE).href);
    await eventually(async () => assert.match(await error(), reason));
    await drawn(page);
    assert.equal(await transcript(page), own, `${fragment} changed the game`);
    assert.equal(await page.locator('#undo-replace').isVisible(), false);
  }
  // A place on the page (the skip link's) is no game, and no error.
  await page.goto(new URL('#rules=abapa&moves=Ea', BASE).href);
  await eventually(async () => assert.equal(await transcript(page), 'Ea'));
  assert.equal(await error(), '');
  await page.goto(new URL('#board', BASE).href);
  await drawn(page);
  assert.equal(await transcript(page), 'Ea');
  assert.equal(await error(), '');
  assert.deepEqual(page.errors, []);
  await page.close();
});
