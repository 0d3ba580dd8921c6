// The game's words on the page: house letters (A-F South's, a-f North's,
// as SPEC writes them), house indexes 0-11 in the same order, and seats.

const LETTERS = 'ABCDEFabcdef';

/** The house letter of index `i`. */
export const letter = (i) => LETTERS[i];
/** The index of house letter `l`. */
export const indexOf = (l) => LETTERS.indexOf(l);
/** The seat owning house index `i`. */
export const seatOf = (i) => (i < 6 ? 'south' : 'north');
/** The other seat. */
export const other = (seat) => (seat === 'south' ? 'north' : 'south');
/** A seat's name as the page writes it. */
export const SEAT_NAME = { south: 'South', north: 'North' };
