// The endgame database, seen from the page: a worker of its own
// (endgame-worker.js) makes it once the search's worker is ready, so the
// first load and the first move never wait for it, and then answers, for
// each position, whether its result is decided. Until it is ready, and for
// positions it does not hold, the bars come from the search alone. The
// worker is handed the module the page compiled (wasm.js).
//
// The worker keeps what it builds in the browser's storage, so a later
// visit has it at once; this side asks the browser to keep that storage
// (`navigator.storage.persist()`), lets the database grow one seed count
// at a time while the player is idle (no search, no move for GROW_IDLE_MS),
// and shows in Settings what it holds. The player decides whether it is
// kept: "Keep an endgame database in this browser" (on unless turned off;
// remembered in localStorage), and Delete, which deletes what is kept and
// turns the setting off until it is turned on again: nothing is kept or
// grown meanwhile, only the page's first size built for each visit. The
// search's worker reads what is kept before each search, so the bot plays
// with it too; while the database grows, the slate says the searches are
// slower for it.

import { engineModule } from './wasm.js';
import { $ } from './dom.js';

/** @import { ProbeAnswer, ProbeText, BuildReport, FromEndgameWorker, ToEndgameWorker } from './messages.js' */

/** How long the player has made no move and no search has run before the database grows (ms). */
const GROW_IDLE_MS = 10_000;

/**
 * The test seam: a number kept under this localStorage key is the most
 * seeds the database grows to (the browser tests keep theirs small). The
 * page itself never writes it.
 */
export const SEEDS_KEY = 'oware.endgameSeeds';

/** Kept '0' while the player has said to keep no database ("Keep an endgame database in this browser" off, or Delete). */
const KEEP_KEY = 'oware.keepEndgames';

/** Whether the player lets the page keep a database (on unless turned off). */
export function keepSetting() {
  try {
    return localStorage.getItem(KEEP_KEY) !== '0';
  } catch {
    return true;
  }
}

/** Keeps the player's choice for the visits to come. @param {boolean} on */
function saveKeepSetting(on) {
  try {
    localStorage.setItem(KEEP_KEY, on ? '1' : '0');
  } catch {
    // Nothing kept: the choice holds for this visit.
  }
}

/** The test seam's seeds, or null (the module's most). @returns {number | null} */
export function seamSeeds() {
  const kept = Number.parseInt(localStorage.getItem(SEEDS_KEY) ?? '', 10);
  return Number.isInteger(kept) && kept >= 0 ? kept : null;
}

