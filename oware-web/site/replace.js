// The game on the board replaced: a new game, a rules change, a pasted
// transcript, an opened record, a reopened recent game or a link puts
// another game in its place, and "Undo …" brings the one replaced back.
// The module checks the game first: one it refuses changes nothing and
// says why. No game is ever dropped: the one replaced stays in the recent
// list and, if it had begun, is kept as the page's `previous` (changed
// only here) for "Undo …". A game left unfinished for a new game (or a
// rules change) is listed as abandoned: a return visit does not bring it
// back as the unfinished game, though Reopen and "Undo …" still do. What putting a game on the board does (the
// search stopped, the clocks, the worker told) is app.js's `adopt`.

import { loadRecent, loadTab, remember, takeOldGame, newId, abandon } from './storage.js';
import { linkFragment, readLink } from './link.js';
import { SEAT_NAME, count } from './houses.js';
import { $ } from './dom.js';

/** @import { Seat } from './messages.js' */
/** @import { Answer, Game } from './game.js' */
/** @import { GameEntry, KeptGame, Replacement, Settings } from './storage.js' */
/** @import { Notes } from './status.js' */
/** @import { Page } from './app.js' */

export class Replacements {
  /**
   * `adopt(next, resumed)` puts a game on the board in place of the one there
   * (`resumed`: this tab's own game, after a reload);
   * `snapshot()` is the game on the board as the page keeps it;
   * `afterMove()` lets the game go on (the clock, the bot's move);
   * `showPly(ply)` shows an earlier position.
   * @param {object} hooks
   * @param {Game} hooks.game
   * @param {Settings} hooks.settings
   * @param {Page} hooks.page
   * @param {Notes} hooks.notes
   * @param {(next: GameEntry, resumed?: boolean) => void} hooks.adopt
   * @param {() => KeptGame} hooks.snapshot
   * @param {() => void} hooks.afterMove
   * @param {(ply: number) => void} hooks.showPly
   */
  constructor({ game, settings, page, notes, adopt, snapshot, afterMove, showPly }) {
    this.game = game;
    this.settings = settings;
    this.page = page;
    this.notes = notes;
    this.adopt = adopt;
    this.snapshot = snapshot;
    this.afterMove = afterMove;
    this.showPly = showPly;
  }

  /**
   * Replaces the game on the board with `next` (see `adopt`) if the module
   * accepts it; returns null, or why not. `why` names what replaced it;
   * `note(answer)` is what the page says of the game brought in.
   * @param {GameEntry} next
   * @param {Replacement} why
   * @param {(answer: Answer & { ok: true }) => string} note
   * @returns {string | null}
   */
  replace(next, why, note) {
    const answer = this.game.check(next.rules, next.moves ?? '', next.start ?? null);
    if (!answer.ok) return answer.error;
    const before = this.snapshot();
    if (before.moves || before.start) this.page.previous = { game: before, why };
    this.adopt(next);
    // A game left for a new one is over for the recent list: it never comes back by itself.
    if (why === 'new game' || why === 'rules change') abandon(before.id);
    this.notes.show(note(answer));
    this.afterMove();
    return null;
  }

  /** Brings back the game the last new game, rules change, load, open or link replaced. */
  undo() {
    const previous = this.page.previous;
    if (!previous) return;
    this.page.previous = null;
    this.adopt(previous.game);
    this.notes.show(`The game before the ${previous.why} is back.`);
    this.afterMove();
  }

  /** A new game under the rules of the settings. */
  newGame() {
    this.replace({ rules: this.settings.rules }, 'new game', () => 'New game.');
  }

  /**
   * A new game under `rules`, unless those are the rules already; the note
   * says plainly that the game replaced comes back with "Undo rules change".
   * @param {string} rules
   */
  setRules(rules) {
    if (rules === this.settings.rules) return;
    const before = this.game.moves || this.game.start;
    this.replace({ rules }, 'rules change', () => `New game under ${rules}${before ? ': "Undo rules change" brings back the game that was on the board' : ''}.`);
  }

  /**
   * Loads a pasted transcript; returns null, or why it does not load. One
   * pasted while the module is loading waits for it (`start` in app.js
   * loads it).
   * @param {string} text
   * @returns {string | null}
   */
  loadTranscript(text) {
    if (this.page.phase === 'loading') {
      this.page.pending = text;
      return null;
    }
    if (this.page.phase !== 'ready') return 'the engine did not load';
    if (!text) return 'it is empty';
    return this.replace({ rules: this.settings.rules, moves: text }, 'load', (answer) => `Loaded ${count(answer.moves.length, 'move')}.`);
  }

