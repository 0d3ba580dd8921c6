// The mistakes' worker: proves the puzzle at a position of the player's
// game (the module's prove request, src/mistakes.rs), off the page, one
// request at a time. A proof is a deep search with the endgame database
// (built in this worker's module at its first proof that needs one, then
// kept): seconds, which the page must never wait on. The engine's module
// comes compiled from the page, in the first message.
import { engineFromPage } from './wasm.js';

/** @import { ToMistakesWorker, FromMistakesWorker, ProveAnswer } from './messages.js' */

/** Posts `message` to the page. @param {FromMistakesWorker} message */
const post = (message) => postMessage(message);

const engine = engineFromPage();

/** @param {MessageEvent<ToMistakesWorker>} message */
onmessage = async ({ data }) => {
  if ('module' in data) return;
  const started = performance.now();
  /** @type {ProveAnswer} */
  let answer;
  try {
    answer = (await engine).prove(data.request);
  } catch (error) {
    answer = { ok: false, error: `the engine stopped: ${error}` };
  }
  post({ id: data.id, answer, ms: performance.now() - started });
};
