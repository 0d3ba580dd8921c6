// The game being played: its rule set and moves, the module's answer for
// them (board, legal moves, outcome, sowing paths), and what a search has
// proved about the position. Neither the rules nor what a proof means after
// a move are worked out here: every question goes to the module loaded on
// the page.

import { letter, indexOf } from './houses.js';
import { probeRequest, stateRequest } from './requests.js';

/** @import { Seat, GameStateJson, LastMoveJson, IllegalMove, Refusal, ProofJson, ProbeAnswer, GameWords, StateText, ProbeText } from './messages.js' */
/** @import { Engine } from './wasm.js' */

/** The last move as the page keeps it: the module's, its house an index (`Game.ask`). @typedef {Omit<LastMoveJson, 'house'> & { house: number }} LastMove */

/** The module's answer for a game as the page keeps it: its last move's house an index. @typedef {Omit<GameStateJson, 'last'> & { last: LastMove | null }} GameState */

/** An answer to a state request, as `Game.ask` gives it. @typedef {GameState | IllegalMove | Refusal} Answer */

/**
 * A proof as the board shows it: who can force a win (`winner` null for a
 * forced draw), and whether it is exact (the endgame database's) or the
 * search's.
 * @typedef {object} Proved
 * @property {'win' | 'draw'} kind
 * @property {Seat | null} winner
 * @property {boolean} exact
 */

/** What a search proved about the position after `ply` moves, with its best move and line (letters; see `proofAt`). @typedef {Proved & { ply: number, best: string | null, line: string }} SearchProof */

/** What the endgame database decided about the game at `moves` (exact). @typedef {Proved & { moves: string }} EndgameProof */

export class Game {
  /** A game with no moves yet under `rules`, to be answered by the page's module once it has loaded. @param {string} rules */
  constructor(rules) {
    /** The module loaded on the page (see wasm.js); null until it has loaded. @type {Engine | null} */
    this.engine = null;
    this.rules = rules;
    /** The set-up position the game starts from (a fen, from an opened record), or null for the opening. @type {string | null} */
    this.start = null;
    this.moves = '';
    /**
     * The module's answer for (rules, moves); null until the first `set`
     * (the page draws nothing before it).
     * @type {GameState | null}
     */
    this.state = null;
    /** What a search proved (the moves of its proof from that position in its line), or null. @type {SearchProof | null} */
    this.proof = null;
    /** What the endgame database decided, or null. @type {EndgameProof | null} */
    this.endgame = null;
  }

  /** The module, which every question needs: the page asks none before it has loaded (its controls wait for it). */
  loaded() {
    if (!this.engine) throw new Error('the engine has not loaded');
    return this.engine;
  }

  /**
   * The game's state now: the page draws and plays only once the first `set`
   * has given one.
   * @returns {GameState}
   */
  stateNow() {
    if (!this.state) throw new Error('the game has no state before the engine has loaded');
    return this.state;
  }

  /** The module's answer to a state request; the last move's house as an index. @param {StateText} request @returns {Answer} */
  ask(request) {
    const answer = this.loaded().state(request);
    if (!answer.ok) return answer;
    return { ...answer, last: answer.last && { ...answer.last, house: indexOf(answer.last.house) } };
  }

  /** This game as a request names it. @returns {GameWords} */
  words() {
    return { rules: this.rules, start: this.start, moves: this.moves };
  }

  /** The answer for `moves` under `rules` from `start`, without adopting it. @param {string} rules @param {string} moves @param {string | null} start */
  check(rules, moves, start = null) {
    return this.ask(stateRequest({ rules, start, moves }));
  }

  /** The answer for sowing house index `i` now (with what holds of the proofs after it), without adopting it. @param {number} i */
  tryMove(i) {
    return this.ask(stateRequest({ ...this.words(), play: letter(i), ...this.proofWords() }));
  }

  /** Adopts `moves` under `rules` from `start` if the module accepts them; returns its answer. @param {string} rules @param {string} moves @param {string | null} start */
  set(rules, moves, start = null) {
    const answer = this.check(rules, moves, start);
    if (!answer.ok) return answer;
    this.rules = rules;
    this.start = answer.start;
    this.moves = answer.moves;
    this.state = answer;
    return answer;
  }

  /**
   * Adopts the answer after one more move (asked with `tryMove`, so the
   * module has said which proofs still hold after it); returns the state
   * before it.
   * @param {GameState} next
   */
  advance(next) {
    const before = this.stateNow();
    const p = next.proof ?? null;
    this.proof = proofAt(this.moves.length + 1, p);
    // The database's win, kept after a move of the losing side until the
    // database's answer for the new position arrives, so its bar does not flicker.
    const e = next.endgame ?? null;
    this.endgame = e ? { moves: next.moves, kind: e.kind, winner: e.winner, exact: true } : null;
    this.moves = next.moves;
    this.state = next;
    return before;
  }

  /** The proofs held about the position now, as words of a move request (the module carries them past the move). */
  proofWords() {
    const p = this.proof && this.proof.ply === this.moves.length ? this.proof : null;
    const e = this.endgame && this.endgame.moves === this.moves ? this.endgame : null;
    /** @type {(q: { winner: Seat | null, line?: string } | null) => string | null} */
    const word = (q) => (q ? `${q.winner ?? 'draw'}:${q.line ?? ''}` : null);
    return { proof: word(p), endgame: word(e) };
  }

  /** Keeps `proof` if it is about the position now. @param {SearchProof | null} proof */
  learn(proof) {
    if (proof && proof.ply === this.moves.length) this.proof = proof;
  }

  /** Forgets what was proved (a new game, an undo, a loaded transcript). */
  forgetProof() {
    this.proof = null;
  }

  /** Keeps the endgame database's `answer` for the game at `request` if it decides the position now. @param {ProbeText} request @param {ProbeAnswer} answer */
  learnEndgame(request, answer) {
    if (request !== probeRequest(this.words())) return;
    this.endgame = answer.ok && answer.within && answer.result
      ? { moves: this.moves, kind: answer.result, winner: answer.result === 'win' ? answer.winner : null, exact: true }
      : null;
  }

  /** The proof, if it holds in the position now: the database's, exact, before the search's. @returns {Proved | null} */
  proofNow() {
    if (this.endgame && this.endgame.moves === this.moves) return this.endgame;
    return this.proof && this.proof.ply === this.moves.length ? this.proof : null;
  }
}

/**
 * The module's `proof` as the page keeps it: about the position at `ply`,
 * its best move first on the line (the search's: not exact).
 * @param {number} ply
 * @param {ProofJson | null} proof
 * @returns {SearchProof | null}
 */
export function proofAt(ply, proof) {
  return proof ? { ply, kind: proof.kind, winner: proof.winner, best: proof.line[0] ?? null, line: proof.line, exact: false } : null;
}
