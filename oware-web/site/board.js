// The board, drawn in SVG: a wooden board, two rows of six houses, a store
// at each end, seeds as pebbles with their count, and the chalk the bot
// writes while it thinks. The player's row is at the bottom, read left to
// right; the other row is read right to left, so sowing runs
// counter-clockwise as on a real board.

import { indexOf, letter, other, seatOf, SEAT_NAME, SEATS, count } from './houses.js';
import { svgElement as el } from './dom.js';

/** @import { Seat, Outcome, GameStateJson } from './messages.js' */
/** @import { LastMove, Proved } from './game.js' */

/**
 * What the board draws (view.js works it out): the 14 cells, the seat at
 * the bottom and the player's, the seat to move, the legal houses
 * (indexes), whether the player may sow now, the last move, the chalk
 * scores by house index (`fresh` at the search's latest depth, `best` its
 * preferred house), the dashed line of a sowing (from a house along its
 * path), whether the game is over (by the rules or on time: nothing can be
 * sown, and the houses say so), its winner or a proof, the hinted house,
 * and whether this is an earlier position, looked at (read-only).
 * @typedef {object} View
 * @property {number[]} cells
 * @property {Seat} bottomSeat
 * @property {Seat} humanSeat
 * @property {Seat} toMove
 * @property {Set<number>} legal
 * @property {boolean} interactive
 * @property {boolean} over
 * @property {LastMove | null} last
 * @property {{ scores: Map<number, { text: string, fresh: boolean, best: boolean }> } | null} chalk
 * @property {{ from: number, path: number[] } | null} line
 * @property {Pick<Outcome, 'winner'> | null} outcome
 * @property {Proved | null} proof
 * @property {number | null} hint
 * @property {boolean} readOnly
 */

/**
 * The view of a position as a state request answers it, for a page that
 * draws no chalk, line or outcome on the board (Puzzles, Practice): the
 * player's `seat` at the bottom, sowing when `interactive`, `hint` ringed.
 * @param {GameStateJson} answer @param {Seat} seat @param {boolean} interactive @param {number | null} hint
 * @returns {View}
 */
export function plainView(answer, seat, interactive, hint) {
  return {
    cells: answer.cells,
    bottomSeat: seat,
    humanSeat: seat,
    toMove: answer.toMove,
    legal: new Set([...answer.legal].map(indexOf)),
    interactive,
    over: !!answer.outcome,
    last: answer.last ? { ...answer.last, house: indexOf(answer.last.house) } : null,
    chalk: null,
    line: null,
    outcome: null,
    proof: null,
    hint,
    readOnly: false,
  };
}

/** How a house was chosen: a click or a tap, or the keyboard (which keeps the focus on it). @typedef {'pointer' | 'keyboard'} How */

/** A row of the board, as drawn: the player's at the bottom. @typedef {'top' | 'bottom'} Row */

/** A store's place: the player's on the right. @typedef {'left' | 'right'} Side */

/** A store's parts, and the count its seeds were last drawn for (-1: to draw). @typedef {{ g: SVGElement, seeds: SVGElement, count: SVGElement, title: SVGElement, drawn: number }} StoreParts */

/**
 * A house's parts, and the count its seeds were last drawn for (-1: to draw).
 * @typedef {{ g: SVGElement, hit: SVGElement, focus: SVGElement, pit: SVGElement, seeds: SVGElement, shade: SVGElement,
 *   badge: SVGElement, count: SVGElement, label: SVGElement, drawn: number }} HouseParts
 */

/** Both sides. @type {Side[]} */
const SIDES = ['left', 'right'];


// Geometry, in the viewBox's units (1000 × 480).
const COLUMN_X = [215, 329, 443, 557, 671, 785];
const ROW_Y = { top: 135, bottom: 335 };
const HOUSE_R = 50;
const STORE = { left: 105, right: 895, cy: 235, rx: 62, ry: 140 };
const BADGE_Y = { top: 64, bottom: 406 };
const LETTER_Y = { top: 25, bottom: 470 };
const CHALK_Y = { top: 219, bottom: 266 };
const MARK_Y = 462;

