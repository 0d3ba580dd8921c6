// The page: a game against the bot. This module holds the turn of play —
// the player's moves, the bot's searches and hints, failures — and ties the
// others together: the game and its rules (game.js, asking the module loaded
// on the page), what is kept (storage.js), the search's worker
// (engine-worker.js) and the pace its events are shown at (pacing.js), the
// sowing animation (sowing.js), and the drawing (view.js, slate.js,
// status.js, controls.js, transcript.js, moves.js, recent.js), each
// handed what it shows.
//
// What the page is doing lives in one object, `page`, changed only by the
// functions below: the phase (loading until the module is on the page), the
// game's id in the recent list, the search, the chalk kept, the hint, a
// failure, the game the last new game, rules change, load, open or link
// replaced (for "Undo new game"), and the earlier position the player is
// looking at, if any: the board shows it, read-only, while the game goes on
// (the bot's search and moves are not disturbed); and the last analysis,
// run in a worker of its own (analysis.js). No game is ever dropped: a replaced game
// stays in the recent list and can be brought back.

import { loadEngine } from './wasm.js';
import { BoardView } from './board.js';
import { indexOf, seatOf, SEAT_NAME } from './houses.js';
import { Game } from './game.js';
import { loadSettings, saveSettings, loadTab, saveTab, loadRecent, remember, takeOldGame } from './storage.js';
import { EngineWorker } from './engine-worker.js';
import { Pacer } from './pacing.js';
import { newSearch, takeEvent, takeResult } from './search.js';
import { Sowing } from './sowing.js';
import { boardView } from './view.js';
import { drawSlate } from './slate.js';
import { drawStatus, pageState, Notes } from './status.js';
import { setUpControls, fillChoices, drawControls } from './controls.js';
import { setUpTranscript, drawTranscript } from './transcript.js';
import { setUpGameFile } from './game-file.js';
import { setUpRecent, drawRecent } from './recent.js';
import { setUpMoves, drawMoves } from './moves.js';
import { linkFragment, readLink } from './link.js';
import { Analysis, judgementsFor } from './analysis.js';
import { Endgames } from './endgames.js';
import { listenToKeys } from './keys.js';
import { $ } from './dom.js';

const HINT_MS = 1500;

/** The settings of the game on the board (a new tab starts with the last ones used). */
const settings = loadSettings();
const game = new Game(settings.rules);

/** What the page is doing; see the top of this file. */
const page = {
  /** 'loading' until the module is on the page, then 'ready' ('broken' if it never loads). */
  phase: 'loading',
  /** The id of the game on the board in the recent list. */
  gameId: newId(),
  /** The search in progress. */
  search: null,
  /** The last finished search, its chalk kept until the position changes. */
  shown: null,
  /** The house a hint recommends. */
  hint: null,
  /** Why the engine failed, until the player starts over. */
  failed: null,
  /** { game, why }: the game the last new game, rules change, load, open or link replaced; null once undone. */
  previous: null,
  /** The choices the module offers (levels, rule sets, the endgame database's size), once loaded. */
  info: null,
  /** A transcript asked to load while the module was loading, loaded once it is ready. */
  pending: null,
  /** { ply, state }: the earlier position shown (after `ply` moves) and the module's answer for it; null for the game being played. */
  viewing: null,
  /** The last analysis (see analysis.js): the game analysed, each move's judgement so far, whether it runs. */
  analysis: null,
};

// For the end-to-end tests and the curious: every event of the last search.
const debug = { events: [], results: [], timings: [], endgames: null };
window.oware = { debug, get state() { return game.state; }, get moves() { return game.moves; }, settings, page };

