// The Practice page: an ending the endgame database decides, played
// against perfect defence. The player takes the side to move; the goal is
// the database's result for it ("Win it against perfect defence", "Hold
// the draw"). The session's rules are oware-puzzle's Practice, the
// terminal's too (src/practice.rs answers each request by it, the game
// replayed from the start): the defender replies by the database (the
// longest resistance), a move that lets the result slip is said at once
// where the database proves it (a capture: after a quiet move an earlier
// position could come back, and the database claims nothing until the
// next capture, when it proves the result again and a slip is said then),
// the hint keeps the goal and makes progress, and Retry takes the slip
// back, to the last position where the goal was proved; Play on goes on.
//
// The database is the endgame worker's (endgame-worker.js, as the Play page
// builds and keeps it): where the ending needs more seeds than it holds,
// it is grown now, the page saying how far it has come. The graded sets
// (the module's: src/practice.rs) give a way in: the shipped puzzles'
// starts by seeds on the board, the easiest first; the endings won are
// kept in localStorage. An ending's link names its rules and start
// (`practice.html#rules=abapa&start=FEN`): the Play page links there
// ("Practise this ending"), and it is a share link. Offline once loaded.

import { BoardView, plainView } from './board.js';
import { $ } from './dom.js';
import { indexOf, letter, other, SEAT_NAME } from './houses.js';
import { engineModule, loadEngine, ENGINE_URL } from './wasm.js';
import { keepOffline } from './offline.js';
import { practiceRequest, stateRequest } from './requests.js';
import { keepSetting, seamSeeds } from './endgames.js';
import { listenToKeys } from './keys.js';

/** @import { PracticeGrades, PracticeAnswer, PracticeText, BuildReport, GameStateJson, FromEndgameWorker, ToEndgameWorker, Seat, Ending } from './messages.js' */
/** @import { Engine } from './wasm.js' */

/** Where the endings won are kept: `rules start` of each, and the grade chosen last. */
const KEY = 'oware.practice';
/** The pause before the defender's reply. */
const REPLY_MS = 500;

/** @typedef {{ won: string[], grade: number }} Kept */

/** @returns {Kept} */
function load() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (kept && Array.isArray(kept.won)) return { won: kept.won.map(String), grade: Number(kept.grade) || 0 };
  } catch {
    // Nothing kept, or not readable: a fresh start.
  }
  return { won: [], grade: 0 };
}

/** @param {Kept} kept */
function save(kept) {
  try {
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // A browser that keeps nothing still plays.
  }
}

/** An ending's key among those won. @param {string} rules @param {string} start */
const endingKey = (rules, start) => `${rules} ${start}`;

/** The seeds on the board of a fen (its twelve houses). @param {string} fen */
const seedsOf = (fen) => fen.split('-').slice(0, 12).reduce((sum, n) => sum + Number(n), 0);

/** The ending a link names (`#rules=abapa&start=FEN`), if any. @returns {{ rules: string, start: string } | null} */
function linked() {
  const words = new URLSearchParams(location.hash.slice(1));
  const start = words.get('start');
  return start ? { rules: words.get('rules') ?? 'abapa', start } : null;
}

const page = {
  /** @type {Engine | null} */
  engine: null,
  /** @type {PracticeGrades | null} */
  grades: null,
  /** The ending on the board. @type {{ rules: string, start: string } | null} */
  ending: null,
  /** The grade (an index) it is from, if it is a graded set's. @type {number | null} */
  grade: null,
  /** The moves played (house letters). */
  moves: '',
  /** The board's state. @type {GameStateJson | null} */
  state: null,
  /** The player's seat: the side to move at the start. @type {Seat} */
  player: /** @type {Seat} */ ('south'),
  /** What the player is to force: the database's result for them. @type {'win' | 'draw' | null} */
  goal: null,
  /** The moves Retry keeps: up to the last position where the goal was proved in hand (the module's answer). */
  retry: '',
  /** The answer whose defender's reply waits while a slip is shown (Play on plays it). @type {PracticeAnswer | null} */
  pending: null,
  /** The hinted house (an index). @type {number | null} */
  hint: null,
  /** Counts the moves asked, so a late answer for an earlier position is dropped. */
  turn: 0,
  /** The database's last report. @type {BuildReport | null} */
  report: null,
  /** The seed count being built now. @type {number | null} */
  growing: null,
  /** The rules the database was asked for. @type {string | null} */
  rulesAsked: null,
  kept: load(),
};

