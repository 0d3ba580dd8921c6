// A game that ends off the board: lost on time (clock.js) or resigned. The
// board and the stores stay as they stood; the other seat wins, and the
// seeds still in the houses go to no one. The status, the board, the
// controls and the recent list all ask here.

import { SEAT_NAME } from './houses.js';
import { lostOnTime } from './clock.js';

/** @import { Seat } from './messages.js' */
/** @import { Clocks } from './clock.js' */

/** What says whether a game ended off the board: its clocks and who resigned. @typedef {{ clock: Clocks | null, resigned: Seat | null }} OffBoard */

/** The seat that lost off the board (its clock ran out, or it resigned), or null. @param {OffBoard} game */
export function lostOffBoard({ clock, resigned }) {
  return clock?.lost ?? resigned ?? null;
}

/** "South lost on time", "South resigned", or null while neither. @param {OffBoard} game */
export function offBoardReason({ clock, resigned }) {
  if (clock?.lost) return lostOnTime(clock.lost);
  return resigned ? `${SEAT_NAME[resigned]} resigned` : null;
}
