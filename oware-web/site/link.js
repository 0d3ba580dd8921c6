// A game shared by link: the URL's fragment carries the rule set, the
// set-up when there is one, the moves and the position looked at.
//
//   #rules=abapa&moves=AeBcFa&ply=3
//   #rules=sowing&start=0-0-0-0-0-1-1-0-0-0-1-1-24-20-S&moves=Fa
//
// - `rules`: a rule set's name, as the Rules list names it (abapa, sowing,
//   auale, awari, awari-split).
// - `start`: the set-up position as a fen (its fields, as
//   `Position::from_fen` reads them: the twelve houses A–F then a–f,
//   South's store, North's store, S or N to move); left out for a game
//   from the opening.
// - `moves`: the transcript, South's letters A–F and North's a–f (may be
//   empty).
// - `ply`: how many moves into the game the position shown is (0 the start,
//   the number of moves the position being played); left out for the latter.
//
// Keys are in this order when written, any order when read; each at most
// once; nothing else. Reading checks the form of each value here; whether
// the rules, the set-up and the moves make a game is the module's to say
// (app.js asks it before anything changes).

import { count } from './houses.js';
/** @import { Refusal } from './messages.js' */

/** A link's game: its rules, set-up start (null: the opening), moves, and the position shown (null: the one being played). @typedef {{ ok: true, rules: string, start: string | null, moves: string, ply: number | null }} Link */

/** The keys a link's fragment may hold. */
const KEYS = ['rules', 'start', 'moves', 'ply'];

/**
 * The fragment (without `#`) for the game { rules, start, moves } shown at `ply` (null: the position being played).
 * @param {{ rules: string, start: string | null, moves: string }} game
 * @param {number | null} ply
 */
export function linkFragment({ rules, start, moves }, ply) {
  const words = [`rules=${rules}`];
  if (start) words.push(`start=${start}`);
  words.push(`moves=${moves}`);
  if (ply !== null && ply !== moves.length) words.push(`ply=${ply}`);
  return words.join('&');
}

/**
 * Reads the fragment `hash` (`location.hash`, with or without `#`): null if
 * it names no game (empty, or a place on the page such as `#board`), else
 * { ok: true, rules, start, moves, ply } (ply null when left out), or
 * { ok: false, error } saying what is wrong with it.
 * @param {string} hash
 * @returns {Link | Refusal | null}
 */
export function readLink(hash) {
  const text = hash.replace(/^#/, '');
  if (!text.includes('=')) return null;
  /** @type {Partial<Record<string, string>>} */
  const found = {};
  for (const word of text.split('&')) {
    const at = word.indexOf('=');
    const key = at < 0 ? word : word.slice(0, at);
    const value = at < 0 ? '' : word.slice(at + 1);
    if (!KEYS.includes(key)) return refused(`it has \`${shorten(key)}\`, which is none of ${KEYS.join(', ')}`);
    if (key in found) return refused(`it gives \`${key}\` twice`);
    // Only letters, digits and `-` (a fen's separator): nothing that could
    // stand for a space, `=` or `&` and so read as a word of its own.
    if (!/^[A-Za-z0-9-]*$/.test(value)) return refused(`its \`${key}\` holds \`${shorten(value)}\`, which is not letters, digits and -`);
    found[key] = value;
  }
  const moves = found.moves ?? '';
  let ply = null;
  if (found.ply !== undefined) {
    if (!/^\d{1,4}$/.test(found.ply)) return refused(`its \`ply\`, \`${shorten(found.ply)}\`, is not a number of moves`);
    ply = Number(found.ply);
    if (ply > moves.length) return refused(`its \`ply\` is ${ply}, but the game has ${count(moves.length, 'move')}`);
  }
  return { ok: true, rules: found.rules || 'abapa', start: found.start || null, moves, ply };
}

/** @type {(error: string) => Refusal} */
const refused = (error) => ({ ok: false, error });
/** @type {(text: string) => string} */
const shorten = (text) => (text.length > 24 ? `${text.slice(0, 24)}…` : text);
