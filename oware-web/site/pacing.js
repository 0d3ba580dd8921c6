// A fast search finishes many depths within one frame. Its events are
// shown in order at a pace a person can follow (a pause after each depth,
// a shorter one after each house's score), so the chalk and the meter can
// be watched; a slow search is shown as it comes. When the engine runs
// ahead, the pauses shrink, and once it has answered the rest is shown
// within half a second. Nothing is changed or invented: only the timing.

/** @import { SearchEvent, SearchAnswer, SearchMessage, SearchEventMessage, SearchResultMessage } from './messages.js' */

/** A message waiting its turn; an answer carries when it arrived. @typedef {SearchEventMessage | (SearchResultMessage & { arrived: number })} Waiting */

const PACE_MS = { root: 12, iteration: 110 };
const CATCH_UP_MS = 500;

export class Pacer {
  /**
   * `currentId()` is the id of the search in progress (null for none): only
   * its messages are shown. `show(event)` shows one event; `finish(result,
   * arrived)` takes the search's answer and when it arrived.
   * @param {object} hooks
   * @param {() => number | null} hooks.currentId
   * @param {(event: SearchEvent) => void} hooks.show
   * @param {(result: SearchAnswer, arrived: number) => void} hooks.finish
   */
  constructor({ currentId, show, finish }) {
    this.currentId = currentId;
    this.show = show;
    this.finish = finish;
    /** @type {Waiting[]} */
    this.queue = [];
    /** The pause before the next message is shown, if one is running. @type {ReturnType<typeof setTimeout> | null} */
    this.pause = null;
  }

  /**
   * Drops whatever is waiting (the search it belonged to is over), and the
   * pause it was in: the next search's messages are shown from their first,
   * not held until a pause of the last search runs out.
   */
  clear() {
    this.queue = [];
    if (this.pause !== null) clearTimeout(this.pause);
    this.pause = null;
  }

  /** Takes a message from the worker, to be shown in its turn. @param {SearchMessage} data */
  receive(data) {
    const id = this.currentId();
    if (id === null || data.id !== id) return;
    this.queue.push('result' in data ? { ...data, arrived: performance.now() } : data);
    this.pump();
  }

  /** Shows every queued message at once (for "move now"). */
  flush() {
    while (this.queue.length && this.currentId() !== null) {
      const item = /** @type {Waiting} */ (this.queue.shift());
      if ('event' in item) this.show(item.event);
      else this.finish(item.result, item.arrived);
    }
  }

  pump() {
    if (this.pause !== null) return;
    while (this.queue.length) {
      const item = /** @type {Waiting} */ (this.queue.shift());
      if (!('event' in item)) {
        this.finish(item.result, item.arrived);
        continue;
      }
      this.show(item.event);
      const pause = this.pauseAfter(item.event);
      if (pause > 0) {
        this.pause = setTimeout(() => {
          this.pause = null;
          this.pump();
        }, pause);
        return;
      }
    }
  }

  /** How long to wait after showing `event` (ms), by what is still waiting. @param {SearchEvent} event */
  pauseAfter(event) {
    const depthsWaiting = this.queue.filter((item) => 'event' in item && item.event.type === 'iteration').length;
    const answer = this.queue.find((item) => 'result' in item);
    if (event.type === 'iteration') {
      if (!answer) return PACE_MS.iteration / Math.max(1, depthsWaiting);
      const left = answer.arrived + CATCH_UP_MS - performance.now();
      return Math.max(0, left) / Math.max(1, depthsWaiting);
    }
    if (event.type === 'root') return answer || depthsWaiting > 0 ? 0 : PACE_MS.root;
    return 0;
  }
}
