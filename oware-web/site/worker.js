// The search runs here, off the page: a search is synchronous inside the
// module, and every event it reports is posted to the page at once. The page
// stops a search by ending this worker and starting a fresh one.
import { loadEngine } from './wasm.js';

let searchId = null;
const engine = loadEngine('oware_web.wasm', (event) => postMessage({ id: searchId, event }));

engine.then(
  () => postMessage({ ready: true }),
  (error) => postMessage({ failed: String(error) }),
);

onmessage = async ({ data }) => {
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
