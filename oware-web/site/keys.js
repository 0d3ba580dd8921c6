// The keyboard: a house's letter sows it (a-f for the player's own row,
// whichever seat they hold), and H, U, M are hint, undo and move now. A new
// game takes Shift+N: a bare N sits next to B, which sows. As on lichess,
// ← and → step through the moves, Home shows the start and End goes back
// to the game, whatever has the focus (a house too): the houses are
// reached by letter, or by Tab, and sown with Enter, so the arrows have no
// other use on the board. Keys typed into a text box are the box's.
//
// The other controls never change the game by a stray key: ←/→/Home/End
// on a list, a seat button or a switch step through the moves as anywhere
// else (so after choosing a level they step, not change it again); ↑/↓ on
// a list open it rather than pick the next choice, and a letter picks
// nothing (a list is chosen from open, or by a click). The seat's ↑/↓ and
// a rules change ask first while a game is on (app.js, confirm.js). While
// that question is asked, the keys are its.

import { asking } from './confirm.js';

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
  // Caught on the way down, before a list or a button group acts on it.
  window.addEventListener('keydown', (event) => onKey(event, seat(), actions), { capture: true });
}

/** The moves' keys: ←/→ step, Home the start, End the game. */
const STEP_KEYS = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];

/**
 * What a key on a control that is not a text box does: null, the control's
 * own (Tab, Space, Enter, and ↑/↓ between the seat buttons); 'page', the
 * page's (the moves' keys); 'none', nothing.
 * @param {Element} target @param {string} key
 * @returns {'page' | 'none' | null}
 */
function onControl(target, key) {
  const isList = target instanceof HTMLSelectElement;
  const isSwitch = target instanceof HTMLInputElement && (target.type === 'radio' || target.type === 'checkbox');
  if (!isList && !isSwitch) return null;
  if (STEP_KEYS.includes(key)) return 'page';
  if (isList && (key === 'ArrowUp' || key === 'ArrowDown')) {
    try {
      target.showPicker();
    } catch {
      // A list the browser cannot open from here is opened with Space or a click.
    }
    return 'none';
  }
  return isList && key.length === 1 && key !== ' ' ? 'none' : null;
}

/** @param {KeyboardEvent} event @param {Seat} seat @param {KeyActions} actions */
function onKey(event, seat, actions) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  // Keys go to the document from an element (a house, a field) or the page itself.
  if (asking()) return;
  const target = event.target instanceof Element ? event.target : null;
  const key = event.key;
  const control = target && onControl(target, key);
  if (control === 'none') {
    event.preventDefault();
    return;
  }
  if (control === null && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)) return;
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
