// One search as the page follows it: a record started for the bot's move or
// a hint, filled in by the engine's events and then its result. Every figure
// in it is the engine's own.

import { indexOf } from './houses.js';
import { proofAt } from './game.js';

/** @import { Seat, Score, Limits, SearchEvent, PanicEvent, SearchDone } from './messages.js' */
/** @import { Game, SearchProof } from './game.js' */

/**
 * One search as the page follows it: its id (the worker's messages carry
 * it), whether it is the bot's move or a hint, the level it was started at,
 * the position (moves into the game) and its mover, the limits the engine
 * reported, the deepest depth done, each house's last score (by index) and
 * the depth it came at, the best house (an index), the line expected, the
 * score and positions searched; when it started (the page's clock, ms),
 * the engine's own time for it (the last depth's, then the answer's: the
 * time the slate and the status give) and, once answered, the wall time;
 * the time from its start until its answer was shown (the engine's time
 * and the page's pacing of what it showed); and whether the opening book
 * gave the move.
 * @typedef {object} Search
 * @property {number} id
 * @property {'bot' | 'hint'} kind
 * @property {number} level
 * @property {number} ply
 * @property {Seat} mover
 * @property {Limits | null} limits
 * @property {number} depth
 * @property {Map<number, { score: Score, depth: number }>} scores
 * @property {number | null} best
 * @property {string} pv
 * @property {Score | null} score
 * @property {number | null} nodes
 * @property {number} started
 * @property {number} took
 * @property {number} [wall]
 * @property {number} elapsed
 * @property {boolean} book
 */

let searchCounter = 0;

/**
 * A new search record of `kind` for the game's position now, at `level`
 * (the level it was started at stays its own).
 * @param {Search['kind']} kind
 * @param {Game} game
 * @param {number} level
 * @returns {Search}
 */
export function newSearch(kind, game, level) {
  return {
    id: ++searchCounter, kind, level, ply: game.moves.length, mover: game.stateNow().toMove, limits: null,
    depth: 0, scores: new Map(), best: null, pv: '', score: null, nodes: null,
    started: performance.now(), took: 0, elapsed: 0, book: false,
  };
}

/**
 * Folds one engine event into `s` ('panic' is the caller's). Returns what
 * the search now proves about its position (the module's, see `proofAt` in game.js), or null.
 * @param {Search} s
 * @param {Exclude<SearchEvent, PanicEvent>} event
 * @returns {SearchProof | null}
 */
export function takeEvent(s, event) {
  switch (event.type) {
    case 'start':
      s.limits = event.limits;
      break;
    case 'root':
      s.scores.set(indexOf(event.house), { score: event.score, depth: event.depth });
      break;
    case 'iteration':
      s.depth = event.depth;
      s.best = indexOf(event.best);
      s.pv = event.pv;
      s.score = event.score;
      s.nodes = event.nodes;
      s.took = event.ms;
      for (const [house, score] of event.rootScores) {
        s.scores.set(indexOf(house), { score, depth: event.depth });
      }
      return proofAt(s.ply, event.proof);
    default:
      break;
  }
  return null;
}

/**
 * Folds the engine's (successful) result into `s`, arriving at time `arrived`; returns its proof, as `takeEvent`.
 * @param {Search} s
 * @param {SearchDone} result
 * @param {number} arrived
 */
export function takeResult(s, result, arrived) {
  // The engine's own time for the search; the wall time (worker start-up
  // included) is kept for measurements.
  s.took = result.ms;
  s.wall = arrived - s.started;
  // At levels 15-19 the opening's moves come from the book, not a search:
  // its moves and their scores stand in for the search's.
  s.book = result.book === true;
  s.depth = result.depth;
  s.nodes = result.nodes;
  s.pv = result.pv;
  s.score = result.score;
  s.best = result.best === null ? null : indexOf(result.best);
  for (const [house, score] of result.rootScores) {
    s.scores.set(indexOf(house), { score, depth: result.depth });
  }
  return proofAt(s.ply, result.proof);
}

/** The engine's time `ms` in seconds as the page writes it: 0.59 under a second, 12.3 above. @param {number} ms */
export function searchSeconds(ms) {
  return (ms / 1000).toFixed(ms < 1000 ? 2 : 1);
}
