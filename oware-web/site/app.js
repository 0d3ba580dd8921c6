// The page: a game against the bot. This module holds the turn of play —
// the player's moves, the bot's searches and hints, the clock, failures —
// and ties the others together: the game and its rules (game.js, asking
// the module loaded on the page), the game on the board replaced and
// brought back (replace.js), what is kept (storage.js), the search's
// worker (engine-worker.js) and the pace its events are shown at
// (pacing.js), the sowing animation (sowing.js), and the drawing (view.js,
// slate.js, status.js, controls.js, transcript.js, moves.js, recent.js),
// each handed what it shows.
//
// What the page is doing lives in one object, `page` (its fields are
// described by the `Page` type below), and each field changes only by the
// transitions named here:
//
// - phase: 'loading' → 'ready' once the module is on the page, or
//   'loading' → 'broken' if it never loads (`setPhase`); nothing leaves
//   'ready' or 'broken'. The controls act only when 'ready' (`whenReady`).
// - search: none → running (`startSearch`, only when ready and none is
//   running: the bot's move waits for the sowing and a failure to be over,
//   a hint is asked on the player's turn); running → none when its answer
//   is shown (`finishSearch`) or it is cut short by "move now" (`moveNow`),
//   both keeping its record as `shown` (`searchDone`), when it is ended at
//   once with its worker (`stopSearch`: a move, a new game, a seat change,
//   a clock run out), or when the engine fails (`fail`; `recover` drops a
//   hint asked since).
// - failed: set by `fail` (the search dropped, the clocks stopped);
//   cleared by `recover`, with a fresh worker, when the player starts over.
// - shown and hint, the last search's chalk: set as it is done; dropped by
//   `forgetChalk` when the position they are about is left.
// - moved: the bot's search whose move was played last (the status says
//   how long it took; a hint asked since has its own time); set as the bot
//   moves, dropped when the game changes (`setMoves`).
// - viewing: the earlier position looked at (`showPly`), read-only while
//   the game goes on (the bot's search and moves are not disturbed);
//   dropped when the game changes (`setMoves`).
// - gameId and clock: the game on the board's (`adopt`; `setClock` for a
//   game not yet begun; a new id when another tab moved the same game on,
//   `keepOwnLine`); the clock's own changes are clock.js's, called
//   here as the turn goes (when each clock runs, and what a reload or a
//   reopening brings back, is written there). The game is kept as its
//   clocks stand whenever one starts and when it leaves the board or the
//   tab (`keepGame`).
// - keptAs: the game of `gameId` as this tab last kept it or took it from
//   the recent list (its start and moves), to tell when another tab has
//   written a different line under the same id (`keepOwnLine`); behind:
//   that other tab's line, until this tab's is more than a part of it.
// - previous and pending: the game replaced, and a transcript waiting for
//   the module (replace.js). No game is ever dropped: a replaced game stays
//   in the recent list and can be brought back (one left for a new game
//   listed as abandoned).
// - resigned: the seat that resigned the game on the board (`resign`, once
//   the player says so), kept with it and set from the game put on the
//   board (`adopt`). A game being played changes its seat or rules only as
//   the player means it: `setSeat` and `setRules` ask first (confirm.js),
//   and keys.js keeps the arrows for the moves.
// - info, once the module has loaded; analysis, the last one (its worker's,
//   analysis.js, handed over as it goes). An analysis that runs through
//   has the player's mistakes looked for (mistakes.js, in a worker of its
//   own), for the Puzzles view to retry.

import { engineModule, loadEngine, ENGINE_URL } from './wasm.js';
import { keepOffline } from './offline.js';
import { BoardView } from './board.js';
import { indexOf, seatOf, other, SEAT_NAME, count, fenOf } from './houses.js';
import { Game } from './game.js';
import { loadSettings, saveSettings, saveTab, loadRecent, remember, newId, lineOf } from './storage.js';
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
import { Replacements } from './replace.js';
import { Analysis, judgementsFor } from './analysis.js';
import { Mistakes, drawFinding } from './mistakes.js';
import { Endgames } from './endgames.js';
import { probeRequest, saveRequest, searchRequest } from './requests.js';
import { listenToKeys } from './keys.js';
import {
  newClocks, keptClocks, restoredClocks, startClock, stopClock, addIncrement, flagFallen, runOut, clockWords, drawClocks,
} from './clock.js';
import { confirmChange } from './confirm.js';
import { lostOffBoard, offBoardReason } from './ending.js';
import { countGame, drawScores, redrawScores } from './score.js';
import { setUpTheme } from './theme.js';
import { Sounds } from './sound.js';
import { $ } from './dom.js';

