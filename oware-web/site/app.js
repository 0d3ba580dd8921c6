// The page: a game against the bot. The game (rule set and transcript)
// lives here; the rules are asked of the module loaded on the page, and the
// bot's search runs in a worker whose every event is drawn as it arrives.

import { loadEngine } from './wasm.js';
import { BoardView, letter, indexOf, seatOf, other } from './board.js';

const $ = (id) => document.getElementById(id);
const SEAT_NAME = { south: 'South', north: 'North' };
const HINT_MS = 1500;
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

// ---- What the page remembers ------------------------------------------------

const settings = Object.assign(
  { level: 5, seat: 'south', rules: 'abapa' },
  readStorage('oware.settings'),
);
let moves = '';
let state = null; // the module's answer for (rules, moves)
let search = null; // the search in progress
let shown = null; // the chalk of the last finished search, kept until the position changes
let proof = null; // what a search proved: { ply, kind: 'win'|'draw', winner, best }
let hint = null; // the house a hint recommends
let animation = null; // cells drawn while a move is being sown
let rules = null; // the module on the page
let worker = null;
let workerReady = null;
let searchCounter = 0;
let failed = null;

function readStorage(key) {
  try {
    return JSON.parse(localStorage.getItem(key)) ?? {};
  } catch {
    return {};
  }
}

function save() {
  try {
    localStorage.setItem('oware.settings', JSON.stringify(settings));
    localStorage.setItem('oware.game', JSON.stringify({ rules: settings.rules, moves }));
  } catch {
    // Private browsing: nothing is kept, the game still works.
  }
}

// For the end-to-end tests and the curious: every event of the last search.
const debug = { events: [], results: [], timings: [] };
window.oware = { debug, get state() { return state; }, get moves() { return moves; }, settings };

// ---- The board --------------------------------------------------------------

const board = new BoardView($('board'), { onHouse: (i, how) => humanMove(i, how) });

function view() {
  const legal = new Set([...(state?.legal ?? '')].map(indexOf));
  const busy = !!animation || (search?.kind === 'bot');
  return {
    cells: animation?.cells ?? state.cells,
    bottomSeat: settings.seat,
    humanSeat: settings.seat,
    toMove: state.toMove,
    legal,
    interactive: !busy && !state.outcome,
    last: animation ? null : state.last,
    chalk: chalkView(),
    line: animation ? null : lineView(),
    outcome: animation ? null : state.outcome,
    proof: animation ? null : proofView(),
    hint: animation ? null : hint,
  };
}

/** The scores to write in chalk: the search in progress, or the last one. */
function chalkView() {
  const source = search ?? shown;
  if (!source || source.scores.size === 0) return null;
  const latest = Math.max(...[...source.scores.values()].map((s) => s.depth));
  const scores = new Map();
  for (const [i, s] of source.scores) {
    scores.set(i, { text: s.score.text, fresh: s.depth === latest, best: i === source.best });
  }
  return { scores };
}

/** The dashed line: from the house the search prefers along its sowing. */
function lineView() {
  const source = search ?? (shown?.kind === 'hint' ? shown : null);
  if (!source || source.best === null || source.ply !== moves.length) return null;
  const path = state.sowings[letter(source.best)];
  return path ? { from: source.best, path } : null;
}

/** Which seats a proof marks now, if it still holds in this position. */
function proofView() {
  if (!proof || proof.ply !== moves.length) return null;
  return proof;
}

let frame = 0;
function render() {
  // The page's state is set at once (tests and assistive tools read it);
  // the drawing waits for the next frame.
  if (state) document.body.dataset.state = pageState();
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    draw();
  });
}

function draw() {
  if (!state) return;
  board.render(view());
  drawSlate();
  drawStatus();
  drawControls();
}

