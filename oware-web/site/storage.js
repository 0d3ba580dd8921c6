// What the page keeps. Each tab keeps its own game in sessionStorage (a
// reload brings it back, another tab has its own), with the game it
// replaced, for "Undo new game"; localStorage holds only what the tabs
// share: the settings a new tab starts with, and the recent games (the last
// 20, finished or not, each saved as it is played). A browser that keeps
// nothing (private browsing) still plays; a damaged entry reads as nothing
// kept.

/** @import { Seat } from './messages.js' */
/** @import { KeptClocks } from './clock.js' */

/**
 * The settings: the bot's level, the player's seat, the rule set's name,
 * and the clock ('off' or a time control, see clock.js).
 * @typedef {{ level: number, seat: Seat, rules: string, clock: string }} Settings
 */

/**
 * A game as the page names one to put on the board: its rules, set-up
 * start (a fen; null or missing from the opening) and moves; and, for a
 * game the page kept, its id in the recent list, the seat and level it was
 * played at, and its clocks (null for none; missing from a game kept
 * before the page had clocks).
 * @typedef {object} GameEntry
 * @property {string} rules
 * @property {string | null} [start]
 * @property {string} [moves]
 * @property {string} [id]
 * @property {Seat} [seat]
 * @property {number} [level]
 * @property {KeptClocks | null} [clock]
 * @property {Seat | null} [resigned]
 */

/** A game the page keeps (see app.js's `snapshot`). @typedef {GameEntry & { id: string, start: string | null, moves: string, seat: Seat, level: number, clock: KeptClocks | null, resigned: Seat | null }} KeptGame */

/**
 * A game of the recent list: kept, with when it was last played and how it
 * ended (null: unfinished; ABANDONED: left for a new game).
 * @typedef {GameEntry & { id: string, moves: string, date: number, result: string | null }} RecentGame
 */

/** The result of a game left unfinished for a new one: it never comes back by itself (see replace.js). */
export const ABANDONED = 'abandoned';

/** What brought in the game on the board in place of another. @typedef {'new game' | 'rules change' | 'load' | 'open' | 'link'} Replacement */

/** The game a new game, rules change, load, open or link replaced, and which of them it was. @typedef {{ game: KeptGame, why: Replacement }} Previous */

const SETTINGS_KEY = 'oware.settings';
const RECENT_KEY = 'oware.recent';
const TAB_KEY = 'oware.tab';
/** Where the page kept its one game before each tab had its own. */
const OLD_GAME_KEY = 'oware.game';

/** How many games the recent list keeps. */
export const RECENT_GAMES = 20;

/** The settings of a first visit. @type {Settings} */
const DEFAULT_SETTINGS = { level: 5, seat: 'south', rules: 'abapa', clock: 'off' };

/** The kept settings, the defaults filling any gap. @returns {Settings} */
export function loadSettings() {
  return Object.assign({ ...DEFAULT_SETTINGS }, read(localStorage, SETTINGS_KEY));
}

/** Keeps the settings for the tabs opened next. @param {Settings} settings */
export function saveSettings({ level, seat, rules, clock }) {
  write(localStorage, SETTINGS_KEY, { level, seat, rules, clock });
}

/**
 * This tab's kept game and the one it replaced: { game, previous }, a game
 * being { id, rules, start, moves, seat, level, clock } (clock: see
 * clock.js's keptClocks) and `previous` null or
 * { game, why }.
 * @returns {{ game: KeptGame | null, previous: Previous | null }}
 */
export function loadTab() {
  const tab = read(sessionStorage, TAB_KEY);
  return { game: tab.game ?? null, previous: tab.previous ?? null };
}

/** Keeps this tab's game and the one it replaced. @param {KeptGame} game @param {Previous | null} previous */
export function saveTab(game, previous) {
  write(sessionStorage, TAB_KEY, { game, previous });
}

/** The recent games, the latest first. @returns {RecentGame[]} */
export function loadRecent() {
  const list = read(localStorage, RECENT_KEY);
  return Array.isArray(list) ? list.filter((g) => g && typeof g.id === 'string') : [];
}

/**
 * A game's line, to compare two tabs' games of one id: its start and moves.
 * @param {{ start?: string | null, moves?: string }} game
 */
export function lineOf({ start, moves }) {
  return `${start ?? ''}/${moves ?? ''}`;
}

/** A new id for a game in the recent list. */
export function newId() {
  return `${Date.now().toString(36)}-${crypto.getRandomValues(new Uint32Array(1))[0].toString(36)}`;
}

/**
 * Puts `entry` at the top of the recent games in place of the entry of its
 * id (or takes that entry out, when `entry` has no moves and no set-up),
 * keeping the last RECENT_GAMES.
 * @param {RecentGame} entry
 */
export function remember(entry) {
  const list = loadRecent().filter((g) => g.id !== entry.id);
  if (entry.moves || entry.start) list.unshift(entry);
  write(localStorage, RECENT_KEY, list.slice(0, RECENT_GAMES));
}

/**
 * Marks the recent game `id`, if it is unfinished, as ABANDONED: the player
 * left it for a new game. Reopened (or brought back by "Undo new game"),
 * it is unfinished again as soon as it is kept.
 * @param {string} id
 */
export function abandon(id) {
  const list = loadRecent();
  const entry = list.find((g) => g.id === id);
  if (!entry || entry.result !== null) return;
  entry.result = ABANDONED;
  write(localStorage, RECENT_KEY, list);
}

/**
 * The game the page kept in localStorage before each tab had its own, once:
 * it is taken out, for the caller to put in the recent list. Null if none.
 * @returns {{ rules: string, start?: string | null, moves?: string } | null}
 */
export function takeOldGame() {
  const old = read(localStorage, OLD_GAME_KEY);
  try {
    localStorage.removeItem(OLD_GAME_KEY);
  } catch {
    // Nothing kept: nothing to take.
  }
  return old.moves || old.start ? old : null;
}

/**
 * The value kept at `key`, or {} for none or a damaged one. What was kept
 * is taken to be what this page wrote there (its callers say the shape).
 * @param {Storage} storage
 * @param {string} key
 * @returns {any}
 */
function read(storage, key) {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null') ?? {};
  } catch {
    return {};
  }
}

/** @param {Storage} storage @param {string} key @param {unknown} value */
function write(storage, key, value) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Private browsing or a full store: nothing is kept, the game still works.
  }
}
