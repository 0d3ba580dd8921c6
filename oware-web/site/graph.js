// The evaluation graph under the move list: South's advantage after each
// move, as the analysis scored it (in seeds, from South's view, kept within
// ten either way; a proven win at the edge), the position shown marked,
// and a click on it shows the position after the move under the pointer.

import { seatOf, indexOf } from './houses.js';
import { $, svgElement as shape } from './dom.js';

/** @import { Judgement } from './messages.js' */

const WIDTH = 300;
const HEIGHT = 64;
/** The advantage drawn at the graph's edge, in centi-seeds (ten seeds). */
const EDGE = 1000;

/** Wires the graph: `show(ply)` is called with the position clicked. @param {(ply: number) => void} show */
export function setUpGraph(show) {
  const svg = $('eval-graph', SVGSVGElement);
  svg.addEventListener('click', (event) => {
    const plies = Number(svg.dataset.plies);
    if (!plies) return;
    const box = svg.getBoundingClientRect();
    show(Math.round(((event.clientX - box.left) / box.width) * plies));
  });
}

/**
 * Draws the graph of `judgements` (one per move of `moves` analysed; null where not scored) with `shown` (a ply) marked; hidden with none.
 * @param {string} moves
 * @param {(Judgement | null)[]} judgements
 * @param {number} shown
 */
export function drawGraph(moves, judgements, shown) {
  const svg = $('eval-graph', SVGSVGElement);
  // An SVG element has no `hidden` property: the attribute it is.
  svg.toggleAttribute('hidden', judgements.length === 0);
  if (judgements.length === 0) return;
  const plies = moves.length;
  svg.dataset.plies = String(plies);
  /** @param {number} ply */
  const x = (ply) => ((ply / Math.max(plies, 1)) * WIDTH).toFixed(1);
  /** @param {number} centi */
  const y = (centi) => (HEIGHT / 2 - (Math.max(-EDGE, Math.min(EDGE, centi)) / EDGE) * (HEIGHT / 2 - 3)).toFixed(1);
  const points = [`0,${y(0)}`];
  /** @type {{ x: string, y: string, mark: '?' | '??' }[]} */
  const marks = [];
  judgements.forEach((judgement, i) => {
    if (!judgement) return;
    const south = seatOf(indexOf(moves[i])) === 'south';
    const centi = south ? judgement.played.centi : -judgement.played.centi;
    points.push(`${x(i + 1)},${y(centi)}`);
    if (judgement.mark) marks.push({ x: x(i + 1), y: y(centi), mark: judgement.mark });
  });
  svg.replaceChildren(
    shape('line', { class: 'zero', x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2 }),
    shape('polyline', { class: 'advantage', points: points.join(' ') }),
    ...marks.map((m) => shape('circle', { class: m.mark === '??' ? 'blunder' : 'mistake', cx: m.x, cy: m.y, r: 3 })),
    shape('line', { class: 'shown', x1: x(shown), y1: 0, x2: x(shown), y2: HEIGHT }),
  );
}