function drawSlate() {
  const botSeat = other(settings.seat);
  const source = search ?? shown;
  const who = source?.kind === 'hint' ? `Hint for you (${SEAT_NAME[settings.seat]})` : `${SEAT_NAME[botSeat]} · the bot · level ${settings.level}`;
  $('bot-name').textContent = who;
  const depth = source?.depth ?? 0;
  const max = Math.max(10, Math.min(source?.limits?.depth ?? 0, 30), depth + (search ? 1 : 0));
  const meter = $('depth-meter');
  meter.setAttribute('aria-valuenow', depth);
  meter.setAttribute('aria-valuemax', max);
  meter.classList.toggle('active', !!search);
  $('depth-value').textContent = source ? depth : '–';
  const ticks = $('depth-ticks');
  if (ticks.childElementCount !== max) {
    ticks.innerHTML = '<i></i>'.repeat(max);
  }
  [...ticks.children].forEach((tick, k) => {
    tick.className = k < depth ? 'done' : k === depth && search ? 'now' : '';
  });
  const numbers = $('search-numbers');
  if (source && source.nodes !== null) {
    const seconds = ((search ? performance.now() - source.started : source.took) / 1000).toFixed(1);
    numbers.textContent = `${source.nodes.toLocaleString('en')} positions · ${seconds} s`;
  } else {
    numbers.textContent = search ? 'starting…' : '';
  }
  $('search-pv').textContent = source?.pv ? `expects ${source.pv.split('').join(' ')}` : '';
}

function drawStatus() {
  let text;
  if (failed) {
    text = failed;
  } else if (state.outcome) {
    text = outcomeText(state.outcome);
  } else if (search?.kind === 'bot') {
    text = `${SEAT_NAME[other(settings.seat)]} is thinking…`;
  } else if (animation) {
    text = '…';
  } else {
    const last = lastMoveText();
    text = `${last}Your move: click or tap one of your houses, or press its letter.`;
    if (search?.kind === 'hint') text = `${last}Looking for a hint…`;
    else if (hint !== null && shown?.kind === 'hint') text = `${last}Hint: sow ${letter(hint)} (${shown.score?.text ?? ''}).`;
  }
  if (statusNote) text = `${statusNote} ${text}`;
  $('status').textContent = text;
  document.body.dataset.state = pageState();
}

function pageState() {
  return failed ? 'error'
    : state.outcome ? 'over'
    : animation ? 'animating'
    : search?.kind === 'bot' ? 'thinking'
    : state.toMove === settings.seat ? 'your-turn' : 'waiting';
}

function lastMoveText() {
  const last = state.last;
  if (!last) return '';
  const who = last.seat === settings.seat ? 'You' : SEAT_NAME[last.seat];
  const took = last.seeds > 0 ? `, capturing ${last.seeds}` : '';
  const time = last.seat !== settings.seat && shown?.took ? ` after ${(shown.took / 1000).toFixed(1)} s` : '';
  return `${who} sowed ${letter(last.house)}${took}${time}. `;
}

function outcomeText(outcome) {
  const [south, north] = outcome.seeds;
  const mine = settings.seat === 'south' ? south : north;
  const theirs = settings.seat === 'south' ? north : south;
  const score = `${mine}–${theirs}`;
  const verdict = outcome.winner === null ? `A draw, ${score}`
    : outcome.winner === settings.seat ? `You win, ${score}` : `The bot wins, ${theirs}–${mine}`;
  return `Game over: ${verdict} (${outcome.reason}). Undo, or start a new game.`;
}

let statusNote = '';
let statusNoteTimer = 0;
function note(text) {
  statusNote = text;
  clearTimeout(statusNoteTimer);
  statusNoteTimer = setTimeout(() => {
    statusNote = '';
    render();
  }, 3500);
  render();
}

function drawControls() {
  const humanMoves = [...moves].filter((m) => seatOf(indexOf(m)) === settings.seat).length;
  $('undo').disabled = humanMoves === 0 || !!animation;
  $('hint').disabled = !!search || !!animation || !!state.outcome || state.toMove !== settings.seat;
  $('move-now').disabled = !(search && search.best !== null);
  $('transcript').textContent = moves || '—';
  const quiet = state.moveLimit === null ? ''
    : ` · ${state.movesWithoutCapture} without a capture (the game ends at ${state.moveLimit})`;
  $('move-count').textContent = `${moves.length} move${moves.length === 1 ? '' : 's'}${quiet}`;
  $('level').value = String(settings.level);
  $('rules').value = settings.rules;
  for (const radio of document.querySelectorAll('input[name=seat]')) radio.checked = radio.value === settings.seat;
}

// ---- The game ---------------------------------------------------------------

/** Asks the module on the page about the game; the last move's house as an index. */
function ask(text) {
  const answer = rules.state(text);
  if (answer.ok && answer.last) answer.last.house = indexOf(answer.last.house);
  return answer;
}

function request(extra = '') {
  return `rules=${settings.rules} moves=${moves}${extra}`;
}

