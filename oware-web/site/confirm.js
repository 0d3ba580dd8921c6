// Asking before a change that would alter the game in progress (a seat
// or rules change, a resignation): a modal dialog with two buttons, the
// one that keeps the game focused, so that a stray key press or click
// never changes a game. Escape keeps the game too. The focus goes back to
// the control that asked when the dialog closes, and keys.js then steps
// through the moves again with ←/→.

import { $ } from './dom.js';

/** Whether the dialog is open: the page's keys wait while it is (a page without one, Practice, never asks). */
export function asking() {
  const dialog = document.getElementById('confirm');
  return dialog instanceof HTMLDialogElement && dialog.open;
}

/**
 * Asks `question`; resolves true if the player chose `yes` (the button's
 * words), false for `no`, Escape or a second question asked over it.
 * @param {string} question @param {string} yes @param {string} no
 * @returns {Promise<boolean>}
 */
export function confirmChange(question, yes, no) {
  const dialog = $('confirm', HTMLDialogElement);
  if (dialog.open) dialog.close('no');
  $('confirm-text').textContent = question;
  $('confirm-yes').textContent = yes;
  $('confirm-no').textContent = no;
  dialog.returnValue = '';
  const from = document.activeElement;
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      if (from instanceof HTMLElement || from instanceof SVGElement) from.focus();
      resolve(dialog.returnValue === 'yes');
    }, { once: true });
    dialog.showModal();
    $('confirm-no').focus();
  });
}