/** @import { Seat, Info, SearchEvent, SearchAnswer, SearchMessage, BuildReport, SearchLimitWords, SaveWords } from './messages.js' */
/** @import { GameState } from './game.js' */
/** @import { Search } from './search.js' */
/** @import { Previous, GameEntry, KeptGame } from './storage.js' */
/** @import { Clocks } from './clock.js' */
/** @import { Run } from './analysis.js' */
/** @import { Verdict } from './score.js' */
/** @import { Scene, Viewing } from './view.js' */
/** @import { How } from './board.js' */
/** @import { Compiled } from './wasm.js' */

/**
 * What the page is doing (see the top of this file for how each changes).
 * @typedef {object} Page
 * @property {'loading' | 'ready' | 'broken'} phase 'loading' until the module is on the page, then 'ready' ('broken' if it never loads)
 * @property {string} gameId the id of the game on the board in the recent list
 * @property {string | null} keptAs the game of `gameId` as this tab last kept it or read it (`lineOf`), null before
 * @property {string | null} behind another tab's line of this game, which holds this tab's whole (not listed twice)
 * @property {Search | null} search the search in progress
 * @property {Search | null} shown the last search done, its chalk kept until the position changes
 * @property {Search | null} moved the bot's search whose move was played last
 * @property {number | null} hint the house a hint recommends
 * @property {string | null} failed why the engine failed, until the player starts over
 * @property {Previous | null} previous the game the last new game, rules change, load, open or link replaced; null once undone
 * @property {Info | null} info the choices the module offers (levels, rule sets, the endgame database's size), once loaded
 * @property {string | null} pending a transcript asked to load while the module was loading, loaded once it is ready
 * @property {Viewing | null} viewing the earlier position shown and the module's answer for it; null for the game being played
 * @property {Run | null} analysis the last analysis: the game analysed, each move's judgement so far, whether it runs
 * @property {Clocks | null} clock the game's clocks, or null for a game with none
 * @property {Seat | null} resigned the seat that resigned the game, or null
 */

const HINT_MS = 1500;
/** How often the running clock is redrawn and checked (it shows tenths under ten seconds). */
const CLOCK_TICK_MS = 100;

/** The settings of the game on the board (a new tab starts with the last ones used). */
const settings = loadSettings();
const game = new Game(settings.rules);

/** What the page is doing; see the top of this file. @type {Page} */
const page = {
  phase: 'loading', gameId: newId(), keptAs: null, behind: null, search: null, shown: null, moved: null, hint: null, failed: null,
  previous: null, info: null, pending: null, viewing: null, analysis: null, clock: null, resigned: null,
};

/**
 * For the end-to-end tests and the curious: every event of the last search, each answer, the bot's
 * timings, the endgame database's last report and all of them (its build, each growth), and each move's
 * clocks before and after its increment.
 * @type {{ events: SearchEvent[], results: SearchAnswer[], endgames: BuildReport | null, endgameReports: BuildReport[], timings: object[],
 *   clock: { moved: Seat, before: Record<Seat, number>, after: Record<Seat, number> }[] }}
 */
const debug = { events: [], results: [], timings: [], endgames: null, endgameReports: [], clock: [] };
// `addClockPreset(name)` offers one more time control ("0.05+1": three
// seconds and one a move), for tests that cannot wait minutes.
Object.assign(window, {
  oware: {
    debug, get state() { return game.state; }, get moves() { return game.moves; }, settings, page, addClockPreset, get sounds() { return sounds.played; },
    get mistakes() { return mistakes.finding; },
  },
});

