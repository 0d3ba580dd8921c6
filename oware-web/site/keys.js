// The keyboard: a house's letter sows it (a-f for the player's own row,
// whichever seat they hold), and H, U, M are hint, undo and move now. A new
// game takes Shift+N: a bare N sits next to B, which sows. As on lichess,
// ← and → step through the moves, Home shows the start and End goes back
// to the game, whatever has the focus (a house too): the houses are
// reached by letter, or by Tab, and sown with Enter, so the arrows have no
// other use on the board. Keys typed into a form field are the field's.

/** @import { Seat } from './messages.js' */

/**
 * What the keys do (see `listenToKeys`).
 * @typedef {object} KeyActions
 * @property {(i: number) => void} sow
 * @property {() => void} hint
 * @property {() => void} undo
 * @property {() => void} moveNow
 * @property {() => void} newGame
 * @property {(delta: number) => void} step
 * @property {() => void} start
 * @property {() => void} live
 */

/**
 * Listens on the document. `seat()` is the player's seat; `actions` has
 * sow(i) (from the keyboard), hint(), undo(), moveNow(), newGame(),
 * step(delta), start() and live().
 * @param {() => Seat} seat
 * @param {KeyActions} actions
 */
export function listenToKeys(seat, actions) {
  document.addEventListener('keydown', (event) => onKey(event, seat(), actions));
}

/** @param {KeyboardEvent} event @param {Seat} seat @param {KeyActions} actions */
function onKey(event, seat, actions) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  // Keys go to the document from an element (a house, a field) or the page itself.
  const target = event.target instanceof Element ? event.target : null;
  const tag = target?.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
  const key = event.key;
  const lower = key.toLowerCase();
  const base = seat === 'south' ? 0 : 6;
  if (key.length === 1 && 'abcdef'.includes(lower)) {
    event.preventDefault();
    actions.sow(base + 'abcdef'.indexOf(lower));
  } else if (lower === 'h') actions.hint();
  else if (lower === 'u') actions.undo();
  else if (lower === 'm') actions.moveNow();
  else if (key === 'N' && event.shiftKey) actions.newGame();
  else if (key === 'Home' || key === 'End') {
    event.preventDefault();
    if (key === 'Home') actions.start();
    else actions.live();
  } else if (key === 'ArrowLeft' || key === 'ArrowRight') {
    event.preventDefault();
    actions.step(key === 'ArrowRight' ? 1 : -1);
  }
}
