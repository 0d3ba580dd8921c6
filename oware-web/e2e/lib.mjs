// Shared by the end-to-end tests: Debian's Chromium started headless by
// playwright-core, and helpers that read the page the way a person does.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The site under test, served by `cargo xtask site --e2e` (or by hand). */
export const BASE = process.env.OWARE_URL ?? 'http://127.0.0.1:8080/';

/**
 * Starts Chromium with a fresh profile. The flags keep it from reaching for
 * the network on its own (the machines these tests run on have none).
 */
export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), 'oware-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    viewport: { width: 1200, height: 900 },
  });
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}

/** Opens the page at `path` with a fresh tab; `options.motion` 'reduce' skips sowing animations. */
export async function open(context, path = '', { motion = 'reduce', viewport } = {}) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  await page.emulateMedia({ reducedMotion: motion });
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.errors = errors;
  await page.goto(new URL(path, BASE).href);
  return page;
}

/** Waits until the page is in one of `states` (body[data-state]). */
export async function waitState(page, states, timeout = 60_000) {
  const wanted = Array.isArray(states) ? states : [states];
  await page.waitForFunction((w) => w.includes(document.body.dataset.state), wanted, { timeout });
  return page.evaluate(() => document.body.dataset.state);
}

/** The seeds in each of the 14 cells, read from the counts drawn on the board. */
export async function counts(page) {
  return page.evaluate(() => {
    const cells = [];
    for (const l of 'ABCDEFabcdef') cells.push(Number(document.querySelector(`.house[data-house="${l}"] .count`).textContent));
    const store = (seat) => Number(document.querySelector(`.store[data-seat="${seat}"] .count`).textContent);
    cells.push(store('south'), store('north'));
    return cells;
  });
}

/** The transcript as shown on the page ('' for no moves). */
export async function transcript(page) {
  const text = await page.locator('#transcript').textContent();
  return text === '—' ? '' : text;
}

/** The chalk scores under the houses, as { letter: text }. */
export async function chalk(page) {
  return page.evaluate(() => Object.fromEntries(
    [...document.querySelectorAll('.chalk-score')].map((t) => [t.dataset.house, t.textContent]),
  ));
}
