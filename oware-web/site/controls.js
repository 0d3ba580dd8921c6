// The game's controls: new game, undo, hint, "move now", "Undo new game" (or
// open, open link, load, rules change) after a game was replaced, the level, the seat
// and the rule set. Every control is disabled in the page's HTML until the
// module has loaded and the panel is first drawn. The panel only reports
// what was asked; app.js does it.

import { seatOf, indexOf } from './houses.js';
import { $ } from './dom.js';

/** What brought in the game on the board, as the button that undoes it says it. */
const UNDO_LABEL = {
  'new game': 'Undo new game', 'rules change': 'Undo rules change', load: 'Undo load', open: 'Undo open', link: 'Undo open link',
};

/**
 * Wires the panel to `actions`: newGame(), undo(), hint(), moveNow(),
 * undoReplace(), level(n), seat(seat) and rules(name).
 */
export function setUpControls(actions) {
  const level = $('level');
  level.addEventListener('change', () => actions.level(Number(level.value)));
  for (const radio of document.querySelectorAll('input[name=seat]')) {
    radio.addEventListener('change', () => {
      if (radio.checked) actions.seat(radio.value);
    });
  }
  $('rules').addEventListener('change', () => actions.rules($('rules').value));
  $('new-game').addEventListener('click', actions.newGame);
  $('undo').addEventListener('click', actions.undo);
  $('hint').addEventListener('click', actions.hint);
  $('move-now').addEventListener('click', actions.moveNow);
  $('undo-replace').addEventListener('click', actions.undoReplace);
}

/** Fills the level and rule-set lists with the choices the module gives (its `info()`). */
export function fillChoices({ levels, rules }) {
  const option = (value, text) => Object.assign(document.createElement('option'), { value, textContent: text });
  const name = (n) => (n === levels.min ? `${n} (gentlest)` : n === levels.max ? `${n} (strongest)` : String(n));
  const options = [];
  for (let n = levels.min; n <= levels.max; n++) options.push(option(String(n), name(n)));
  $('level').replaceChildren(...options);
  $('rules').replaceChildren(...rules.map((r) => option(r.name, `${r.name}: ${r.about}`)));
}

/** Enables what can be done now and shows the settings. */
export function drawControls({ settings, game, search, sowing, previous }) {
  const state = game.state;
  for (const id of ['new-game', 'level', 'rules', 'load', 'save-game', 'open-game', 'copy-link']) $(id).disabled = false;
  for (const radio of document.querySelectorAll('input[name=seat]')) radio.disabled = false;
  $('controls').removeAttribute('aria-busy');
  const undoReplace = $('undo-replace');
  undoReplace.hidden = !previous;
  if (previous) {
    undoReplace.textContent = UNDO_LABEL[previous.why];
    undoReplace.title = `Bring back the game of ${previous.game.moves.length} moves that was on the board`;
  }
  const humanMoves = [...game.moves].filter((m) => seatOf(indexOf(m)) === settings.seat).length;
  $('undo').disabled = humanMoves === 0 || sowing.running;
  $('hint').disabled = !!search || sowing.running || !!state.outcome || state.toMove !== settings.seat;
  $('move-now').disabled = !(search && search.best !== null);
  $('level').value = String(settings.level);
  $('rules').value = settings.rules;
  for (const radio of document.querySelectorAll('input[name=seat]')) radio.checked = radio.value === settings.seat;
}
