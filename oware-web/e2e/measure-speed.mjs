// The search's speed in the page against native: the positions of
// `cargo xtask bench` (oware_search::bench::SUITE, read from its source),
// each searched to a fixed depth by the page's own worker and module, and
// the same positions by `cargo xtask bench` built for this machine; prints
// positions a second of both, side by side. The page's searches run as the
// bot's do (analysis mode: every root move scored; the page's 32 MB table),
// the native bench in play mode with 16 MB, so their node counts differ;
// the speeds are what is compared. Each is measured `--rounds` times (3),
// the page and native in turn, and the fastest round of each is given: on
// a loaded machine the fastest is the least disturbed. `--fallback`
// measures the engine built
// without WebAssembly SIMD (as a browser without it gets), `--no-native`
// skips the native bench. Not a test; run it against a served site from
// the workspace:
//   OWARE_URL=http://127.0.0.1:8080/ node oware-web/e2e/measure-speed.mjs [depth] [--rounds N] [--fallback] [--no-native]
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, open, waitState } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const native = !args.includes('--no-native');
const fallback = args.includes('--fallback');
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args.splice(roundsAt, 2)[1]) : 3;
const depth = Number(args.find((a) => /^\d+$/.test(a)) ?? 18);
const source = readFileSync(join(root, 'oware-search/src/bench.rs'), 'utf8');
const suite = [...source.slice(source.indexOf('pub const SUITE')).split('];')[0].matchAll(/"([A-Fa-f]+)"/g)].map((m) => m[1]);
if (suite.length !== 24) throw new Error(`read ${suite.length} positions from oware-search/src/bench.rs, not 24`);

const browser = await launch();

/** The suite searched in the page's worker: { nodes, ms, module }. */
async function inPage() {
  // Without SIMD: the page's probe refused, as a browser without it refuses it.
  const page = await open(browser, '', { route: (context) => fallback && context.addInitScript(() => { WebAssembly.validate = () => false; }) });
  await waitState(page, 'your-turn');
  const measured = await page.evaluate(async ({ suite, depth }) => {
    const { engineModule, ENGINE_URL } = await import('./wasm.js');
    const { module } = await engineModule();
    const worker = new Worker('worker.js', { type: 'module' });
    const next = () => new Promise((resolve) => { worker.onmessage = ({ data }) => resolve(data); });
    let message = next();
    worker.postMessage({ module });
    while (!(await message).ready) message = next();
    let nodes = 0;
    let ms = 0;
    let id = 0;
    for (const moves of suite) {
      worker.postMessage({ type: 'new-game' });
      id += 1;
      message = next();
      worker.postMessage({ id, request: `rules=abapa moves=${moves} depth=${depth}`, rules: 'abapa' });
      let data = await message;
      while (!data.result) {
        message = next();
        data = await message;
      }
      if (!data.result.ok) throw new Error(data.result.error);
      nodes += data.result.nodes;
      ms += data.result.ms;
    }
    worker.terminate();
    return { nodes, ms, module: ENGINE_URL };
  }, { suite, depth });
  await page.close();
  return measured;
}

/** The suite searched by `cargo xtask bench`: { nodes, ms }. */
function natively() {
  const out = execFileSync('cargo', ['xtask', 'bench', '--depth', String(depth), '--time-ms', '0'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const match = /(\d+) nodes, [\d.]+ M nodes\/s \((\d+) ms\)/.exec(out);
  if (!match) throw new Error(`cargo xtask bench printed: ${out}`);
  return { nodes: Number(match[1]), ms: Number(match[2]) };
}

const rate = ({ nodes, ms }) => nodes / ms / 1000;
const pageRuns = [];
const nativeRuns = [];
for (let k = 0; k < rounds; k++) {
  pageRuns.push(await inPage());
  if (native) nativeRuns.push(natively());
}
await browser.close();
const best = (runs) => runs.reduce((a, b) => (rate(b) > rate(a) ? b : a));
const rates = (runs) => runs.map((r) => rate(r).toFixed(2)).join(', ');
const page = best(pageRuns);
console.log(`page (${page.module}): ${suite.length} positions, depth ${depth}: ${page.nodes.toLocaleString('en')} positions in ${page.ms.toFixed(0)} ms, ${rate(page).toFixed(2)} M positions/s (rounds: ${rates(pageRuns)})`);
if (native) {
  const n = best(nativeRuns);
  console.log(`native (cargo xtask bench): ${n.nodes.toLocaleString('en')} positions in ${n.ms} ms, ${rate(n).toFixed(2)} M positions/s (rounds: ${rates(nativeRuns)})`);
  console.log(`page / native: ${(rate(page) / rate(n)).toFixed(2)}`);
}
