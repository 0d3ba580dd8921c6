// The page keeps its endgame database: what the endgame worker builds is
// kept in the browser (the Origin Private File System), so a later visit
// reads it back at once instead of building it; a kept file that is
// damaged, cut short or of another format version is refused and built
// again; the database grows while the player is idle; IndexedDB keeps it
// where the browser has no OPFS; the bot plays with what is kept; and
// Settings says what is kept, with a button that deletes it. The tests keep the database
// small with the page's test seam: localStorage `oware.endgameSeeds`
// (endgames.js, SEEDS_KEY) caps the seeds it grows to.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openTab, waitState, eventually } from '../lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

/**
 * A context whose pages cap the database at `seeds` (the seam), and a visit
 * in it; `route(context)`, if given, is called before the page loads.
 */
async function visit(seeds, route = null) {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await context.addInitScript((n) => localStorage.setItem('oware.endgameSeeds', String(n)), seeds);
  if (route) await route(context);
  return { context, page: await openTab(context) };
}

/** The endgame worker's first report of this visit: its build, or its read from storage. */
async function built(page) {
  const report = await page.waitForFunction(() => window.oware.debug.endgameReports[0], null, { timeout: 60_000 });
  return report.jsonValue();
}

/** A reload in the same context (a later visit), waiting for the build's report. */
async function again(page) {
  await page.reload();
  await waitState(page, 'your-turn');
  return built(page);
}

/** The bytes of the abapa slice files of 1 to `seeds` seeds: a 32-byte header, then two bytes a position. */
function keptBytes(seeds) {
  let bytes = 0;
  for (let n = 1; n <= seeds; n += 1) {
    let positions = 1;
    for (let k = 1; k <= 11; k += 1) positions = (positions * (n + k)) / k;
    bytes += 32 + 2 * positions;
  }
  return bytes;
}

/** Changes the kept file `name` in the page's Origin Private File System with `change(bytes)`. */
async function damage(page, name, change) {
  await page.evaluate(async ([file, source]) => {
    const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('endgames');
    const handle = await folder.getFileHandle(file);
    const bytes = new Uint8Array(await (await handle.getFile()).arrayBuffer());
    // eslint-disable-next-line no-new-func
    const changed = new Function('bytes', source)(bytes);
    const writable = await handle.createWritable();
    await writable.write(changed);
    await writable.close();
  }, [name, change]);
}

/**
 * North to move, six seeds on the board, South ahead 23 to 19: the
 * database proves that f wins for North, where level 10's search alone
 * (6 plies) plays b and finds no win within 20 plies (endgame.rs tests the
 * same position natively).
 */
const NORTH_WINS_WITH_F = '0-1-1-0-0-0-1-1-0-0-0-2-23-19-N';

/** The bot's move (North's, at level 10) in NORTH_WINS_WITH_F, opened once the database is built and kept. */
async function botMove(page) {
  await built(page);
  await page.selectOption('#level', '10');
  await page.setInputFiles('#open-file', {
    name: 'endgame.ogn', mimeType: 'text/plain', buffer: Buffer.from(`[FEN "${NORTH_WINS_WITH_F}"]\n\n*\n`),
  });
  await page.waitForFunction(() => window.oware.moves.length === 1, null, { timeout: 30_000 });
  return page.evaluate(() => window.oware.moves);
}

