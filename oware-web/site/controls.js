// The game panel: new game, undo, hint, "move now", the level, the seat and
// the rule set. The panel only reports what was asked; app.js does it.

import { seatOf, indexOf } from './houses.js';

const $ = (id) => document.getElementById(id);

const LEVELS = 19;

/**
 * Fills the level list and wires the panel to `actions`: newGame(), undo(),
 * hint(), moveNow(), level(n), seat(seat) and rules(name).
 */
export function setUpControls(actions) {
  const level = $('level');
  for (let n = 1; n <= LEVELS; n++) {
    const option = document.createElement('option');
    option.value = String(n);
    option.textContent = n === 1 ? '1 (gentlest)' : n === LEVELS ? `${LEVELS} (strongest)` : String(n);
    level.appendChild(option);
  }
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
}

/** Enables what can be done now and shows the settings. */
export function drawControls({ settings, game, search, sowing }) {
  const state = game.state;
  const humanMoves = [...game.moves].filter((m) => seatOf(indexOf(m)) === settings.seat).length;
  $('undo').disabled = humanMoves === 0 || sowing.running;
  $('hint').disabled = !!search || sowing.running || !!state.outcome || state.toMove !== settings.seat;
  $('move-now').disabled = !(search && search.best !== null);
  $('level').value = String(settings.level);
  $('rules').value = settings.rules;
  for (const radio of document.querySelectorAll('input[name=seat]')) radio.checked = radio.value === settings.seat;
}