const board = new BoardView($('board', SVGSVGElement), { onHouse: (i) => tryHouse(i), bottomSeat: 'south' });
const status = $('practice-status');
const buttons = {
  retry: $('practice-retry', HTMLButtonElement),
  on: $('practice-on', HTMLButtonElement),
  hint: $('practice-hint', HTMLButtonElement),
  again: $('practice-again', HTMLButtonElement),
  next: $('practice-next', HTMLButtonElement),
};

// ---- The endgame worker ------------------------------------------------------

const worker = new Worker('endgame-worker.js', { type: 'module' });
/**
 * The practice request asked last, and what to do with its answer: an
 * answer to an earlier one (a hint asked before a move) is dropped.
 * @type {{ request: PracticeText, take: (answer: PracticeAnswer) => void } | null}
 */
let asked = null;

/** @param {ToEndgameWorker} message */
const post = (message) => worker.postMessage(message);

/** Asks the worker's database about a practice move. @param {PracticeText} request @param {(answer: PracticeAnswer) => void} take */
function ask(request, take) {
  asked = { request, take };
  post({ type: 'practice', request });
}

/** @param {MessageEvent<FromEndgameWorker>} message */
worker.onmessage = ({ data }) => {
  if ('built' in data) {
    page.report = data.built;
    page.growing = null;
    showDatabase();
    if (page.ending && page.goal === null) prepare();
  } else if ('growing' in data) {
    page.growing = data.growing;
    showDatabase();
    if (page.ending && page.goal === null) prepare();
  } else if ('practice' in data) {
    if (asked?.request !== data.practice) return;
    const { take } = asked;
    asked = null;
    take(data.answer);
  }
};

/** What the database holds, under the side panel. */
function showDatabase() {
  const r = page.report;
  let text = 'building…';
  if (r && !r.ok) text = `not built: ${r.error}`;
  else if (r && r.ruleset === null) text = 'none holds for these rules';
  else if (r && r.ok) text = `${r.ruleset} up to ${r.seeds} seeds${r.kept.state === 'kept' ? ', kept in this browser' : ''}`;
  if (page.growing !== null) text += `; building ${page.growing} seeds…`;
  $('practice-database').textContent = `Endgame database: ${text}`;
}

// ---- The ending ----------------------------------------------------------------

/** Asks the module for the game's state. @param {string} moves */
function stateOf(moves) {
  const ending = /** @type {{ rules: string, start: string }} */ (page.ending);
  const engine = /** @type {Engine} */ (page.engine);
  return engine.state(stateRequest({ rules: ending.rules, start: ending.start, moves }));
}

/**
 * Puts an ending on the board; the database is asked for its result once it holds it.
 * @param {{ rules: string, start: string }} ending @param {number | null} grade
 */
function choose(ending, grade) {
  const answer = (/** @type {Engine} */ (page.engine)).state(stateRequest({ rules: ending.rules, start: ending.start, moves: '' }));
  if (!answer.ok) {
    document.body.dataset.state = 'error';
    $('practice-goal').textContent = 'This link names no position.';
    status.textContent = `The position could not be read: ${answer.error}`;
    return;
  }
  page.ending = ending;
  page.grade = grade ?? gradeOf(ending);
  page.player = answer.toMove;
  page.goal = null;
  const link = `#rules=${ending.rules}&start=${ending.start}`;
  history.replaceState(null, '', link);
  $('practice-link', HTMLAnchorElement).href = `practice.html${link}`;
  const seeds = seedsOf(ending.start);
  const grades = page.grades?.grades ?? [];
  const g = page.grade === null ? null : grades[page.grade];
  const number = g ? g.endings.findIndex((e) => e.rules === ending.rules && e.start === ending.start) : -1;
  $('practice-title').textContent = g && number >= 0
    ? `Grade ${(page.grade ?? 0) + 1}, ending ${number + 1} of ${g.endings.length}` : 'Endgame practice';
  $('practice-facts').textContent = `${SEAT_NAME[page.player]} to move, ${seeds} seeds on the board, ${ending.rules} rules.`;
  if (g) {
    page.kept.grade = page.grade ?? 0;
    save(page.kept);
  }
  restart('');
  drawGrades();
  prepare();
}

