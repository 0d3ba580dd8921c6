// How long the bot thinks per move in headless Chromium, by level: plays
// a few moves at each level (the player sows the fullest house) and prints
// the engine's own time, the time from request to answer (worker start-up
// included), and the time until the move is played on the board (after the
// thinking has been shown at a pace a person can follow). Not a test; run
// it against a served site:
//   OWARE_URL=http://127.0.0.1:8080/ node measure.mjs [levels...] [--moves N]
import { launch, open, waitState } from './lib.mjs';

const args = process.argv.slice(2);
const movesAt = args.indexOf('--moves');
const perLevel = movesAt >= 0 ? Number(args.splice(movesAt, 2)[1]) : 8;
const levels = args.length ? args.map(Number) : [1, 10, 19];

const browser = await launch();
for (const level of levels) {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#level', String(level));
  for (let n = 0; n < perLevel; n++) {
    if ((await waitState(page, ['your-turn', 'over'], 120_000)) === 'over') break;
    const { legal, cells } = await page.evaluate(() => window.oware.state);
    const pick = [...legal].sort((a, b) => cells['ABCDEF'.indexOf(b)] - cells['ABCDEF'.indexOf(a)])[0];
    await page.keyboard.press(pick);
    await waitState(page, ['thinking', 'over', 'your-turn']);
  }
  await waitState(page, ['your-turn', 'over'], 120_000);
  const timings = await page.evaluate(() => window.oware.debug.timings);
  const mean = (key) => timings.reduce((s, t) => s + t[key], 0) / timings.length;
  const max = (key) => Math.max(...timings.map((t) => t[key]));
  console.log(`level ${String(level).padStart(2)}: ${timings.length} moves; engine ${mean('engineMs').toFixed(0)} ms mean (${max('engineMs').toFixed(0)} max); `
    + `answer ${mean('wallMs').toFixed(0)} ms mean (${max('wallMs').toFixed(0)} max); `
    + `move shown ${mean('shownMs').toFixed(0)} ms mean (${max('shownMs').toFixed(0)} max); depth ${mean('depth').toFixed(1)} mean; `
    + `${Math.round(mean('nodes') / mean('engineMs'))}k nodes/s`);
  await page.close();
}
await browser.close();
