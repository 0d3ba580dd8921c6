// The slate above the board: whose thinking it shows, the depth meter, the
// positions searched and the engine's own time for them (or that the move
// is the opening book's), and the line the engine expects. The page shows
// each depth in its turn (pacing.js), so a quick search is shown over
// longer than it took: once done, the slate says so beside its time.

import { other, SEAT_NAME, count } from './houses.js';
import { searchSeconds } from './search.js';
import { $ } from './dom.js';

/** @import { Scene } from './view.js' */

/** How much longer than the search the page may take to show it before the slate says so (ms). */
const PACED_MS = 100;

/** Draws the slate for the search in progress, else the last one shown. @param {Scene} scene */
export function drawSlate({ settings, search, shown, viewing }) {
  const botSeat = other(settings.seat);
  const source = search ?? shown;
  const who = source?.kind === 'hint' ? `Hint for you (${SEAT_NAME[settings.seat]})` : `${SEAT_NAME[botSeat]} · the bot · level ${source?.level ?? settings.level}`;
  $('bot-name').textContent = who;
  const depth = source?.depth ?? 0;
  const max = Math.max(10, Math.min(source?.limits?.depth ?? 0, 30), depth + (search ? 1 : 0));
  const meter = $('depth-meter');
  meter.setAttribute('aria-valuenow', String(depth));
  meter.setAttribute('aria-valuemax', String(max));
  meter.classList.toggle('active', !!search);
  $('depth-value').textContent = source ? String(depth) : '–';
  const ticks = $('depth-ticks');
  if (ticks.childElementCount !== max) {
    ticks.innerHTML = '<i></i>'.repeat(max);
  }
  [...ticks.children].forEach((tick, k) => {
    tick.className = k < depth ? 'done' : k === depth && search ? 'now' : '';
  });
  const numbers = $('search-numbers');
  if (source?.book) {
    numbers.textContent = 'from the opening book';
  } else if (source && source.nodes !== null) {
    // The engine's time for the depths shown (it only grows), and, once
    // the answer is shown, how much longer the page took to show it all.
    const paced = !search && source.elapsed - source.took >= PACED_MS ? ` (shown over ${(source.elapsed / 1000).toFixed(1)} s)` : '';
    numbers.textContent = `${count(source.nodes, 'position')} · ${searchSeconds(source.took)} s of search${paced}`;
  } else {
    numbers.textContent = search ? 'starting…' : '';
  }
  // The line expected is about the game's position: not shown while an
  // earlier one is looked at (unless the bot is thinking now).
  const stale = viewing && !search;
  $('search-pv').textContent = source?.pv && !source.book && !stale ? `expects ${source.pv.split('').join(' ')}` : '';
}
