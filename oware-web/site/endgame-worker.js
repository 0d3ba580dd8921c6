// The endgame database's worker: loads the module, builds a small database
// (the one true for the rules that come with a build message: abapa's under
// abapa and auale, awari's under awari-split, none under awari and sowing;
// the module picks it, up to the seeds it says the page holds), then
// answers probes. It
// runs beside the search's worker, which is restarted to stop a search; this
// one is never stopped, so each database is built at most once a visit in a
// row (a build for the rules of the database held keeps it). The engine's
// module comes compiled from the page, in the first message.
import { engineFromPage } from './wasm.js';

/** @import { ToEndgameWorker, FromEndgameWorker, BuildAnswer, ProbeAnswer } from './messages.js' */

/** Posts `message` to the page. @param {FromEndgameWorker} message */
const post = (message) => postMessage(message);

const engine = engineFromPage();
/** The database built, or null before (or after a build that failed). @type {BuildAnswer | null} */
let database = null;

/** @param {MessageEvent<ToEndgameWorker>} message */
onmessage = async ({ data }) => {
  if ('module' in data) return;
  const module = await engine;
  if (data.type === 'build') {
    const started = performance.now();
    const built = module.buildEndgames(module.info().endgameSeeds, data.rules);
    database = built.ok && built.ruleset !== null ? built : null;
    post({ built: { ...built, ms: performance.now() - started } });
    return;
  }
  /** @type {ProbeAnswer} */
  const answer = database ? module.probe(data.request) : { ok: false, error: 'the endgame database is not built' };
  post({ request: data.request, answer });
};