  /**
   * Loads the transcript pasted while the module was loading, if one was
   * (once it is ready). The box it came from said nothing then, so a
   * refusal is said in the page's notes rather than lost.
   */
  loadPending() {
    const text = this.page.pending;
    this.page.pending = null;
    if (text === null) return;
    const why = this.loadTranscript(text);
    if (why) this.notes.show(`The transcript pasted while the engine loaded was not loaded: ${why}.`);
  }

  /** Opens an OGN record: its rule set, start and moves; returns null, or why it does not open. @param {string} text */
  openRecord(text) {
    if (this.page.phase !== 'ready') return 'the engine is still loading';
    const record = this.game.loaded().open(text);
    if (!record.ok) return record.error;
    // A bare transcript (as "Copy" gives it) loads as one pasted does.
    if (record.rules === null) return this.loadTranscript(record.moves);
    const { rules } = record;
    return this.replace({ ...record, rules }, 'open', (answer) => `Opened ${gameName(answer)} (${rules}).`);
  }

  /** Reopens the recent game `id`; the game on the board stays in the list. @param {string} id */
  reopen(id) {
    const entry = loadRecent().find((g) => g.id === id);
    if (!entry) return;
    const error = this.replace(entry, 'open', (answer) => `Reopened ${gameName(answer).replace(/^a /, 'the ')}.`);
    if (error) this.notes.show(`That game does not open: ${error}.`);
  }

  /** The address of the game on the board at the position shown (see link.js), or null before there is one. */
  gameLink() {
    if (!this.game.state) return null;
    return `${location.origin}${location.pathname}#${linkFragment(this.game, this.page.viewing?.ply ?? null)}`;
  }

  /**
   * Opens the game the URL's fragment names, if it names one, in place of
   * the game on the board (which stays in the recent list, and comes back
   * with "Undo open link"), at the position it shows. A link the module
   * refuses changes nothing and says why. The fragment is then taken off the
   * address: a reload brings back the game as played since, not the link's.
   */
  openLink() {
    const link = readLink(location.hash);
    if (!link) return;
    history.replaceState(null, '', `${location.pathname}${location.search}`);
    const error = link.ok
      ? this.replace(link, 'link', (answer) => `Opened a shared ${gameName(answer).replace(/^a /, '')}.`)
      : link.error;
    $('link-error').textContent = error === null ? '' : `That link does not open a game: ${error}.`;
    if (link.ok && error === null && link.ply !== null) this.showPly(link.ply);
  }

  /**
   * Puts this tab's kept game back on the board, with the game it replaced;
   * in a new tab, the last unfinished game of the recent list (or a new
   * one); and the page's old single game in the recent list.
   */
  restore() {
    const { game, settings } = this;
    const old = takeOldGame();
    if (old) {
      const answer = game.check(old.rules, old.moves ?? '', old.start ?? null);
      const outcome = answer.ok ? answer.outcome : null;
      remember({ ...old, id: newId(), moves: old.moves ?? '', seat: settings.seat, level: settings.level, date: Date.now(), result: outcome?.text ?? null });
    }
    const tab = loadTab();
    this.page.previous = tab.previous;
    const kept = tab.game && game.check(tab.game.rules, tab.game.moves ?? '', tab.game.start ?? null).ok;
    // The tab's own game goes on where it stopped (its running clock charged the time since).
    if (kept && tab.game) return this.adopt(tab.game, true);
    // A new tab, or a return visit: the last unfinished game comes back,
    // paused while it was away as a reopened game is (see clock.js).
    const unfinished = loadRecent().find((g) => g.result === null && (g.moves || g.start)
      && game.check(g.rules, g.moves, g.start ?? null).ok);
    if (!unfinished) return this.adopt({ rules: settings.rules });
    this.adopt(unfinished);
    this.notes.show(`Your unfinished game of ${count(unfinished.moves.length, 'move')} is back, as you left it: "New game" starts another.`, { lasting: true });
  }
}

/**
 * What a game brought in is, as the notes say it: "a game of 3 moves",
 * "a game of 2 moves from a set-up position", or "a set-up position
 * (North to move)" when it has no moves yet.
 * @param {{ start: string | null, moves: string, toMove: Seat }} game
 */
function gameName({ start, moves, toMove }) {
  if (start && !moves) return `a set-up position (${SEAT_NAME[toMove]} to move)`;
  return `a game of ${count(moves.length, 'move')}${start ? ' from a set-up position' : ''}`;
}
