// The endgame database's worker: loads the module, makes the database the
// one true for the rules that come with a build message (abapa's under
// abapa and auale, awari's under awari-split, none under awari and sowing;
// the module picks it), then answers probes and practice moves. It runs beside the search's
// worker, which is restarted to stop a search; this one is never stopped.
// The engine's module comes compiled from the page, in the first message.
//
// What it builds it keeps, one file a seed count as oware-egdb writes them
// (`abapa-07.egdb`: a header with the format version and a checksum, then
// the values), in the Origin Private File System, or in IndexedDB where
// that is missing (slices.js). It is the files' one writer; the search's
// worker (worker.js) reads them too, so that the bot plays with them. A
// build reads the kept files back first, each checked in full by the
// module (endgame.rs, `read_slice`): a file of another format version, cut
// short by a tab closed while it was written, or damaged is refused and
// built again with every file above it. Then it builds up to
// the page's first size (the module's `endgameSeeds`), and each `grow`
// message (the page sends them while the player is idle) adds one seed
// count, up to the module's `endgameMaxSeeds` or the share of the storage
// quota the page allows itself (KEEP_SHARE).

import { engineFromPage } from './wasm.js';
import { openStore, fileName, readKept } from './slices.js';

/** @import { ToEndgameWorker, FromEndgameWorker, ProbeAnswer, Kept } from './messages.js' */
/** @import { Engine } from './wasm.js' */
/** @import { Store, Held } from './slices.js' */

/**
 * The share of the origin's storage quota (`navigator.storage.estimate()`:
 * in Chromium, most of the free disk) the database may bring the origin's
 * use to: a fifth leaves the rest to the page's offline copy and the
 * browser's own judgement of a fair share.
 */
const KEEP_SHARE = 0.2;

/** Posts `message` to the page. @param {FromEndgameWorker} message */
const post = (message) => postMessage(message);

const engine = engineFromPage();

/** The engine, once the page has posted it. @type {Engine | null} */
let module = null;
/** The store, or why nothing is kept; opened at the first build. @type {Promise<Store | string> | null} */
let storing = null;
/** The database held (the module's answer), or null. @type {Held | null} */
let held = null;
/** The most seeds the database is to hold (the page's, or the module's most). */
let target = 0;
/** What is kept, as the page shows it. @type {Kept} */
let kept = { state: 'none' };
/** Whether the player said to keep nothing (the setting off, or Delete), until told to keep again. */
let forgotten = false;

/** The messages handled so far: each waits for the one before, as a build reads and writes storage. */
let queue = Promise.resolve();

/** @param {MessageEvent<ToEndgameWorker>} message */
onmessage = ({ data }) => {
  queue = queue.then(() => handle(data)).catch((error) => console.error(error));
};

/** @param {ToEndgameWorker} data */
async function handle(data) {
  if ('module' in data) return;
  module ??= await engine;
  if (data.type === 'build') {
    forgotten = !data.keep;
    return build(module, data.rules, data.seeds);
  }
  if (data.type === 'grow') return grow(module);
  if (data.type === 'forget') return forget();
  if (data.type === 'keep') return keepAgain(module);
  const refused = { ok: /** @type {const} */ (false), error: 'the endgame database is not built' };
  if (data.type === 'practice') {
    post({ practice: data.request, answer: held ? module.practice(data.request) : refused });
    return;
  }
  /** @type {ProbeAnswer} */
  const answer = held ? module.probe(data.request) : refused;
  post({ request: data.request, answer });
}

/**
 * Makes the database the one for `rules`: the kept slices read back, then
 * built up to the page's first size (or `seeds`, when smaller: the tests'
 * seam), each slice built kept.
 * @param {Engine} module
 * @param {string} rules
 * @param {number | null} seeds
 */
