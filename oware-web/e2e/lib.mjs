// Shared by the end-to-end tests: Debian's Chromium started headless by
// playwright-core, and helpers that read the page the way a person does.
import { chromium } from 'playwright-core';

/** The site under test, served by `cargo xtask site --e2e` (or by hand). */
export const BASE = process.env.OWARE_URL ?? 'http://127.0.0.1:8080/';

/**
 * Starts Chromium. The flags keep it from reaching for the network on its
 * own (the machines these tests run on have none); playwright gives it a
 * new empty profile, and each page below gets a fresh context of its own.
 */
export async function launch() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  return browser;
}

/**
 * Opens the page at `path` in a fresh context (no storage, no service
 * worker); `motion: 'reduce'` (the default) skips the sowing animation;
 * `colorScheme` is the system's theme the page sees ('dark' unless said);
 * `route(context)`, if given, is called before the page loads (to hold
 * back or change its requests).
 * `page.close()` closes the context too.
 */
export async function open(browser, path = '', {
  motion = 'reduce', viewport = { width: 1200, height: 900 }, permissions = [], route = null, colorScheme = 'dark',
} = {}) {
  const context = await browser.newContext({ viewport, reducedMotion: motion, permissions, colorScheme });
  // The endgame database stays at the page's first size (10 seeds): grown
  // while a test idles, it would take the machine's cores from the clocks
  // and searches under test (endgame-storage.test.mjs tests the growth).
  await context.addInitScript(() => localStorage.setItem('oware.endgameSeeds', '10'));
  if (route) await route(context);
  const page = await openTab(context, path);
  const closePage = page.close.bind(page);
  page.close = async () => {
    await closePage();
    await context.close();
  };
  return page;
}

/**
 * Opens the page at `path` in a new tab of `context` (which keeps its
 * storage), its errors gathered in `page.errors` as `open` does.
 */
export async function openTab(context, path = '') {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.errors = errors;
  await page.goto(new URL(path, BASE).href);
  return page;
}

/** Waits until the page is in one of `states` (body[data-state]) and has drawn it. */
export async function waitState(page, states, timeout = 60_000) {
  const wanted = Array.isArray(states) ? states : [states];
  // While a navigation replaces the document, it may have no body yet.
  await page.waitForFunction((w) => w.includes(document.body?.dataset.state), wanted, { timeout });
  const state = await page.evaluate(() => document.body.dataset.state);
  await drawn(page);
  return state;
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

/** Retries `check` (which throws until the page has caught up) for up to `timeout` ms. */
export async function eventually(check, timeout = 10_000) {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * Waits until the page has drawn what it was last asked to: the page sets its
 * state word at once but draws on the next animation frame, which a busy
 * machine can delay well past the moment a test reads the text.
 */
export async function drawn(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * For the measuring scripts, as an init script (it runs in the page before
 * the page's own code): the bot at level 1 moving first as South while the
 * player holds North in a new game, and `window.started` marking, in ms from navigation,
 * when the page's module has answered (`page`: the board drawn), when the
 * search's worker has loaded its module (`worker`) and when its first
 * answer arrived (`answer`).
 */
export function startMarks() {
  localStorage.setItem('oware.settings', JSON.stringify({ level: 1, seat: 'north', rules: 'abapa', clock: 'off' }));
  // No unfinished game to resume: each visit starts one, the bot to move.
  localStorage.removeItem('oware.recent');
  window.started = {};
  const mark = (what) => { window.started[what] ??= performance.now(); };
  new MutationObserver(() => {
    if (document.body && document.body.dataset.state !== 'loading') mark('page');
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
  // The worker's messages, seen before the page's own handler.
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', ({ data }) => {
        if (data.ready) mark('worker');
        if (data.result) mark('answer');
      });
    }
  };
}

/** The median of `key` over `rows`. */
export function median(rows, key) {
  const sorted = rows.map((r) => r[key]).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
