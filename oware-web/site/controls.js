// The game's controls: new game, undo, hint, "move now", resign, "Undo new game" (or
// open, open link, load, rules change) after a game was replaced, the level, the seat,
// the rule set and the clock. Every control is disabled in the page's HTML until the
// module has loaded and the panel is first drawn. The panel only reports
// what was asked; app.js does it.

import { seatOf, indexOf } from './houses.js';
import { CLOCK_PRESETS } from './clock.js';
import { lostOffBoard } from './ending.js';
import { $ } from './dom.js';

/** @import { Seat, Info } from './messages.js' */
/** @import { Replacement } from './storage.js' */
/** @import { Scene } from './view.js' */

/**
 * What the panel's controls do (see `setUpControls`).
 * @typedef {object} ControlActions
 * @property {() => void} newGame
 * @property {() => void} undo
 * @property {() => void} hint
 * @property {() => void} moveNow
 * @property {() => void} undoReplace
 * @property {(level: number) => void} level
 * @property {(seat: Seat) => void} seat
 * @property {(rules: string) => void} rules
 * @property {(clock: string) => void} clock
 * @property {() => void} resign
 */

/** The seat radio buttons. */
const seatRadios = () => /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name=seat]'));

/** What brought in the game on the board, as the button that undoes it says it. @type {Record<Replacement, string>} */
const UNDO_LABEL = {
  'new game': 'Undo new game', 'rules change': 'Undo rules change', load: 'Undo load', open: 'Undo open', link: 'Undo open link',
};

/**
 * Fills the clock list and wires the panel to `actions`: newGame(),
 * undo(), hint(), moveNow(), undoReplace(), level(n), seat(seat),
 * rules(name) and clock(name: 'off' or a time control).
 * @param {ControlActions} actions
 */
export function setUpControls(actions) {
  const level = $('level', HTMLSelectElement);
  level.addEventListener('change', () => actions.level(Number(level.value)));
  const clock = $('clock', HTMLSelectElement);
  for (const name of CLOCK_PRESETS) {
    const option = document.createElement('option');
    option.value = name;
    const [minutes, seconds] = name.split('+');
    option.textContent = `${name} (${minutes} min, +${seconds} s a move)`;
    clock.appendChild(option);
  }
  clock.addEventListener('change', () => actions.clock(clock.value));
  for (const radio of seatRadios()) {
    radio.addEventListener('change', () => {
      // index.html's seat buttons are worth 'south' and 'north'.
      if (radio.checked) actions.seat(/** @type {Seat} */ (radio.value));
    });
  }
  const rules = $('rules', HTMLSelectElement);
  rules.addEventListener('change', () => actions.rules(rules.value));
  $('new-game').addEventListener('click', actions.newGame);
  $('undo').addEventListener('click', actions.undo);
  $('hint').addEventListener('click', actions.hint);
  $('move-now').addEventListener('click', actions.moveNow);
  $('resign').addEventListener('click', actions.resign);
  $('undo-replace').addEventListener('click', actions.undoReplace);
}

/** Fills the level and rule-set lists with the choices the module gives (its `info()`). @param {Info} info */
export function fillChoices({ levels, rules }) {
  /** @param {string} value @param {string} text */
  const option = (value, text) => Object.assign(document.createElement('option'), { value, textContent: text });
  /** @param {number} n */
  const name = (n) => (n === levels.min ? `${n} (gentlest)` : n === levels.max ? `${n} (strongest)` : String(n));
  const options = [];
  for (let n = levels.min; n <= levels.max; n++) options.push(option(String(n), name(n)));
  $('level').replaceChildren(...options);
  $('rules').replaceChildren(...rules.map((r) => option(r.name, `${r.name}: ${r.about}`)));
}

/** Offers one more time control in the clock list (for tests: see `window.oware` in app.js). @param {string} name */
export function addClockPreset(name) {
  const option = document.createElement('option');
  option.value = name;
  option.textContent = `${name} (test)`;
  $('clock').appendChild(option);
}

/**
 * Whether the game can be taken back: it has a move of the player's, no
 * clock (a game on the clock is not taken back), and was not resigned. The
 * undo button and the status's advice both follow it.
 * @param {Pick<Scene, 'settings' | 'game' | 'clock' | 'resigned'>} scene
 */
export function canTakeBack({ settings, game, clock, resigned }) {
  return !clock && !resigned && [...game.moves].some((m) => seatOf(indexOf(m)) === settings.seat);
}

/** Enables what can be done now and shows the settings. @param {Scene} scene */
export function drawControls({ settings, game, search, sowing, previous, clock, resigned }) {
  const state = game.stateNow();
  const over = !!(state.outcome || lostOffBoard({ clock, resigned }));
  for (const id of ['new-game', 'load', 'save-game', 'open-game', 'copy-link']) $(id, HTMLButtonElement).disabled = false;
  for (const id of ['level', 'rules', 'clock']) $(id, HTMLSelectElement).disabled = false;
  for (const radio of seatRadios()) radio.disabled = false;
  $('controls').removeAttribute('aria-busy');
  const undoReplace = $('undo-replace');
  undoReplace.hidden = !previous;
  if (previous) {
    undoReplace.textContent = UNDO_LABEL[previous.why];
    undoReplace.title = `Bring back the game of ${previous.game.moves.length} moves that was on the board`;
  }
  const undo = $('undo', HTMLButtonElement);
  undo.disabled = !canTakeBack({ settings, game, clock, resigned }) || sowing.running;
  $('resign', HTMLButtonElement).disabled = over || !(game.moves || game.start);
  undo.title = clock ? 'A game on the clock cannot be taken back' : 'Take back your last move (U)';
  $('hint', HTMLButtonElement).disabled = !!search || sowing.running || over || state.toMove !== settings.seat;
  $('move-now', HTMLButtonElement).disabled = !(search && search.best !== null);
  $('level', HTMLSelectElement).value = String(settings.level);
  $('rules', HTMLSelectElement).value = settings.rules;
  $('clock', HTMLSelectElement).value = settings.clock;
  for (const radio of seatRadios()) radio.checked = radio.value === settings.seat;
}
