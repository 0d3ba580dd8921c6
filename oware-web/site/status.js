// The status line under the board and the page's state word
// (body[data-state], read by tests and assistive tools): whose move it is,
// what just happened, the outcome, a failure, and short notes that fade.

import { letter, SEAT_NAME, other } from './houses.js';
import { lostOnTime } from './clock.js';
import { $ } from './dom.js';

/** @import { Seat, Outcome } from './messages.js' */
/** @import { LastMove } from './game.js' */
/** @import { Search } from './search.js' */
/** @import { Scene } from './view.js' */

const NOTE_MS = 3500;

/** The page's state word: error, over, animating, thinking, your-turn or waiting. @param {Scene} scene */
export function pageState({ settings, game, search, sowing, failed, clock }) {
  const state = game.stateNow();
  return failed ? 'error'
    : state.outcome || clock?.lost ? 'over'
    : sowing.running ? 'animating'
    : search?.kind === 'bot' ? 'thinking'
    : state.toMove === settings.seat ? 'your-turn' : 'waiting';
}

/** Writes the status line and the page's state word. @param {Scene} scene */
export function drawStatus(scene) {
  const { settings, game, search, shown, hint, sowing, failed, notes, clock } = scene;
  const state = game.stateNow();
  let text;
  if (failed) {
    text = failed;
  } else if (clock?.lost) {
    const verdict = clock.lost === settings.seat ? 'the bot wins' : 'you win';
    text = `Game over: ${lostOnTime(clock.lost)}, ${verdict}. Start a new game.`;
  } else if (state.outcome) {
    text = outcomeText(state.outcome, settings.seat);
  } else if (search?.kind === 'bot') {
    text = `${SEAT_NAME[other(settings.seat)]} is thinking…`;
  } else if (sowing.running) {
    text = '…';
  } else {
    const last = lastMoveText(state.last, settings.seat, shown);
    text = `${last}Your move: click or tap one of your houses, or press its letter.`;
    if (search?.kind === 'hint') text = `${last}Looking for a hint…`;
    else if (hint !== null && shown?.kind === 'hint') text = `${last}Hint: sow ${letter(hint)} (${shown.score?.text ?? ''}).`;
  }
  if (notes.text) text = `${notes.text} ${text}`;
  $('status').textContent = text;
  document.body.dataset.state = pageState(scene);
}

/** "You sowed C, capturing 3. ", or the bot's move with how long it took. @param {LastMove | null} last @param {Seat} seat @param {Search | null} shown */
function lastMoveText(last, seat, shown) {
  if (!last) return '';
  const who = last.seat === seat ? 'You' : SEAT_NAME[last.seat];
  const took = last.seeds > 0 ? `, capturing ${last.seeds}` : '';
  const bot = last.seat !== seat;
  const time = bot && shown?.book ? ' from the opening book'
    : bot && shown?.took ? ` after ${(shown.took / 1000).toFixed(1)} s` : '';
  return `${who} sowed ${letter(last.house)}${took}${time}. `;
}

/** "Game over: You win, 26–20 (…)." @param {Outcome} outcome @param {Seat} seat */
function outcomeText(outcome, seat) {
  const [south, north] = outcome.seeds;
  const mine = seat === 'south' ? south : north;
  const theirs = seat === 'south' ? north : south;
  const score = `${mine}–${theirs}`;
  const verdict = outcome.winner === null ? `A draw, ${score}`
    : outcome.winner === seat ? `You win, ${score}` : `The bot wins, ${theirs}–${mine}`;
  const ending = outcome.ending ? ` ${outcome.ending}` : '';
  return `Game over: ${verdict} (${outcome.reason}).${ending} Undo, or start a new game.`;
}

/** A short note put before the status ("Move taken back."), gone after a few seconds. */
export class Notes {
  /** `onChange()` is called when the note appears or goes. @param {() => void} onChange */
  constructor(onChange) {
    this.onChange = onChange;
    this.text = '';
    this.timer = 0;
  }

  /** Shows `text` for a few seconds, in place of the note shown. @param {string} text */
  show(text) {
    this.text = text;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.text = '';
      this.onChange();
    }, NOTE_MS);
    this.onChange();
  }
}
