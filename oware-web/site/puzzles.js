// The Puzzles page: a puzzle of the shipped set (the module's, src/puzzle.rs)
// on the board, solved by clicking houses. A wrong move is said and Retry
// offered; a right one is answered by the defender's reply from the
// solution, until the line ends. Hint (the house to sow), Show solution (the
// line replayed, each move in words, with the proof's), Next (near the
// player's rating, with a theme), the daily puzzle (the same for everyone on
// a date, UTC), a share link (`puzzles.html#puzzle=ID`), a streak, and the
// player's Glicko-2 rating (the module's rule) with its graph, kept in
// localStorage. Everything runs in the page: offline once loaded.
//
// Your mistakes (`puzzles.html#mistakes`): the puzzles proved at the
// positions of your analysed games where your move let a proven result
// slip (mistakes.js keeps them), solved the same way, with the move you
// played said; solving one marks it, and the solved ones can be cleared.
// They do not change the rating: it measures you on the shipped puzzles,
// each rated by the bot's levels, and a mistake is one you have met.

import { BoardView, plainView } from './board.js';
import { $, svgElement } from './dom.js';
import { indexOf, letter, SEAT_NAME } from './houses.js';
import { engineModule, loadEngine, ENGINE_URL } from './wasm.js';
import { keepOffline } from './offline.js';
import { stateRequest, puzzleRequest } from './requests.js';
import { loadMistakes, saveMistakes } from './mistakes.js';

/** @import { Puzzle, PuzzleAnswer, PuzzleText, PuzzleWords, Rating, GameStateJson } from './messages.js' */
/** @import { Mistake } from './mistakes.js' */
/** @import { Engine } from './wasm.js' */

/**
 * What the page keeps of the player: the rating, its history (one entry an
 * attempt that counted), the streak of first-try solves, and each puzzle
 * tried (only a first try moves the ratings, as `oware puzzle` does).
 * @typedef {{ player: Rating, history: number[], streak: number, tried: Record<string, 'solved' | 'missed'> }} Kept
 */

const KEY = 'oware.puzzles';
/** How many attempts the graph shows. */
const GRAPH_ATTEMPTS = 50;
/** The pause before the defender's reply and between the solution's moves. */
const REPLY_MS = 600;

/** @returns {Kept} */
function load() {
  /** @type {Kept} */
  const fresh = { player: { rating: 1500, deviation: 350, volatility: 0.06 }, history: [], streak: 0, tried: {} };
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return kept && typeof kept.player?.rating === 'number' ? Object.assign(fresh, kept) : fresh;
  } catch {
    return fresh;
  }
}

/** @param {Kept} kept */
function save(kept) {
  try {
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // A browser that keeps nothing still plays.
  }
}

/** Today's date, UTC, as the daily puzzle names it: YYYY-MM-DD. */
const today = () => new Date().toISOString().slice(0, 10);

/** Whether the address asks for your mistakes (`#mistakes`). */
const mistakesLinked = () => location.hash === '#mistakes';

/** The puzzle id of a link (`#puzzle=ID` or `?puzzle=ID`), if any. */
function linked() {
  const hash = new URLSearchParams(location.hash.slice(1)).get('puzzle');
  return hash ?? new URLSearchParams(location.search).get('puzzle');
}

const page = {
  /** @type {Engine | null} */
  engine: null,
  /** @type {Puzzle | null} */
  puzzle: null,
  /** The mistake on the board, when it is one of yours. @type {Mistake | null} */
  mistake: null,
  /** The line played so far (house letters). */
  played: '',
  /** The board's state for it. @type {GameStateJson | null} */
  state: null,
  /** 'solving', 'wrong', 'solved' or 'replaying'. */
  phase: 'solving',
  /** The hinted house (an index). @type {number | null} */
  hint: null,
  /** Whether this try has used a hint, the solution or a wrong move (a miss). */
  missed: false,
  /** Counts the loads, so a late reply or replay of an earlier puzzle stops. */
  turn: 0,
  kept: load(),
};

const board = new BoardView($('board', SVGSVGElement), { onHouse: (i) => { void tryHouse(i); }, bottomSeat: 'south' });
const status = $('puzzle-status');
const buttons = {
  hint: $('puzzle-hint', HTMLButtonElement),
  solution: $('puzzle-solution', HTMLButtonElement),
  retry: $('puzzle-retry', HTMLButtonElement),
  next: $('puzzle-next', HTMLButtonElement),
  daily: $('puzzle-daily', HTMLButtonElement),
  clear: $('mistakes-clear', HTMLButtonElement),
};
const theme = $('puzzle-theme', HTMLSelectElement);
/** The theme's label and menu: Next in your mistakes goes to the next of them, whatever the theme. */
const themeChoice = /** @type {HTMLElement} */ (theme.closest('label'));