const board = new BoardView($('board', SVGSVGElement), { onHouse: (i, how) => humanMove(i, how), bottomSeat: settings.seat });
const sowing = new Sowing(() => render());
const notes = new Notes(() => render());
const sounds = new Sounds();
const worker = new EngineWorker({ onMessage: (data) => onWorkerMessage(data), onFail: (message) => fail(message) });
const pacer = new Pacer({
  currentId: () => page.search?.id ?? null,
  show: (event) => onEvent(event),
  finish: (result, arrived) => {
    debug.results.push(result);
    finishSearch(result, arrived);
  },
});
const mistakes = new Mistakes({ onChange: drawFinding });
const analysis = new Analysis({
  onChange: (run) => {
    const through = !!page.analysis?.running && !run.running && !run.cancelled;
    page.analysis = run;
    if (run.running && !run.judged.length) drawFinding(mistakes.stop());
    // The player's seat: the moves the person made (the bot's are its own).
    if (through) mistakes.find(run, [settings.seat]);
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
    debug.endgameReports.push(report);
  },
  busy: () => !!page.search || !!page.analysis?.running,
});
const replacements = new Replacements({ game, settings, page, notes, adopt, snapshot, afterMove, showPly });

// ---- Drawing ----------------------------------------------------------------

/** What the drawing modules are handed. @returns {Scene} */
function scene() {
  const { search, shown, moved, hint, failed, previous, viewing, clock, resigned } = page;
  return { settings, game, search, shown, moved, hint, failed, previous, viewing, clock, resigned, sowing, notes };
}

/** "Practise this ending" while the endgame database decides the position in play (practice.js opens it there). */
function drawPractise() {
  const { state, endgame } = game;
  // Practice plays the side to move, so a position it loses is not offered.
  const lost = endgame?.kind === 'win' && endgame.winner !== state?.toMove;
  const shown = !!state && !state.outcome && !!endgame && endgame.moves === game.moves && !lost && !page.viewing;
  $('practise-ending').hidden = !shown;
  if (state && shown) $('practise-link', HTMLAnchorElement).href = `practice.html#rules=${game.rules}&start=${fenOf(state)}`;
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
  drawPractise();
  drawMoves(game.moves, page.viewing?.ply ?? null, page.analysis, judgementsFor(game, page.analysis));
  drawRecent(loadRecent(), page.gameId);
  drawScores();
  drawClocks(page.clock, settings.seat, performance.now());
}

/** The game on the board as the tab and the recent list keep it. @returns {KeptGame} */
function snapshot() {
  const { rules, start, moves } = game;
  const clock = keptClocks(page.clock, performance.now(), Date.now());
  return { id: page.gameId, rules, start, moves, seat: settings.seat, level: settings.level, clock, resigned: page.resigned };
}

/** How the game ended, as the recent list says it, or null while it goes on. */
function result() {
  const lost = lostOffBoard(page);
  if (lost) return `${SEAT_NAME[other(lost)]} wins (${offBoardReason(page)})`;
  return game.stateNow().outcome?.text ?? null;
}

/** How the game ended for the player, or null while it goes on. @returns {Verdict | null} */
function verdict() {
  const lost = lostOffBoard(page);
  const outcome = game.stateNow().outcome;
  if (!lost && !outcome) return null;
  const winner = lost ? other(lost) : outcome?.winner ?? null;
  return winner === null ? 'drawn' : winner === settings.seat ? 'won' : 'lost';
}

/** How the game ended off the board, as a save request names it, or null. @returns {Exclude<SaveWords['lost'], undefined>} */
function lostWords() {
  if (page.clock?.lost) return `${page.clock.lost}:time`;
  return page.resigned ? `${page.resigned}:resigned` : null;
}

/** Whether the game is over: by the rules, on time, or resigned. */
function over() {
  return !!(game.stateNow().outcome || lostOffBoard(page));
}

/** Whether a game is being played: begun (a move or a set-up position) and not over. */
function inProgress() {
  return !!game.state && !!(game.moves || game.start) && !over();
}

/** Keeps the game as it stands, its clocks too (for this tab, and in the recent list). */
function keepGame() {
  keepOwnLine();
  const entry = snapshot();
  saveTab(entry, page.previous);
  const line = lineOf(entry);
  // A line that another tab's holds whole (this tab fell behind it) is not
  // listed twice: nothing of it would be lost.
  if (page.behind?.startsWith(line)) return;
  page.behind = null;
  remember({ ...entry, date: Date.now(), result: result() });
  page.keptAs = line;
}

/**
 * The game on the board may have just ended here (a move played, a clock
 * run out, a resignation): if it has, it counts in the player's score at
 * the bot's level, once (a game loaded, opened or reopened already over
 * was not played here and does not count), and its end sounds.
 */
