// The page: a game against the bot. This module holds the turn of play —
// the player's moves, the bot's searches and hints, failures — and ties the
// others together: the game and its rules (game.js, asking the module loaded
// on the page), what is kept (storage.js), the search's worker
// (engine-worker.js) and the pace its events are shown at (pacing.js), the
// sowing animation (sowing.js), and the drawing (view.js, slate.js,
// status.js, controls.js, transcript.js), each handed what it shows.

import { loadEngine } from './wasm.js';
import { BoardView } from './board.js';
import { letter, indexOf, seatOf, SEAT_NAME } from './houses.js';
import { Game } from './game.js';
import { loadSettings, loadGame, save } from './storage.js';
import { EngineWorker } from './engine-worker.js';
import { Pacer } from './pacing.js';
import { newSearch, takeEvent, takeResult } from './search.js';
import { Sowing } from './sowing.js';
import { boardView } from './view.js';
import { drawSlate } from './slate.js';
import { drawStatus, pageState, Notes } from './status.js';
import { setUpControls, drawControls } from './controls.js';
import { setUpTranscript, drawTranscript } from './transcript.js';
import { setUpGameFile } from './game-file.js';
import { Endgames } from './endgames.js';
import { listenToKeys } from './keys.js';

const HINT_MS = 1500;

const settings = loadSettings();
const game = new Game(settings.rules);
let search = null; // the search in progress
let shown = null; // the last finished search, its chalk kept until the position changes
let hint = null; // the house a hint recommends
let failed = null; // why the engine failed, until the player starts over

// For the end-to-end tests and the curious: every event of the last search.
const debug = { events: [], results: [], timings: [], endgames: null };
window.oware = { debug, get state() { return game.state; }, get moves() { return game.moves; }, settings };

const board = new BoardView(document.getElementById('board'), { onHouse: (i, how) => humanMove(i, how) });
const sowing = new Sowing(() => render());
const notes = new Notes(() => render());
const worker = new EngineWorker({
  onMessage: (data) => pacer.receive(data),
  onFail: (message) => fail(message),
});
const pacer = new Pacer({
  currentId: () => search?.id ?? null,
  show: (event) => onEvent(event),
  finish: (result, arrived) => {
    debug.results.push(result);
    finishSearch(result, arrived);
  },
});
const endgames = new Endgames({
  onAnswer: (request, answer) => {
    game.learnEndgame(request, answer);
    render();
  },
  onBuilt: (report) => {
    debug.endgames = report;
  },
});

// ---- Drawing ----------------------------------------------------------------

/** What the drawing modules are handed. */
function scene() {
  return { settings, game, search, shown, hint, failed, sowing, notes };
}

let frame = 0;
function render() {
  // The page's state is set at once (tests and assistive tools read it);
  // the drawing waits for the next frame.
  if (game.state) document.body.dataset.state = pageState(scene());
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    draw();
  });
}

function draw() {
  if (!game.state) return;
  const now = scene();
  board.render(boardView(now));
  drawSlate(now);
  drawStatus(now);
  drawControls(now);
  drawTranscript(game);
}

/** Keeps the game for the next visit, and asks the endgame database (the one for its rules) about its position. */
function keep() {
  save(settings, game);
  endgames.useRules(settings.rules);
  endgames.probe(game.request());
}

// ---- The game ---------------------------------------------------------------

function humanMove(i, how) {
  const state = game.state;
  if (!state || sowing.running) return;
  if (state.outcome) return notes.show('The game is over.');
  if (state.toMove !== settings.seat) return notes.show(`Wait for ${SEAT_NAME[state.toMove]}'s move.`);
  if (search?.kind === 'bot') return;
  const answer = game.tryMove(i);
  if (!answer.ok) {
    board.refuse(i);
    notes.show(`Not that one: ${answer.error}.`);
    return;
  }
  if (search) stopSearch();
  if (how === 'keyboard') board.focusHouse(i);
  play(answer);
}

/** Adopts the state after a move, sows it on the board, then lets the bot answer. */
function play(next) {
  const before = game.advance(next);
  const played = next.moves.slice(-1);
  hint = null;
  if (shown && shown.ply !== game.moves.length - 1) shown = null;
  if (shown?.kind === 'hint' || seatOf(indexOf(played)) === settings.seat) shown = null;
  keep();
  sowing.play(before.cells, next).then(afterMove);
}

function afterMove() {
  render();
  maybeBotMove();
}

/** Puts the game at `moves` from `start` (null: the opening) under the settings' rules; the last search's chalk goes. */
function setMoves(moves, start = game.start) {
  const answer = game.set(settings.rules, moves, start);
  if (!answer.ok) return answer;
  shown = null;
  hint = null;
  keep();
  return answer;
}

/** After an engine failure, a fresh worker: new game, undo and load start over. */
function recover() {
  if (!failed) return;
  failed = null;
  search = null;
  pacer.clear();
  worker.restart();
}

