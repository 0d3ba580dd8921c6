// The game's words on the page: house letters (A-F South's, a-f North's,
// as RULES.md section 8 writes them), house indexes 0-11 in the same order, and seats.

/** @import { Seat } from './messages.js' */

const LETTERS = 'ABCDEFabcdef';

/** The house letter of index `i`. @type {(i: number) => string} */
export const letter = (i) => LETTERS[i];
/** The index of house letter `l`. @type {(l: string) => number} */
export const indexOf = (l) => LETTERS.indexOf(l);
/** The seat owning house index `i`. @type {(i: number) => Seat} */
export const seatOf = (i) => (i < 6 ? 'south' : 'north');
/** The other seat. @type {(seat: Seat) => Seat} */
export const other = (seat) => (seat === 'south' ? 'north' : 'south');
/** Both seats, South first. @type {Seat[]} */
export const SEATS = ['south', 'north'];
/** A seat's name as the page writes it. @type {Record<Seat, string>} */
export const SEAT_NAME = { south: 'South', north: 'North' };
/** "1 seed", "1,408,819 positions": `n` and `word`, plural but for one. @type {(n: number, word: string) => string} */
export const count = (n, word) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
/** The fen of the position a state answer draws: its cells, then the seat to move (`practice.html` takes it). @param {{ cells: number[], toMove: Seat }} state */
export const fenOf = (state) => `${state.cells.join('-')}-${state.toMove === 'south' ? 'S' : 'N'}`;
