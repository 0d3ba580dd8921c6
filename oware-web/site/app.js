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
// run in a worker of its own (analysis.js); and the game's clocks, if it is
// played on a clock (clock.js). No game is ever dropped: a replaced game
// stays in the recent list and can be brought back.
//
// On a clock, the player's runs while it is the player's move, the bot's
// from its search's request until its answer arrives, neither during the
// sowing; each gains the increment once its move is played. A side whose
// time runs out loses the game. A game on a clock is not taken back (undo is
// disabled); a new game, rules change, load, open or link brings in fresh
// clocks of the setting, and a kept or reopened game its own, as they
// stood at its last move (the time since is not charged). Looking back and
// analysis leave the clocks running.

import { engineModule, loadEngine, ENGINE_URL } from './wasm.js';
import { keepOffline } from './offline.js';
import { BoardView } from './board.js';
import { indexOf, seatOf, other, SEAT_NAME } from './houses.js';
import { Game } from './game.js';
import { loadSettings, saveSettings, loadTab, saveTab, loadRecent, remember, takeOldGame } from './storage.js';
import { EngineWorker } from './engine-worker.js';
import { Pacer } from './pacing.js';
import { newSearch, takeEvent, takeResult } from './search.js';
import { Sowing } from './sowing.js';
import { boardView } from './view.js';
import { drawSlate } from './slate.js';
import { drawStatus, pageState, Notes } from './status.js';
import { setUpControls, fillChoices, drawControls, addClockPreset } from './controls.js';
import { setUpTranscript, drawTranscript } from './transcript.js';
import { setUpGameFile } from './game-file.js';
import { setUpRecent, drawRecent } from './recent.js';
import { setUpMoves, drawMoves } from './moves.js';
import { linkFragment, readLink } from './link.js';
import { Analysis, judgementsFor } from './analysis.js';
import { Endgames } from './endgames.js';
import { listenToKeys } from './keys.js';
import {
  newClocks, keptClocks, restoredClocks, startClock, stopClock, addIncrement, flagFallen, clockWords, drawClocks, lostOnTime,
} from './clock.js';
import { $ } from './dom.js';

const HINT_MS = 1500;
/** How often the running clock is redrawn and checked (it shows tenths under ten seconds). */
const CLOCK_TICK_MS = 100;

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
  /** The game's clocks (see clock.js), or null for a game with none. */
  clock: null,
};

// For the end-to-end tests and the curious: every event of the last search.
// `addClockPreset(name)` offers one more time control ("0.05+1": three
// seconds and one a move), for tests that cannot wait minutes.
const debug = { events: [], results: [], timings: [], endgames: null, clock: [] };
window.oware = {
  debug, get state() { return game.state; }, get moves() { return game.moves; }, settings, page, addClockPreset,
};