const board = new BoardView(document.getElementById('board'), { onHouse: (i, how) => humanMove(i, how), bottomSeat: settings.seat });
const sowing = new Sowing(() => render());
const notes = new Notes(() => render());
const worker = new EngineWorker({
  onMessage: (data) => pacer.receive(data),
  onFail: (message) => fail(message),
});
const pacer = new Pacer({
  currentId: () => page.search?.id ?? null,
  show: (event) => onEvent(event),
  finish: (result, arrived) => {
    debug.results.push(result);
    finishSearch(result, arrived);
  },
});
const analysis = new Analysis({
  onChange: (run) => {
    page.analysis = run;
    render();
  },
  onFail: (message) => notes.show(message),
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
  const { search, shown, hint, failed, previous, viewing } = page;
  return { settings, game, search, shown, hint, failed, previous, viewing, sowing, notes };
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
  drawMoves(game.moves, page.viewing?.ply ?? null, page.analysis, judgementsFor(game, page.analysis));
  drawRecent(loadRecent(), page.gameId);
}

/** The game on the board as the tab and the recent list keep it. */
function snapshot() {
  const { rules, start, moves } = game;
  return { id: page.gameId, rules, start, moves, seat: settings.seat, level: settings.level };
}

/** Keeps the game (for this tab, and in the recent list) and the settings, and asks the endgame database (the one for its rules) about its position. */
function keep() {
  const entry = snapshot();
  saveTab(entry, page.previous);
  saveSettings(settings);
  remember({ ...entry, date: Date.now(), result: game.state.outcome?.text ?? null });
  endgames.useRules(settings.rules);
  endgames.probe(game.request());
}

/** A new id for a game in the recent list. */
function newId() {
  return `${Date.now().toString(36)}-${crypto.getRandomValues(new Uint32Array(1))[0].toString(36)}`;
}

// ---- The game ---------------------------------------------------------------

function humanMove(i, how) {
  const state = game.state;
  if (!state) return;
  if (page.viewing) return notes.show('This is an earlier position: go back to the game (End) to play.');
  if (sowing.running) return;
  if (state.outcome) return notes.show('The game is over.');
  if (state.toMove !== settings.seat) return notes.show(`Wait for ${SEAT_NAME[state.toMove]}'s move.`);
  if (page.search?.kind === 'bot') return;
  const answer = game.tryMove(i);
  if (!answer.ok) {
    board.refuse(i);
    notes.show(`Not that one: ${answer.error}.`);
    return;
  }
  if (page.search) stopSearch();
  if (how === 'keyboard') board.focusHouse(i);
  play(answer);
}

/** Adopts the state after a move, sows it on the board (and, at the end, the seeds left into the stores), then lets the bot answer. */
function play(next) {
  const before = game.advance(next);
  const played = next.moves.slice(-1);
  page.hint = null;
  const { shown } = page;
  if (shown && (shown.ply !== game.moves.length - 1 || shown.kind === 'hint' || seatOf(indexOf(played)) === settings.seat)) {
    page.shown = null;
  }
  keep();
  sowing.play(before.cells, next).then(() => sowing.gather(next)).then(afterMove);
}

function afterMove() {
  render();
  maybeBotMove();
}

/** Puts the game at `moves` from `start` (null: the opening) under the settings' rules; the last search's chalk goes. */
function setMoves(moves, start = game.start) {
  const answer = game.set(settings.rules, moves, start);
  if (!answer.ok) return answer;
  page.shown = null;
  page.hint = null;
  page.viewing = null;
  keep();
  return answer;
}

/** After an engine failure, a fresh worker: new game, undo and load start over. */
function recover() {
  if (!page.failed) return;
  page.failed = null;
  page.search = null;
  pacer.clear();
  worker.restart();
}

/** Puts `next` ({ rules, start, moves }, and the id, seat and level of a kept game) on the board in place of the game there. */
function adopt(next) {
  recover();
  stopSearch();
  sowing.stop();
  game.forgetProof();
  page.gameId = next.id ?? newId();
  settings.rules = next.rules;
  if (next.seat) settings.seat = next.seat;
  if (next.level) settings.level = next.level;
  setMoves(next.moves ?? '', next.start ?? null);
  worker.send({ type: 'new-game' });
}

/**
 * Replaces the game on the board with `next` (see `adopt`) if the module
 * accepts it; returns null, or why not. The game replaced stays in the
 * recent list and, if it had begun, is kept for "Undo …" (`why` names what
 * replaced it: 'new game', 'rules change', 'load', 'open' or 'link').
 */
function replaceGame(next, why, note) {
  const answer = game.check(next.rules, next.moves ?? '', next.start ?? null);
  if (!answer.ok) return answer.error;
  const before = snapshot();
  if (before.moves || before.start) page.previous = { game: before, why };
  adopt(next);
  notes.show(note(answer));
  afterMove();
  return null;
}

/** Brings back the game the last new game, rules change, load or open replaced. */
function undoReplace() {
  const previous = page.previous;
  if (!previous) return;
  page.previous = null;
  adopt(previous.game);
  notes.show(`The game before the ${previous.why} is back.`);
  afterMove();
}

function newGame() {
  replaceGame({ rules: settings.rules }, 'new game', () => 'New game.');
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
  if (page.phase === 'loading') {
    page.pending = text;
    return null;
  }
  if (page.phase !== 'ready') return 'the engine did not load';
  if (!text) return 'it is empty';
  return replaceGame({ rules: settings.rules, moves: text }, 'load', (answer) => `Loaded ${answer.moves.length} moves.`);
}

/** Opens an OGN record: its rule set, start and moves; returns null, or why it does not open. */
function openRecord(text) {
  if (page.phase !== 'ready') return 'the engine is still loading';
  const record = game.engine.open(text);
  if (!record.ok) return record.error;
  return replaceGame(record, 'open', () => `Opened a game of ${record.moves.length} moves${record.start ? ' from a set-up position' : ''} (${record.rules}).`);
}

/** Reopens the recent game `id`; the game on the board stays in the list. */
function reopen(id) {
  const entry = loadRecent().find((g) => g.id === id);
  if (!entry) return;
  const error = replaceGame(entry, 'open', () => `Reopened the game of ${entry.moves.length} moves.`);
  if (error) notes.show(`That game does not open: ${error}.`);
}

// ---- Looking back -----------------------------------------------------------

/** Shows the position after `ply` moves (the game's length: the game being played), read-only. */
function showPly(ply) {
  if (!game.state || ply < 0 || ply > game.moves.length) return;
  if (ply === game.moves.length) {
    page.viewing = null;
  } else {
    const answer = game.check(game.rules, game.moves.slice(0, ply), game.start);
    if (!answer.ok) return;
    page.viewing = { ply, state: answer };
  }
  render();
}

/** The position `delta` moves after the one shown. */
function stepPly(delta) {
  const now = page.viewing?.ply ?? game.moves.length;
  showPly(Math.min(Math.max(now + delta, 0), game.moves.length));
}

/** Back to the game being played. */
function backToGame() {
  showPly(game.moves.length);
}

// ---- Links ------------------------------------------------------------------

/** The address of the game on the board at the position shown (see link.js). */
function gameLink() {
  if (!game.state) return null;
  return `${location.origin}${location.pathname}#${linkFragment(game, page.viewing?.ply ?? null)}`;
}

/**
 * Opens the game the URL's fragment names, if it names one, in place of
 * the game on the board (which stays in the recent list, and comes back
 * with "Undo open link"), at the position it shows. A link the module
 * refuses changes nothing and says why. The fragment is then taken off the
 * address: a reload brings back the game as played since, not the link's.
 */
function openLink() {
  const link = readLink(location.hash);
  if (!link) return;
  history.replaceState(null, '', `${location.pathname}${location.search}`);
  const error = link.ok
    ? replaceGame(link, 'link', (answer) => `Opened a shared game of ${answer.moves.length} moves.`)
    : link.error;
  $('link-error').textContent = error === null ? '' : `That link does not open a game: ${error}.`;
  if (error === null && link.ply !== null) showPly(link.ply);
}

// ---- The search -------------------------------------------------------------

/** Ends a search at once: the worker is ended and a fresh one started. */
function stopSearch() {
  if (!page.search) return;
  page.search = null;
  pacer.clear();
  worker.restart();
  render();
}

function startSearch(kind, text) {
  page.search = newSearch(kind, game, settings.level);
  pacer.clear();
  debug.events = [];
  worker.send({ id: page.search.id, request: `${game.request()} ${text}` });
  render();
}

function maybeBotMove() {
  const state = game.state;
  if (!state || state.outcome || state.toMove === settings.seat || page.search || sowing.running || page.failed) return;
  const seed = crypto.getRandomValues(new Uint32Array(2));
  const seed64 = (BigInt(seed[0]) << 32n) | BigInt(seed[1]);
  startSearch('bot', `level=${settings.level} seed=${seed64}`);
}

function askHint() {
  const state = game.state;
  if (!state || page.search || sowing.running || state.outcome || state.toMove !== settings.seat) return;
  page.hint = null;
  startSearch('hint', `ms=${HINT_MS}`);
}

function onEvent(event) {
  debug.events.push(event);
  if (event.type === 'panic') fail(`The engine failed: ${event.message}`);
  else game.learn(takeEvent(page.search, event));
  render();
}

function finishSearch(result, arrived) {
  const s = page.search;
  page.search = null;
  if (!result.ok) {
    fail(`The engine refused: ${result.error}`);
    return;
  }
  game.learn(takeResult(s, result, arrived));
  page.shown = s;
  if (s.kind === 'hint') {
    page.hint = s.best;
    render();
    return;
  }
  debug.timings.push({
    level: s.level, engineMs: s.took, wallMs: s.wall, shownMs: performance.now() - s.started, depth: s.depth, nodes: s.nodes,
  });
  playBot(s.best);
}

function playBot(best) {
  if (best === null) return fail('The engine found no move.');
  const answer = game.tryMove(best);
  if (!answer.ok) return fail(`The engine chose an illegal move: ${answer.error}`);
  play(answer);
}

/** "Move now": stop thinking and play the best move of the deepest finished depth. */
function moveNow() {
  pacer.flush();
  if (!page.search || page.search.best === null) return;
  const s = page.search;
  stopSearch();
  s.took = performance.now() - s.started;
  page.shown = s;
  if (s.kind === 'hint') {
    page.hint = s.best;
    render();
  } else {
    playBot(s.best);
  }
}

function fail(message) {
  page.failed = message;
  page.search = null;
  render();
}

// ---- Settings ---------------------------------------------------------------

/** The level of the next search (one under way keeps its own). */
function setLevel(level) {
  settings.level = level;
  keep();
  render();
}

function setSeat(seat) {
  stopSearch();
  settings.seat = seat;
  page.shown = null;
  page.hint = null;
  keep();
  afterMove();
}

function setRules(rules) {
  if (rules === settings.rules) return;
  replaceGame({ rules }, 'rules change', () => `New game under ${rules}.`);
}

// ---- Start ------------------------------------------------------------------

/** An action of the page's controls, done only once the module is on the page (until then the controls are disabled). */
const whenReady = (action) => (...args) => (page.phase === 'ready' ? action(...args) : undefined);

async function start() {
  const controls = {
    newGame, undo, hint: askHint, moveNow, level: setLevel, seat: setSeat, rules: setRules, undoReplace,
  };
  setUpControls(Object.fromEntries(Object.entries(controls).map(([name, action]) => [name, whenReady(action)])));
  setUpTranscript({ moves: () => game.moves, load: loadTranscript });
  setUpGameFile({
    save: () => (page.phase === 'ready' ? game.engine.save(game.request()) : { ok: false, error: 'the engine is still loading' }),
    open: openRecord,
  });
  setUpRecent({ reopen: whenReady(reopen) });
  setUpMoves({
    show: whenReady(showPly), step: whenReady(stepPly), live: whenReady(backToGame), link: gameLink,
    analyse: whenReady(() => analysis.start(game)), cancel: () => analysis.cancel(),
  });
  window.addEventListener('hashchange', whenReady(openLink));
  // Another tab's game changed the recent list.
  window.addEventListener('storage', () => render());
  listenToKeys(() => settings.seat, {
    sow: (i) => humanMove(i, 'keyboard'), hint: whenReady(askHint), undo: whenReady(undo),
    moveNow: whenReady(moveNow), newGame: whenReady(newGame), focusHouse: (i) => board.focusHouse(i),
    step: whenReady(stepPly), start: whenReady(() => showPly(0)), live: whenReady(backToGame),
  });
  worker.start();
  // The database is built once the search's module has loaded, in a worker
  // of its own: the first load and the first move do not wait for it.
  worker.ready.then(() => endgames.start(settings.rules), () => {});
  try {
    game.engine = await loadEngine('oware_web.wasm');
  } catch (error) {
    page.phase = 'broken';
    $('status').textContent = `The engine could not load: ${error.message}`;
    document.body.dataset.state = 'error';
    return;
  }
  page.info = game.engine.info();
  fillChoices(page.info);
  restore();
  page.phase = 'ready';
  if (page.pending !== null) loadTranscript(page.pending);
  page.pending = null;
  openLink();
  draw();
  maybeBotMove();
  setInterval(() => page.search && render(), 250);
  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
}

/** Puts this tab's kept game back on the board (or a new one), and the page's old single game in the recent list. */
function restore() {
  const old = takeOldGame();
  const outcome = old && game.check(old.rules, old.moves ?? '', old.start ?? null).outcome;
  if (old) remember({ ...old, id: newId(), seat: settings.seat, level: settings.level, date: Date.now(), result: outcome?.text ?? null });
  const tab = loadTab();
  page.previous = tab.previous;
  const kept = tab.game && game.check(tab.game.rules, tab.game.moves ?? '', tab.game.start ?? null).ok;
  adopt(kept ? tab.game : { rules: settings.rules });
}

start();
