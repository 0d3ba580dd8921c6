// How long the page's mistakes' worker (mistakes-worker.js) takes to prove
// a position as a puzzle, as it does after an analysis: a fresh worker (so
// its first proof that needs one builds the 12-seed endgame database in
// memory), then positions of real games, each proved once, in headless
// Chromium against a served site (OWARE_URL, see lib.mjs). `node
// measure-mistakes.mjs [runs]`: each run in a fresh context.
import { launch, open } from './lib.mjs';
import { SOUTH_WINS_IN_3 } from './games.mjs';

/** Positions proved, in order: shipped puzzles' starts (one a proof by the database) and positions with no puzzle. */
const REQUESTS = [
  `rules=abapa moves=${SOUTH_WINS_IN_3}`,
  'rules=abapa start=0-1-0-0-0-1-2-0-0-0-0-1-22-21-S moves=',
  'rules=abapa start=0-0-11-0-0-1-0-14-0-16-1-0-3-2-N moves=',
  'rules=abapa start=0-0-0-1-14-14-0-3-0-0-0-1-5-10-S moves=',
  'rules=auale start=1-15-0-6-0-12-9-0-0-0-0-1-2-2-S moves=',
  'rules=auale start=0-0-1-1-4-12-0-0-0-0-0-14-9-7-S moves=',
  'rules=abapa moves=AeBcFaEaCbAc',
];

const runs = Number(process.argv[2] ?? 3);
const browser = await launch();
for (let run = 1; run <= runs; run++) {
  const page = await open(browser, 'puzzles.html');
  await page.waitForFunction(() => document.body.dataset.state === 'solving');
  const proved = await page.evaluate(async (requests) => {
    const { engineModule } = await import('./wasm.js');
    const { module } = await engineModule();
    const worker = new Worker('mistakes-worker.js', { type: 'module' });
    worker.postMessage({ module });
    const out = [];
    for (const [id, request] of requests.entries()) {
      const { ms, answer } = await new Promise((resolve) => {
        worker.onmessage = ({ data }) => resolve(data);
        worker.postMessage({ id, request });
      });
      const line = answer.ok ? answer.puzzle?.line.map((m) => m.house).join('') ?? 'no puzzle' : answer.error;
      out.push(`${String(Math.round(ms)).padStart(6)} ms  ${request}: ${line}`);
    }
    worker.terminate();
    return out;
  }, REQUESTS);
  console.log(`run ${run}\n${proved.join('\n')}`);
  await page.close();
}
await browser.close();
