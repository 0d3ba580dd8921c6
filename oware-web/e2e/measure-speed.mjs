// The search's speed in the page against native, like for like: the
// positions of `cargo xtask bench` (oware_search::bench::SUITE, read from
// its source), each searched to a fixed depth by the page's own worker and
// module, and the same requests by the same module code built natively
// (`oware-web/examples/page_speed.rs`, the release-lto profile the site's
// engine is built with): the same mode (the page's requests, every root
// move scored), the same table (the page's 32 MB), a new game before each
// position, and the same endgame database (abapa's 10 seeds, as the page
// builds and keeps it here; the script waits until it is kept). The node
// counts must come out equal, position by position, or the script stops:
// then the wall-clock times (the engine's own, from each answer) compare
// the speeds. Each is measured `--rounds` times (3), the page and native
// in turn, and the fastest round of each is given: on a loaded machine the
// fastest is the least disturbed. `--fallback` measures the engine built
// without WebAssembly SIMD (as a browser without it gets), `--no-native`
// skips the native runs. Not a test; run it against a served site from the
// workspace:
//   OWARE_URL=http://127.0.0.1:8080/ node oware-web/e2e/measure-speed.mjs [depth] [--rounds N] [--fallback] [--no-native]
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, open, waitState } from './lib.mjs';

/** The endgame database's size the page builds and keeps under the tests' seam (lib.mjs), lent natively too. */
const SEEDS = 10;

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

/** The suite searched in the page's worker: { nodes, ms, each: [nodes a position], module }. */
async function inPage() {
  // Without SIMD: the page's probe refused, as a browser without it refuses it.
  const page = await open(browser, '', { route: (context) => fallback && context.addInitScript(() => { WebAssembly.validate = () => false; }) });
  await waitState(page, 'your-turn');
  // The database kept, for the search's worker to read before each search as native is lent it.
  await page.waitForFunction((n) => window.oware.debug.endgames?.seeds === n && window.oware.debug.endgames.kept.state === 'kept', SEEDS, { timeout: 120_000 });
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
    const each = [];
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
      each.push(data.result.nodes);
    }
    worker.terminate();
    return { nodes, ms, each, module: ENGINE_URL };
  }, { suite, depth });
  await page.close();
  return measured;
}

/** The same requests natively (examples/page_speed.rs): { nodes, ms, each }. */
function natively() {
  const runner = join(root, 'target/release-lto/examples/page_speed');
  const out = execFileSync(runner, [String(depth), String(SEEDS), ...suite], { encoding: 'utf8' });
  const lines = out.trim().split('\n').map((line) => line.split(' '));
  const [, nodes, ms] = lines.pop().map(Number);
  return { nodes, ms, each: lines.map(([, n]) => Number(n)) };
}

if (native) {
  execFileSync('cargo', ['build', '--profile', 'release-lto', '-p', 'oware-web', '--example', 'page_speed'], { cwd: root, stdio: 'inherit' });
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
  const differ = suite.filter((_, k) => [...pageRuns, ...nativeRuns].some((r) => r.each[k] !== n.each[k]));
  if (differ.length) throw new Error(`the node counts differ (not like for like) at ${differ.join(', ')}`);
  console.log(`native (examples/page_speed.rs, the same requests): ${n.nodes.toLocaleString('en')} positions in ${n.ms.toFixed(0)} ms, ${rate(n).toFixed(2)} M positions/s (rounds: ${rates(nativeRuns)})`);
  console.log(`node counts equal, position by position; page / native, by the wall clock: ${(n.ms / page.ms).toFixed(2)}`);
}
