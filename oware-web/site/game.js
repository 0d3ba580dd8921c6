// The game being played: its rule set and moves, the module's answer for
// them (board, legal moves, outcome, sowing paths), and what a search has
// proved about the position. Neither the rules nor what a proof means after
// a move are worked out here: every question goes to the module loaded on
// the page.

import { letter, indexOf } from './houses.js';

export class Game {
  /** A game with no moves yet under `rules`, to be answered by the page's module once it has loaded. */
  constructor(rules) {
    /** The module loaded on the page (see wasm.js); null until it has loaded. */
    this.engine = null;
    this.rules = rules;
    /** The set-up position the game starts from (a fen, from an opened record), or null for the opening. */
    this.start = null;
    this.moves = '';
    /** The module's answer for (rules, moves); null until the first `set`. */
    this.state = null;
    /** What a search proved: { ply, kind: 'win'|'draw', winner, best, line (the moves of its proof from that position) }, or null. */
    this.proof = null;
    /** What the endgame database decided: { moves, kind, winner }, or null. */
    this.endgame = null;
  }

  /** The module's answer to a state request; the last move's house as an index. */
  ask(text) {
    const answer = this.engine.state(text);
    if (answer.ok && answer.last) answer.last.house = indexOf(answer.last.house);
    return answer;
  }

  /** The request naming this game, with `extra` words after it. */
  request(extra = '') {
    return `${gameWords(this.rules, this.start, this.moves)}${extra}`;
  }

  /** The answer for `moves` under `rules` from `start`, without adopting it. */
  check(rules, moves, start = null) {
    return this.ask(gameWords(rules, start, moves));
  }

  /** The answer for sowing house index `i` now (with what holds of the proofs after it), without adopting it. */
  tryMove(i) {
    return this.ask(this.request(` play=${letter(i)}${this.proofWords()}`));
  }

  /** Adopts `moves` under `rules` from `start` if the module accepts them; returns its answer. */
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
   */
  advance(next) {
    const before = this.state;
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
    const word = (key, q) => (q ? ` ${key}=${q.winner ?? 'draw'}:${q.line ?? ''}` : '');
    return `${word('proof', p)}${word('endgame', e)}`;
  }

  /** Keeps `proof` if it is about the position now. */
  learn(proof) {
    if (proof && proof.ply === this.moves.length) this.proof = proof;
  }

  /** Forgets what was proved (a new game, an undo, a loaded transcript). */
  forgetProof() {
    this.proof = null;
  }

  /** Keeps the endgame database's `answer` for the game at `request` if it decides the position now. */
  learnEndgame(request, answer) {
    if (request !== this.request()) return;
    this.endgame = answer.ok && answer.within && answer.result
      ? { moves: this.moves, kind: answer.result, winner: answer.winner ?? null, exact: true }
      : null;
  }

  /** The proof, if it holds in the position now: the database's, exact, before the search's. */
  proofNow() {
    if (this.endgame && this.endgame.moves === this.moves) return this.endgame;
    return this.proof && this.proof.ply === this.moves.length ? this.proof : null;
  }
}

/** The words of a request naming a game: its rules, its start if set up, its moves. */
export function gameWords(rules, start, moves) {
  return `rules=${rules}${start ? ` start=${start}` : ''} moves=${moves}`;
}

/** The module's `proof` ({ kind, winner, line }, or null) as the page keeps it: about the position at `ply`, its best move first on the line. */
export function proofAt(ply, proof) {
  return proof ? { ply, kind: proof.kind, winner: proof.winner, best: proof.line[0] ?? null, line: proof.line } : null;
}
