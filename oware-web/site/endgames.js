// The endgame database, seen from the page: a worker of its own
// (endgame-worker.js) builds it once the search's worker is ready, so the
// first load and the first move never wait for it, and then answers, for
// each position, whether its result is decided. Until it is built, and for
// positions it does not hold, the bars come from the search alone.

/** The seeds on the board up to which the database is built (oware-web's endgame::PAGE_SEEDS). */
export const ENDGAME_SEEDS = 10;

export class Endgames {
  /** `onAnswer(request, answer)` receives each probe's answer; `onBuilt(report)` the build's { seeds, positions, bytes, ms }. */
  constructor({ onAnswer, onBuilt }) {
    this.onAnswer = onAnswer;
    this.onBuilt = onBuilt;
    this.worker = null;
    this.built = false;
    this.waiting = null;
  }

  /** Starts the worker and the build. */
  start() {
    this.worker = new Worker('endgame-worker.js', { type: 'module' });
    this.worker.onmessage = ({ data }) => {
      if (data.built) {
        this.built = data.built.ok;
        this.onBuilt(data.built);
        if (this.built && this.waiting !== null) this.probe(this.waiting);
      } else {
        this.onAnswer(data.request, data.answer);
      }
    };
    this.worker.postMessage({ type: 'build', seeds: ENDGAME_SEEDS });
  }

  /** Asks about the game `request` names; before the build, it is asked once the build is done. */
  probe(request) {
    if (!this.built) {
      this.waiting = request;
      return;
    }
    this.waiting = null;
    this.worker.postMessage({ type: 'probe', request });
  }
}