function maybeEnded() {
  const ended = verdict();
  if (ended && countGame(page.gameId, settings.level, ended)) sounds.end(ended);
}

/**
 * Two tabs on one game (a reopened or resumed game) never lose a line: when
 * the recent list holds another line under this game's id than this tab
 * kept (another tab played on), the game on this board takes a new id, so
 * that each line is kept as a game of its own, and the page says so; the
 * other tab's line is then listed with its Reopen button. This tab's line
 * is listed once it is more than a part of the other's (`behind`). Called
 * when another tab writes the list (its `storage` event) and before each
 * keep.
 */
function keepOwnLine() {
  if (page.keptAs === null) return;
  const stored = loadRecent().find((g) => g.id === page.gameId);
  if (!stored || lineOf(stored) === page.keptAs) return;
  page.gameId = newId();
  page.keptAs = null;
  page.behind = lineOf(stored);
  notes.show(`This game went on in another tab (${count(stored.moves.length, 'move')} there): it is in Recent games, and a move here keeps this line as a game of its own.`, { lasting: true });
  keepGame();
}

/** Keeps the game and the settings, and asks the endgame database (the one for its rules) about its position. */
function keep() {
  keepGame();
  saveSettings(settings);
  endgames.useRules(settings.rules);
  endgames.probe(probeRequest(game.words()));
}

// ---- The game ---------------------------------------------------------------

/** The player chose house `i` (by `how`): sown if it is theirs to sow now, else the page says why not. @param {number} i @param {How} how */
function humanMove(i, how) {
  const state = game.state;
  if (!state) return;
  const refused = { refusal: true };
  // The status says why an earlier position is not played on.
  if (page.viewing) return board.refuse(i);
  if (sowing.running || checkFlag()) return;
  if (over()) return notes.show('The game is over.', refused);
  if (state.toMove !== settings.seat) return notes.show(`Wait for ${SEAT_NAME[state.toMove]}'s move.`, refused);
  if (page.search?.kind === 'bot') return;
  const answer = game.tryMove(i);
  if (!answer.ok) {
    board.refuse(i);
    notes.show(`Not that one: ${answer.error}.`, refused);
    return;
  }
  if (page.search) stopSearch();
  if (how === 'keyboard') board.focusHouse(i);
  play(answer);
}

/** Adopts the state after a move, sows it on the board (and, at the end, the seeds left into the stores), then lets the bot answer. @param {GameState} next */
function play(next) {
  notes.moved();
  if (page.clock) {
    const mover = game.stateNow().toMove;
    stopClock(page.clock, performance.now());
    const left = { ...page.clock.left };
    addIncrement(page.clock, mover);
    debug.clock.push({ moved: mover, before: left, after: { ...page.clock.left } });
  }
  const before = game.advance(next);
  if (next.last) sounds.move(next.last);
  const played = next.moves.slice(-1);
  // The bot's own scores stay on the board after its move; anything else
  // was about the position just left.
  const { shown } = page;
  forgetChalk(!!shown && shown.ply === game.moves.length - 1 && shown.kind === 'bot' && seatOf(indexOf(played)) !== settings.seat);
  keep();
  maybeEnded();
  sowing.play(before.cells, next).then(() => sowing.gather(next)).then(afterMove);
}

function afterMove() {
  render();
  playerClock();
  maybeBotMove();
}

/** Drops the last search's chalk, the hint and (unless `scoresStay`) the scores: the position they are about was left. */
function forgetChalk(scoresStay = false) {
  page.hint = null;
  if (!scoresStay) page.shown = null;
}

// ---- The clock ----------------------------------------------------------------

/**
 * Starts the player's clock when it is the player's move (the board still,
 * the game on), once the player has made a move in the game: a clock chosen
 * on a fresh board, or a game whose first move is the player's, waits for it.
 */
function playerClock() {
  const clock = page.clock;
  if (!clock || over() || page.failed || sowing.running || game.stateNow().toMove !== settings.seat) return;
  if (![...game.moves].some((m) => seatOf(indexOf(m)) === settings.seat)) return;
  startClock(clock, settings.seat, performance.now());
  keepGame();
  render();
}

/** Ends the game if a clock has run out; returns whether one has. */
function checkFlag() {
  const clock = page.clock;
  if (!clock || clock.lost) return !!clock?.lost;
  const seat = flagFallen(clock, performance.now());
  if (!seat) return false;
  runOut(clock, seat, performance.now());
  stopSearch();
  keep();
  maybeEnded();
  render();
  return true;
}

