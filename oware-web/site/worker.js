// The search runs here, off the page: a search is synchronous inside the
// module, and every event it reports is posted to the page at once. The page
// stops a search by ending this worker and starting a fresh one. The
// engine's module comes compiled from the page, in the first message.
import { engineFromPage } from './wasm.js';

/** @import { ToSearchWorker, FromSearchWorker, SearchAnswer } from './messages.js' */

/** Posts `message` to the page. @param {FromSearchWorker} message */
const post = (message) => postMessage(message);

/** The search running (its events carry its id), null before the first. @type {number | null} */
let searchId = null;
const engine = engineFromPage((event) => post({ id: searchId, event }));

engine.then(
  () => post({ ready: true }),
  (error) => post({ failed: String(error) }),
);

/** @param {MessageEvent<ToSearchWorker>} message */
onmessage = async ({ data }) => {
  if ('module' in data) return;
  const module = await engine;
  if ('type' in data) {
    module.newGame();
    return;
  }
  searchId = data.id;
  /** @type {SearchAnswer} */
  let result;
  try {
    result = module.search(data.request);
  } catch (error) {
    result = { ok: false, error: `the engine stopped: ${error}` };
  }
  post({ id: data.id, result });
};