/** The graded set an ending is in, if it is one of the listed. @param {{ rules: string, start: string }} ending */
function gradeOf(ending) {
  const grades = page.grades?.grades ?? [];
  const k = grades.findIndex((g) => g.endings.some((e) => e.rules === ending.rules && e.start === ending.start));
  return k >= 0 ? k : null;
}

/**
 * Asks the database about the start, or says why it cannot yet: more seeds
 * than it holds (it is grown now, if it may grow), or more than the page's
 * database ever holds.
 */
function prepare() {
  const ending = page.ending;
  if (!ending || page.goal !== null) return;
  useRules(ending.rules);
  const r = page.report;
  if (!r) {
    waiting('The endgame database is being built in this browser…');
    return;
  }
  if (!r.ok || r.ruleset === null) {
    document.body.dataset.state = 'outside';
    $('practice-goal').textContent = 'No endgame database holds for these rules.';
    status.textContent = 'Practice needs a rule set the database was solved for: abapa, auale or awari-split.';
    return;
  }
  const seeds = seedsOf(ending.start);
  const most = page.engine?.info().endgameMaxSeeds ?? 16;
  if (seeds > most) {
    document.body.dataset.state = 'outside';
    $('practice-goal').textContent = `This ending needs a database of ${seeds} seeds.`;
    status.textContent = `The page's endgame database holds at most ${most} seeds (the native one, up to 20). Choose an ending with fewer seeds.`;
    return;
  }
  if (seeds > r.seeds) {
    if (page.growing !== null) {
      waiting(`This ending has ${seeds} seeds on the board; the database holds ${r.seeds} so far and is being built: ${page.growing} seeds now…`);
    } else if (r.grows) {
      post({ type: 'grow' });
      waiting(`This ending has ${seeds} seeds on the board; the database holds ${r.seeds} so far and is being built…`);
    } else {
      document.body.dataset.state = 'outside';
      $('practice-goal').textContent = `This ending needs a database of ${seeds} seeds.`;
      status.textContent = `The database in this browser holds ${r.seeds} seeds and does not grow further here`
        + `${r.kept.state === 'kept' ? '' : ' (it grows only where it is kept: see Settings on the Play page)'}. Choose an ending with fewer seeds.`;
    }
    return;
  }
  ask(practiceRequest({ rules: ending.rules, start: ending.start, moves: '' }), onStart);
}

/** Asks the worker for the database of `rules` (kept, read back, or built). @param {string} rules */
function useRules(rules) {
  if (page.rulesAsked === rules) return;
  page.rulesAsked = rules;
  page.report = null;
  post({ type: 'build', rules, seeds: seamSeeds(), keep: keepSetting() });
}

/** Says the page waits for the database. @param {string} note */
function waiting(note) {
  document.body.dataset.state = 'building';
  $('practice-goal').textContent = 'The database does not hold this ending yet.';
  status.textContent = note;
  draw(false);
}

/** The database's answer about the start: the goal, or why there is nothing to practise. @param {PracticeAnswer} answer */
function onStart(answer) {
  if (!answer.ok) {
    document.body.dataset.state = 'outside';
    $('practice-goal').textContent = 'Nothing to practise in this position.';
    status.textContent = answer.error;
    return;
  }
  page.goal = answer.goal;
  const who = SEAT_NAME[page.player];
  $('practice-goal').textContent = page.goal === 'win' ? `${who}: win it against perfect defence.` : `${who}: hold the draw against perfect play.`;
  restart('');
}

/** The ending from its start: `note`, or the goal's prompt. @param {string} note */
function restart(note) {
  page.moves = '';
  page.retry = '';
  takeBack(note);
}

/** Back to `page.retry` (the last position where the goal was proved). @param {string} note */
function takeBack(note) {
  page.turn += 1;
  page.moves = page.retry;
  page.pending = null;
  page.hint = null;
  asked = null;
  if (page.goal === null) {
    draw(false);
    return;
  }
  document.body.dataset.state = 'playing';
  draw(true);
  status.textContent = note || 'Your move: click a house to sow, or type its letter.';
}