function humanMove(i, how) {
  if (!state || animation) return;
  if (state.outcome) return note('The game is over.');
  if (state.toMove !== settings.seat) return note(`Wait for ${SEAT_NAME[state.toMove]}'s move.`);
  if (search?.kind === 'bot') return;
  const answer = ask(request(` play=${letter(i)}`));
  if (!answer.ok) {
    board.refuse(i);
    note(`Not that one: ${answer.error}.`);
    return;
  }
  if (search) stopSearch();
  if (how === 'keyboard') board.focusHouse(i);
  play(answer);
}

/** Adopts the state after a move, sows it on the board, then lets the bot answer. */
function play(next) {
  const before = state;
  const played = next.moves.slice(-1);
  proof = carryProof(proof, played, before.toMove);
  moves = next.moves;
  state = next;
  hint = null;
  if (shown && shown.ply !== moves.length - 1) shown = null;
  if (shown?.kind === 'hint' || seatOf(indexOf(played)) === settings.seat) shown = null;
  save();
  animate(before.cells, next).then(afterMove);
}

/** A proof for the position before `house` still holds after it when the move
 * is the proved best, or when the losing side made it. */
function carryProof(p, house, mover) {
  if (!p || p.ply !== moves.length) return null;
  const keeps = house === p.best || (p.kind === 'win' && mover !== p.winner);
  return keeps ? { ...p, ply: p.ply + 1, best: null } : null;
}

function afterMove() {
  render();
  maybeBotMove();
}

/** Shows the seeds being sown one by one (unless motion is reduced). */
function animate(from, next) {
  const last = next.last;
  if (!last || reducedMotion.matches || document.hidden) return Promise.resolve();
  const cells = from.slice();
  const steps = [];
  cells[last.house] = 0;
  steps.push(cells.slice());
  for (const i of last.sown) {
    cells[i] += 1;
    steps.push(cells.slice());
  }
  const pause = Math.max(25, Math.min(90, 1100 / steps.length));
  return new Promise((resolve) => {
    let k = 0;
    const tick = () => {
      if (k < steps.length) {
        animation = { cells: steps[k++] };
        render();
        setTimeout(tick, pause);
      } else {
        setTimeout(() => {
          animation = null;
          render();
          resolve();
        }, last.captured.length ? 260 : 60);
      }
    };
    tick();
  });
}

function setMoves(text, { keepShown = false } = {}) {
  const answer = ask(`rules=${settings.rules} moves=${text}`);
  if (!answer.ok) return answer;
  moves = answer.moves;
  state = answer;
  if (!keepShown) shown = null;
  hint = null;
  save();
  return answer;
}

/** After an engine failure, a fresh worker: new game, undo and load start over. */
function recover() {
  if (!failed) return;
  failed = null;
  search = null;
  queue = [];
  worker.terminate();
  startWorker();
}

function newGame() {
  recover();
  stopSearch();
  proof = null;
  setMoves('');
  workerReady.then(() => worker.postMessage({ type: 'new-game' }));
  note('New game.');
  afterMove();
}

function undo() {
  if (animation) return;
  recover();
  stopSearch();
  let text = moves;
  const mine = (m) => seatOf(indexOf(m)) === settings.seat;
  if (![...text].some(mine)) return;
  // Take back the bot's replies and the player's last move.
  while (text && !mine(text.at(-1))) text = text.slice(0, -1);
  text = text.slice(0, -1);
  proof = null;
  setMoves(text);
  note('Move taken back.');
  afterMove();
}

// ---- The search -------------------------------------------------------------

function startWorker() {
  worker = new Worker('worker.js', { type: 'module' });
  workerReady = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data.ready) resolve();
      else if (data.failed) reject(new Error(data.failed));
      else onWorkerMessage(data);
    };
  });
  workerReady.catch((error) => fail(`The engine could not start: ${error.message}`));
  worker.onerror = (event) => fail(`The engine stopped: ${event.message}`);
}

/** Ends a search at once: the worker is ended and a fresh one started. */
function stopSearch() {
  if (!search) return;
  search = null;
  queue = [];
  worker.terminate();
  startWorker();
  render();
}

function newSearch(kind) {
  return {
    id: ++searchCounter, kind, ply: moves.length, mover: state.toMove, limits: null,
    depth: 0, scores: new Map(), best: null, pv: '', score: null, nodes: null,
    started: performance.now(), took: 0,
  };
}

function startSearch(kind, text) {
  search = newSearch(kind);
  queue = [];
  debug.events = [];
  const id = search.id;
  const send = () => worker.postMessage({ id, request: `${request()} ${text}` });
  workerReady.then(send);
  render();
}

