// The transcript panel: the moves so far and their count, copying them,
// and loading a game from pasted moves.

import { count } from './houses.js';
import { $ } from './dom.js';
import { copyText, noteFor } from './clipboard.js';

/** @import { Game } from './game.js' */

/**
 * Wires the panel: `moves()` is the transcript to copy; `load(text)` loads
 * a transcript and returns null, or the module's reason it does not load.
 * @param {{ moves: () => string, load: (text: string) => string | null }} actions
 */
export function setUpTranscript({ moves, load }) {
  $('copy').addEventListener('click', () => copy(moves()));
  const loadText = () => {
    const error = load($('load-text', HTMLTextAreaElement).value.replace(/\s+/g, ''));
    $('load-error').textContent = error === null ? '' : `That transcript does not load: ${error}.`;
  };
  $('load').addEventListener('click', loadText);
  $('load-text').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      loadText();
    }
  });
}

/** Shows the game's moves and how many there are (and, under a move limit, how many since a capture). @param {Game} game */
export function drawTranscript(game) {
  const { moves } = game;
  const state = game.stateNow();
  $('transcript').textContent = moves || '—';
  const quiet = state.moveLimit === null ? ''
    : ` · ${state.movesWithoutCapture} without a capture (the game ends at ${state.moveLimit})`;
  $('move-count').textContent = `${count(moves.length, 'move')}${quiet}`;
}

/** @param {string} text */
async function copy(text) {
  const done = await copyText(text);
  noteFor($('copy-note'), done ? (text ? 'Copied.' : 'Copied (no moves yet).') : 'Select the moves and copy them by hand.');
}