/** Asks the module; a refusal is the page's mistake, thrown. @param {PuzzleText} request */
function ask(request) {
  const engine = /** @type {Engine} */ (page.engine);
  const answer = /** @type {PuzzleAnswer} */ (engine.puzzle(request));
  if (!answer.ok) throw new Error(`puzzle request \`${request}\`: ${answer.error}`);
  return answer;
}

/** The words naming the puzzle on the board: a mistake's code, else its id. @returns {PuzzleWords} */
const which = () => (page.mistake ? { code: page.mistake.code } : { id: /** @type {Puzzle} */ (page.puzzle).id });

/** Puts the puzzle a request names on the board. @param {PuzzleText} request @param {string | null} daily */
function show(request, daily) {
  const { puzzle } = ask(request);
  page.puzzle = puzzle;
  page.mistake = null;
  page.turn += 1;
  const link = `puzzles.html#puzzle=${puzzle.id}`;
  history.replaceState(null, '', `#puzzle=${puzzle.id}`);
  $('puzzle-link', HTMLAnchorElement).href = link;
  $('puzzle-share').hidden = false;
  themeChoice.hidden = false;
  $('puzzle-title').textContent = daily ? `Daily puzzle, ${daily}` : `Puzzle ${puzzle.id}`;
  $('puzzle-goal').textContent = `${puzzle.goalWords}.`;
  const themes = puzzle.themes.length ? puzzle.themes.map((t) => t.replaceAll('-', ' ')).join(', ') : 'no theme';
  $('puzzle-facts').textContent = `Rated ${puzzle.rating}, ${puzzle.rules} rules. Themes: ${themes}.`;
  const before = page.kept.tried[puzzle.id];
  retry(before ? `You ${before} it before: this try does not change your rating.` : '');
}

/** Puts your mistake `mistake` (the `at`th of those kept, from 0) on the board. @param {Mistake} mistake @param {number} at */
function showMistake(mistake, at) {
  const { puzzle } = ask(puzzleRequest({ code: mistake.code }));
  page.puzzle = puzzle;
  page.mistake = mistake;
  page.turn += 1;
  history.replaceState(null, '', '#mistakes');
  $('puzzle-share').hidden = true;
  themeChoice.hidden = true;
  $('puzzle-title').textContent = `Your mistake ${at + 1} of ${loadMistakes().length}`;
  $('puzzle-goal').textContent = `${puzzle.goalWords}.`;
  const solved = mistake.solved ? ' You have solved it since.' : '';
  $('puzzle-facts').textContent = `In your game you played ${mistake.played} here (move ${mistake.ply}, ${puzzle.rules} rules).${solved} Your mistakes do not change your puzzle rating.`;
  retry();
  drawMistakes();
}

/** Opens your first mistake not yet solved after the one on the board (else the first), or says there is none (and shows the daily puzzle). */
function nextMistake() {
  const kept = loadMistakes();
  if (!kept.length) {
    const date = today();
    show(puzzleRequest({ date }), date);
    status.textContent = 'You have no mistakes kept: analyse a game on the Play page, and the positions where a win or draw slipped come here.';
    drawMistakes();
    return;
  }
  const from = kept.findIndex((m) => m.id === page.mistake?.id) + 1;
  const order = [...kept.slice(from), ...kept.slice(0, from)];
  const chosen = order.find((m) => !m.solved) ?? kept[0];
  showMistake(chosen, kept.findIndex((m) => m.id === chosen.id));
}

/** How many mistakes are kept and solved, and whether any can be cleared. */
function drawMistakes() {
  const kept = loadMistakes();
  const solved = kept.filter((m) => m.solved).length;
  $('mistakes-count').textContent = kept.length ? `${kept.length} kept, ${solved} solved` : 'none kept yet';
  buttons.clear.disabled = solved === 0;
}

/** Starts the puzzle on the board again. @param {string} note */
function retry(note = '') {
  page.played = '';
  page.phase = 'solving';
  page.hint = null;
  page.turn += 1;
  $('puzzle-line').hidden = true;
  $('puzzle-proof').hidden = true;
  draw(note || 'Your move: click a house to sow.');
}