test('the bot plays with the database kept: a win its search alone does not see', async () => {
  // Nothing kept (the seam caps the database at 0 seeds): the search alone.
  const none = await visit(0);
  await waitState(none.page, 'your-turn');
  assert.equal(await botMove(none.page), 'b');
  await none.context.close();
  // Six seeds kept: the search's worker reads them, and the bot wins.
  const { context, page } = await visit(6);
  await waitState(page, 'your-turn');
  assert.equal(await botMove(page), 'f');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the endgame database is kept across visits, and grows while the player is idle', async () => {
  const { context, page } = await visit(4);
  await waitState(page, 'your-turn');
  const first = await built(page);
  assert.deepEqual(
    { seeds: first.seeds, loaded: first.loaded, solved: first.solved, kept: first.kept },
    { seeds: 4, loaded: 0, solved: 4, kept: { state: 'kept', bytes: keptBytes(4) } },
  );
  assert.equal(await page.locator('#endgame-kept').textContent(), 'Endgame database: abapa up to 4 seeds, 4 kB kept in this browser; the bot plays with it');
  assert.equal(await page.locator('#forget-endgames').isEnabled(), true);
  // Aualé's rule uses the same database: it is kept, and so is what Settings says.
  await page.selectOption('#rules', 'auale');
  await page.waitForFunction(() => window.oware.debug.endgameReports.length === 2);
  assert.equal(await page.locator('#endgame-kept').textContent(), 'Endgame database: abapa up to 4 seeds, 4 kB kept in this browser; the bot plays with it');

  // A later visit reads it from storage: nothing is solved, and it answers at once.
  const later = await again(page);
  assert.deepEqual(
    { seeds: later.seeds, loaded: later.loaded, solved: later.solved, refused: later.refused, grows: later.grows },
    { seeds: 4, loaded: 4, solved: 0, refused: null, grows: false },
  );
  await page.setInputFiles('#open-file', {
    name: 'endgame.ogn', mimeType: 'text/plain', buffer: Buffer.from('[FEN "0-0-0-0-0-1-1-0-0-0-1-1-24-20-S"]\n\n*\n'),
  });
  await page.waitForSelector('.mark.proof[data-source="database"]', { timeout: 10_000 });

  // With room to grow (a cap of 11), the next visit reads the 4 kept seeds,
  // builds up to the page's first size (10 seeds) and, the player idle,
  // adds 11, each kept.
  await context.addInitScript(() => localStorage.setItem('oware.endgameSeeds', '11'));
  const grown = await again(page);
  assert.deepEqual(
    { seeds: grown.seeds, loaded: grown.loaded, solved: grown.solved, grows: grown.grows },
    { seeds: 10, loaded: 4, solved: 6, grows: true },
  );
  // While it grows, the page says the searches are slower for it.
  await page.waitForFunction(() => document.getElementById('endgame-growing').textContent
    === "The endgame database is growing to 11 seeds in the background: hints and the bot's moves are slower until it is done.", null, { timeout: 90_000 });
  await page.waitForFunction(() => window.oware.debug.endgames?.seeds === 11, null, { timeout: 90_000 });
  await eventually(async () => assert.equal(await page.locator('#endgame-growing').textContent(), ''));
  const reports = await page.evaluate(() => window.oware.debug.endgameReports.map((r) => [r.seeds, r.solved, r.kept.bytes, r.grows]));
  assert.deepEqual(reports, [[10, 6, keptBytes(10), true], [11, 1, keptBytes(11), false]]);
  assert.equal(await page.locator('#endgame-kept').textContent(), 'Endgame database: abapa up to 11 seeds, 2.7 MB kept in this browser; the bot plays with it');
  const last = await again(page);
  assert.deepEqual({ seeds: last.seeds, loaded: last.loaded, solved: last.solved }, { seeds: 11, loaded: 11, solved: 0 });

  // Delete: nothing is kept, and the setting is off until turned on again:
  // each later visit builds the first size for itself, keeps nothing and
  // never grows.
  assert.equal(await page.locator('#keep-endgames').isChecked(), true);
  await page.locator('#forget-endgames').click();
  await page.waitForFunction(() => window.oware.debug.endgames?.kept.state === 'deleted');
  const off = 'Endgame database: abapa up to 11 seeds, not kept (off: tick the box above to keep one)';
  assert.equal(await page.locator('#endgame-kept').textContent(), off);
  assert.equal(await page.locator('#forget-endgames').isEnabled(), false);
  assert.equal(await page.locator('#keep-endgames').isChecked(), false);
  for (let visit = 0; visit < 2; visit += 1) {
    const fresh = await again(page);
    assert.deepEqual(
      { loaded: fresh.loaded, solved: fresh.solved, kept: fresh.kept.state, grows: fresh.grows },
      { loaded: 0, solved: 10, kept: 'deleted', grows: false },
    );
    assert.equal(await page.locator('#keep-endgames').isChecked(), false);
    assert.equal(await page.locator('#endgame-kept').textContent(), 'Endgame database: abapa up to 10 seeds, not kept (off: tick the box above to keep one)');
  }
  // Turned on again: what is held is kept at once, and read back at the next visit.
  await page.locator('#keep-endgames').check();
  await page.waitForFunction(() => window.oware.debug.endgames?.kept.state === 'kept');
  assert.deepEqual(await page.evaluate(() => window.oware.debug.endgames.kept), { state: 'kept', bytes: keptBytes(10) });
  const back = await again(page);
  assert.deepEqual({ loaded: back.loaded, solved: back.solved, kept: back.kept.state }, { loaded: 10, solved: 0, kept: 'kept' });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a kept file that is damaged, cut short or of another version is built again, never misread', async () => {
  const { context, page } = await visit(4);
  await waitState(page, 'your-turn');
  assert.equal((await built(page)).solved, 4);

  // A value flipped in slice 3: slices 1 and 2 are read, 3 and 4 built again.
  await damage(page, 'abapa-03.egdb', 'bytes[bytes.length - 1] ^= 2; return bytes;');
  const flipped = await again(page);
  assert.deepEqual({ loaded: flipped.loaded, solved: flipped.solved, seeds: flipped.seeds }, { loaded: 2, solved: 2, seeds: 4 });
  assert.match(flipped.refused, /^the abapa slice of 3 seeds is refused: its data does not match its checksum$/);

  // Slice 4 cut short, as by a tab closed while it was written.
  await damage(page, 'abapa-04.egdb', 'return bytes.slice(0, 100);');
  const short = await again(page);
  assert.deepEqual({ loaded: short.loaded, solved: short.solved }, { loaded: 3, solved: 1 });
  assert.match(short.refused, /slice of 4 seeds is refused: it holds 68 bytes of data where its header calls for 2730/);

  // Slice 2 written by another format version (the header's bytes 8..12).
  await damage(page, 'abapa-02.egdb', 'bytes[8] = 2; return bytes;');
  const version = await again(page);
  assert.deepEqual({ loaded: version.loaded, solved: version.solved }, { loaded: 1, solved: 3 });
  assert.match(version.refused, /slice of 2 seeds is refused: its format version is 2/);

  // What was built again is kept whole: the next visit reads all of it.
  const whole = await again(page);
  assert.deepEqual({ loaded: whole.loaded, solved: whole.solved, refused: whole.refused }, { loaded: 4, solved: 0, refused: null });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('where the browser has no Origin Private File System, IndexedDB keeps the database', async () => {
  // Both workers served with the file system's sync access taken away
  // first, as in a browser without it.
  const { context, page } = await visit(6, (c) => c.route(/\/(endgame-)?worker\.js$/, async (route) => {
    const response = await route.fetch();
    const body = `delete FileSystemFileHandle.prototype.createSyncAccessHandle;\n${await response.text()}`;
    await route.fulfill({ response, body });
  }));
  await waitState(page, 'your-turn');
  const first = await built(page);
  assert.deepEqual({ solved: first.solved, kept: first.kept }, { solved: 6, kept: { state: 'kept', bytes: keptBytes(6) } });
  assert.equal(await page.evaluate(async () => {
    const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('endgames', { create: true });
    const names = [];
    for await (const name of folder.keys()) names.push(name);
    return names.length;
  }), 0, 'nothing went to the file system');
  const later = await again(page);
  assert.deepEqual({ loaded: later.loaded, solved: later.solved }, { loaded: 6, solved: 0 });
  // The search's worker reads it from there: the bot plays the database's win.
  assert.equal(await botMove(page), 'f');
  assert.deepEqual(page.errors, []);
  await context.close();
});
