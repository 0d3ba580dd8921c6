// Game records: "Save game" downloads an OGN record that the page's own
// "Open game" reads back; a record opens by the file picker and by a drop;
// a malformed one is refused with its line and column, the game kept.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, open, waitState, eventually, transcript } from '../lib.mjs';
import { SOUTH_WINS_IN_3 } from '../games.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

/** A record file for setInputFiles. */
const file = (name, text) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });

test('a saved game downloads as OGN and opens back', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.fill('#load-text', SOUTH_WINS_IN_3);
  await page.click('#load');
  await eventually(async () => assert.equal(await transcript(page), SOUTH_WINS_IN_3));
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-game')]);
  assert.match(download.suggestedFilename(), /^oware-\d{4}-\d\d-\d\d-\d{4}\.ogn$/);
  const text = await readFile(await download.path(), 'utf8');
  assert.match(text, /^\[Variant "Oware Abapa"\]\n/);
  assert.match(text, /\n1\. A e 2\. B c\+2 3\. F\+2 a /);

  await page.click('#new-game');
  await eventually(async () => assert.equal(await transcript(page), ''));
  await page.setInputFiles('#open-file', file('saved.ogn', text));
  await eventually(async () => assert.equal(await transcript(page), SOUTH_WINS_IN_3));
  assert.equal(await page.locator('#file-error').textContent(), '');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a dropped record opens with its rule set', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File(['[Variant "sowing"]\n\n1. E c 2. A *\n'], 'dropped.ogn'));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await eventually(async () => assert.equal(await transcript(page), 'EcA'));
  assert.equal(await page.evaluate(() => window.oware.state.rules), 'sowing');
  assert.equal(await page.locator('#rules').inputValue(), 'sowing');
  await page.close();
});

test('a malformed record is refused with its place, and the game is kept', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.keyboard.press('e');
  await waitState(page, 'your-turn');
  const before = await transcript(page);
  await page.setInputFiles('#open-file', file('bad.ogn', '[Event "club"]\n\n1. E c 2. E *\n'));
  await eventually(async () => assert.equal(await page.locator('#file-error').textContent(),
    'bad.ogn does not open: line 3, column 11: move 2, `E` (South\'s), is illegal: house E is empty.'));
  assert.equal(await transcript(page), before);
  assert.equal(await page.evaluate(() => window.oware.state.rules), 'abapa');
  await page.close();
});

test('a saved game names the bot by its level, the player as the CLI does, and the date', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '7');
  await page.keyboard.press('c');
  await waitState(page, 'your-turn', 30_000);
  const save = async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-game')]);
    return readFile(await download.path(), 'utf8');
  };
  const text = await save();
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
  });
  assert.match(text, new RegExp(`\\n\\[Date "${today.replaceAll('.', '\\.')}"\\]\\n`), text);
  assert.match(text, /\n\[South "\?"\]\n/, text);
  assert.match(text, /\n\[North "oware level 7"\]\n/, text);
  // The player as North (switching sides mid-game asks first): the bot is South.
  await page.check('input[name=seat][value=north]');
  await page.click('#confirm-yes');
  await waitState(page, 'your-turn', 30_000);
  const other = await save();
  assert.match(other, /\n\[South "oware level 7"\]\n/, other);
  assert.match(other, /\n\[North "\?"\]\n/, other);
  assert.deepEqual(page.errors, []);
  await page.close();
});