function maybeBotMove() {
  if (!state || state.outcome || state.toMove === settings.seat || search || animation || failed) return;
  const seed = crypto.getRandomValues(new Uint32Array(2));
  const seed64 = (BigInt(seed[0]) << 32n) | BigInt(seed[1]);
  startSearch('bot', `level=${settings.level} seed=${seed64}`);
}

function askHint() {
  if (!state || search || animation || state.outcome || state.toMove !== settings.seat) return;
  hint = null;
  startSearch('hint', `ms=${HINT_MS}`);
}

// A fast search finishes many depths within one frame. Its events are
// shown in order at a pace a person can follow (a pause after each depth,
// a shorter one after each house's score), so the chalk and the meter can
// be watched; a slow search is shown as it comes. When the engine runs
// ahead, the pauses shrink, and once it has answered the rest is shown
// within half a second. Nothing is changed or invented: only the timing.
const PACE_MS = { root: 12, iteration: 110 };
const CATCH_UP_MS = 500;
let queue = [];
let pumping = false;

function onWorkerMessage(data) {
  if (!search || data.id !== search.id) return;
  if (data.result) data.arrived = performance.now();
  queue.push(data);
  pump();
}

function pauseAfter(event) {
  const depthsWaiting = queue.filter((item) => item.event?.type === 'iteration').length;
  const answer = queue.find((item) => item.result);
  if (event.type === 'iteration') {
    if (!answer) return PACE_MS.iteration / Math.max(1, depthsWaiting);
    const left = answer.arrived + CATCH_UP_MS - performance.now();
    return Math.max(0, left) / Math.max(1, depthsWaiting);
  }
  if (event.type === 'root') return answer || depthsWaiting > 0 ? 0 : PACE_MS.root;
  return 0;
}

function pump() {
  if (pumping) return;
  while (queue.length) {
    const item = queue.shift();
    if (!item.event) {
      debug.results.push(item.result);
      finishSearch(item.result, item.arrived);
      continue;
    }
    onEvent(item.event);
    const pause = pauseAfter(item.event);
    if (pause > 0) {
      const id = search?.id;
      pumping = true;
      setTimeout(() => {
        pumping = false;
        if (search?.id === id) pump();
      }, pause);
      return;
    }
  }
}

/** Shows every queued event at once (for "move now"). */
function flush() {
  while (queue.length && search) {
    const item = queue.shift();
    if (item.event) onEvent(item.event);
    else {
      debug.results.push(item.result);
      finishSearch(item.result, item.arrived);
    }
  }
}

function onEvent(event) {
  debug.events.push(event);
  const s = search;
  switch (event.type) {
    case 'start':
      s.limits = event.limits;
      break;
    case 'root':
      s.scores.set(indexOf(event.house), { score: event.score, depth: event.depth });
      break;
    case 'iteration':
      s.depth = event.depth;
      s.best = event.best === null ? null : indexOf(event.best);
      s.pv = event.pv;
      s.score = event.score;
      s.nodes = event.nodes;
      for (const [house, score] of event.rootScores) {
        s.scores.set(indexOf(house), { score, depth: event.depth });
      }
      learnProof(s, event.score, s.best);
      break;
    case 'panic':
      fail(`The engine failed: ${event.message}`);
      break;
    default:
      break;
  }
  render();
}

/** A proven score at the root says who can force a win (or that a draw is forced). */
function learnProof(s, score, best) {
  if (!score?.proven || s.ply !== moves.length) return;
  const winner = score.proven === 'win' ? s.mover : score.proven === 'loss' ? other(s.mover) : null;
  proof = { ply: s.ply, kind: winner ? 'win' : 'draw', winner, best: best === null ? null : letter(best) };
}

function finishSearch(result, arrived) {
  const s = search;
  search = null;
  if (!result.ok) {
    fail(`The engine refused: ${result.error}`);
    return;
  }
  // The engine's own time for the search; the wall time (worker start-up
  // included) is kept for measurements.
  s.took = result.ms;
  s.wall = arrived - s.started;
  s.depth = result.depth;
  s.nodes = result.nodes;
  s.pv = result.pv;
  s.score = result.score;
  s.best = result.best === null ? null : indexOf(result.best);
  for (const [house, score] of result.rootScores) {
    s.scores.set(indexOf(house), { score, depth: result.depth });
  }
  learnProof(s, result.score, s.best);
  shown = s;
  if (s.kind === 'hint') {
    hint = s.best;
    render();
    return;
  }
  debug.timings.push({
    level: settings.level, engineMs: s.took, wallMs: s.wall, shownMs: performance.now() - s.started, depth: s.depth, nodes: s.nodes,
  });
  playBot(s.best);
}

