// The bars under the stores in the endgame: once the page's endgame
// database is built, a position it holds shows the exact result.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitState, eventually } from '../lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

test('a position in the endgame database shows its exact bar', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  // Set up by opening a record: South to move, 24–20 in the stores, four
  // seeds on the board; South's F makes a 2 in North's a and wins.
  await page.setInputFiles('#open-file', {
    name: 'endgame.ogn',
    mimeType: 'text/plain',
    buffer: Buffer.from('[FEN "0-0-0-0-0-1-1-0-0-0-1-1-24-20-S"]\n\n*\n'),
  });
  await waitState(page, 'your-turn');
  const built = await page.waitForFunction(() => window.oware.debug.endgames, null, { timeout: 60_000 });
  const report = await built.jsonValue();
  assert.equal(report.ok, true);
  assert.equal(report.seeds, 10);
  console.log(`endgame database: ${report.seeds} seeds, ${report.positions} positions, ${report.bytes} bytes, built in ${Math.round(report.ms)} ms`);
  await page.waitForSelector('.mark.proof[data-source="database"]', { timeout: 10_000 });
  const marks = await page.evaluate(() => [...document.querySelectorAll('.mark')].map((m) => `${m.dataset.seat}:${m.getAttribute('class')}`));
  assert.deepEqual(marks, ['south:mark proof win']);
  // Its word, tooltip and accessible name say whose win it is and who proved it.
  const name = 'South can force a win (proved by the endgame database)';
  assert.deepEqual(await page.evaluate(() => {
    const mark = document.querySelector('.mark.proof');
    return { name: mark.getAttribute('aria-label'), title: mark.querySelector('title').textContent, word: document.querySelector('.mark-label').textContent };
  }), { name, title: name, word: 'can force a win' });
  assert.equal(await page.getByRole('img', { name }).count(), 1);
  // No search was run for it: the bar is the database's alone.
  assert.equal(await page.evaluate(() => window.oware.debug.results.length), 0);
  await page.close();
});

test('under awari-split the awari database\'s exact value shows its bar', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  // The position of the first test, played under Romein and Bal's awari:
  // South's F makes a 2 in North's a and wins (26-20), grand slams aside.
  await page.setInputFiles('#open-file', {
    name: 'awari.ogn',
    mimeType: 'text/plain',
    buffer: Buffer.from('[Variant "awari-split"]\n[FEN "0-0-0-0-0-1-1-0-0-0-1-1-24-20-S"]\n\n*\n'),
  });
  await waitState(page, 'your-turn');
  const report = async () => (await page.waitForFunction(() => window.oware.debug.endgames, null, { timeout: 60_000 })).jsonValue();
  await eventually(async () => assert.equal((await report()).ruleset, 'awari'), 60_000);
  await page.waitForSelector('.mark.proof[data-source="database"]', { timeout: 10_000 });
  const name = await page.evaluate(() => document.querySelector('.mark.proof').getAttribute('aria-label'));
  assert.equal(name, 'South can force a win (proved by the endgame database)');
  await page.close();
});

test('each rule set gets the endgame database true for it: awari\'s under awari-split, none under awari', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  const report = async () => (await page.waitForFunction(() => window.oware.debug.endgames, null, { timeout: 60_000 })).jsonValue();
  const abapa = await report();
  assert.equal(abapa.ruleset, 'abapa');
  assert.equal(abapa.bytes, 2 * abapa.positions);
  // Romein and Bal's awari is what the awari database's values assume.
  await page.selectOption('#rules', 'awari-split');
  await waitState(page, 'your-turn');
  await eventually(async () => assert.equal((await report()).ruleset, 'awari'), 60_000);
  const awari = await report();
  assert.equal(awari.ok, true);
  assert.equal(awari.seeds, abapa.seeds);
  assert.equal(awari.bytes, awari.positions);
  // Under awari (each player taking their own row) no database's values
  // are true: none is built.
  await page.selectOption('#rules', 'awari');
  await waitState(page, 'your-turn');
  await eventually(async () => assert.equal((await report()).ruleset, null), 60_000);
  // Back under abapa, abapa's again.
  await page.selectOption('#rules', 'abapa');
  await waitState(page, 'your-turn');
  await eventually(async () => assert.equal((await report()).ruleset, 'abapa'), 60_000);
  await page.close();
});