const board = new BoardView(document.getElementById('board'), { onHouse: (i, how) => humanMove(i, how), bottomSeat: settings.seat });
const sowing = new Sowing(() => render());
const notes = new Notes(() => render());
const worker = new EngineWorker({
  onMessage: (data) => onWorkerMessage(data),
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
  const { search, shown, hint, failed, previous, viewing, clock } = page;
  return { settings, game, search, shown, hint, failed, previous, viewing, clock, sowing, notes };
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
  drawClocks(page.clock, settings.seat, performance.now());
}

/** The game on the board as the tab and the recent list keep it. */
function snapshot() {
  const { rules, start, moves } = game;
  const clock = keptClocks(page.clock, performance.now());
  return { id: page.gameId, rules, start, moves, seat: settings.seat, level: settings.level, clock };
}

/** How the game ended, as the recent list says it, or null while it goes on. */
function result() {
  if (page.clock?.lost) return `${SEAT_NAME[other(page.clock.lost)]} wins (${lostOnTime(page.clock.lost)})`;
  return game.state.outcome?.text ?? null;
}

/** Whether the game is over: by the rules, or on time. */
function over() {
  return !!(game.state.outcome || page.clock?.lost);
}

/** Keeps the game (for this tab, and in the recent list) and the settings, and asks the endgame database (the one for its rules) about its position. */
function keep() {
  const entry = snapshot();
  saveTab(entry, page.previous);
  saveSettings(settings);
  remember({ ...entry, date: Date.now(), result: result() });
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
  if (sowing.running || checkFlag()) return;
  if (over()) return notes.show('The game is over.');
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
  if (page.clock) {
    stopClock(page.clock, performance.now());
    const left = { ...page.clock.left };
    addIncrement(page.clock, game.state.toMove);
    debug.clock.push({ moved: game.state.toMove, before: left, after: { ...page.clock.left } });
  }
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
  playerClock();
  maybeBotMove();
}

// ---- The clock ----------------------------------------------------------------

/** Starts the player's clock when it is the player's move (the board still, the game on). */
function playerClock() {
  const clock = page.clock;
  if (!clock || over() || page.failed || sowing.running || game.state.toMove !== settings.seat) return;
  startClock(clock, settings.seat, performance.now());
  render();
}

/** Ends the game if a clock has run out; returns whether one has. */
function checkFlag() {
  const clock = page.clock;
  if (!clock || clock.lost) return !!clock?.lost;
  const seat = flagFallen(clock, performance.now());
  if (!seat) return false;
  stopClock(clock, performance.now());
  clock.left[seat] = 0;
  clock.lost = seat;
  stopSearch();
  keep();
  render();
  return true;
}

/** Redraws the running clock, and ends the game when it runs out. */
function tickClock() {
  if (!page.clock?.running) return;
  if (!checkFlag()) drawClocks(page.clock, settings.seat, performance.now());
}

/** A message of the search's worker: the bot's clock stops when its answer arrives (the pace it is shown at is the page's). */
function onWorkerMessage(data) {
  const s = page.search;
  if (data.result && page.clock && s?.kind === 'bot' && data.id === s.id) {
    stopClock(page.clock, performance.now());
    if (checkFlag()) return;
  }
  pacer.receive(data);
}

/** The clock of the games started from now on; a game with no moves yet takes it at once. */
function setClock(name) {
  settings.clock = name;
  if (!game.moves && !game.start) {
    stopSearch();
    page.clock = newClocks(name);
    keep();
    afterMove();
    return;
  }
  keep();
  notes.show(name === 'off' ? 'The next new game has no clock.' : `The next new game is played on a ${name} clock.`);
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
  // A kept game comes with its clocks (or null for none); any other game gets the setting's.
  page.clock = next.clock !== undefined ? restoredClocks(next.clock) : newClocks(settings.clock);
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
  if (page.clock) return notes.show('A game on the clock cannot be taken back.');
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
  if (kind === 'bot' && page.clock) startClock(page.clock, game.state.toMove, performance.now());
  worker.send({ id: page.search.id, request: `${game.request()} ${text}` });
  render();
}

function maybeBotMove() {
  const state = game.state;
  if (!state || over() || state.toMove === settings.seat || page.search || sowing.running || page.failed) return;
  const seed = crypto.getRandomValues(new Uint32Array(2));
  const seed64 = (BigInt(seed[0]) << 32n) | BigInt(seed[1]);
  // The bot's clock starts with the request: the search is handed it as it stands.
  const clock = page.clock ? clockWords(page.clock, performance.now()) : '';
  startSearch('bot', `level=${settings.level} seed=${seed64}${clock}`);
}

function askHint() {
  const state = game.state;
  if (!state || page.search || sowing.running || over() || state.toMove !== settings.seat) return;
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
  if (s.kind === 'bot' && page.clock) stopClock(page.clock, performance.now());
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
  // An engine that fails does not lose on time.
  if (page.clock) stopClock(page.clock, performance.now());
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
    newGame, undo, hint: askHint, moveNow, level: setLevel, seat: setSeat, rules: setRules, clock: setClock, undoReplace,
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
  let compiled;
  try {
    compiled = await engineModule();
    game.engine = await loadEngine(compiled.module);
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
  afterMove();
  setInterval(() => page.search && render(), 250);
  setInterval(tickClock, CLOCK_TICK_MS);
  keepOffline(ENGINE_URL, compiled.copy);
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
