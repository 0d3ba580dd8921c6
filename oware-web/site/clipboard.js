// Copying text for the player: the transcript, a link to the game.

/** Puts `text` on the clipboard; true if it is there. @param {string} text @returns {Promise<boolean>} */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission: the old way, through a selected text area.
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}

/**
 * Writes `text` in the note `element` for a few seconds (a later note's time
 * starts afresh: the element keeps its timer).
 * @param {HTMLElement & { noteTimer?: number }} element
 * @param {string} text
 */
export function noteFor(element, text) {
  element.textContent = text;
  clearTimeout(element.noteTimer);
  element.noteTimer = setTimeout(() => (element.textContent = ''), 3000);
}
