// Game records on disk: "Save game" downloads the game as an OGN record,
// "Open game" (the file picker, or a file dropped on the page) reads one.
// The record is written and read by the module (oware-core's OGN, the
// players and the day named as `oware play --save` names them); this module
// only moves text between files and the page, and says which day it is.
import { $ } from './dom.js';

/** @import { SaveAnswer } from './messages.js' */

/**
 * Wires the buttons and the drop: `save(date)` is the module's answer for
 * the game saved on `date` (the day as OGN writes it, "2026.11.30"):
 * { ok, ogn } or { ok: false, error }; `open(text)` loads a record and
 * returns null, or why it does not load (with its line and column).
 * @param {{ save: (date: string) => SaveAnswer, open: (text: string) => string | null }} actions
 */
export function setUpGameFile({ save, open }) {
  /** @param {string | null} error */
  const show = (error) => {
    $('file-error').textContent = error === null ? '' : error;
  };
  $('save-game').addEventListener('click', () => {
    const now = new Date();
    const answer = save(ognDate(now));
    if (!answer.ok) return show(`The game could not be saved: ${answer.error}.`);
    show(null);
    download(answer.ogn, fileName(now));
  });
  const picker = $('open-file', HTMLInputElement);
  $('open-game').addEventListener('click', () => picker.click());
  /** @param {File | undefined} file */
  const read = async (file) => {
    if (!file) return;
    const error = open(await file.text());
    show(error === null ? null : `${file.name} does not open: ${error}.`);
  };
  picker.addEventListener('change', async () => {
    await read(picker.files?.[0]);
    picker.value = '';
  });
  // A file dropped anywhere on the page opens; the browser's own handling
  // (leaving the page for the file) is turned off.
  document.addEventListener('dragover', (event) => {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  });
  document.addEventListener('drop', (event) => {
    const file = event.dataTransfer?.files[0];
    if (!file) return;
    event.preventDefault();
    read(file);
  });
}

/** @param {number} n */
const pad = (n) => String(n).padStart(2, '0');

/** `2026.11.30`: the day of `d` (local time) as an OGN Date tag writes it. @param {Date} d */
function ognDate(d) {
  return `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`;
}

/** `oware-2026-11-30-2031.ogn`: the day and time of the save, `d`. @param {Date} d */
function fileName(d) {
  return `oware-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}.ogn`;
}

/** @param {string} text @param {string} name */
function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-oware-ogn' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