/** Draws the board for the moves played. @param {boolean} playing whether the player may sow now */
function draw(playing) {
  if (!page.ending || !page.engine) return;
  const answer = stateOf(page.moves);
  if (!answer.ok) throw new Error(`the ending does not replay: ${answer.error}`);
  page.state = answer;
  const mine = playing && !answer.outcome && answer.toMove === page.player;
  board.render(plainView(answer, page.player, mine, page.hint));
  const state = document.body.dataset.state;
  buttons.retry.disabled = !(state === 'slipped' || state === 'lost' || (state === 'playing' && page.moves !== page.retry));
  buttons.on.hidden = state !== 'slipped';
  buttons.hint.disabled = !mine || state !== 'playing';
  buttons.again.disabled = page.goal === null || page.moves === '';
  buttons.next.disabled = !page.grades;
}

/** The player's house `i`: sown, judged and answered by the database. @param {number} i */
function tryHouse(i) {
  const ending = page.ending;
  const state = page.state;
  if (!ending || !state || document.body.dataset.state !== 'playing' || state.toMove !== page.player || state.outcome) return;
  const house = letter(i);
  if (!state.legal.includes(house)) {
    board.refuse(i);
    return;
  }
  const before = page.moves;
  page.turn += 1;
  const turn = page.turn;
  page.hint = null;
  page.moves += house;
  document.body.dataset.state = 'replying';
  draw(false);
  status.textContent = `${SEAT_NAME[page.player]} sows ${house}…`;
  const request = practiceRequest({ rules: ending.rules, start: ending.start, moves: before, play: house });
  ask(request, (answer) => {
    if (turn !== page.turn) return;
    if (!answer.ok) {
      document.body.dataset.state = 'error';
      status.textContent = `The database could not judge ${house}: ${answer.error}`;
      return;
    }
    page.retry = answer.retry;
    if (answer.keeps === false) {
      page.pending = answer;
      document.body.dataset.state = 'slipped';
      draw(false);
      const now = page.goal === 'win' ? 'win slip: against perfect defence it is a win no more' : 'draw slip: against perfect play it is lost now';
      status.textContent = `${house} lets the ${now}, as the endgame database proves. Retry takes it back, or play on.`;
      return;
    }
    void reply(answer, turn);
  });
}

/**
 * Plays the defender's reply, then says what the database proves after it.
 * @param {PracticeAnswer} answer @param {number} turn
 */
async function reply(answer, turn) {
  if (!answer.ok) return;
  const defender = SEAT_NAME[other(page.player)];
  if (answer.reply) {
    document.body.dataset.state = 'replying';
    draw(false);
    status.textContent = `${defender} replies by the database…`;
    await new Promise((resolve) => setTimeout(resolve, REPLY_MS));
    if (turn !== page.turn) return;
    page.moves += answer.reply;
  }
  document.body.dataset.state = 'playing';
  draw(true);
  if (finished(answer.reached)) return;
  const said = answer.reply ? `${defender} sows ${answer.reply}. ` : '';
  // After a capture the database speaks again: a slip a quiet move hid is said then.
  if (answer.keeps !== false && answer.now !== null) {
    document.body.dataset.state = 'slipped';
    draw(false);
    status.textContent = `${said}The ${page.goal} has slipped: the endgame database proves ${answer.now === 'draw' ? 'a draw' : `${SEAT_NAME[answer.now]} wins`} now. Retry goes back to where it was still proved, or play on.`;
    return;
  }
  status.textContent = `${said}Your move.`;
}

/**
 * Says how the game ended, and keeps the ending as won when the goal was met.
 * @param {boolean | null} reached whether the goal was reached (the module's answer)
 */
function finished(reached) {
  const outcome = page.state?.outcome;
  const ending = page.ending;
  if (!outcome || !ending) return false;
  const [south, north] = outcome.seeds;
  const mine = page.player === 'south' ? south : north;
  const theirs = page.player === 'south' ? north : south;
  const result = outcome.winner === null ? 'draw' : outcome.winner === page.player ? 'win' : 'loss';
  const met = reached === true;
  const score = `${mine}–${theirs}`;
  document.body.dataset.state = met ? 'won' : 'lost';
  draw(false);
  if (met) {
    const key = endingKey(ending.rules, ending.start);
    if (!page.kept.won.includes(key)) page.kept.won.push(key);
    save(page.kept);
    drawGrades();
  }
  const how = result === 'win' ? 'Won' : result === 'draw' ? 'Drawn' : 'Lost';
  status.textContent = `${how} ${score} against perfect defence.${met ? ' Next ending, or choose a grade.' : ' Retry, or start again.'}`;
  return true;
}

