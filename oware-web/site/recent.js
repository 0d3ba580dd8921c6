// The recent games panel: the games this browser played last (kept by
// storage.js), finished or not, each with its date, rule set, moves and
// result, and a button that reopens it. app.js does the reopening.
import { count } from './houses.js';
import { $ } from './dom.js';

/** @import { RecentGame } from './storage.js' */

/** Wires the list: `reopen(id)` is called with the id of the game asked for. @param {{ reopen: (id: string) => void }} actions */
export function setUpRecent({ reopen }) {
  $('recent-list').addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-id]') : null;
    if (button instanceof HTMLElement && button.dataset.id) reopen(button.dataset.id);
  });
}

/** The list as last drawn (its JSON), to draw it again only when it changes. @type {string | null} */
let drawn = null;

/** Lists `games` (the latest first) but the one on the board, `currentId`. @param {RecentGame[]} games @param {string} currentId */
export function drawRecent(games, currentId) {
  const shown = games.filter((g) => g.id !== currentId);
  const key = JSON.stringify(shown);
  if (key === drawn) return;
  drawn = key;
  const list = $('recent-list');
  list.replaceChildren(...shown.map(item));
  $('recent-empty').hidden = shown.length > 0;
}

/** @param {RecentGame} game */
function item(game) {
  const li = document.createElement('li');
  const text = document.createElement('span');
  text.className = 'recent-game';
  text.textContent = describe(game);
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.id = game.id;
  button.textContent = 'Reopen';
  button.setAttribute('aria-label', `Reopen the game of ${describe(game)}`);
  li.append(text, ' ', button);
  return li;
}

/** "1 Dec 21:03 · abapa · 32 moves · South wins 26–20 (…)". @param {RecentGame} game */
export function describe({ date, rules, start, moves, result }) {
  const when = new Date(date).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  const played = `${count(moves.length, 'move')}${start ? ' from a set-up position' : ''}`;
  return `${when} · ${rules} · ${played} · ${result ?? 'unfinished'}`;
}