function newGame() {
  recover();
  stopSearch();
  game.forgetProof();
  setMoves('', null);
  worker.send({ type: 'new-game' });
  notes.show('New game.');
  afterMove();
}

function undo() {
  if (sowing.running) return;
  recover();
  stopSearch();
  let text = game.moves;
  const mine = (m) => seatOf(indexOf(m)) === settings.seat;
  if (![...text].some(mine)) return;
  // Take back the bot's replies and the player's last move.
  while (text && !mine(text.at(-1))) text = text.slice(0, -1);
  text = text.slice(0, -1);
  game.forgetProof();
  setMoves(text);
  notes.show('Move taken back.');
  afterMove();
}

/** Loads a pasted transcript; returns null, or why it does not load. */
function loadTranscript(text) {
  const answer = game.check(settings.rules, text);
  if (!answer.ok) return answer.error;
  recover();
  stopSearch();
  game.forgetProof();
  setMoves(text, null);
  notes.show(`Loaded ${answer.moves.length} moves.`);
  afterMove();
  return null;
}

/** Opens an OGN record: its rule set, start and moves; returns null, or why it does not open. */
function openRecord(text) {
  const record = game.engine.open(text);
  if (!record.ok) return record.error;
  const answer = game.check(record.rules, record.moves, record.start);
  if (!answer.ok) return answer.error;
  recover();
  stopSearch();
  game.forgetProof();
  settings.rules = record.rules;
  setMoves(record.moves, record.start);
  worker.send({ type: 'new-game' });
  notes.show(`Opened a game of ${record.moves.length} moves (${record.rules}).`);
  afterMove();
  return null;
}

// ---- The search -------------------------------------------------------------

/** Ends a search at once: the worker is ended and a fresh one started. */
function stopSearch() {
  if (!search) return;
  search = null;
  pacer.clear();
  worker.restart();
  render();
}

function startSearch(kind, text) {
  search = newSearch(kind, game);
  pacer.clear();
  debug.events = [];
  worker.send({ id: search.id, request: `${game.request()} ${text}` });
  render();
}

function maybeBotMove() {
  const state = game.state;
  if (!state || state.outcome || state.toMove === settings.seat || search || sowing.running || failed) return;
  const seed = crypto.getRandomValues(new Uint32Array(2));
  const seed64 = (BigInt(seed[0]) << 32n) | BigInt(seed[1]);
  startSearch('bot', `level=${settings.level} seed=${seed64}`);
}

function askHint() {
  const state = game.state;
  if (!state || search || sowing.running || state.outcome || state.toMove !== settings.seat) return;
  hint = null;
  startSearch('hint', `ms=${HINT_MS}`);
}

function onEvent(event) {
  debug.events.push(event);
  if (event.type === 'panic') fail(`The engine failed: ${event.message}`);
  else game.learn(takeEvent(search, event));
  render();
}

function finishSearch(result, arrived) {
  const s = search;
  search = null;
  if (!result.ok) {
    fail(`The engine refused: ${result.error}`);
    return;
  }
  game.learn(takeResult(s, result, arrived));
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
  const answer = game.ask(game.request(` play=${letter(best)}`));
  if (!answer.ok) return fail(`The engine chose an illegal move: ${answer.error}`);
  play(answer);
}

/** "Move now": stop thinking and play the best move of the deepest finished depth. */
function moveNow() {
  pacer.flush();
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

// ---- Settings ---------------------------------------------------------------

function setLevel(level) {
  settings.level = level;
  keep();
  render();
}

function setSeat(seat) {
  stopSearch();
  settings.seat = seat;
  shown = null;
  hint = null;
  keep();
  afterMove();
}

function setRules(rules) {
  settings.rules = rules;
  newGame();
}

// ---- Start ------------------------------------------------------------------

async function start() {
  setUpControls({ newGame, undo, hint: askHint, moveNow, level: setLevel, seat: setSeat, rules: setRules });
  setUpTranscript({ moves: () => game.moves, load: loadTranscript });
  setUpGameFile({ save: () => game.engine.save(game.request()), open: openRecord });
  listenToKeys(() => settings.seat, {
    sow: (i) => humanMove(i, 'keyboard'), hint: askHint, undo, moveNow, newGame, focusHouse: (i) => board.focusHouse(i),
  });
  worker.start();
  // The database is built once the search's module has loaded, in a worker
  // of its own: the first load and the first move do not wait for it.
  worker.ready.then(() => endgames.start(settings.rules), () => {});
  try {
    game.engine = await loadEngine('oware_web.wasm');
  } catch (error) {
    document.getElementById('status').textContent = `The engine could not load: ${error.message}`;
    document.body.dataset.state = 'error';
    return;
  }
  const saved = loadGame();
  const restored = (saved.moves || saved.start) && saved.rules === settings.rules
    ? setMoves(saved.moves ?? '', saved.start ?? null) : null;
  if (!restored?.ok) setMoves('', null);
  draw();
  maybeBotMove();
  setInterval(() => search && render(), 250);
  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
}

start();