/** Draws the board and the buttons for the line played so far. @param {string} note */
function draw(note) {
  const puzzle = /** @type {Puzzle} */ (page.puzzle);
  const engine = /** @type {Engine} */ (page.engine);
  const answer = engine.state(stateRequest({ rules: puzzle.rules, start: puzzle.start, moves: page.played }));
  if (!answer.ok) throw new Error(`the puzzle's line does not replay: ${answer.error}`);
  page.state = answer;
  const solving = page.phase === 'solving' && answer.toMove === puzzle.solver;
  board.render(plainView(answer, puzzle.solver, solving, page.hint));
  status.textContent = note;
  document.body.dataset.state = page.phase;
  buttons.hint.disabled = !solving;
  buttons.solution.disabled = page.phase === 'replaying';
  buttons.retry.disabled = page.phase === 'replaying' || (page.played === '' && page.phase === 'solving');
  buttons.next.disabled = page.phase === 'replaying';
  buttons.daily.disabled = page.phase === 'replaying';
  drawYou();
  drawMistakes();
}

/**
 * The first try at a puzzle moves the ratings (the module's Glicko-2):
 * later ones do not, nor do your mistakes (a solved one is marked).
 * @param {boolean} solved
 */
function record(solved) {
  const puzzle = /** @type {Puzzle} */ (page.puzzle);
  const kept = page.kept;
  if (page.mistake) {
    if (solved) markSolved(page.mistake.id);
    return;
  }
  if (kept.tried[puzzle.id]) return;
  const { player } = kept;
  const result = solved ? 'solved' : 'missed';
  const answer = ask(puzzleRequest({ id: puzzle.id, player: `${player.rating},${player.deviation},${player.volatility}`, result }));
  if (!answer.player) return;
  kept.player = answer.player;
  kept.history = [...kept.history, answer.player.rating].slice(-GRAPH_ATTEMPTS);
  kept.streak = solved ? kept.streak + 1 : 0;
  kept.tried[puzzle.id] = result;
  save(kept);
}

/** Marks your mistake `id` solved. @param {string} id */
function markSolved(id) {
  saveMistakes(loadMistakes().map((m) => (m.id === id ? { ...m, solved: true } : m)));
  if (page.mistake?.id === id) page.mistake = { ...page.mistake, solved: true };
}

/** The player's house `i` clicked. @param {number} i */
async function tryHouse(i) {
  const puzzle = page.puzzle;
  if (!puzzle || page.phase !== 'solving' || page.state?.toMove !== puzzle.solver) return;
  const house = letter(i);
  if (!page.state.legal.includes(house)) {
    board.refuse(i);
    return;
  }
  const { tried } = ask(puzzleRequest({ ...which(), moves: page.played, play: house }));
  if (!tried) return;
  page.hint = null;
  if (!tried.right) {
    page.missed = true;
    record(false);
    page.played += house;
    page.phase = 'wrong';
    draw(`${house} is not the move: it lets the ${puzzle.goal} slip. Retry, or see the solution.`);
    return;
  }
  page.played += house;
  if (tried.solved) {
    solved();
    return;
  }
  const turn = page.turn;
  page.phase = 'replying';
  draw(`${house} is right. ${SEAT_NAME[puzzle.solver === 'south' ? 'north' : 'south']} replies…`);
  await new Promise((resolve) => setTimeout(resolve, REPLY_MS));
  if (turn !== page.turn || !tried.reply) return;
  page.played += tried.reply;
  page.phase = 'solving';
  const words = puzzle.line[page.played.length - 1]?.words ?? tried.reply;
  draw(`${words}. Your move.`);
}

function solved() {
  const puzzle = /** @type {Puzzle} */ (page.puzzle);
  // A mistake solved is marked solved whatever came before this try.
  record(!page.missed || !!page.mistake);
  page.phase = 'solved';
  draw(`Solved! ${puzzle.proofWords}`);
}

buttons.hint.addEventListener('click', () => {
  const { next } = ask(puzzleRequest({ ...which(), moves: page.played }));
  if (next === null) return;
  page.missed = true;
  record(false);
  page.hint = indexOf(next);
  draw(`Hint: sow ${next}.`);
});

