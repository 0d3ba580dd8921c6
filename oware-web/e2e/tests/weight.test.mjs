// What the page downloads: on a first visit the engine's file once, for
// the page and every worker (the page compiles it and posts the module to
// them; the service worker is handed the page's copy); on a later visit
// nothing from the network but the service worker's own file, everything
// else from its cache.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, openTab, waitState, eventually, transcript } from '../lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

/** Every request the context makes (the page's, its workers', its service worker's), as { path, by, request }. */
function watch(context) {
  const seen = [];
  context.on('request', (request) => {
    const by = request.serviceWorker() ? 'service worker' : 'page';
    seen.push({ path: new URL(request.url()).pathname, by, request });
  });
  return seen;
}

/** Waits until the service worker has kept the engine's file. */
async function kept(page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (;;) {
      const keys = await caches.keys();
      const cache = keys.find((k) => k.startsWith('oware-'));
      if (cache && await (await caches.open(cache)).match('oware_web.wasm')) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
}

test('a first visit downloads the engine once, for the page, its workers and its service worker', async () => {
  let seen;
  const page = await open(browser, '', { route: (context) => { seen = watch(context); } });
  await waitState(page, 'your-turn');
  // The search's worker, a fresh one after "move now" ends it, the endgame
  // database's and the analysis's: each has an engine.
  await page.selectOption('#level', '14');
  await page.keyboard.press('c');
  await page.waitForFunction(() => window.oware.page.search?.best !== null && window.oware.page.search?.kind === 'bot');
  await page.click('#move-now');
  await waitState(page, 'your-turn');
  // The fresh worker's search: a quick one (level 14 may think for long).
  await page.selectOption('#level', '3');
  await page.keyboard.press('b');
  await waitState(page, 'your-turn');
  await page.click('#analyse');
  await eventually(async () => assert.equal(await page.evaluate(() => window.oware.page.analysis?.running), false), 60_000);
  await eventually(async () => assert.ok(await page.evaluate(() => window.oware.debug.endgames?.ok)), 60_000);
  await kept(page);
  assert.equal((await transcript(page)).length, 4);

  const wasm = seen.filter((r) => r.path.endsWith('.wasm'));
  assert.equal(wasm.length, 1, JSON.stringify(wasm.map((r) => r.by)));
  assert.equal(wasm[0].by, 'page');
  // The service worker's own downloads are seen (it kept the other files
  // itself), so one of its would have been counted.
  assert.ok(seen.some((r) => r.by === 'service worker' && r.path === '/app.js'), JSON.stringify(seen.map((r) => `${r.by} ${r.path}`)));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a later visit downloads nothing but the service worker: everything comes from its cache', async () => {
  let seen;
  const first = await open(browser, '', { route: (context) => { seen = watch(context); } });
  await waitState(first, 'your-turn');
  await kept(first);
  const context = first.context();
  seen.length = 0;
  const page = await openTab(context);
  await waitState(page, 'your-turn');
  await page.keyboard.press('c');
  await waitState(page, 'your-turn');
  await eventually(async () => assert.equal((await transcript(page)).length, 2));
  // From the network: what the service worker fetched, and what the page
  // and its workers got other than from the service worker.
  const network = [];
  for (const { path, by, request } of seen) {
    const response = await request.response();
    if (by === 'service worker' || !response?.fromServiceWorker()) network.push(`${by} ${path}`);
  }
  assert.ok(seen.some((r) => r.path === '/oware_web.wasm'), 'the engine was asked for');
  assert.deepEqual(network.filter((line) => !line.endsWith('/sw.js')), []);
  assert.deepEqual(page.errors, []);
  await first.close();
});