/** `bytes` as a person reads it: "61.2 MB", "4 kB". @param {number} bytes */
const size = (bytes) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.round(bytes / 1e3)} kB`);

export class Endgames {
  /**
   * `onAnswer(request, answer)` receives each probe's answer; `onBuilt(report)` each build's and growth's report;
   * `busy()` says whether a search is running (the database grows only when none is).
   * @param {object} hooks
   * @param {(request: ProbeText, answer: ProbeAnswer) => void} hooks.onAnswer
   * @param {(report: BuildReport) => void} hooks.onBuilt
   * @param {() => boolean} hooks.busy
   */
  constructor({ onAnswer, onBuilt, busy }) {
    this.onAnswer = onAnswer;
    this.onBuilt = onBuilt;
    this.busy = busy;
    /** @type {Worker | null} */
    this.worker = null;
    this.built = false;
    /** The probe asked before the build was done, asked once it is. @type {ProbeText | null} */
    this.waiting = null;
    /** The rules of the database asked for (null: none yet). @type {string | null} */
    this.rules = null;
    /** The last report, for Settings. @type {BuildReport | null} */
    this.report = null;
    /** The seed count being built now, while the database grows. @type {number | null} */
    this.growing = null;
    /** The timer that waits for the player to be idle. @type {number | undefined} */
    this.idle = undefined;
    /** Whether the player lets the page keep the database (the setting). */
    this.keep = keepSetting();
    const box = $('keep-endgames', HTMLInputElement);
    box.checked = this.keep;
    box.addEventListener('change', () => this.setKeep(box.checked));
    $('forget-endgames', HTMLButtonElement).addEventListener('click', () => this.setKeep(false));
  }

  /**
   * The player's setting: on, what is held is kept and grows while the
   * player idles; off (the box, or Delete), what is kept is deleted and
   * nothing is kept or grown, this visit or the next, until it is on again.
   * The database held serves this visit either way.
   * @param {boolean} on
   */
  setKeep(on) {
    this.keep = on;
    saveKeepSetting(on);
    $('keep-endgames', HTMLInputElement).checked = on;
    this.post({ type: on ? 'keep' : 'forget' });
  }

  /** Starts the worker and the build of the database for the rule set named `rules`. @param {string} rules */
  start(rules) {
    const worker = new Worker('endgame-worker.js', { type: 'module' });
    this.worker = worker;
    engineModule().then(({ module }) => this.post({ module }), () => {});
    // Storage the browser may clear when space runs short, unless it grants this.
    navigator.storage?.persist?.().catch(() => false);
    /** @param {MessageEvent<FromEndgameWorker>} message */
    this.worker.onmessage = ({ data }) => {
      if ('built' in data) {
        // Under rules no database is true for, none is built: no probes.
        this.built = data.built.ok && data.built.ruleset !== null;
        this.report = data.built;
        this.growing = null;
        this.onBuilt(data.built);
        if (this.built && this.waiting !== null) this.probe(this.waiting);
        if (data.built.grows) this.touch();
        this.show();
      } else if ('growing' in data) {
        this.growing = data.growing;
        this.show();
      } else if ('request' in data) {
        this.onAnswer(data.request, data.answer);
      }
    };
    // The rules a probe named before the worker was up are asked for now.
    this.rules = null;
    this.useRules(rules);
    this.show();
  }

  /**
   * Asks for the database a game under `rules` needs (the worker's module
   * picks it: abapa's under abapa and auale, awari's under awari-split,
   * none under awari and sowing, and keeps the one it holds when that is
   * it); probes wait until it is ready.
   * @param {string} rules
   */
  useRules(rules) {
    if (rules === this.rules) return;
    this.rules = rules;
    if (!this.worker) return;
    this.built = false;
    this.post({ type: 'build', rules, seeds: seamSeeds(), keep: this.keep });
  }

  /** Asks about the game `request` names; before the build, it is asked once the build is done. @param {ProbeText} request */
  probe(request) {
    this.touch();
    if (!this.built) {
      this.waiting = request;
      return;
    }
    this.waiting = null;
    this.post({ type: 'probe', request });
  }

  /**
   * The player did something (a move, a search): the database grows only
   * once GROW_IDLE_MS pass without another, no search is running, and the
   * browser has a moment to spare.
   */
  touch() {
    clearTimeout(this.idle);
    if (!this.report?.grows || this.growing !== null) return;
    this.idle = setTimeout(() => {
      if (this.busy()) return this.touch();
      const ask = () => {
        if (this.busy()) return this.touch();
        this.post({ type: 'grow' });
      };
      if ('requestIdleCallback' in window) requestIdleCallback(ask, { timeout: GROW_IDLE_MS });
      else ask();
    }, GROW_IDLE_MS);
  }

  /** Shows what the database holds and keeps in Settings. */
  show() {
    const r = this.report;
    const button = $('forget-endgames', HTMLButtonElement);
    button.disabled = !(r?.kept.state === 'kept' && r.kept.bytes > 0);
    $('keep-endgames', HTMLInputElement).disabled = !r;
    let text;
    if (!r) text = 'building…';
    else if (!r.ok) text = `not built: ${r.error}`;
    else if (r.ruleset === null) text = 'none holds for these rules';
    else {
      const kept = r.kept;
      // What is kept the search's worker reads too (worker.js): the bot plays with it.
      const where = kept.state === 'kept' ? `${size(kept.bytes)} kept in this browser; the bot plays with it`
        : kept.state === 'refused' ? 'not kept: storage refused'
          : kept.state === 'deleted' ? 'not kept (off: tick the box above to keep one)' : 'not kept yet';
      text = `${r.ruleset} up to ${r.seeds} seeds, ${where}`;
      if (this.growing !== null) text += `; building ${this.growing} seeds…`;
    }
    // The bot says, on its slate, why its searches are slower while the database grows beside them.
    $('endgame-growing').textContent = this.growing === null ? ''
      : `The endgame database is growing to ${this.growing} seeds in the background: hints and the bot's moves are slower until it is done.`;
    const line = $('endgame-kept');
    line.textContent = `Endgame database: ${text}`;
    line.title = r?.ok && r.ruleset !== null && r.kept.state === 'refused' ? r.kept.why : '';
  }

  /** Posts `message` to the worker (started, as every caller's state shows). @param {ToEndgameWorker} message */
  post(message) {
    this.worker?.postMessage(message);
  }
}
