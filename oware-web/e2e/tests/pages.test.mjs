// The other pages, and the site working offline once loaded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitState, eventually, transcript, BASE } from '../lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

test('how to play: the rules in our own words, linked both ways', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.click('header nav >> text=How to play');
  await page.waitForURL(/how-to-play/);
  assert.equal(await page.title(), 'How to play Oware');
  const headings = await page.locator('main h2').allTextContents();
  for (const h of ['The board', 'A move: sowing', 'Capturing', 'Feeding', 'The end', 'Writing a game down', 'Playing the bot']) {
    assert.ok(headings.includes(h), `missing section ${h}`);
  }
  assert.match(await page.locator('main').textContent(), /grand slam/);
  await page.click('main >> text=Back to the board');
  await waitState(page, 'your-turn');
  await page.close();
});

test('an unknown path gets a friendly page, with status 404', async () => {
  const page = await open(browser, 'no/such/page');
  const response = await page.goto(new URL('no/such/page', BASE).href);
  assert.equal(response.status(), 404);
  assert.equal(await page.locator('h1').textContent(), 'This house is empty');
  await page.click('text=Back to the game');
  await waitState(page, 'your-turn');
  await page.close();
});

test('offline once loaded: the page and the bot work without the server', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  // Wait for the service worker to have kept the site (the engine's file
  // once the page has handed it over).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const keys = await caches.keys();
    const cache = await caches.open(keys.find((k) => k.startsWith('oware-')));
    while (!await cache.match('oware_web.wasm')) await new Promise((resolve) => setTimeout(resolve, 100));
    const kept = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
    // Every file the page loaded (each of its modules, the engine, the
    // style) must be kept, or the page cannot start offline.
    const loaded = performance.getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && /\.(js|wasm|css|svg)$/.test(url.pathname))
      .map((url) => url.pathname);
    if (!loaded.includes('/houses.js')) throw new Error(`the page's modules were not seen: ${loaded}`);
    const missing = ['/oware_web.wasm', '/app.js', ...loaded].filter((path) => !kept.has(path));
    if (missing.length) throw new Error(`not kept for offline use: ${missing.join(', ')}`);
  });
  await page.context().setOffline(true);
  await page.reload();
  await waitState(page, 'your-turn');
  await page.keyboard.press('b');
  await waitState(page, 'your-turn');
  await eventually(async () => assert.equal((await transcript(page)).length, 2));
  await page.goto(new URL('how-to-play.html', BASE).href);
  assert.equal(await page.title(), 'How to play Oware');
  await page.context().setOffline(false);
  await page.close();
});

test('how to play explains every rule set the rules menu offers', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  const offered = await page.locator('#rules option').evaluateAll((options) => options.map((o) => o.value));
  assert.ok(offered.length >= 5, JSON.stringify(offered));
  await page.goto(new URL('how-to-play.html', BASE).href);
  const named = await page.locator('main b, main code').allTextContents();
  for (const rules of offered) assert.ok(named.includes(rules), `how to play does not name ${rules}: ${JSON.stringify(named)}`);
  await page.close();
});