async function build(module, rules, seeds) {
  const started = performance.now();
  const info = module.info();
  target = Math.min(seeds ?? info.endgameMaxSeeds, info.endgameMaxSeeds);
  const answer = module.useEndgames(rules);
  if (!answer.ok || answer.ruleset === null) {
    held = null;
    post({ built: { ...answer, ms: performance.now() - started, loaded: 0, solved: 0, refused: null, kept, grows: false } });
    return;
  }
  /** What it holds as it is read and built. @type {Held} */
  let now = answer;
  held = now;
  const ruleset = answer.ruleset;
  storing ??= openStore();
  const store = forgotten ? 'deleted' : await storing;
  let loaded = 0;
  /** Why a kept file was refused, if one was. @type {string | null} */
  let refused = null;
  if (typeof store !== 'string') {
    // Its bytes are worked out at each report, from what is held.
    kept = { state: 'kept', bytes: 0 };
    const read = await readKept(module, store, now, info.endgameMaxSeeds);
    held = now = read.held;
    loaded = read.loaded;
    if (read.refused) {
      // Refused: it and every file above it are built again.
      refused = read.refused.why;
      for (let m = read.refused.seeds; m <= info.endgameMaxSeeds; m += 1) await store.remove(fileName(ruleset, m));
    }
  } else {
    kept = forgotten ? { state: 'deleted' } : { state: 'refused', why: store };
  }
  let solved = 0;
  while (now.seeds < Math.min(info.endgameSeeds, target)) {
    const grown = module.growEndgames();
    if (!grown.ok || grown.ruleset === null) break;
    held = now = grown;
    solved += 1;
    await keep(module, typeof store === 'string' ? null : store, grown.ruleset, grown.seeds);
  }
  await report(started, loaded, solved, refused);
}

/**
 * Adds one seed count to the database, if it is below its target and the
 * quota allows, and keeps it.
 * @param {Engine} module
 */
async function grow(module) {
  if (!held || !(await grows())) return;
  const started = performance.now();
  post({ growing: held.seeds + 1 });
  const answer = module.growEndgames();
  if (!answer.ok || answer.ruleset === null) return;
  held = answer;
  const store = await storing;
  await keep(module, typeof store === 'string' || store === null ? null : store, answer.ruleset, answer.seeds);
  await report(started, 0, 1, null);
}

/** Deletes every kept file; the database held serves this visit, and nothing is kept again until `keepAgain`. */
async function forget() {
  forgotten = true;
  storing ??= openStore();
  const store = await storing;
  if (store && typeof store !== 'string') await store.clear();
  kept = { state: 'deleted' };
  await report(performance.now(), 0, 0, null);
}

/**
 * The player turned keeping back on: what is held is kept at once (every
 * slice but the empty board's), and it grows again while the player idles.
 * @param {Engine} module
 */
async function keepAgain(module) {
  forgotten = false;
  storing ??= openStore();
  const store = await storing;
  if (typeof store === 'string') {
    kept = { state: 'refused', why: store };
  } else if (held?.ruleset) {
    kept = { state: 'kept', bytes: 0 };
    for (let seeds = 1; seeds <= held.seeds; seeds += 1) await keep(module, store, held.ruleset, seeds);
  } else {
    kept = { state: 'none' };
  }
  await report(performance.now(), 0, 0, null);
}

/**
 * Keeps slice `seeds` of the database held in `store` (none: nothing is
 * kept); a write the browser refuses (its quota) says why in `kept`.
 * @param {Engine} module
 * @param {Store | null} store
 * @param {string} ruleset
 * @param {number} seeds
 */
async function keep(module, store, ruleset, seeds) {
  if (!store || kept.state !== 'kept') return;
  const bytes = module.endgameFile(seeds);
  if (!bytes) return;
  try {
    await store.write(fileName(ruleset, seeds), bytes);
  } catch (error) {
    await store.remove(fileName(ruleset, seeds));
    kept = { state: 'refused', why: String(error) };
  }
}

/**
 * Whether the database is to grow by one more seed count: below its
 * target, kept (a database not kept would be built again at every visit),
 * and its next slice within the share of the quota (KEEP_SHARE).
 */
async function grows() {
  if (!held || held.seeds >= target || held.nextBytes === null || kept.state !== 'kept') return false;
  try {
    const { usage = 0, quota = 0 } = await navigator.storage.estimate();
    return usage + held.nextBytes <= quota * KEEP_SHARE;
  } catch {
    return false;
  }
}

/**
 * Tells the page what is held and kept, and what this step took.
 * @param {number} started
 * @param {number} loaded slices read from storage
 * @param {number} solved slices built
 * @param {string | null} refused why a kept file was refused
 */
async function report(started, loaded, solved, refused) {
  if (!held) return;
  // Every slice held but the empty board's is kept: the files' bytes are
  // the values' (held.bytes, less slice 0's one position) and a header each.
  const shown = kept.state === 'kept' ? { state: kept.state, bytes: held.bytes - held.bytes / held.positions + 32 * held.seeds } : kept;
  post({ built: { ...held, ms: performance.now() - started, loaded, solved, refused, kept: shown, grows: await grows() } });
}
