// What the board shows, worked out from the page's state (the "scene" that
// app.js gathers: settings, game, search, shown, hint, sowing) for
// BoardView.render: the cells, which houses can be sown, the last move, the
// chalk scores, the dashed line of the preferred sowing, the outcome or
// proof marks, and the hint; or, while the player looks back at an earlier
// position, that position alone, read-only.

import { indexOf, letter, other } from './houses.js';
import { lostOffBoard } from './ending.js';

/** @import { Seat } from './messages.js' */
/** @import { Game, GameState } from './game.js' */
/** @import { Search } from './search.js' */
/** @import { Settings, Previous } from './storage.js' */
/** @import { Clocks } from './clock.js' */
/** @import { Sowing } from './sowing.js' */
/** @import { Notes } from './status.js' */
/** @import { View } from './board.js' */

/** An earlier position looked at: after `ply` moves, and the module's answer for it. @typedef {{ ply: number, state: GameState }} Viewing */

/**
 * What the drawing modules are handed (app.js gathers it from its `page`):
 * the settings, the game, the search in progress and the last one shown
 * (its chalk kept), the hinted house, a failure, the game replaced, the
 * earlier position looked at, the clocks, the seat that resigned, the
 * sowing on the board and the note before the status.
 * @typedef {object} Scene
 * @property {Settings} settings
 * @property {Game} game
 * @property {Search | null} search
 * @property {Search | null} shown
 * @property {Search | null} moved
 * @property {number | null} hint
 * @property {string | null} failed
 * @property {Previous | null} previous
 * @property {Viewing | null} viewing
 * @property {Clocks | null} clock
 * @property {Seat | null} resigned
 * @property {Sowing} sowing
 * @property {Notes} notes
 */

/** The view BoardView.render takes. @param {Scene} scene @returns {View} */
export function boardView({ settings, game, search, shown, hint, sowing, viewing, clock, resigned }) {
  if (viewing) return pastView(settings, viewing);
  const state = game.stateNow();
  const sowingNow = sowing.running;
  const legal = new Set([...state.legal].map(indexOf));
  const busy = sowingNow || (search?.kind === 'bot');
  // A game lost on time or resigned is over as any other: its winner marked, nothing to sow.
  const lost = lostOffBoard({ clock, resigned });
  const ended = lost ? { winner: other(lost) } : state.outcome;
  return {
    // Once a game has ended, the board as the outcome leaves it (the seeds
    // left on it in the stores, when the rule that ended it says so).
    cells: sowing.cells ?? state.outcome?.cells ?? state.cells,
    bottomSeat: settings.seat,
    humanSeat: settings.seat,
    toMove: state.toMove,
    legal,
    interactive: !busy && !ended,
    over: !!ended,
    last: sowingNow ? null : state.last,
    chalk: chalkView(search ?? shown),
    line: sowingNow ? null : lineView(game, search ?? (shown?.kind === 'hint' ? shown : null)),
    outcome: sowingNow ? null : ended,
    // A proof is about the position: it stays drawn while a move is sown.
    proof: game.proofNow(),
    hint: sowingNow ? null : hint,
    readOnly: false,
  };
}

/** An earlier position, `viewing` ({ ply, state }): its board and last move, nothing playable, no chalk. @param {Settings} settings @param {Viewing} viewing @returns {View} */
function pastView(settings, { state }) {
  return {
    cells: state.cells,
    bottomSeat: settings.seat,
    humanSeat: settings.seat,
    toMove: state.toMove,
    legal: new Set(),
    interactive: false,
    over: false,
    last: state.last,
    chalk: null,
    line: null,
    outcome: null,
    proof: null,
    hint: null,
    readOnly: true,
  };
}

/** The scores to write in chalk: those of `source`, the search in progress or the last one. @param {Search | null} source @returns {View['chalk']} */
function chalkView(source) {
  if (!source || source.scores.size === 0) return null;
  const latest = Math.max(...[...source.scores.values()].map((s) => s.depth));
  const scores = new Map();
  for (const [i, s] of source.scores) {
    scores.set(i, { text: s.score.short, fresh: s.depth === latest, best: i === source.best });
  }
  return { scores };
}

/** The dashed line: from the house `source` prefers along its sowing, while it is about this position. @param {Game} game @param {Search | null} source @returns {View['line']} */
function lineView(game, source) {
  if (!source || source.best === null || source.ply !== game.moves.length) return null;
  const path = game.stateNow().sowings[letter(source.best)];
  return path ? { from: source.best, path } : null;
}
