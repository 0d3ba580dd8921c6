// The status line under the board and the page's state word
// (body[data-state], read by tests and assistive tools): whose move it is,
// what just happened, the outcome, a failure, that the board shows an
// earlier position (and how the game stands meanwhile), and short notes
// that fade.

import { letter, SEAT_NAME, other } from './houses.js';
import { lostOffBoard, offBoardReason } from './ending.js';
import { canTakeBack } from './controls.js';
import { searchSeconds } from './search.js';
import { $ } from './dom.js';

/** @import { Seat, Outcome } from './messages.js' */
/** @import { LastMove } from './game.js' */
/** @import { Search } from './search.js' */
/** @import { Scene } from './view.js' */

const NOTE_MS = 3500;

/** The page's state word: error, over, animating, thinking, your-turn or waiting. @param {Scene} scene */
export function pageState({ settings, game, search, sowing, failed, clock, resigned }) {
  const state = game.stateNow();
  return failed ? 'error'
    : state.outcome || lostOffBoard({ clock, resigned }) ? 'over'
    : sowing.running ? 'animating'
    : search?.kind === 'bot' ? 'thinking'
    : state.toMove === settings.seat ? 'your-turn' : 'waiting';
}

/** Writes the status line and the page's state word. @param {Scene} scene */
export function drawStatus(scene) {
  const { settings, game, search, shown, moved, hint, sowing, failed, notes, viewing } = scene;
  const state = game.stateNow();
  const lost = lostOffBoard(scene);
  let text;
  if (failed) {
    text = failed;
  } else if (viewing) {
    text = viewingText(scene);
  } else if (lost) {
    text = outcomeText(offBoard(lost, offBoardReason(scene) ?? '', !!scene.clock?.lost, state.cells), settings.seat, false);
  } else if (state.outcome) {
    text = outcomeText(state.outcome, settings.seat, canTakeBack(scene));
  } else if (search?.kind === 'bot') {
    text = `${SEAT_NAME[other(settings.seat)]} is thinking…`;
  } else if (sowing.running) {
    text = '…';
  } else {
    const last = lastMoveText(state.last, settings.seat, moved?.ply === game.moves.length - 1 ? moved : null);
    text = `${last}Your move: click or tap one of your houses, or press its letter.`;
    if (search?.kind === 'hint') text = `${last}Looking for a hint…`;
    else if (hint !== null && shown?.kind === 'hint') text = `${last}Hint: sow ${letter(hint)} (${shown.score?.text ?? ''}).`;
  }
  if (notes.text) text = `${notes.text} ${text}`;
  $('status').textContent = text;
  document.body.dataset.state = pageState(scene);
}

/**
 * While an earlier position is shown (read-only): so, how to get back, and
 * how the game stands meanwhile.
 * @param {Scene} scene
 */
function viewingText({ settings, game, search, clock, resigned }) {
  const state = game.stateNow();
  const back = 'This is an earlier position: go back to the game (End)';
  if (state.outcome || lostOffBoard({ clock, resigned })) return `${back} to see its end.`;
  const meanwhile = search?.kind === 'bot' ? ` In the game, ${SEAT_NAME[other(settings.seat)]} is thinking.`
    : state.toMove === settings.seat ? ' In the game, it is your move.' : '';
  return `${back} to play.${meanwhile}`;
}

/**
 * "You sowed C, capturing 3. ", or the bot's move with the engine's time
 * for its search (`moved`, the one that chose it), as the slate gives it.
 * @param {LastMove | null} last @param {Seat} seat @param {Search | null} moved
 */
function lastMoveText(last, seat, moved) {
  if (!last) return '';
  const who = last.seat === seat ? 'You' : SEAT_NAME[last.seat];
  const took = last.seeds > 0 ? `, capturing ${last.seeds}` : '';
  const bot = last.seat !== seat;
  const time = bot && moved?.book ? ' from the opening book'
    : bot && moved ? ` after ${searchSeconds(moved.took)} s of search` : '';
  return `${who} sowed ${letter(last.house)}${took}${time}. `;
}

/**
 * A game lost off the board by `lost` (`reason`: on time when `onTime`,
 * else resigned) with `cells` on the board, as an outcome: the other seat
 * wins whatever the stores hold, and the seeds in the houses count for no
 * one.
 * @param {Seat} lost @param {string} reason @param {boolean} onTime @param {number[]} cells
 * @returns {Pick<Outcome, 'winner' | 'seeds' | 'reason' | 'ending'>}
 */
function offBoard(lost, reason, onTime, cells) {
  const left = cells.slice(0, 12).reduce((a, b) => a + b, 0);
  const seeds = left === 1 ? 'the 1 seed on the board goes' : `the ${left} seeds on the board go`;
  const decided = onTime ? 'The clock decided it' : 'The resignation decided it';
  return {
    winner: other(lost), seeds: [cells[12], cells[13]], reason,
    ending: left ? `${decided}, not the seeds: ${seeds} to no one.` : null,
  };
}

/**
 * "Game over: You win, 26–20 (…). Undo, or start a new game.", offering
 * undo only if the game can be taken back (`undoable`).
 * @param {Pick<Outcome, 'winner' | 'seeds' | 'reason' | 'ending'>} outcome @param {Seat} seat @param {boolean} undoable
 */
function outcomeText(outcome, seat, undoable) {
  const [south, north] = outcome.seeds;
  const mine = seat === 'south' ? south : north;
  const theirs = seat === 'south' ? north : south;
  const score = `${mine}–${theirs}`;
  const verdict = outcome.winner === null ? `A draw, ${score}`
    : outcome.winner === seat ? `You win, ${score}` : `The bot wins, ${theirs}–${mine}`;
  const ending = outcome.ending ? ` ${outcome.ending}` : '';
  return `Game over: ${verdict} (${outcome.reason}).${ending} ${undoable ? 'Undo, or start a new game.' : 'Start a new game.'}`;
}

/**
 * A short note put before the status ("Move taken back."), gone after a
 * few seconds; a note about a refused move ("Not that one: …") goes sooner,
 * as soon as a move is played or a hint asked (`moved`): it is about a
 * position left behind. A lasting note (that the game came back, or went
 * on in another tab) stays until then, however long the player takes.
 */
export class Notes {
  /** `onChange()` is called when the note appears or goes. @param {() => void} onChange */
  constructor(onChange) {
    this.onChange = onChange;
    this.text = '';
    /** Whether the note goes at the next move or hint (a refusal's, or a lasting one). */
    this.untilMoved = false;
    this.timer = 0;
  }

  /**
   * Shows `text` in place of the note shown, for a few seconds; `refusal`:
   * it says why a move was refused (gone sooner, at the next move);
   * `lasting`: it stays until the next move.
   * @param {string} text @param {{ refusal?: boolean, lasting?: boolean }} [how]
   */
  show(text, { refusal = false, lasting = false } = {}) {
    this.text = text;
    this.untilMoved = refusal || lasting;
    clearTimeout(this.timer);
    if (!lasting) this.timer = setTimeout(() => this.clear(), NOTE_MS);
    this.onChange();
  }

  /** A move was played or a hint asked: a refused move's note, or a lasting one, goes. */
  moved() {
    if (this.text && this.untilMoved) this.clear();
  }

  clear() {
    clearTimeout(this.timer);
    this.text = '';
    this.untilMoved = false;
    this.onChange();
  }
}
