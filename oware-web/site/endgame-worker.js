// The endgame database's worker: loads the module, builds a small abapa
// database (the seeds up to which come with the first message), then answers
// probes. It runs beside the search's worker, which is restarted to stop a
// search; this one is never stopped, so the database is built once a visit.
import { loadEngine } from './wasm.js';

const engine = loadEngine('oware_web.wasm');
let database = null;

onmessage = async ({ data }) => {
  const module = await engine;
  if (data.type === 'build') {
    const started = performance.now();
    const built = module.buildEndgames(data.seeds);
    database = built.ok ? built : null;
    postMessage({ built: { ...built, ms: performance.now() - started } });
    return;
  }
  const answer = database ? module.probe(data.request) : { ok: false, error: 'the endgame database is not built' };
  postMessage({ request: data.request, answer });
};
