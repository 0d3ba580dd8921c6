// Analysing a game with the engine: a search before every move, at a fixed
// depth, each move judged as `oware analyze` judges it (its score, the
// preferred move when another scores better, `?` for a mistake and `??` for
// a blunder: the module's `judge=`, oware-search's rule). It runs in a
// worker of its own, so the bot's search goes on undisturbed; cancelling
// ends that worker. What the analysis has found is handed to app.js, which
// keeps it in its `page` object.

import { EngineWorker } from './engine-worker.js';
import { count } from './houses.js';
import { searchRequest } from './requests.js';

/** @import { Judgement, SearchMessage } from './messages.js' */

/** A game as analysis names it: its rules, set-up start (null from the opening) and moves. @typedef {{ rules: string, start: string | null, moves: string }} GameRecord */

/**
 * One analysis: the game analysed, the module's judgement of each move
 * searched so far (null where it did not score the move), whether it runs,
 * and whether it was cancelled.
 * @typedef {GameRecord & { judged: (Judgement | null)[], running: boolean, cancelled: boolean }} Run
 */

/** The depth of every search, as `oware analyze` searches a record by default. */
export const ANALYSIS_DEPTH = 12;

let requests = 0;

export class Analysis {
  /**
   * `onChange(run)` is called with the run as it progresses; `onFail(message)` if the worker dies.
   * @param {object} hooks
   * @param {(run: Run) => void} hooks.onChange
   * @param {(message: string) => void} hooks.onFail
   */
  constructor({ onChange, onFail }) {
    this.onChange = onChange;
    this.onFail = onFail;
    /** Its own worker, started at the first analysis. @type {EngineWorker | null} */
    this.worker = null;
    /** @type {Run | null} */
    this.run = null;
    /** The id of the search asked for (null: none). @type {number | null} */
    this.asked = null;
  }

  /**
   * Analyses the game { rules, start, moves }: the run is { rules, start,
   * moves, judged (for each move searched, the module's judgement, null if
   * it did not score the move), running, cancelled }.
   * @param {GameRecord} game
   */
  start({ rules, start, moves }) {
    this.cancel();
    const worker = this.worker ?? new EngineWorker({ onMessage: (data) => this.receive(data), onFail: this.onFail });
    if (!this.worker) {
      this.worker = worker;
      worker.start();
    }
    this.run = { rules, start, moves, judged: [], running: moves.length > 0, cancelled: false };
    this.ask(worker, this.run);
  }

  /** Stops the analysis where it is: what it found is kept. */
  cancel() {
    const run = this.run;
    if (!run?.running) return;
    this.worker?.restart();
    this.asked = null;
    this.run = { ...run, running: false, cancelled: true };
    this.onChange(this.run);
  }

  /** Asks `worker` for the search before the next move of `run`, or says the run is done. @param {EngineWorker} worker @param {Run} run */
  ask(worker, run) {
    const index = run.judged.length;
    if (index >= run.moves.length) {
      this.run = { ...run, running: false };
      this.onChange(this.run);
      return;
    }
    this.asked = ++requests;
    const request = searchRequest({ rules: run.rules, start: run.start, moves: run.moves.slice(0, index), depth: ANALYSIS_DEPTH, judge: run.moves[index] });
    worker.send({ id: this.asked, request, rules: run.rules });
    this.onChange(run);
  }

  /** A message of the worker: the result of the search asked for moves the run on (events are not shown). @param {SearchMessage} data */
  receive(data) {
    if (!('result' in data) || data.id !== this.asked || !this.run?.running || !this.worker) return;
    const { result } = data;
    if (!result.ok) {
      this.run = { ...this.run, running: false };
      this.onFail(`The analysis stopped: ${result.error}`);
      return;
    }
    this.run = { ...this.run, judged: [...this.run.judged, result.judgement ?? null] };
    this.ask(this.worker, this.run);
  }
}

/**
 * The judgements of `run` that hold for `game` ({ rules, start, moves }):
 * those of the moves it shares with the game analysed, one entry a move
 * (undefined where none).
 * @param {GameRecord} game
 * @param {Run | null} run
 */
export function judgementsFor(game, run) {
  if (!run || run.rules !== game.rules || run.start !== game.start) return [];
  const shared = [];
  for (let i = 0; i < run.judged.length && run.moves[i] === game.moves[i]; i++) shared.push(run.judged[i]);
  return shared;
}

/** "Analysing: move 5 of 12…", or what the analysis found. @param {Run | null} run */
export function progressText(run) {
  if (!run) return '';
  const total = run.moves.length;
  const done = run.judged.length;
  if (run.running) return `Analysing at depth ${ANALYSIS_DEPTH}: move ${done + 1} of ${total}…`;
  /** @param {'?' | '??'} mark @param {string} word */
  const marked = (mark, word) => count(run.judged.filter((j) => j?.mark === mark).length, word);
  const found = `${marked('?', 'mistake')}, ${marked('??', 'blunder')}`;
  if (run.cancelled) return `Analysis cancelled after ${done} of ${total} moves: ${found}.`;
  return `Analysed ${total} moves at depth ${ANALYSIS_DEPTH}: ${found}.`;
}

/** "−1.50 ?; best C +0.50": a move's judgement as the list's tooltips write it. @param {Judgement | null} judgement */
export function judgementText(judgement) {
  if (!judgement) return 'not scored';
  const mark = judgement.mark ? ` ${judgement.mark}` : '';
  // The module gives `best` and `bestScore` together, or neither.
  return judgement.best && judgement.bestScore
    ? `${judgement.played.text}${mark}; best ${judgement.best} ${judgement.bestScore.text}`
    : `${judgement.played.text}, the best`;
}
