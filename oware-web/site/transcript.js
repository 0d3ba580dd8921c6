// The transcript panel: the moves so far and their count, copying them,
// and loading a game from pasted moves.

import { $ } from './dom.js';

/**
 * Wires the panel: `moves()` is the transcript to copy; `load(text)` loads
 * a transcript and returns null, or the module's reason it does not load.
 */
export function setUpTranscript({ moves, load }) {
  $('copy').addEventListener('click', () => copy(moves()));
  const loadText = () => {
    const error = load($('load-text').value.replace(/\s+/g, ''));
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

/** Shows the game's moves and how many there are (and, under a move limit, how many since a capture). */
export function drawTranscript(game) {
  const { moves, state } = game;
  $('transcript').textContent = moves || '—';
  const quiet = state.moveLimit === null ? ''
    : ` · ${state.movesWithoutCapture} without a capture (the game ends at ${state.moveLimit})`;
  $('move-count').textContent = `${moves.length} move${moves.length === 1 ? '' : 's'}${quiet}`;
}

async function copy(text) {
  let done = false;
  try {
    await navigator.clipboard.writeText(text);
    done = true;
  } catch {
    // No clipboard permission: the old way, through a selected text area.
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    done = document.execCommand('copy');
    area.remove();
  }
  $('copy-note').textContent = done ? (text ? 'Copied.' : 'Copied (no moves yet).') : 'Select the moves and copy them by hand.';
  setTimeout(() => ($('copy-note').textContent = ''), 3000);
}
