// The search runs here, off the page: a search is synchronous inside the
// module, and every event it reports is posted to the page at once. The page
// stops a search by ending this worker and starting a fresh one. The
// engine's module comes compiled from the page, in the first message.
import { engineFromPage } from './wasm.js';

let searchId = null;
const engine = engineFromPage((event) => postMessage({ id: searchId, event }));

engine.then(
  () => postMessage({ ready: true }),
  (error) => postMessage({ failed: String(error) }),
);

onmessage = async ({ data }) => {
  if (data.module) return;
  const module = await engine;
  if (data.type === 'new-game') {
    module.newGame();
    return;
  }
  searchId = data.id;
  let result;
  try {
    result = module.search(data.request);
  } catch (error) {
    result = { ok: false, error: `the engine stopped: ${error}` };
  }
  postMessage({ id: data.id, result });
};