function playBot(best) {
  if (best === null) return fail('The engine found no move.');
  const answer = ask(request(` play=${letter(best)}`));
  if (!answer.ok) return fail(`The engine chose an illegal move: ${answer.error}`);
  play(answer);
}

/** "Move now": stop thinking and play the best move of the deepest finished depth. */
function moveNow() {
  flush();
  if (!search || search.best === null) return;
  const s = search;
  stopSearch();
  s.took = performance.now() - s.started;
  shown = s;
  if (s.kind === 'hint') {
    hint = s.best;
    render();
  } else {
    playBot(s.best);
  }
}

function fail(message) {
  failed = message;
  search = null;
  render();
}

// ---- Controls ---------------------------------------------------------------

function setUpControls() {
  const level = $('level');
  for (let n = 1; n <= 19; n++) {
    const option = document.createElement('option');
    option.value = String(n);
    option.textContent = n === 1 ? '1 (gentlest)' : n === 19 ? '19 (strongest)' : String(n);
    level.appendChild(option);
  }
  level.addEventListener('change', () => {
    settings.level = Number(level.value);
    save();
    render();
  });
  for (const radio of document.querySelectorAll('input[name=seat]')) {
    radio.addEventListener('change', () => {
      if (!radio.checked) return;
      stopSearch();
      settings.seat = radio.value;
      shown = null;
      hint = null;
      save();
      afterMove();
    });
  }
  $('rules').addEventListener('change', () => {
    settings.rules = $('rules').value;
    newGame();
  });
  $('new-game').addEventListener('click', newGame);
  $('undo').addEventListener('click', undo);
  $('hint').addEventListener('click', askHint);
  $('move-now').addEventListener('click', moveNow);
  $('copy').addEventListener('click', copyTranscript);
  $('load').addEventListener('click', loadTranscript);
  $('load-text').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      loadTranscript();
    }
  });
  document.addEventListener('keydown', onKey);
}

async function copyTranscript() {
  const text = moves;
  let done = false;
  try {
    await navigator.clipboard.writeText(text);
    done = true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    done = document.execCommand('copy');
    area.remove();
  }
  $('copy-note').textContent = done ? (text ? 'Copied.' : 'Copied (no moves yet).') : 'Select the moves and copy them by hand.';
  setTimeout(() => ($('copy-note').textContent = ''), 3000);
}

function loadTranscript() {
  const text = $('load-text').value.replace(/\s+/g, '');
  const answer = ask(`rules=${settings.rules} moves=${text}`);
  if (!answer.ok) {
    $('load-error').textContent = `That transcript does not load: ${answer.error}.`;
    return;
  }
  $('load-error').textContent = '';
  recover();
  stopSearch();
  proof = null;
  setMoves(text);
  note(`Loaded ${answer.moves.length} moves.`);
  afterMove();
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const tag = event.target?.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
  const key = event.key;
  const lower = key.toLowerCase();
  const base = settings.seat === 'south' ? 0 : 6;
  if (key.length === 1 && 'abcdef'.includes(lower)) {
    event.preventDefault();
    humanMove(base + 'abcdef'.indexOf(lower), 'keyboard');
  } else if (lower === 'h') askHint();
  else if (lower === 'u') undo();
  else if (lower === 'm') moveNow();
  else if (lower === 'n') newGame();
  else if ((key === 'ArrowLeft' || key === 'ArrowRight') && event.target?.classList?.contains('house')) {
    const i = indexOf(event.target.dataset.house);
    if (seatOf(i) !== settings.seat) return;
    const column = (i % 6) + (key === 'ArrowRight' ? 1 : -1);
    if (column >= 0 && column < 6) {
      event.preventDefault();
      board.focusHouse(base + column);
    }
  }
}

// ---- Start ------------------------------------------------------------------

async function start() {
  setUpControls();
  startWorker();
  try {
    rules = await loadEngine('oware_web.wasm');
  } catch (error) {
    $('status').textContent = `The engine could not load: ${error.message}`;
    document.body.dataset.state = 'error';
    return;
  }
  const saved = readStorage('oware.game');
  const restored = saved.moves && saved.rules === settings.rules ? setMoves(saved.moves) : null;
  if (!restored?.ok) setMoves('');
  draw();
  maybeBotMove();
  setInterval(() => search && render(), 250);
  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
}

start();