const PEBBLE_COLOURS = [
  ['#cfc6b4', '#6f6556'], ['#e3d9c4', '#857a66'], ['#a9a49b', '#4f4a44'],
  ['#c9b08a', '#6d5636'], ['#b9b2a6', '#5e5850'], ['#d8c6a3', '#7a6646'],
];

/** A small deterministic hash, for pebble shapes that do not jump about. @param {number} a @param {number} b */
function hash(a, b) {
  let h = Math.imul(a * 374761393 + b * 668265263, 0x27d4eb2d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b) >>> 0;
  return ((h ^ (h >>> 13)) >>> 0) / 4294967296;
}

export class BoardView {
  /**
   * `bottomSeat` is the seat drawn at the bottom: the houses are in place
   * from the first frame, before there is a game to draw; `onHouse(i, how)`
   * is called with the house index chosen.
   * @param {SVGSVGElement} svg
   * @param {object} options
   * @param {(i: number, how: How) => void} options.onHouse
   * @param {Seat} options.bottomSeat
   */
  constructor(svg, { onHouse, bottomSeat }) {
    this.svg = svg;
    this.onHouse = onHouse;
    this.bottomSeat = bottomSeat;
    const parts = this.build();
    this.stores = parts.stores;
    this.houses = parts.houses;
    /** The layers drawn over the houses: the outcome's marks, the chalk, the dashed line. */
    this.marks = parts.marks;
    this.chalk = parts.chalk;
    this.line = parts.line;
    this.place();
  }

