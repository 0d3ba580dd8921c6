// The slate above the board: whose thinking it shows, the depth meter, the
// positions searched and the time (or that the move is the opening book's),
// and the line the engine expects.

import { other, SEAT_NAME, count } from './houses.js';
import { $ } from './dom.js';

/** @import { Scene } from './view.js' */

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
    // One clock: the time since the search started, counting on while it
    // runs and stopped when its answer is shown (never less than shown before).
    const seconds = ((search ? performance.now() - source.started : source.elapsed) / 1000).toFixed(1);
    numbers.textContent = `${count(source.nodes, 'position')} · ${seconds} s`;
  } else {
    numbers.textContent = search ? 'starting…' : '';
  }
  // The line expected is about the game's position: not shown while an
  // earlier one is looked at (unless the bot is thinking now).
  const stale = viewing && !search;
  $('search-pv').textContent = source?.pv && !source.book && !stale ? `expects ${source.pv.split('').join(' ')}` : '';
}