buttons.solution.addEventListener('click', async () => {
  const puzzle = /** @type {Puzzle} */ (page.puzzle);
  page.missed = true;
  record(false);
  page.turn += 1;
  const turn = page.turn;
  page.played = '';
  page.hint = null;
  page.phase = 'replaying';
  const list = $('puzzle-line');
  list.replaceChildren();
  list.hidden = false;
  $('puzzle-proof').hidden = true;
  draw('The solution:');
  for (const move of puzzle.line) {
    await new Promise((resolve) => setTimeout(resolve, REPLY_MS));
    if (turn !== page.turn) return;
    page.played += move.house;
    const item = document.createElement('li');
    item.textContent = move.words;
    list.append(item);
    draw('The solution:');
  }
  const proof = $('puzzle-proof');
  proof.textContent = puzzle.proofWords;
  proof.hidden = false;
  page.phase = 'solved';
  draw('The solution, replayed. Retry to play it yourself, or Next.');
});

buttons.retry.addEventListener('click', () => retry());

buttons.next.addEventListener('click', () => {
  if (page.mistake) {
    nextMistake();
    return;
  }
  const skip = [...Object.keys(page.kept.tried), page.puzzle?.id ?? ''].filter(Boolean).join(',');
  page.missed = false;
  show(puzzleRequest({ rating: Math.round(page.kept.player.rating), theme: theme.value || null, skip: skip || null }), null);
});

buttons.daily.addEventListener('click', () => {
  const date = today();
  page.missed = false;
  show(puzzleRequest({ date }), date);
});

buttons.clear.addEventListener('click', () => {
  const left = loadMistakes().filter((m) => !m.solved);
  saveMistakes(left);
  if (page.mistake?.solved) nextMistake();
  else drawMistakes();
  if (left.length) status.textContent = 'The solved mistakes are cleared.';
});

$('mistakes-open').addEventListener('click', (event) => {
  event.preventDefault();
  page.mistake = null;
  page.missed = false;
  nextMistake();
});

addEventListener('hashchange', () => {
  if (mistakesLinked()) {
    if (!page.mistake) nextMistake();
    return;
  }
  const id = linked();
  if (id && id !== page.puzzle?.id) open(id);
});

/** Opens puzzle `id`, or says there is none. @param {string} id */
function open(id) {
  page.missed = false;
  try {
    show(puzzleRequest({ id }), null);
  } catch {
    const date = today();
    show(puzzleRequest({ date }), date);
    status.textContent = `No puzzle has the id ${id}: here is the daily puzzle.`;
  }
}

/** The rating, the streak and the graph of the rating over the attempts. */
function drawYou() {
  const { player, history, streak } = page.kept;
  const rating = Math.round(player.rating);
  const sure = history.length ? `±${Math.round(2 * player.deviation)}` : 'new';
  $('puzzle-rating').textContent = `Puzzle rating ${rating} (${sure}), streak ${streak}`;
  const graph = $('rating-graph', SVGSVGElement);
  graph.replaceChildren();
  const points = [1500, ...history];
  const low = Math.min(...points) - 20, high = Math.max(...points) + 20;
  const x = (/** @type {number} */ k) => 30 + (points.length > 1 ? (k * 265) / (points.length - 1) : 0);
  const y = (/** @type {number} */ r) => 54 - ((r - low) * 48) / (high - low);
  svgElement('line', { x1: 30, x2: 295, y1: y(1500), y2: y(1500) }, graph);
  svgElement('text', { x: 0, y: y(1500) + 4 }, graph).textContent = '1500';
  svgElement('polyline', { points: points.map((r, k) => `${x(k).toFixed(1)},${y(r).toFixed(1)}`).join(' ') }, graph);
  graph.setAttribute('aria-label', history.length
    ? `Your puzzle rating over your last ${history.length} attempts: from ${Math.round(points[0])} to ${rating}`
    : 'Your puzzle rating over your attempts: none yet');
}

async function start() {
  try {
    const compiled = await engineModule();
    page.engine = await loadEngine(compiled.module);
    keepOffline(ENGINE_URL, compiled.copy);
    for (const button of Object.values(buttons)) button.disabled = false;
    const id = linked();
    if (mistakesLinked()) {
      nextMistake();
    } else if (id) {
      open(id);
    } else {
      const date = today();
      show(puzzleRequest({ date }), date);
    }
  } catch (error) {
    document.body.dataset.state = 'error';
    status.textContent = `The puzzles could not start: ${error}`;
  }
}

void start();
