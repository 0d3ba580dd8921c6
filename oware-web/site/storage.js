// What the page keeps between visits, in localStorage: the settings and the
// game in progress. A browser that keeps nothing (private browsing) still
// plays; a damaged entry reads as nothing kept.

const SETTINGS_KEY = 'oware.settings';
const GAME_KEY = 'oware.game';

/** The settings of a first visit. */
const DEFAULT_SETTINGS = { level: 5, seat: 'south', rules: 'abapa' };

/** The kept settings { level, seat, rules }, the defaults filling any gap. */
export function loadSettings() {
  return Object.assign({ ...DEFAULT_SETTINGS }, read(SETTINGS_KEY));
}

/** The kept game { rules, start, moves }, or {} when none is kept. */
export function loadGame() {
  return read(GAME_KEY);
}

/** Keeps the settings and the game (its rule set, start and moves). */
export function save(settings, { rules, start, moves }) {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
    localStorage.setItem(GAME_KEY, JSON.stringify({ rules, start, moves }));
  } catch {
    // Private browsing: nothing is kept, the game still works.
  }
}

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key)) ?? {};
  } catch {
    return {};
  }
}
