// The player's score against each level: the games won, drawn and lost,
// kept in this browser (localStorage, shared by the tabs), each game
// finished on the page counted once, at the level the bot played its end
// at, however it ended (by the rules, on time, or resigned; app.js counts
// it as it ends, so a game loaded already over does not count). Settings shows the table, and the
// level list marks a level the player has beaten.

import { $ } from './dom.js';

/** @typedef {'won' | 'drawn' | 'lost'} Verdict */
/** The games won, drawn and lost against one level. @typedef {Record<Verdict, number>} Tally */
/** What is kept: each level's tally, and the ids of the games counted (the last COUNTED). @typedef {{ levels: Record<string, Tally>, counted: string[] }} Scores */

const SCORES_KEY = 'oware.scores';
/** How many games' ids are kept to count each once (a game ended, taken back and ended again). */
const COUNTED = 200;
/** What the level list adds to a level the player has beaten. */
export const BEATEN = ' · beaten';

/** The kept scores, or none. @returns {Scores} */
export function loadScores() {
  try {
    const kept = JSON.parse(localStorage.getItem(SCORES_KEY) ?? 'null');
    if (kept && typeof kept.levels === 'object' && Array.isArray(kept.counted)) return kept;
  } catch {
    // A damaged entry reads as nothing kept.
  }
  return { levels: {}, counted: [] };
}

/**
 * Counts the game `id`, ended with `verdict` against `level`, unless it was
 * counted before; returns whether it was counted now.
 * @param {string} id @param {number} level @param {Verdict} verdict
 */
export function countGame(id, level, verdict) {
  const scores = loadScores();
  if (scores.counted.includes(id)) return false;
  const tally = scores.levels[level] ?? { won: 0, drawn: 0, lost: 0 };
  tally[verdict] += 1;
  scores.levels[level] = tally;
  scores.counted = [id, ...scores.counted].slice(0, COUNTED);
  try {
    localStorage.setItem(SCORES_KEY, JSON.stringify(scores));
  } catch {
    // Private browsing or a full store: the score is not kept, the game goes on.
  }
  return true;
}

/** The score as last drawn (its JSON), to draw it again only when it changes. @type {string | null} */
let drawn = null;

/** Draws the table in Settings and marks the beaten levels in the level list. */
export function drawScores() {
  const { levels } = loadScores();
  const key = JSON.stringify(levels);
  if (key === drawn) return;
  drawn = key;
  const played = Object.keys(levels).map(Number).sort((a, b) => a - b);
  const rows = played.map((level) => {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = String(level);
    tr.append(th);
    for (const verdict of /** @type {Verdict[]} */ (['won', 'drawn', 'lost'])) {
      const td = document.createElement('td');
      td.textContent = String(levels[level][verdict]);
      tr.append(td);
    }
    return tr;
  });
  $('scores-body').replaceChildren(...rows);
  $('scores').hidden = played.length === 0;
  $('scores-empty').hidden = played.length > 0;
  for (const option of $('level', HTMLSelectElement).options) {
    const beaten = (levels[option.value]?.won ?? 0) > 0;
    const name = option.textContent?.replace(BEATEN, '') ?? '';
    option.textContent = beaten ? `${name}${BEATEN}` : name;
  }
}

/** Draws the scores again at the next call, whatever was drawn (the level list was filled anew). */
export function redrawScores() {
  drawn = null;
}
