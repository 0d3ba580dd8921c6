// The page's requests to the module, written from typed words: the one way
// the page makes a request's text (the module's functions in wasm.js take
// only what these return). Each kind's words are typed in messages.js, its
// keys those the module's parser takes (src/*.rs, checked by the samples in
// e2e/samples/requests.js), so a misspelt key fails tsc, not the module.
//
// The text is the module's: `key=value` words joined by spaces, in the
// order given (the game's first), each key once; a key whose value is null
// or left out is not written. Values hold no space: the page's are rule
// names, fens, house letters, numbers and `2026.11.30` dates.

/** @import { StateWords, StateText, SearchWords, SearchText, SaveWords, SaveText, ProbeWords, ProbeText } from './messages.js' */
/** @import { ProveWords, ProveText, PuzzleWords, PuzzleText, PracticeWords, PracticeText } from './messages.js' */

/** The request of a game and a move to try (state.rs). @param {StateWords} words */
export const stateRequest = (words) => /** @type {StateText} */ (text(words));

/** The request of a search (think.rs). @param {SearchWords} words */
export const searchRequest = (words) => /** @type {SearchText} */ (text(words));

/** The request of a game's OGN record (record.rs). @param {SaveWords} words */
export const saveRequest = (words) => /** @type {SaveText} */ (text(words));

/** The request of what the endgame database says of a game (endgame.rs). @param {ProbeWords} words */
export const probeRequest = (words) => /** @type {ProbeText} */ (text(words));

/** The request of the puzzle proved at a game's position (mistakes.rs). @param {ProveWords} words */
export const proveRequest = (words) => /** @type {ProveText} */ (text(words));

/** The request of a puzzle, a move tried in it, a rating updated (puzzle.rs). @param {PuzzleWords} words */
export const puzzleRequest = (words) => /** @type {PuzzleText} */ (text(words));

/** The request of a practice move, judged by the endgame database (practice.rs). @param {PracticeWords} words */
export const practiceRequest = (words) => /** @type {PracticeText} */ (text(words));

/** `key=value` for every value given, joined by spaces. @param {object} words */
function text(words) {
  return Object.entries(words)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
}
