// The optional clock of a game against the bot: a time control ("5+3":
// five minutes each, three seconds added after each move), what is left on
// each seat's clock, and which one runs. Only app.js changes a game's
// clocks, through the functions here; the bot's search is handed them raw
// (wtime/btime/winc/binc, as the engine protocol does) and plans its own
// time. Both clocks are drawn beside the status, the running one lit.
//
// As app.js plays a game on a clock, the player's runs while it is the
// player's move from the player's first move on (as on lichess, the first
// move is not timed), the bot's from its search's request until its answer
// arrives, neither during the sowing; each gains the increment once its
// move is played. A side whose time runs out loses the game. A game on a
// clock is not taken back (undo is disabled); a new game, rules change,
// load, open or link brings in fresh clocks of the setting. A kept game
// holds its clocks as they stood when it was kept (at each move, when a
// clock starts, and when it leaves the board or the tab), with the clock
// that was running then and the time of day. A reload of the tab brings
// them back charging that clock the time since, so the time spent on the
// move in progress stays spent (a player who keeps reloading still runs
// out, and a bot interrupted in thought has used what it thought); a game
// reopened from the recent list or brought back by "Undo …" was paused
// while it was off the board, and comes back as it stood when it left.
// Looking back and analysis leave the clocks running.

import { SEAT_NAME, SEATS, other } from './houses.js';
import { $ } from './dom.js';

/** @import { Seat, SearchLimitWords } from './messages.js' */

/** A time control: its name ("5+3"), the time each seat starts with and the time added a move (ms). @typedef {{ name: string, base: number, increment: number }} Control */

/**
 * A game's clocks: the control, what is left on each seat's clock (ms, as
 * of `since` for the one running), the seat whose clock runs (or null),
 * and the seat that ran out of time (or null).
 * @typedef {Control & { left: Record<Seat, number>, running: Seat | null, since: number, lost: Seat | null }} Clocks
 */

/**
 * The clocks as a kept game holds them (`keptClocks`): what was left on
 * each (ms) at `at` (the time of day, ms since 1970), the seat whose clock
 * was running then or null, and the seat that ran out of time. `lost`,
 * `running` and `at` may be missing from an older page's.
 * @typedef {Control & { left: Record<Seat, number>, lost?: Seat | null, running?: Seat | null, at?: number }} KeptClocks
 */

/** The time controls offered, minutes + seconds added a move. */
export const CLOCK_PRESETS = ['1+1', '3+2', '5+3', '10+5'];

/** Under this much time left, the clock shows tenths of a second. */
const TENTHS_UNDER_MS = 10_000;

/** The time control named `name` ("5+3"; "0.05+1" for three seconds), or null ('off', or not a control). @param {string | null | undefined} name @returns {Control | null} */
export function parseControl(name) {
  const match = /^(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)$/.exec(name ?? '');
  if (!match) return null;
  const base = Number(match[1]) * 60_000;
  // The whole match is `name` itself (the pattern is anchored at both ends).
  return base > 0 ? { name: match[0], base, increment: Number(match[2]) * 1000 } : null;
}

/**
 * Fresh clocks for a game under the control `name`, or null for none:
 * { name, base, increment, left: { south, north } (ms, as of `since`),
 * running: the seat whose clock runs or null, since, lost: the seat that
 * ran out of time or null }.
 * @param {string} name
 * @returns {Clocks | null}
 */
export function newClocks(name) {
  const control = parseControl(name);
  if (!control) return null;
  return { ...control, left: { south: control.base, north: control.base }, running: null, since: 0, lost: null };
}

/**
 * The clocks as a kept game holds them at `now` (the page's clock, as
 * `since`) and `wall` (the time of day), or null.
 * @param {Clocks | null} clocks @param {number} now @param {number} wall
 * @returns {KeptClocks | null}
 */
export function keptClocks(clocks, now, wall) {
  if (!clocks) return null;
  const { name, base, increment, lost, running } = clocks;
  return { name, base, increment, lost, running, at: wall, left: { south: remaining(clocks, 'south', now), north: remaining(clocks, 'north', now) } };
}

/**
 * A kept game's clocks brought back, stopped until the next turn starts
 * one, or null. `resumedAt` is the time of day for a game resumed where it
 * stopped (a reload of its tab): the clock that was running when it was
 * kept is charged the time since, and loses the game if that runs it out.
 * Null for a game that was paused (reopened, or brought back by "Undo …").
 * @param {KeptClocks | null} kept @param {number | null} resumedAt
 * @returns {Clocks | null}
 */