  /** The fixed parts: patterns, the board, the pits, the layers drawn over; returns those drawn on later. */
  build() {
    const svg = this.svg;
    svg.innerHTML = `
<defs>
  <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#9a5f33"/><stop offset="0.45" stop-color="#7d4724"/>
    <stop offset="1" stop-color="#5c3219"/>
  </linearGradient>
  <filter id="grain" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.004 0.11" numOctaves="4" seed="11"/>
    <feColorMatrix values="0 0 0 0 0.18  0 0 0 0 0.08  0 0 0 0 0.02  0 0 0 -2.4 1.35"/>
    <feComposite in2="SourceGraphic" operator="in"/>
  </filter>
  <radialGradient id="pit" cx="0.5" cy="0.42" r="0.6">
    <stop offset="0" stop-color="#2a160b"/><stop offset="0.75" stop-color="#3f2413"/>
    <stop offset="1" stop-color="#6b3d1f"/>
  </radialGradient>
  <linearGradient id="rim" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#1e0f06" stop-opacity="0.9"/><stop offset="1" stop-color="#c28a5a" stop-opacity="0.7"/>
  </linearGradient>
  ${PEBBLE_COLOURS.map(([light, dark], i) => `
  <radialGradient id="pebble${i}" cx="0.36" cy="0.3" r="0.8">
    <stop offset="0" stop-color="#fffdf6"/><stop offset="0.22" stop-color="${light}"/>
    <stop offset="1" stop-color="${dark}"/>
  </radialGradient>`).join('')}
  <filter id="chalk" x="-5%" y="-20%" width="110%" height="140%">
    <feTurbulence type="fractalNoise" baseFrequency="0.8" numOctaves="2" seed="5" result="noise"/>
    <feDisplacementMap in="SourceGraphic" in2="noise" scale="2.2" xChannelSelector="R" yChannelSelector="G" result="rough"/>
    <feColorMatrix in="noise" result="speckle" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 -2.2 1.75"/>
    <feComposite in="rough" in2="speckle" operator="in"/>
  </filter>
  <marker id="arrow" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
    <path d="M0,0 L10,5 L0,10 z" fill="#f3efe2"/>
  </marker>
</defs>
<rect class="wood" x="20" y="40" width="960" height="400" rx="70" fill="url(#wood)"/>
<rect x="20" y="40" width="960" height="400" rx="70" fill="#000" filter="url(#grain)" opacity="0.9"/>
<rect x="24" y="44" width="952" height="392" rx="66" fill="none" stroke="#c99466" stroke-opacity="0.45" stroke-width="3"/>
<path d="M170,235 H830" stroke="#3a1f0e" stroke-opacity="0.35" stroke-width="2"/>`;

    // Both sides are filled in just below.
    const stores = /** @type {Record<Side, StoreParts>} */ ({});
    for (const side of SIDES) {
      const g = el('g', { class: `store store-${side}` }, svg);
      el('ellipse', { cx: STORE[side], cy: STORE.cy, rx: STORE.rx, ry: STORE.ry, fill: 'url(#pit)', stroke: 'url(#rim)', 'stroke-width': 4 }, g);
      const seeds = el('g', { class: 'seeds' }, g);
      const y = side === 'left' ? BADGE_Y.top : BADGE_Y.bottom;
      el('circle', { class: 'badge', cx: STORE[side], cy: y, r: 19 }, g);
      const count = el('text', { class: 'count', x: STORE[side], y: y + 7 }, g);
      const title = el('title', {}, g);
      stores[side] = { g, seeds, count, title, drawn: -1 };
    }

    /** @type {HouseParts[]} */
    const houses = [];
    for (let i = 0; i < 12; i++) {
      const g = el('g', { class: 'house', 'data-house': letter(i), role: 'button' }, svg);
      const hit = el('rect', { class: 'hit', width: 112, height: 150, rx: 20, fill: 'transparent' }, g);
      const focus = el('circle', { class: 'focus-ring', r: HOUSE_R + 9 }, g);
      const pit = el('circle', { class: 'pit', r: HOUSE_R, fill: 'url(#pit)', stroke: 'url(#rim)', 'stroke-width': 3 }, g);
      const seeds = el('g', { class: 'seeds' }, g);
      const shade = el('circle', { class: 'shade', r: HOUSE_R }, g);
      const badge = el('circle', { class: 'badge', r: 16 }, g);
      // The letter, a space and the count: the visible text reads "A 4",
      // as the house's accessible name ("house A, 4 seeds, …") has it, for
      // those who name what they see to a voice control.
      const label = el('text', { class: 'letter' }, g);
      g.append(' ');
      const count = el('text', { class: 'count' }, g);
      label.textContent = letter(i);
      g.addEventListener('click', () => this.onHouse(i, 'pointer'));
      g.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          this.onHouse(i, 'keyboard');
        }
      });
      houses.push({ g, hit, focus, pit, seeds, shade, badge, count, label, drawn: -1 });
    }

    const marks = el('g', { class: 'marks' }, svg);
    const chalk = el('g', { class: 'chalk-layer', filter: 'url(#chalk)' }, svg);
    const line = el('g', { class: 'line-layer', filter: 'url(#chalk)' }, svg);
    return { stores, houses, marks, chalk, line };
  }

  /** Where house `i` sits, for the current orientation. @param {number} i @returns {{ x: number, y: number, row: Row }} */
  position(i) {
    const bottom = seatOf(i) === this.bottomSeat;
    const column = bottom ? i % 6 : 5 - (i % 6);
    return { x: COLUMN_X[column], y: bottom ? ROW_Y.bottom : ROW_Y.top, row: bottom ? 'bottom' : 'top' };
  }

  /** The store of `seat`: the player's on the right, the other on the left. @param {Seat} seat @returns {Side} */
  storeSide(seat) {
    return seat === this.bottomSeat ? 'right' : 'left';
  }

  /**
   * Draws `view`: { cells[14], bottomSeat, humanSeat, toMove, legal (Set of
   * indices), interactive, last, chalk, line, outcome, proof, hint,
   * readOnly (an earlier position, looked at) }.
   * @param {View} view
   */
  render(view) {
    this.svg.classList.toggle('read-only', view.readOnly);
    this.svg.setAttribute('aria-label', view.readOnly ? 'The board at an earlier position (read-only)' : 'The board');
    if (view.bottomSeat !== this.bottomSeat) {
      this.bottomSeat = view.bottomSeat;
      this.place();
    }
    for (let i = 0; i < 12; i++) this.drawHouse(i, view);
    for (const seat of SEATS) this.drawStore(seat, view.cells[seat === 'south' ? 12 : 13]);
    this.drawMarks(view);
    this.drawChalk(view);
    this.drawLine(view);
  }

  /** Moves the houses to their places after the seat at the bottom changed. */
  place() {
    for (let i = 0; i < 12; i++) {
      const h = this.houses[i];
      const { x, y, row } = this.position(i);
      h.hit.setAttribute('x', String(x - 56));
      h.hit.setAttribute('y', String(row === 'top' ? 45 : 275));
      for (const c of [h.focus, h.pit, h.shade]) {
        c.setAttribute('cx', String(x));
        c.setAttribute('cy', String(y));
      }
      h.badge.setAttribute('cx', String(x));
      h.badge.setAttribute('cy', String(BADGE_Y[row]));
      h.count.setAttribute('x', String(x));
      h.count.setAttribute('y', String(BADGE_Y[row] + 6));
      h.label.setAttribute('x', String(x));
      h.label.setAttribute('y', String(LETTER_Y[row]));
      h.drawn = -1;
      h.g.dataset.row = row;
    }
    // Tab order follows the player's row left to right, then the other row.
    const order = [...Array(12).keys()].sort((a, b) => {
      const pa = this.position(a), pb = this.position(b);
      return (pa.row === 'bottom' ? 0 : 1) - (pb.row === 'bottom' ? 0 : 1) || pa.x - pb.x;
    });
    for (const i of order) this.svg.insertBefore(this.houses[i].g, this.marks);
    for (const side of SIDES) this.stores[side].drawn = -1;
  }

  /** Draws house `i` as `view` has it: its seeds (when their count changed), its marks and its accessible name. @param {number} i @param {View} view */
  drawHouse(i, view) {
    const h = this.houses[i];
    const seeds = view.cells[i];
    const { x, y } = this.position(i);
    if (h.drawn !== seeds) {
      h.seeds.innerHTML = '';
      drawPebbles(h.seeds, i, seeds, (k, n) => {
        const c = Math.min(12.5, 34 / Math.sqrt(Math.max(n, 1)));
        const r = c * Math.sqrt(k + 0.5), a = k * 2.39996 + i;
        return [x + r * Math.cos(a), y + r * Math.sin(a)];
      });
      h.count.textContent = String(seeds);
      h.drawn = seeds;
    }
    const mine = seatOf(i) === view.humanSeat;
    const yourTurn = view.interactive && view.toMove === view.humanSeat;
    const legal = view.legal.has(i);
    const g = h.g;
    g.classList.toggle('mine', mine);
    g.classList.toggle('theirs', !mine);
    g.classList.toggle('legal', yourTurn && legal);
    g.classList.toggle('unavailable', yourTurn && mine && !legal);
    g.classList.toggle('last', view.last?.house === i);
    g.classList.toggle('captured', !!view.last?.captured.includes(i));
    g.classList.toggle('hinted', view.hint === i);
    // Once the game is over no house takes a move: none is in the tab order.
    g.setAttribute('tabindex', mine && !view.over ? '0' : '-1');
    g.classList.toggle('over', view.over);
    const state = view.over ? `${mine ? 'your' : `${SEAT_NAME[other(view.humanSeat)]}'s`} house, the game is over`
      : !mine ? `${SEAT_NAME[other(view.humanSeat)]}'s house`
      : yourTurn ? (legal ? 'you can sow it' : 'not playable now') : 'your house';
    const lastNote = view.last?.house === i ? ', the last move' : '';
    g.setAttribute('aria-label', `house ${letter(i)}, ${count(seeds, 'seed')}, ${state}${lastNote}`);
    g.setAttribute('aria-disabled', yourTurn && legal ? 'false' : 'true');
  }

  /** Draws `seat`'s store holding `seeds`. @param {Seat} seat @param {number} seeds */
  drawStore(seat, seeds) {
    const side = this.storeSide(seat);
    const s = this.stores[side];
    s.g.dataset.seat = seat;
    if (s.drawn !== seeds) {
      s.seeds.innerHTML = '';
      drawPebbles(s.seeds, 20 + (seat === 'south' ? 0 : 1), seeds, (k) => {
        const r = Math.sqrt((k + 0.5) / 48), a = k * 2.39996;
        return [STORE[side] + r * (STORE.rx - 13) * Math.cos(a), STORE.cy + r * (STORE.ry - 14) * Math.sin(a)];
      });
      s.count.textContent = String(seeds);
      s.drawn = seeds;
    }
    s.title.textContent = `${SEAT_NAME[seat]}'s store: ${seeds} seeds captured`;
  }

  /**
   * Under each store: the outcome (circle, half-circles) or a proven result
   * (bar), each with a word under it, a tooltip and an accessible name.
   * @param {View} view
   */
  drawMarks(view) {
    this.marks.innerHTML = '';
    for (const seat of SEATS) {
      const x = STORE[this.storeSide(seat)];
      const name = SEAT_NAME[seat];
      /** @type {SVGElement | null} */
      let mark = null;
      /** @type {{ word: string, name: string } | null} */
      let label = null;
      if (view.outcome) {
        if (view.outcome.winner === seat) {
          mark = el('circle', { class: 'mark win', cx: x, cy: MARK_Y - 4, r: 13 }, this.marks);
          label = { word: 'winner', name: `${name} wins the game` };
        } else if (view.outcome.winner === null) {
          mark = el('path', { class: 'mark draw', d: `M${x - 14},${MARK_Y + 4} a14,14 0 0 1 28,0 z` }, this.marks);
          label = { word: 'draw', name: 'the game is a draw' };
        }
      } else if (view.proof && (view.proof.kind === 'draw' || view.proof.winner === seat)) {
        const draw = view.proof.kind === 'draw';
        mark = el('rect', { class: `mark proof ${view.proof.kind}`, x: x - 30, y: MARK_Y - 9, width: 60, height: 10, rx: 5 }, this.marks);
        const source = view.proof.exact ? 'the endgame database' : 'the search';
        label = draw ? { word: 'forced draw', name: `a forced draw (proved by ${source})` }
          : { word: 'can force a win', name: `${name} can force a win (proved by ${source})` };
      }
      if (!mark || !label) continue;
      mark.dataset.seat = seat;
      if (!view.outcome && view.proof?.exact) mark.dataset.source = 'database';
      mark.setAttribute('role', 'img');
      mark.setAttribute('aria-label', label.name);
      el('title', {}, mark).textContent = label.name;
      const word = el('text', { class: 'mark-label', x, y: MARK_Y + 16, 'aria-hidden': 'true' }, this.marks);
      word.textContent = label.word;
    }
  }

  /** A chalk score under each house the engine is weighing. @param {View} view */
  drawChalk(view) {
    this.chalk.innerHTML = '';
    if (view.last) {
      const { x, y } = this.position(view.last.house);
      el('circle', { class: 'last-ring', cx: x, cy: y, r: HOUSE_R + 5 }, this.chalk);
      for (const i of view.last.captured) {
        const p = this.position(i);
        el('path', { class: 'capture-cross', d: `M${p.x - 12},${p.y - 12} l24,24 m0,-24 l-24,24` }, this.chalk);
      }
    }
    if (!view.chalk) return;
    for (const [i, entry] of view.chalk.scores) {
      const { x, row } = this.position(i);
      const text = el('text', {
        class: `chalk-score${entry.fresh ? '' : ' stale'}${entry.best ? ' best' : ''}${entry.text.length > 6 ? ' long' : ''}`,
        x, y: CHALK_Y[row], 'data-house': letter(i),
      }, this.chalk);
      text.textContent = entry.text;
      if (entry.best) {
        const y = CHALK_Y[row] + 8;
        el('path', { class: 'best-line', d: `M${x - 40},${y} q40,5 80,-1` }, this.chalk);
      }
    }
  }

  /** A dashed chalk line from the preferred house along the path of its seeds. @param {View} view */
  drawLine(view) {
    this.line.innerHTML = '';
    if (!view.line) return;
    const { from, path } = view.line;
    /** @type {{ x: number, y: number }[]} */
    const points = [this.position(from)];
    path.forEach((i, step) => {
      // Each lap round the board is drawn a little further in.
      const lap = Math.floor(step / 11);
      const p = this.position(i);
      const inward = lap * 14;
      points.push({ x: p.x + Math.sign(500 - p.x) * inward * 0.4, y: p.y + Math.sign(235 - p.y) * inward });
    });
    const d = smoothPath(points);
    el('path', { class: 'sow-line', d, 'marker-end': 'url(#arrow)', 'data-from': letter(from) }, this.line);
  }

  /** A brief shake of house `i`, for a refused move. @param {number} i */
  refuse(i) {
    const g = this.houses[i].g;
    g.classList.remove('refused');
    void g.getBoundingClientRect();
    g.classList.add('refused');
    setTimeout(() => g.classList.remove('refused'), 600);
  }

  /** Puts the keyboard's focus on house `i`. @param {number} i */
  focusHouse(i) {
    this.houses[i].g.focus();
  }
}

