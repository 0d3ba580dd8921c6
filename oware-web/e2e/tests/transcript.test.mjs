// The transcript: shown, copied, pasted back (with a clear refusal for a
// bad one), and the rule set chosen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitState, eventually, transcript, counts } from '../lib.mjs';
import { SOUTH_WINS_WITH_E } from '../games.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

test('the transcript is shown and copied', async () => {
  const page = await open(browser, '', { permissions: ['clipboard-read', 'clipboard-write'] });
  await waitState(page, 'your-turn');
  await page.keyboard.press('e');
  await waitState(page, 'your-turn');
  const moves = await transcript(page);
  assert.match(moves, /^E[a-f]$/);
  await page.click('#copy');
  await eventually(async () => assert.equal(await page.locator('#copy-note').textContent(), 'Copied.'));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), moves);
  await page.close();
});

test('a pasted transcript loads the game; a bad one is refused with its place', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.fill('#load-text', 'EcAx');
  await page.click('#load');
  await eventually(async () => assert.equal(await page.locator('#load-error').textContent(),
    'That transcript does not load: character 4 of the transcript, `x`, is not a house letter (A-F or a-f).'));
  await page.fill('#load-text', 'EaE');
  await page.click('#load');
  await eventually(async () => assert.match(await page.locator('#load-error').textContent(), /in the transcript, move 3, E, is illegal: house E is empty/));
  await eventually(async () => assert.equal(await transcript(page), ''));

  // Spaces and line breaks from a copied game are ignored.
  await page.fill('#load-text', `${SOUTH_WINS_WITH_E.slice(0, 30)}\n${SOUTH_WINS_WITH_E.slice(30)}`);
  await page.click('#load');
  await waitState(page, 'your-turn');
  await eventually(async () => assert.equal(await transcript(page), SOUTH_WINS_WITH_E));
  assert.equal(await page.locator('#load-error').textContent(), '');
  const cells = await page.evaluate(() => window.oware.state.cells);
  assert.notDeepEqual(cells, [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0]);
  await eventually(async () => assert.deepEqual(await counts(page), cells));

  // The game is kept across a reload.
  await page.reload();
  await waitState(page, 'your-turn');
  await eventually(async () => assert.equal(await transcript(page), SOUTH_WINS_WITH_E));
  await page.close();
});

test('the rule set is chosen, and a new game starts under it', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.keyboard.press('a');
  await waitState(page, 'your-turn');
  assert.equal(await page.evaluate(() => window.oware.state.moveLimit), null);
  // A game being played: the rules change asks first.
  await page.selectOption('#rules', 'sowing');
  await page.click('#confirm-yes');
  await waitState(page, 'your-turn');
  await eventually(async () => assert.equal(await transcript(page), ''));
  const state = await page.evaluate(() => window.oware.state);
  assert.equal(state.rules, 'sowing');
  assert.equal(state.moveLimit, 100);
  await page.close();
});
