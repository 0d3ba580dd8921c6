// What the page keeps. Each tab keeps its own game in sessionStorage (a
// reload brings it back, another tab has its own), with the game it
// replaced, for "Undo new game"; localStorage holds only what the tabs
// share: the settings a new tab starts with, and the recent games (the last
// 20, finished or not, each saved as it is played). A browser that keeps
// nothing (private browsing) still plays; a damaged entry reads as nothing
// kept.

const SETTINGS_KEY = 'oware.settings';
const RECENT_KEY = 'oware.recent';
const TAB_KEY = 'oware.tab';
/** Where the page kept its one game before each tab had its own. */
const OLD_GAME_KEY = 'oware.game';

/** How many games the recent list keeps. */
export const RECENT_GAMES = 20;

/** The settings of a first visit. */
const DEFAULT_SETTINGS = { level: 5, seat: 'south', rules: 'abapa', clock: 'off' };

/** The kept settings { level, seat, rules, clock }, the defaults filling any gap (clock: 'off' or a time control, see clock.js). */
export function loadSettings() {
  return Object.assign({ ...DEFAULT_SETTINGS }, read(localStorage, SETTINGS_KEY));
}

/** Keeps the settings for the tabs opened next. */
export function saveSettings({ level, seat, rules, clock }) {
  write(localStorage, SETTINGS_KEY, { level, seat, rules, clock });
}

/**
 * This tab's kept game and the one it replaced: { game, previous }, a game
 * being { id, rules, start, moves, seat, level, clock } (clock: see
 * clock.js's keptClocks) and `previous` null or
 * { game, why }.
 */
export function loadTab() {
  const tab = read(sessionStorage, TAB_KEY);
  return { game: tab.game ?? null, previous: tab.previous ?? null };
}

/** Keeps this tab's game and the one it replaced. */
export function saveTab(game, previous) {
  write(sessionStorage, TAB_KEY, { game, previous });
}

/** The recent games, the latest first: { id, rules, start, moves, seat, level, clock, date, result }. */
export function loadRecent() {
  const list = read(localStorage, RECENT_KEY);
  return Array.isArray(list) ? list.filter((g) => g && typeof g.id === 'string') : [];
}

/**
 * Puts `entry` at the top of the recent games in place of the entry of its
 * id (or takes that entry out, when `entry` has no moves and no set-up),
 * keeping the last RECENT_GAMES.
 */
export function remember(entry) {
  const list = loadRecent().filter((g) => g.id !== entry.id);
  if (entry.moves || entry.start) list.unshift(entry);
  write(localStorage, RECENT_KEY, list.slice(0, RECENT_GAMES));
}

/**
 * The game the page kept in localStorage before each tab had its own, once:
 * it is taken out, for the caller to put in the recent list. Null if none.
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

function read(storage, key) {
  try {
    return JSON.parse(storage.getItem(key)) ?? {};
  } catch {
    return {};
  }
}

function write(storage, key, value) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Private browsing or a full store: nothing is kept, the game still works.
  }
}
