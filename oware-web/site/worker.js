// The search runs here, off the page: a search is synchronous inside the
// module, and every event it reports is posted to the page at once. The page
// stops a search by ending this worker and starting a fresh one. The
// engine's module comes compiled from the page, in the first message.
//
// The search plays with the endgame database the endgame worker keeps
// (slices.js): before each search this worker reads the kept files above
// what it holds, for the search's rules (the module picks the database true
// for them, as in the endgame worker, and drops the one it holds when the
// rules need another or none), each checked in full; the module lends it to
// the engine for the search (endgame.rs, `lend`). It only reads: the
// endgame worker is the files' one writer, and a file refused here (being
// written, or damaged) ends the reading until the next search.
//
// Why read at each search rather than be told by the page when a slice is
// kept: with nothing new the reading is one lookup of a missing file; a
// worker started afresh (as every stopped search leaves it) has to read
// everything kept at its first search anyway (16 seeds, 61 MB: about 0.3 s
// in Chromium); and no message has to pass between the two workers through
// the page, nor be sent again to each worker started in place of another.
import { engineFromPage } from './wasm.js';
import { openStore, readKept } from './slices.js';

/** @import { ToSearchWorker, FromSearchWorker, SearchAnswer, SearchRequest } from './messages.js' */
/** @import { Engine } from './wasm.js' */
/** @import { Store } from './slices.js' */

/** Posts `message` to the page. @param {FromSearchWorker} message */
const post = (message) => postMessage(message);

/** The search running (its events carry its id), null before the first. @type {number | null} */
let searchId = null;
const engine = engineFromPage((event) => post({ id: searchId, event }));

engine.then(
  () => post({ ready: true }),
  (error) => post({ failed: String(error) }),
);

/** The kept files, or why there are none; opened at the first search. @type {Promise<Store | string> | null} */
let storing = null;

/** The messages handled so far: each waits for the one before, as a search first reads storage. */
let queue = Promise.resolve();

/** @param {MessageEvent<ToSearchWorker>} message */
onmessage = ({ data }) => {
  if ('module' in data) return;
  queue = queue.then(() => handle(data)).catch((error) => console.error(error));
};

/** @param {Exclude<ToSearchWorker, { module: WebAssembly.Module }>} data */
async function handle(data) {
  const module = await engine.catch(() => null);
  if (!module) return;
  if ('type' in data) {
    module.newGame();
    return;
  }
  await readEndgames(module, data);
  searchId = data.id;
  /** @type {SearchAnswer} */
  let result;
  try {
    result = module.search(data.request);
  } catch (error) {
    result = { ok: false, error: `the engine stopped: ${error}` };
  }
  post({ id: data.id, result });
}

/**
 * Has the module hold the database for the rules of `search`, with every
 * kept file above what it holds read into it. Storage that fails leaves it
 * as it is: the search plays with what has been read.
 * @param {Engine} module
 * @param {SearchRequest} search
 */
async function readEndgames(module, search) {
  const held = module.useEndgames(search.rules);
  if (!held.ok || held.ruleset === null) return;
  storing ??= openStore();
  try {
    const store = await storing;
    if (typeof store !== 'string') await readKept(module, store, held, module.info().endgameMaxSeeds);
  } catch (error) {
    console.warn(`the kept endgame database could not be read: ${error}`);
  }
}
