// A move sown on the board seed by seed, from the cells before it to the
// module's answer after it, and at the end of a game the seeds left going
// to the stores (unless motion is reduced or the page is hidden). The
// module has already played the move and counted the seeds: this only
// times their drawing.

/** @import { GameState } from './game.js' */
/** @import { LastMove } from './game.js' */

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

export class Sowing {
  /** `onFrame()` is called whenever the cells to draw change. @param {() => void} onFrame */
  constructor(onFrame) {
    this.onFrame = onFrame;
    /** The 14 cells to draw while a move is being sown; null otherwise. @type {number[] | null} */
    this.cells = null;
    /** Counts the stops: an animation started before the last stop draws nothing more. */
    this.stops = 0;
  }

  /** Stops the animation running (the game on the board was replaced); its promise never resolves. */
  stop() {
    this.stops += 1;
    this.cells = null;
  }

  /** A move is being sown. */
  get running() {
    return this.cells !== null;
  }

  /** Sows `next.last` from the cells `from`; resolves when it is drawn. @param {number[]} from @param {GameState} next @returns {Promise<void>} */
  play(from, next) {
    const last = next.last;
    if (!last) return Promise.resolve();
    const steps = stepsOf(from, last);
    const pause = Math.max(25, Math.min(90, 1100 / steps.length));
    return this.run(steps, pause, last.captured.length ? 260 : 60);
  }

  /**
   * At the end of a game whose rule hands the seeds left on the board to
   * the players, moves them into the stores house by house, as the module's
   * outcome says (`state.outcome.gather`); resolves when they are there.
   * @param {GameState} state
   * @returns {Promise<void>}
   */
  gather(state) {
    const gathered = state.outcome?.gather ?? [];
    if (gathered.length === 0) return Promise.resolve();
    const cells = state.cells.slice();
    const steps = [cells.slice()];
    for (const { house, seat, seeds } of gathered) {
      cells[house] -= seeds;
      cells[seat === 'south' ? 12 : 13] += seeds;
      steps.push(cells.slice());
    }
    return this.run(steps, 320, 200);
  }

  /**
   * Draws each of `steps` (14 cells) `pause` ms apart, the last `hold` ms more; resolves when done.
   * @param {number[][]} steps
   * @param {number} pause
   * @param {number} hold
   * @returns {Promise<void>}
   */
  run(steps, pause, hold) {
    if (reducedMotion.matches || document.hidden) return Promise.resolve();
    const stops = this.stops;
    return new Promise(/** @param {() => void} resolve */ (resolve) => {
      let k = 0;
      const tick = () => {
        if (stops !== this.stops) return;
        if (k < steps.length) {
          this.cells = steps[k++];
          this.onFrame();
          setTimeout(tick, pause);
        } else {
          setTimeout(() => {
            if (stops !== this.stops) return;
            this.cells = null;
            this.onFrame();
            resolve();
          }, hold);
        }
      };
      tick();
    });
  }
}

/** The cells after each seed: the house emptied, then one seed at a time along the module's path. @param {number[]} from @param {LastMove} last */
function stepsOf(from, last) {
  const cells = from.slice();
  const steps = [];
  cells[last.house] = 0;
  steps.push(cells.slice());
  for (const i of last.sown) {
    cells[i] += 1;
    steps.push(cells.slice());
  }
  return steps;
}
