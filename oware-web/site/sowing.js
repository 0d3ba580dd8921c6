// A move sown on the board seed by seed, from the cells before it to the
// module's answer after it (unless motion is reduced or the page is hidden).
// The module has already played the move: this only times its drawing.

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

export class Sowing {
  /** `onFrame()` is called whenever the cells to draw change. */
  constructor(onFrame) {
    this.onFrame = onFrame;
    /** The 14 cells to draw while a move is being sown; null otherwise. */
    this.cells = null;
  }

  /** A move is being sown. */
  get running() {
    return this.cells !== null;
  }

  /** Sows `next.last` from the cells `from`; resolves when it is drawn. */
  play(from, next) {
    const last = next.last;
    if (!last || reducedMotion.matches || document.hidden) return Promise.resolve();
    const steps = stepsOf(from, last);
    const pause = Math.max(25, Math.min(90, 1100 / steps.length));
    return new Promise((resolve) => {
      let k = 0;
      const tick = () => {
        if (k < steps.length) {
          this.cells = steps[k++];
          this.onFrame();
          setTimeout(tick, pause);
        } else {
          setTimeout(() => {
            this.cells = null;
            this.onFrame();
            resolve();
          }, last.captured.length ? 260 : 60);
        }
      };
      tick();
    });
  }
}

/** The cells after each seed: the house emptied, then one seed at a time along the module's path. */
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
