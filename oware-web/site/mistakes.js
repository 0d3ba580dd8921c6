// Learning from your mistakes. Once an analysis of the game on the board
// is through, each position where the player's move threw away a result
// the analysis proves (the best move a proven win and the move played not,
// or a proven draw and the move played not a win or a draw) is proved again
// as a puzzle, exactly as the shipped ones were (the module's prove request:
// oware-puzzle's prover with the shipped set's settings), in a worker of
// its own (mistakes-worker.js), one position at a time. A puzzle whose
// first move is not the one played is a mistake to retry: kept in
// localStorage (`oware.mistakes`, one entry a position, never twice), where
// the Puzzles view (puzzles.js, `#mistakes`) finds it.

import { engineModule } from './wasm.js';
import { indexOf, seatOf, count } from './houses.js';
import { proveRequest } from './requests.js';
import { $ } from './dom.js';

/** @import { Seat, Judgement, FromMistakesWorker, ToMistakesWorker } from './messages.js' */
/** @import { Run } from './analysis.js' */

/**
 * A mistake kept: the puzzle's id and code (for the puzzle request), its
 * rules and start (a fen), the move played in the game there (a letter),
 * the move's number in the game (from 1), the day it was found, and
 * whether the player has solved it since.
 * @typedef {{ id: string, code: string, rules: string, start: string, played: string, ply: number, found: string, solved: boolean }} Mistake
 */

/**
 * Where a search of the game's mistakes stands: the positions to prove,
 * how many are proved, the mistakes found (each kept), and the longest
 * proof (ms).
 * @typedef {{ asked: number, proved: number, found: Mistake[], running: boolean, longestMs: number }} Finding
 */

const KEY = 'oware.mistakes';
/** The most mistakes kept (about 250 bytes each): past it, the oldest go first. */
const MOST_KEPT = 200;

/** The mistakes kept, oldest first. @returns {Mistake[]} */
export function loadMistakes() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(kept) ? kept.filter((m) => typeof m?.id === 'string' && typeof m.code === 'string') : [];
  } catch {
    return [];
  }
}

/** @param {Mistake[]} mistakes */
export function saveMistakes(mistakes) {
  try {
    localStorage.setItem(KEY, JSON.stringify(mistakes));
  } catch {
    // A browser that keeps nothing still plays.
  }
}

/** Keeps `mistake` unless one of its position is kept already; whether it was new. @param {Mistake} mistake */
function keep(mistake) {
  const kept = loadMistakes();
  if (kept.some((m) => m.id === mistake.id)) return false;
  saveMistakes([...kept, mistake].slice(-MOST_KEPT));
  return true;
}

/**
 * Whether `judgement` says the move threw away a proven result: the best
 * move a proven win and the move played not one, or the best a proven draw
 * and the move played neither a win nor a draw.
 * @param {Judgement | null} judgement
 */
export function threwAway(judgement) {
  const best = judgement?.bestScore?.proven;
  const played = judgement?.played.proven ?? null;
  if (best === 'win') return played !== 'win';
  return best === 'draw' && played !== 'win' && played !== 'draw';
}

export class Mistakes {
  /**
   * `onChange(finding)` is called as the search of a game's mistakes goes.
   * @param {{ onChange: (finding: Finding) => void }} hooks
   */
  constructor({ onChange }) {
    this.onChange = onChange;
    /** Its own worker, started at the first search. @type {Worker | null} */
    this.worker = null;
    /** Counts the searches: an answer for an earlier one is dropped. */
    this.turn = 0;
    /** @type {Finding | null} */
    this.finding = null;
  }

  /**
   * Looks for the mistakes of `seats` in the game `run` analysed: proves,
   * one at a time, each position where their move threw away a result.
   * @param {Run} run
   * @param {Seat[]} seats
   */
  find(run, seats) {
    const turn = ++this.turn;
    const plies = run.judged
      .map((judgement, ply) => ({ judgement, ply }))
      .filter(({ judgement, ply }) => seats.includes(seatOf(indexOf(run.moves[ply]))) && threwAway(judgement))
      .map(({ ply }) => ply);
    /** @type {Finding} */
    const finding = { asked: plies.length, proved: 0, found: [], running: plies.length > 0, longestMs: 0 };
    this.finding = finding;
    this.onChange(finding);
    if (!plies.length) return;
    const worker = this.worker ?? this.start();
    const next = () => {
      const ply = plies[finding.proved];
      const message = /** @satisfies {ToMistakesWorker} */ ({ id: turn, request: proveRequest({ rules: run.rules, start: run.start, moves: run.moves.slice(0, ply) }) });
      worker.postMessage(message);
    };
    /** @param {MessageEvent<FromMistakesWorker>} event */
    worker.onmessage = ({ data }) => {
      if (data.id !== turn) return;
      const ply = plies[finding.proved];
      finding.proved += 1;
      finding.longestMs = Math.max(finding.longestMs, data.ms);
      const { answer } = data;
      if (answer.ok && answer.puzzle && answer.puzzle.line[0].house !== run.moves[ply]) {
        const { puzzle } = answer;
        /** @type {Mistake} */
        const mistake = {
          id: puzzle.id, code: answer.code, rules: puzzle.rules, start: puzzle.start, played: run.moves[ply], ply: ply + 1,
          found: new Date().toISOString().slice(0, 10), solved: false,
        };
        keep(mistake);
        finding.found.push(mistake);
      }
      finding.running = finding.proved < finding.asked;
      this.onChange(finding);
      if (finding.running) next();
    };
    // A worker that dies ends the search where it is: what it found is kept.
    worker.onerror = () => {
      if (turn !== this.turn) return;
      finding.running = false;
      this.onChange(finding);
    };
    next();
  }

  /** Starts the worker, handing it the compiled module. */
  start() {
    const worker = new Worker('mistakes-worker.js', { type: 'module' });
    this.worker = worker;
    engineModule().then(({ module }) => worker.postMessage(/** @satisfies {ToMistakesWorker} */ ({ module })));
    return worker;
  }

  /** Stops looking (a new analysis): an answer still coming is dropped. Returns null, the finding now. */
  stop() {
    this.turn += 1;
    this.finding = null;
    return null;
  }
}

/** Says on the play page where the search of the mistakes stands, with the way to retry them. @param {Finding | null} finding */
export function drawFinding(finding) {
  // No line at all until an analysis has run through: the panel keeps its height.
  $('mistakes-line').hidden = !finding;
  $('mistakes-note').textContent = findingText(finding);
  $('mistakes-link').hidden = !finding?.found.length;
}

/** "Looking for positions to learn from: 1 of 3…", or what was found. @param {Finding | null} finding */
export function findingText(finding) {
  if (!finding) return '';
  if (finding.running) return `Proving the positions where a win or draw slipped: ${finding.proved + 1} of ${finding.asked}…`;
  const found = finding.found.length;
  return found ? `${count(found, 'position')} to learn from.` : 'No position to learn from: no proven win or draw slipped.';
}