/** Redraws the running clock, and ends the game when it runs out. */
function tickClock() {
  if (!page.clock?.running) return;
  if (!checkFlag()) drawClocks(page.clock, settings.seat, performance.now());
}

/** A message of the search's worker: the bot's clock stops when its answer arrives (the pace it is shown at is the page's). @param {SearchMessage} data */
function onWorkerMessage(data) {
  const s = page.search;
  if ('result' in data && page.clock && s?.kind === 'bot' && data.id === s.id) {
    stopClock(page.clock, performance.now());
    if (checkFlag()) return;
  }
  pacer.receive(data);
}

/** The clock of the games started from now on; a game with no moves yet takes it at once. @param {string} name */
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

// ---- The game on the board --------------------------------------------------

/** Puts the game at `moves` from `start` (null: the opening) under the settings' rules; the last search's chalk goes. @param {string} moves @param {string | null} start */
function setMoves(moves, start = game.start) {
  const answer = game.set(settings.rules, moves, start);
  if (!answer.ok) return answer;
  forgetChalk();
  page.moved = null;
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

/**
 * Puts `next` (its rules, start and moves, and the id, seat, level and
 * clocks of a kept game) on the board in place of the game there, which is
 * kept as it stands. `resumed`: `next` is this tab's game come back after a
 * reload, its running clock charged the time since (see clock.js).
 * @param {GameEntry} next @param {boolean} [resumed]
 */
function adopt(next, resumed = false) {
  if (game.state) keepGame();
  recover();
  stopSearch();
  sowing.stop();
  game.forgetProof();
  page.gameId = next.id ?? newId();
  page.keptAs = next.id ? lineOf(next) : null;
  page.behind = null;
  // A kept game comes with its clocks (or null for none); any other game gets the setting's.
  page.clock = next.clock !== undefined ? restoredClocks(next.clock, resumed ? Date.now() : null) : newClocks(settings.clock);
  page.resigned = next.resigned ?? null;
  settings.rules = next.rules;
  if (next.seat) settings.seat = next.seat;
  if (next.level) settings.level = next.level;
  setMoves(next.moves ?? '', next.start ?? null);
  worker.send({ type: 'new-game' });
}

function undo() {
  if (sowing.running) return;
  if (page.clock) return notes.show('A game on the clock cannot be taken back.');
  if (page.resigned) return notes.show('A resigned game cannot be taken back.');
  recover();
  stopSearch();
  let text = game.moves;
  /** @param {string} m */
  const mine = (m) => seatOf(indexOf(m)) === settings.seat;
  if (![...text].some(mine)) return;
  // Take back the bot's replies and the player's last move.
  while (text && !mine(text.slice(-1))) text = text.slice(0, -1);
  text = text.slice(0, -1);
  game.forgetProof();
  setMoves(text);
  notes.show('Move taken back.');
  afterMove();
}

// ---- Looking back -----------------------------------------------------------

/** Shows the position after `ply` moves (the game's length: the game being played), read-only. @param {number} ply */
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

/** The position `delta` moves after the one shown. @param {number} delta */
function stepPly(delta) {
  const now = page.viewing?.ply ?? game.moves.length;
  showPly(Math.min(Math.max(now + delta, 0), game.moves.length));
}

/** Back to the game being played. */
function backToGame() {
  showPly(game.moves.length);
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

/**
 * Starts a search of `kind` for the position now, limited by `words` (the bot's clock runs from
 * here). Only when the page is ready and no search runs: its callers make sure, so anything else
 * is the page's own mistake. @param {Search['kind']} kind @param {SearchLimitWords} words
 */
function startSearch(kind, words) {
  if (page.phase !== 'ready' || page.search) throw new Error(`a ${kind} search cannot start: the page is ${page.phase}${page.search ? ' and searching' : ''}`);
  const search = newSearch(kind, game, settings.level);
  page.search = search;
  pacer.clear();
  debug.events = [];
  if (kind === 'bot' && page.clock) {
    startClock(page.clock, search.mover, performance.now());
    keepGame();
  }
  worker.send({ id: search.id, request: searchRequest({ ...game.words(), ...words }), rules: game.rules });
  render();
}

function maybeBotMove() {
  const state = game.state;
  if (!state || over() || state.toMove === settings.seat || page.search || sowing.running || page.failed) return;
  const seed = crypto.getRandomValues(new Uint32Array(2));
  const seed64 = (BigInt(seed[0]) << 32n) | BigInt(seed[1]);
  // The bot's clock starts with the request: the search is handed it as it stands.
  const clock = page.clock ? clockWords(page.clock, performance.now()) : {};
  startSearch('bot', { level: settings.level, seed: seed64, ...clock });
}

function askHint() {
  const state = game.state;
  if (!state || page.search || sowing.running || over() || state.toMove !== settings.seat) return;
  forgetChalk(true);
  notes.moved();
  startSearch('hint', { ms: HINT_MS });
}

/** An event of the search running, in its turn (pacing.js): folded into its record. @param {SearchEvent} event */
function onEvent(event) {
  debug.events.push(event);
  if (event.type === 'panic') fail(`The engine failed: ${event.message}`);
  else if (page.search) game.learn(takeEvent(page.search, event));
  render();
}

/** The answer of the search running, in its turn (pacing.js), which arrived at `arrived`. @param {SearchAnswer} result @param {number} arrived */
function finishSearch(result, arrived) {
  const s = page.search;
  page.search = null;
  if (!result.ok) {
    fail(`The engine refused: ${result.error}`);
    return;
  }
  // The pacer hands on only the answer of the search running.
  if (!s) return;
  game.learn(takeResult(s, result, arrived));
  s.elapsed = performance.now() - s.started;
  if (s.kind === 'bot') {
    debug.timings.push({
      level: s.level, engineMs: s.took, wallMs: s.wall, shownMs: performance.now() - s.started, depth: s.depth, nodes: s.nodes,
    });
  }
  searchDone(s);
}

/** A search done (answered, or cut short): its chalk stays as `shown`; a hint is shown, the bot's move played. @param {Search} s */
function searchDone(s) {
  page.shown = s;
  if (s.kind === 'hint') {
    page.hint = s.best;
    render();
  } else {
    page.moved = s;
    playBot(s.best);
  }
}

/** Plays the bot's move `best` (a house index), if there is one and the rules take it. @param {number | null} best */
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
  // Its time stays the engine's for the deepest depth shown; the wait beyond it was the page's.
  s.elapsed = performance.now() - s.started;
  searchDone(s);
}

/** The engine failed (`message` says how): the search is dropped until the player starts over. @param {string} message */
function fail(message) {
  page.failed = message;
  page.search = null;
  pacer.clear();
  // An engine that fails does not lose on time.
  if (page.clock) stopClock(page.clock, performance.now());
  render();
}

// ---- Settings ---------------------------------------------------------------

/**
 * The level of the next search: one under way keeps its own, and the note
 * says so (the slate goes on naming the level it thinks at).
 * @param {number} level
 */
function setLevel(level) {
  settings.level = level;
  keep();
  const s = page.search;
  if (s?.kind === 'bot' && s.level !== level) {
    notes.show(`Level ${level} from the bot's next move: it finishes this one at level ${s.level}.`);
  }
  render();
}

/**
 * The player's seat; in a game being played, once the player says so (the
 * bot then moves at once if the seat left was to move).
 * @param {Seat} seat
 */
async function setSeat(seat) {
  if (seat === settings.seat) return;
  const mid = inProgress();
  if (mid && !(await confirmChange(
    `Switch sides in the middle of this game? You would play ${SEAT_NAME[seat]} from here, and the bot ${SEAT_NAME[other(seat)]}.`,
    `Play ${SEAT_NAME[seat]}`, `Keep ${SEAT_NAME[settings.seat]}`,
  ))) {
    // The seat kept is checked again, and has the focus (↓ had moved it to the other).
    $(`seat-${settings.seat}`).focus();
    render();
    return;
  }
  stopSearch();
  settings.seat = seat;
  forgetChalk();
  keep();
  afterMove();
}

/**
 * A new game under `rules`; in place of a game being played, once the
 * player says so (the game replaced stays in Recent games, and "Undo rules
 * change" brings it back).
 * @param {string} rules
 */
async function setRules(rules) {
  if (rules === settings.rules) return;
  if (inProgress() && !(await confirmChange(
    `Start a new game under ${rules}? The game on the board stays in Recent games.`, `New game under ${rules}`, 'Keep playing',
  ))) {
    render();
    return;
  }
  replacements.setRules(rules);
}

/** Resigns the game being played, once the player says so: the bot wins, as the game file and the recent list record. */
async function resign() {
  if (!inProgress()) return;
  if (!(await confirmChange('Resign this game? The bot wins it.', 'Resign', 'Play on')) || !inProgress()) return;
  stopSearch();
  if (page.clock) stopClock(page.clock, performance.now());
  page.resigned = settings.seat;
  keep();
  maybeEnded();
  render();
}

// ---- Start ------------------------------------------------------------------

/** Moves the page on from loading: to 'ready' once the module is on the page, or 'broken'. @param {'ready' | 'broken'} next */
function setPhase(next) {
  if (page.phase !== 'loading') throw new Error(`the page is ${page.phase}: it cannot become ${next}`);
  page.phase = next;
}

/**
 * An action of the page's controls, done only once the module is on the page (until then the controls are disabled).
 * @template {unknown[]} A
 * @param {(...args: A) => void} action
 * @returns {(...args: A) => void}
 */
const whenReady = (action) => (...args) => (page.phase === 'ready' ? action(...args) : undefined);

async function start() {
  setUpTheme($('theme', HTMLSelectElement));
  sounds.setUp($('sound', HTMLInputElement));
  setUpControls({
    newGame: whenReady(() => replacements.newGame()), undo: whenReady(undo), hint: whenReady(askHint), moveNow: whenReady(moveNow),
    level: whenReady(setLevel), seat: whenReady(setSeat), rules: whenReady(setRules), resign: whenReady(resign),
    clock: whenReady(setClock), undoReplace: whenReady(() => replacements.undo()),
  });
  setUpTranscript({ moves: () => game.moves, load: (text) => replacements.loadTranscript(text) });
  setUpGameFile({
    // The players as `oware play --save` names them: the bot by its level, the person "?";
    // a game lost on time or resigned, with the seat that lost.
    save: (date) => (page.phase === 'ready'
      ? game.loaded().save(saveRequest({ ...game.words(), seat: settings.seat, level: settings.level, date, lost: lostWords() }))
      : { ok: false, error: 'the engine is still loading' }),
    open: (text) => replacements.openRecord(text),
  });
  setUpRecent({ reopen: whenReady((id) => replacements.reopen(id)) });
  setUpMoves({
    show: whenReady(showPly), step: whenReady(stepPly), live: whenReady(backToGame), link: () => replacements.gameLink(),
    analyse: whenReady(() => analysis.start(game)), cancel: () => analysis.cancel(),
  });
  window.addEventListener('hashchange', whenReady(() => replacements.openLink()));
  // Another tab's game changed the recent list (and perhaps moved this game on).
  window.addEventListener('storage', () => {
    if (page.phase === 'ready' && game.state) keepOwnLine();
    render();
  });
  // The tab closed or reloaded: the game kept with its clocks as they stand.
  window.addEventListener('pagehide', () => {
    if (page.phase === 'ready' && game.state) keepGame();
  });
  listenToKeys(() => settings.seat, {
    sow: (i) => humanMove(i, 'keyboard'), hint: whenReady(askHint), undo: whenReady(undo),
    moveNow: whenReady(moveNow), newGame: whenReady(() => replacements.newGame()),
    step: whenReady(stepPly), start: whenReady(() => showPly(0)), live: whenReady(backToGame),
  });
  worker.start();
  // The database is built once the search's module has loaded, in a worker
  // of its own: the first load and the first move do not wait for it.
  worker.ready?.then(() => endgames.start(settings.rules), () => {});
  /** @type {Compiled} */
  let compiled;
  try {
    compiled = await engineModule();
    game.engine = await loadEngine(compiled.module);
  } catch (error) {
    setPhase('broken');
    $('status').textContent = `The engine could not load: ${error instanceof Error ? error.message : error}`;
    document.body.dataset.state = 'error';
    return;
  }
  page.info = game.loaded().info();
  fillChoices(page.info);
  redrawScores();
  replacements.restore();
  setPhase('ready');
  replacements.loadPending();
  replacements.openLink();
  draw();
  afterMove();
  setInterval(() => page.search && render(), 250);
  setInterval(tickClock, CLOCK_TICK_MS);
  keepOffline(ENGINE_URL, compiled.copy);
}

start();
