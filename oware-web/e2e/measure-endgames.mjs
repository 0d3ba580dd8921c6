// How long the page's endgame worker takes to build databases of 8, 10 and
// 12 seeds (or the sizes given: `node measure-endgames.mjs 12 16`) in
// headless Chromium, each in a fresh worker and a fresh context (nothing
// kept from before: each is built, not read), against a served site
// (OWARE_URL, see lib.mjs). Then how long a later visit takes to read the
// largest back from storage.
import { launch, open } from './lib.mjs';

const browser = await launch();
/** The worker's report for a build under abapa up to `seeds`, in `page`. */
const build = (page, seeds) => page.evaluate((n) => new Promise((resolve) => {
  const worker = new Worker('endgame-worker.js', { type: 'module' });
  fetch('oware_web.wasm').then((r) => WebAssembly.compileStreaming(r)).then((module) => {
    worker.postMessage({ module });
    worker.postMessage({ type: 'build', rules: 'abapa', seeds: n });
  });
  // Past the first size (10 seeds) the database grows a seed count at a
  // time, as the page asks while the player is idle: asked at once here.
  let ms = 0;
  let solved = 0;
  worker.onmessage = ({ data }) => {
    if (!data.built) return;
    ms += data.built.ms;
    solved += data.built.solved;
    if (data.built.seeds < n && data.built.grows) return worker.postMessage({ type: 'grow' });
    worker.terminate();
    resolve({ ...data.built, ms, solved });
  };
}), seeds);
const sizes = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [8, 10, 12];
const largest = Math.max(...sizes);
let page;
for (const seeds of sizes) {
  // Not the game page, whose own worker would build and keep 10 seeds first.
  page = await open(browser, 'how-to-play.html');
  const report = await build(page, seeds);
  console.log(`${seeds} seeds: ${report.positions} positions, ${report.bytes} bytes, built in ${Math.round(report.ms)} ms (${report.solved} slices)`);
  if (seeds !== largest) await page.close();
}
const read = await build(page, largest);
console.log(`${largest} seeds read back: ${read.loaded} slices, ${read.kept.bytes} bytes kept, in ${Math.round(read.ms)} ms`);
await browser.close();