/**
 * Pebbles for `count` seeds, placed by `place(k, count)` → [x, y].
 * @param {Element} parent
 * @param {number} salt
 * @param {number} count
 * @param {(k: number, count: number) => [number, number]} place
 */
function drawPebbles(parent, salt, count, place) {
  const shown = Math.min(count, 48);
  for (let k = 0; k < shown; k++) {
    const [x, y] = place(k, shown);
    const r1 = hash(salt, k), r2 = hash(k, salt + 99);
    const colour = Math.floor(hash(salt * 7, k * 3) * PEBBLE_COLOURS.length);
    const rx = 9.6 + r1 * 1.8, ry = 7.6 + r2 * 1.5;
    const angle = Math.round(r1 * 180);
    el('ellipse', {
      class: 'pebble-shadow', cx: (x + 1.5).toFixed(1), cy: (y + 3).toFixed(1), rx: rx.toFixed(1), ry: ry.toFixed(1),
      transform: `rotate(${angle} ${x.toFixed(1)} ${y.toFixed(1)})`,
    }, parent);
    el('ellipse', {
      class: 'pebble', cx: x.toFixed(1), cy: y.toFixed(1), rx: rx.toFixed(1), ry: ry.toFixed(1),
      fill: `url(#pebble${colour})`, transform: `rotate(${angle} ${x.toFixed(1)} ${y.toFixed(1)})`,
    }, parent);
  }
}

/** A smooth curve through `points` (Catmull-Rom as cubic Béziers). @param {{ x: number, y: number }[]} points */
function smoothPath(points) {
  let d = `M${points[0].x},${points[0].y}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(i - 1, 0)], p1 = points[i], p2 = points[i + 1];
    const p3 = points[Math.min(i + 2, points.length - 1)];
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 };
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 };
    d += ` C${c1.x.toFixed(1)},${c1.y.toFixed(1)} ${c2.x.toFixed(1)},${c2.y.toFixed(1)} ${p2.x.toFixed(1)},${p2.y.toFixed(1)}`;
  }
  return d;
}