// ---- The graded sets ---------------------------------------------------------

/** Whether `ending` was won before. @param {Ending} ending */
const won = (ending) => page.kept.won.includes(endingKey(ending.rules, ending.start));

/** The grades, each with the player's progress. */
function drawGrades() {
  const list = $('practice-grades');
  list.replaceChildren();
  const most = page.engine?.info().endgameMaxSeeds ?? 16;
  (page.grades?.grades ?? []).forEach((grade, k) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    const count = grade.endings.filter(won).length;
    const name = document.createElement('span');
    name.textContent = `Grade ${k + 1}: ${grade.fewest} to ${grade.most} seeds`;
    const progress = document.createElement('span');
    progress.className = 'grade-won';
    // Past the page's database: its title says so (the native one holds up to 20 seeds).
    progress.textContent = grade.fewest > most ? 'native only' : `won ${count} of ${grade.endings.length}`;
    if (grade.fewest > most) button.title = `More seeds than the page's database holds (${most})`;
    button.append(name, progress);
    button.disabled = grade.fewest > most;
    button.setAttribute('aria-current', String(k === page.grade));
    button.addEventListener('click', () => nextIn(k));
    item.append(button);
    list.append(item);
  });
}

/** The next ending of grade `k` not won yet (the first when all are). @param {number} k */
function nextIn(k) {
  const grade = page.grades?.grades[k];
  if (!grade) return;
  const current = page.ending;
  const at = current ? grade.endings.findIndex((e) => e.rules === current.rules && e.start === current.start) : -1;
  const order = [...grade.endings.slice(at + 1), ...grade.endings.slice(0, at + 1)];
  const next = order.find((e) => !won(e)) ?? order[0];
  choose({ rules: next.rules, start: next.start }, k);
}

buttons.retry.addEventListener('click', () => takeBack('Taken back: your move again.'));
buttons.on.addEventListener('click', () => {
  const pending = page.pending;
  page.pending = null;
  if (pending) {
    void reply(pending, page.turn);
  } else {
    document.body.dataset.state = 'playing';
    draw(true);
    status.textContent = 'Your move.';
  }
});
buttons.hint.addEventListener('click', () => hint());
buttons.again.addEventListener('click', () => restart(''));
buttons.next.addEventListener('click', () => nextIn(page.grade ?? page.kept.grade));

/** Marks the module's hint for the player: a move that keeps the goal and makes progress (no circling back to a repetition). */
function hint() {
  const ending = page.ending;
  if (!ending || document.body.dataset.state !== 'playing') return;
  const turn = page.turn;
  ask(practiceRequest({ rules: ending.rules, start: ending.start, moves: page.moves }), (answer) => {
    if (turn !== page.turn || !answer.ok || !answer.hint) return;
    page.hint = indexOf(answer.hint);
    draw(true);
    status.textContent = `Hint: sow ${answer.hint}.`;
  });
}

listenToKeys(() => page.player, {
  sow: (i) => tryHouse(i),
  hint,
  undo: () => { if (!buttons.retry.disabled) takeBack('Taken back: your move again.'); },
  moveNow: () => {},
  newGame: () => { if (!buttons.again.disabled) restart(''); },
  step: () => {},
  start: () => {},
  live: () => {},
});

addEventListener('hashchange', () => {
  const ending = linked();
  if (ending && (ending.rules !== page.ending?.rules || ending.start !== page.ending?.start)) choose(ending, null);
});

async function start() {
  try {
    const compiled = await engineModule();
    worker.postMessage({ module: compiled.module });
    page.engine = await loadEngine(compiled.module);
    keepOffline(ENGINE_URL, compiled.copy);
    navigator.storage?.persist?.().catch(() => false);
    page.grades = page.engine.practiceGrades();
    drawGrades();
    const ending = linked();
    if (ending) {
      choose(ending, null);
    } else {
      nextIn(page.kept.grade);
    }
  } catch (error) {
    document.body.dataset.state = 'error';
    status.textContent = `Practice could not start: ${error}`;
  }
}

void start();
