// Loading on a slow connection: until the module is on the page the
// controls are disabled and the status says the engine is loading, the
// houses are already in their places, nothing the player does throws, and
// a transcript pasted meanwhile is loaded once the engine is ready. The
// engine built with WebAssembly SIMD is loaded, or, in a browser without
// SIMD, the one built without it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitState, eventually, transcript } from '../lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

const CONTROLS = ['#new-game', '#undo', '#hint', '#move-now', '#level', '#rules', '#load', '#save-game', '#open-game',
  'input[name=seat][value=south]', 'input[name=seat][value=north]'];

test('while the engine loads: controls disabled, houses in place, no error, a pasted transcript kept', async () => {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  // The module (on the page and in the worker) is held back until the test
  // lets it through, as on a very slow connection; the rest of the page is
  // slowed down as well (Chromium's network throttling).
  const page = await open(browser, '', {
    route: async (context) => {
      await context.route('**/oware_web.wasm', async (route) => {
        await held;
        await route.continue();
      });
    },
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 400, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024,
  });
  await page.waitForSelector('.house[data-house="A"] .pit', { state: 'attached' });
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'loading');
  assert.match(await page.locator('#status').textContent(), /Loading the engine/);
  for (const selector of CONTROLS) assert.equal(await page.locator(selector).isDisabled(), true, `${selector} is enabled`);

  // The houses are drawn in place: twelve pits, none at the board's origin.
  const pits = await page.evaluate(() => [...document.querySelectorAll('.house .pit')].map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]));
  assert.equal(pits.length, 12);
  assert.ok(pits.every(([x, y]) => x > 100 && y > 100), JSON.stringify(pits));
  assert.equal(new Set(pits.map(String)).size, 12);

  // Everything a player might try while it loads.
  for (const key of ['n', 'Shift+N', 'u', 'h', 'm', 'e']) await page.keyboard.press(key);
  await page.evaluate(() => {
    for (const id of ['new-game', 'undo', 'hint', 'move-now', 'load', 'save-game']) document.getElementById(id).dispatchEvent(new Event('click'));
    const rules = document.getElementById('rules');
    rules.value = 'sowing';
    rules.dispatchEvent(new Event('change'));
    const data = new DataTransfer();
    data.items.add(new File(['[Variant "sowing"]\n\n1. E c *\n'], 'early.ogn'));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await page.fill('#load-text', 'EcAb');
  await page.press('#load-text', 'Enter');
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'loading');

  release();
  await waitState(page, 'your-turn', 120_000);
  await eventually(async () => assert.equal(await transcript(page), 'EcAb'));
  assert.equal(await page.evaluate(() => window.oware.state.rules), 'abapa');
  for (const selector of ['#new-game', '#level', '#rules', '#load', '#save-game', '#open-game']) {
    assert.equal(await page.locator(selector).isDisabled(), false, `${selector} is still disabled`);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a transcript pasted while the engine loads and then refused is said so, not dropped', async () => {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  const page = await open(browser, '', {
    route: (context) => context.route('**/oware_web.wasm', async (route) => {
      await held;
      await route.continue();
    }),
  });
  await page.waitForSelector('#load-text', { state: 'attached' });
  // The bot's house first: South to move cannot sow c.
  await page.fill('#load-text', 'c');
  await page.press('#load-text', 'Enter');
  // The note lasts 3.5 s: watched from the page itself, so a slow test
  // machine cannot miss it between two looks.
  const said = page.evaluate(() => new Promise((resolve) => {
    const status = document.getElementById('status');
    new MutationObserver(() => {
      if (/pasted while the engine loaded was not loaded/.test(status.textContent ?? '')) resolve(status.textContent);
    }).observe(status, { childList: true, subtree: true, characterData: true });
  }));
  release();
  await waitState(page, 'your-turn', 120_000);
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('no note said the pasted transcript was refused')), 30_000);
  });
  try {
    assert.match(await Promise.race([said, late]), /The transcript pasted while the engine loaded was not loaded: .*c/);
  } finally {
    clearTimeout(timer);
  }
  assert.equal(await transcript(page), '');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the levels and rule sets offered are the module\'s own, each rule set described from its rules', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  const info = await page.evaluate(() => window.oware.page.info);
  const values = (select) => page.$$eval(`${select} option`, (options) => options.map((o) => [o.value, o.textContent]));
  const levels = await values('#level');
  assert.equal(levels.length, info.levels.max - info.levels.min + 1);
  assert.deepEqual(levels.at(-1), [String(info.levels.max), `${info.levels.max} (strongest)`]);
  assert.deepEqual((await values('#rules')).map(([name]) => name), ['abapa', 'sowing', 'awari', 'awari-split', 'auale']);
  assert.deepEqual(await values('#rules'), info.rules.map((r) => [r.name, `${r.name}: ${r.about}`]));
  // The endgame worker builds the database the module says the page holds.
  await eventually(async () => assert.equal(
    await page.evaluate(() => window.oware.debug.endgames?.seeds), info.endgameSeeds), 60_000);
  assert.deepEqual(page.errors, []);
  await page.close();
});

/** Opens the page, the paths it asks the server for kept in `seen`; `init`, if given, runs before the page's code. */
async function openWatched(seen, init = null) {
  return open(browser, '', {
    route: async (context) => {
      if (init) await context.addInitScript(init);
      context.on('request', (request) => seen.push(new URL(request.url()).pathname));
    },
  });
}

test('the engine built with WebAssembly SIMD is loaded; a browser without SIMD gets the one without, and plays', async () => {
  const simd = [];
  const page = await openWatched(simd);
  await waitState(page, 'your-turn');
  assert.ok(simd.includes('/oware_web.wasm') && !simd.includes('/oware_web_nosimd.wasm'), JSON.stringify(simd));
  await page.close();

  // A browser without SIMD: its validation refuses the probe's v128.
  const plain = [];
  const old = await openWatched(plain, () => { WebAssembly.validate = () => false; });
  await waitState(old, 'your-turn');
  assert.ok(plain.includes('/oware_web_nosimd.wasm') && !plain.includes('/oware_web.wasm'), JSON.stringify(plain));
  await old.keyboard.press('c');
  await eventually(async () => assert.equal((await transcript(old)).length, 2), 30_000);
  assert.deepEqual(old.errors, []);
  await old.close();
});
