// The endgame database, seen from the page: a worker of its own
// (endgame-worker.js) builds it once the search's worker is ready, so the
// first load and the first move never wait for it, and then answers, for
// each position, whether its result is decided. Until it is built, and for
// positions it does not hold, the bars come from the search alone. The
// worker is handed the module the page compiled (wasm.js).

import { engineModule } from './wasm.js';

/** @import { ProbeAnswer, BuildReport, FromEndgameWorker, ToEndgameWorker } from './messages.js' */

export class Endgames {
  /**
   * `onAnswer(request, answer)` receives each probe's answer; `onBuilt(report)` the build's { seeds, positions, bytes, ms }.
   * @param {object} hooks
   * @param {(request: string, answer: ProbeAnswer) => void} hooks.onAnswer
   * @param {(report: BuildReport) => void} hooks.onBuilt
   */
  constructor({ onAnswer, onBuilt }) {
    this.onAnswer = onAnswer;
    this.onBuilt = onBuilt;
    /** @type {Worker | null} */
    this.worker = null;
    this.built = false;
    /** The probe asked before the build was done, asked once it is. @type {string | null} */
    this.waiting = null;
    /** The rules of the database asked for (null: none yet). @type {string | null} */
    this.rules = null;
  }

  /** Starts the worker and the build of the database for the rule set named `rules`. @param {string} rules */
  start(rules) {
    const worker = new Worker('endgame-worker.js', { type: 'module' });
    this.worker = worker;
    engineModule().then(({ module }) => this.post({ module }), () => {});
    /** @param {MessageEvent<FromEndgameWorker>} message */
    this.worker.onmessage = ({ data }) => {
      if ('built' in data) {
        // Under rules no database is true for, none is built: no probes.
        this.built = data.built.ok && data.built.ruleset !== null;
        this.onBuilt(data.built);
        if (this.built && this.waiting !== null) this.probe(this.waiting);
      } else {
        this.onAnswer(data.request, data.answer);
      }
    };
    // The rules a probe named before the worker was up are asked for now.
    this.rules = null;
    this.useRules(rules);
  }

  /**
   * Asks for the database a game under `rules` needs (the worker's module
   * picks it: abapa's under abapa and auale, awari's under awari-split,
   * none under awari and sowing, and keeps the one it holds when that is
   * it); probes wait until it is built.
   * @param {string} rules
   */
  useRules(rules) {
    if (rules === this.rules) return;
    this.rules = rules;
    if (!this.worker) return;
    this.built = false;
    this.post({ type: 'build', rules });
  }

  /** Asks about the game `request` names; before the build, it is asked once the build is done. @param {string} request */
  probe(request) {
    if (!this.built) {
      this.waiting = request;
      return;
    }
    this.waiting = null;
    this.post({ type: 'probe', request });
  }

  /** Posts `message` to the worker (started, as every caller's state shows). @param {ToEndgameWorker} message */
  post(message) {
    this.worker?.postMessage(message);
  }
}
