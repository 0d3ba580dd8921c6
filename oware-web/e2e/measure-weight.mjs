// What a visit downloads, and how long the page takes to be ready, in
// headless Chromium: a first visit (a fresh context: nothing cached, no
// service worker), then a later visit in a new tab of the same context
// (the service worker in charge). Counts every request of the page, its
// workers and its service worker; "from the network" is what the service
// worker fetched, and what the others got other than from it; bytes are
// the bodies' (as sent by the server: it does not compress). "ready" is
// from navigation to the page's module answering (the board drawn); "bot"
// to the search's worker's first answer (the bot, at level 1, moving first
// as South while the player holds North). The first visit also waits for
// the service worker to have kept the engine, before the later one. Not a
// test; run it against a served site:
//   OWARE_URL=http://127.0.0.1:8080/ node measure-weight.mjs [runs]
import { launch, BASE, startMarks, median } from './lib.mjs';

const runs = Number(process.argv[2] ?? 5);
const browser = await launch();
const rows = { first: [], later: [] };

/** One visit in a new tab of `context`: its requests, bytes and times. */
async function visit(context, seen, keep) {
  seen.length = 0;
  const page = await context.newPage();
  await page.goto(BASE);
  await page.waitForFunction(() => window.started.answer !== undefined, null, { timeout: 60_000 });
  if (keep) {
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      for (;;) {
        const key = (await caches.keys()).find((k) => k.startsWith('oware-'));
        if (key && await (await caches.open(key)).match('oware_web.wasm')) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
  }
  const times = await page.evaluate(() => window.started);
  let requests = 0;
  let bytes = 0;
  let wasm = 0;
  for (const request of seen) {
    const response = await request.response();
    if (!request.serviceWorker() && response?.fromServiceWorker()) continue;
    requests += 1;
    const sizes = await request.sizes().catch(() => ({ responseBodySize: 0 }));
    bytes += sizes.responseBodySize;
    if (request.url().endsWith('.wasm')) wasm += 1;
  }
  await page.close();
  return { ...times, requests, bytes, wasm, asked: seen.length };
}

for (let n = 0; n < runs; n++) {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await context.addInitScript(startMarks);
  const seen = [];
  context.on('request', (request) => seen.push(request));
  rows.first.push(await visit(context, seen, true));
  rows.later.push(await visit(context, seen, false));
  await context.close();
}
await browser.close();

for (const [name, list] of Object.entries(rows)) {
  const kB = (median(list, 'bytes') / 1000).toFixed(1);
  console.log(`${name.padEnd(5)} visit: ${median(list, 'requests')} of ${median(list, 'asked')} requests from the network `
    + `(${median(list, 'wasm')} of the engine), ${kB} kB; ready ${median(list, 'page').toFixed(0)} ms, `
    + `bot's first answer ${median(list, 'answer').toFixed(0)} ms (medians of ${runs})`);
}
