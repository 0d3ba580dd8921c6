// The move list beside the board: the moves numbered as a game record
// numbers them (a number for each pair of moves from the first, whoever
// makes it: `1. E c 2. A`, and from a set-up with North to move `1. b C
// 2. a`, as oware-core's OGN writer does), each a button that shows the
// position after it; the steps before and after, "Back to the game", and
// "Copy link" (a link to the game at the position shown; see link.js); and
// the analysis (analysis.js): "Analyse" and "Cancel", its progress, each
// move's mark and judgement, and the graph under the list (graph.js).
// Which position is shown is app.js's: this module draws it and reports
// what was asked.

import { seatOf, indexOf, SEAT_NAME, count } from './houses.js';
import { $ } from './dom.js';
import { copyText, noteFor } from './clipboard.js';
import { progressText, judgementText } from './analysis.js';
import { setUpGraph, drawGraph } from './graph.js';

/** @import { Judgement } from './messages.js' */
/** @import { Run } from './analysis.js' */

/**
 * What the list's controls do (see `setUpMoves`).
 * @typedef {object} MovesActions
 * @property {(ply: number) => void} show
 * @property {(delta: number) => void} step
 * @property {() => void} live
 * @property {() => string | null} link
 * @property {() => void} analyse
 * @property {() => void} cancel
 */

/** The number a game record gives the move at `index` (from 0): one for each pair of moves. @type {(index: number) => number} */
export const moveNumber = (index) => Math.floor(index / 2) + 1;

/** "3. E" or "3… c": the move at `index` of `moves` as a record writes it. @param {string} moves @param {number} index */
export function moveName(moves, index) {
  return `${moveNumber(index)}${index % 2 === 0 ? '.' : '…'} ${moves[index]}`;
}

/**
 * Wires the list and its steps: `show(ply)` shows the position after `ply`
 * moves, `step(delta)` the one before or after that shown, `live()` the
 * position being played; `link()` is the address of the game at the
 * position shown (null before the module has loaded); `analyse()` and
 * `cancel()` start and stop the analysis.
 * @param {MovesActions} actions
 */
export function setUpMoves({ show, step, live, link, analyse, cancel }) {
  setUpGraph(show);
  $('analyse').addEventListener('click', analyse);
  $('cancel-analysis').addEventListener('click', cancel);
  $('move-list').addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-ply]') : null;
    if (button instanceof HTMLElement) show(Number(button.dataset.ply));
  });
  $('step-back').addEventListener('click', () => step(-1));
  $('step-forward').addEventListener('click', () => step(1));
  $('back-to-game').addEventListener('click', live);
  $('copy-link').addEventListener('click', async () => {
    const text = link();
    if (!text) return;
    const done = await copyText(text);
    noteFor($('link-note'), done ? 'Link copied.' : `Copy it by hand: ${text}`);
  });
}

/** The list as last drawn (its moves and how many are judged), to build it again only when that changes. @type {string | null} */
let drawn = null;

/**
 * Draws the list of `moves`, the move whose position is shown (`viewed`, a
 * ply, or null for the live position) marked, with the analysis `run` and
 * its `judgements` of these moves (see analysis.js).
 * @param {string} moves
 * @param {number | null} viewed
 * @param {Run | null} run
 * @param {(Judgement | null)[]} judgements
 */
export function drawMoves(moves, viewed, run, judgements) {
  const shown = viewed ?? moves.length;
  const key = `${moves} ${judgements.length}`;
  if (drawn !== key) {
    drawn = key;
    const rows = [];
    for (let i = 0; i < moves.length; i += 2) {
      const li = document.createElement('li');
      const number = document.createElement('span');
      number.className = 'number';
      number.setAttribute('aria-hidden', 'true');
      number.textContent = `${moveNumber(i)}.`;
      li.append(number, moveButton(moves, i, judgements[i]));
      if (i + 1 < moves.length) li.append(moveButton(moves, i + 1, judgements[i + 1]));
      rows.push(li);
    }
    $('move-list').replaceChildren(...rows);
  }
  const list = $('move-list');
  for (const button of list.querySelectorAll('button[data-ply]')) {
    if (!(button instanceof HTMLElement)) continue;
    const current = Number(button.dataset.ply) === shown;
    if (current) {
      button.setAttribute('aria-current', 'step');
      keepInSight(list, button);
    } else {
      button.removeAttribute('aria-current');
    }
  }
  $('step-back', HTMLButtonElement).disabled = shown === 0;
  $('step-forward', HTMLButtonElement).disabled = viewed === null;
  $('back-to-game', HTMLButtonElement).disabled = viewed === null;
  const judged = viewed !== null && viewed > 0 && judgements[viewed - 1] !== undefined ? ` The move: ${judgementText(judgements[viewed - 1])}.` : '';
  $('viewing').textContent = viewed === null
    ? (moves ? `${count(moves.length, 'move')}; the board shows the game being played.` : 'No moves yet.')
    : `Looking back at ${viewed === 0 ? 'the start' : moveName(moves, viewed - 1)}: the board is read-only.${judged}`;
  $('viewing').classList.toggle('back', viewed !== null);
  drawGraph(moves, judgements, shown);
  $('analyse', HTMLButtonElement).disabled = !moves || !!run?.running;
  $('cancel-analysis').hidden = !run?.running;
  $('analysis-progress').textContent = progressText(run);
}

/** Scrolls the list (and only the list: the page stays where it is) so that `button` is in it. @param {HTMLElement} list @param {HTMLElement} button */
function keepInSight(list, button) {
  const box = button.getBoundingClientRect();
  const top = box.top - list.getBoundingClientRect().top + list.scrollTop;
  const bottom = top + box.height;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}

/**
 * The button of move `i`, with its mark and, once analysed, its `judgement` (null: not scored) in its tooltip and name.
 * @param {string} moves
 * @param {number} i
 * @param {Judgement | null | undefined} judgement
 */
function moveButton(moves, i, judgement) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'move';
  button.dataset.ply = String(i + 1);
  button.textContent = `${moves[i]}${judgement?.mark ?? ''}`;
  const seat = SEAT_NAME[seatOf(indexOf(moves[i]))];
  let name = `${moveName(moves, i)}, ${seat} sows ${moves[i]}`;
  if (judgement !== undefined) {
    name += `: ${judgementText(judgement)}`;
    button.title = judgementText(judgement);
    if (judgement) button.dataset.score = judgement.played.text;
    if (judgement?.mark) button.dataset.mark = judgement.mark;
  }
  button.setAttribute('aria-label', name);
  return button;
}