export function restoredClocks(kept, resumedAt) {
  if (!kept || !parseControl(kept.name)) return null;
  const { name, base, increment } = kept;
  /** @type {Clocks} */
  const clocks = { name, base, increment, left: { ...kept.left }, running: null, since: 0, lost: kept.lost ?? null };
  const seat = kept.running ?? null;
  if (resumedAt !== null && seat && !clocks.lost && kept.at !== undefined) {
    clocks.left[seat] -= Math.max(0, resumedAt - kept.at);
    if (clocks.left[seat] <= 0) runOut(clocks, seat, 0);
  }
  return clocks;
}

/** The time left on `seat`'s clock at `now` (ms; zero or less when it has run out). @param {Clocks} clocks @param {Seat} seat @param {number} now */
export function remaining(clocks, seat, now) {
  return clocks.left[seat] - (clocks.running === seat ? now - clocks.since : 0);
}

/** Starts `seat`'s clock at `now`, stopping the other's (which keeps what it used). @param {Clocks} clocks @param {Seat} seat @param {number} now */
export function startClock(clocks, seat, now) {
  if (clocks.running === seat) return;
  stopClock(clocks, now);
  clocks.running = seat;
  clocks.since = now;
}

/** Stops the running clock at `now`, charging it the time since it started. @param {Clocks} clocks @param {number} now */
export function stopClock(clocks, now) {
  if (!clocks.running) return;
  clocks.left[clocks.running] = remaining(clocks, clocks.running, now);
  clocks.running = null;
}

/** Adds the increment to `seat`'s clock, after its move. @param {Clocks} clocks @param {Seat} seat */
export function addIncrement(clocks, seat) {
  clocks.left[seat] += clocks.increment;
}

/** Ends the game on time at `now`: the clocks stopped, `seat`'s at zero, the game lost by it. @param {Clocks} clocks @param {Seat} seat @param {number} now */
export function runOut(clocks, seat, now) {
  stopClock(clocks, now);
  clocks.left[seat] = 0;
  clocks.lost = seat;
}

/** The seat whose time has run out at `now`, or null. @param {Clocks} clocks @param {number} now @returns {Seat | null} */
export function flagFallen(clocks, now) {
  return SEATS.find((seat) => remaining(clocks, seat, now) <= 0) ?? null;
}

/**
 * The words of a search request that hand the search the clocks at `now`: `wtime`, `btime`, `winc`, `binc` (South is w).
 * @param {Clocks} clocks @param {number} now @returns {Pick<SearchLimitWords, 'wtime' | 'btime' | 'winc' | 'binc'>}
 */
export function clockWords(clocks, now) {
  /** @param {number} value */
  const ms = (value) => Math.max(0, Math.round(value));
  const south = ms(remaining(clocks, 'south', now));
  const north = ms(remaining(clocks, 'north', now));
  const increment = ms(clocks.increment);
  return { wtime: south, btime: north, winc: increment, binc: increment };
}

/** "4:59", or "0:09.3" under ten seconds; never below "0:00.0". @param {number} ms */
export function formatClock(ms) {
  const left = Math.max(0, ms);
  if (left < TENTHS_UNDER_MS) return `0:0${(Math.floor(left / 100) / 10).toFixed(1)}`;
  const seconds = Math.floor(left / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** What the recent list and the status say of a game lost on time: "South lost on time". @param {Seat} seat */
export function lostOnTime(seat) {
  return `${SEAT_NAME[seat]} lost on time`;
}

/**
 * Draws the players beside the board, the bot's above the player's, each
 * named with its seat ("You (South)"), and their clocks (hidden when the
 * game has none), the running one lit.
 * @param {Clocks | null} clocks @param {Seat} playerSeat @param {number} now
 */
export function drawClocks(clocks, playerSeat, now) {
  $('clocks').hidden = !clocks;
  for (const who of /** @type {const} */ (['bot', 'you'])) {
    const seat = who === 'you' ? playerSeat : other(playerSeat);
    const clock = $(`clock-${who}`);
    clock.dataset.seat = seat;
    clock.classList.toggle('running', clocks?.running === seat);
    clock.classList.toggle('flagged', clocks?.lost === seat);
    part(clock, '.clock-name').textContent = `${who === 'you' ? 'You' : 'The bot'} (${SEAT_NAME[seat]})`;
    const time = /** @type {HTMLElement} */ (part(clock, '.clock-time'));
    time.hidden = !clocks;
    if (clocks) time.textContent = formatClock(remaining(clocks, seat, now));
  }
  if (clocks) $('clock-control').textContent = `Clock ${clocks.name}`;
}

/** The part of a clock's box `selector` names (index.html has both in each). @param {HTMLElement} box @param {string} selector */
function part(box, selector) {
  const found = box.querySelector(selector);
  if (!found) throw new Error(`the clock #${box.id} has no ${selector}`);
  return found;
}
