// How long the page's endgame worker takes to build databases of 8, 10 and
// 12 seeds in headless Chromium, each in a fresh worker, against a served
// site: `node measure-endgames.mjs` with OWARE_URL set (see lib.mjs).
import { launch, open } from './lib.mjs';

const browser = await launch();
const page = await open(browser);
for (const seeds of [8, 10, 12]) {
  const report = await page.evaluate((n) => new Promise((resolve) => {
    const worker = new Worker('endgame-worker.js', { type: 'module' });
    worker.onmessage = ({ data }) => {
      worker.terminate();
      resolve(data.built);
    };
    worker.postMessage({ type: 'build', seeds: n, rules: 'abapa' });
  }), seeds);
  console.log(`${seeds} seeds: ${report.positions} positions, ${report.bytes} bytes, ${Math.round(report.ms)} ms`);
}
await browser.close();
