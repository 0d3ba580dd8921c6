// Playing on a clock: both clocks shown, the running one lit; the player
// losing on time; the bot handed the raw clock (wtime/btime/winc/binc) and
// its clock running while it thinks, with the increment after its move;
// the setting kept. The short time controls are offered to tests only
// (window.oware.addClockPreset), so no test waits minutes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, open, waitState, eventually, transcript, drawn } from '../lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

/** The clock of `who` ('you' or 'bot') as drawn: its text and whether it runs. */
async function clockOf(page, who) {
  return page.evaluate((w) => {
    const clock = document.getElementById(`clock-${w}`);
    return { time: clock.querySelector('.clock-time').textContent, running: clock.classList.contains('running') };
  }, who);
}

/** Seconds from a clock's text ("0:08.7", "1:00"). */
const seconds = (text) => {
  const [minutes, rest] = text.split(':');
  return Number(minutes) * 60 + Number(rest);
};

/** Offers the time control `name` (tests only) and chooses it. */
async function chooseClock(page, name) {
  await page.evaluate((n) => window.oware.addClockPreset(n), name);
  await page.selectOption('#clock', name);
}

test('on a clock the player who lets the time run out loses on time, and nothing more is played', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  assert.equal(await page.locator('#clocks').isHidden(), true, 'no clock by default');
  // Six seconds each, nothing added: chosen before the first move, the
  // game takes it at once, but the player's clock waits for that move.
  await chooseClock(page, '0.1+0');
  await drawn(page);
  assert.deepEqual(await clockOf(page, 'you'), { time: '0:06.0', running: false });
  await page.waitForTimeout(300);
  assert.deepEqual(await clockOf(page, 'you'), { time: '0:06.0', running: false }, 'the first move is not timed');
  assert.deepEqual(await clockOf(page, 'bot'), { time: '0:06.0', running: false });
  assert.equal(await page.locator('#clock-control').textContent(), 'Clock 0.1+0');
  await page.locator('.house[data-house="C"]').click();
  await waitState(page, 'your-turn');
  assert.equal((await transcript(page)).length, 2);
  assert.equal(await page.locator('#undo').isDisabled(), true, 'a game on the clock is not taken back');
  // The player does not move: its clock runs out.
  assert.equal(await waitState(page, 'over', 20_000), 'over');
  const cells = await page.evaluate(() => window.oware.state.cells);
  const left = cells.slice(0, 12).reduce((a, b) => a + b, 0);
  assert.equal(await page.locator('#status').textContent(),
    `Game over: The bot wins, ${cells[13]}–${cells[12]} (South lost on time). The clock decided it, not the seeds: the ${left} seeds on the board go to no one. Start a new game.`);
  // The board is over as after any other ending: the winner's store
  // marked, no house offered to pointer, keyboard or screen reader.
  assert.equal(await page.locator('.mark.win[data-seat="north"]').count(), 1);
  assert.equal(await page.locator('.house.legal').count(), 0);
  assert.equal(await page.locator('.house[aria-disabled="false"]').count(), 0);
  assert.equal(await page.locator('.house[tabindex="0"]').count(), 0);
  assert.match(await page.locator('.house[data-house="A"]').getAttribute('aria-label'), /your house, the game is over$/);
  assert.equal(await page.locator('.house[data-house="A"]').evaluate((g) => getComputedStyle(g).cursor), 'default');
  assert.deepEqual(await clockOf(page, 'you'), { time: '0:00.0', running: false });
  assert.equal(await page.locator('#clock-you.flagged').count(), 1);
  // The recent games have it finished, on time.
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('oware.recent'))[0]);
  assert.equal(kept.result, 'North wins (South lost on time)');
  assert.equal(kept.moves.length, 2);
  // Saved, the record says so, with the score.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-game')]);
  const saved = await readFile(await download.path(), 'utf8');
  assert.match(saved, /\n\[Termination "South lost on time"\]\n\[Points "0-1"\]\n/, saved);
  // Nothing more is played (playwright sees the house disabled: the click is forced).
  await page.locator('.house[data-house="A"]').click({ force: true });
  await page.waitForTimeout(500);
  assert.equal((await transcript(page)).length, 2);
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'over');
  assert.equal(await page.locator('#hint').isDisabled(), true);
  // A new game: fresh clocks, and the lost game in the list.
  await page.click('#new-game');
  await waitState(page, 'your-turn');
  await eventually(async () => assert.match((await clockOf(page, 'you')).time, /^0:0[56]\.\d$/));
  assert.match(await page.locator('#recent-list').textContent(), /North wins \(South lost on time\)/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

/**
 * Keeps every search request the page's workers are sent, as sent, in
 * `window.sent` (from each load of the page); with `holdMs`, each search's
 * answer reaches the page that much later, as a bot thinking long would give it.
 */
function recordRequests(context, holdMs = 0) {
  return context.addInitScript((hold) => {
    window.sent = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function send(message, ...rest) {
      if (typeof message?.request === 'string') window.sent.push(message.request);
      return post.call(this, message, ...rest);
    };
    if (!hold) return;
    const handler = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage');
    Object.defineProperty(Worker.prototype, 'onmessage', {
      ...handler,
      set(listener) {
        handler.set.call(this, (event) => (event.data?.result ? setTimeout(() => listener(event), hold) : listener(event)));
      },
    });
  }, holdMs);
}

test('the bot is handed the raw clock, its clock runs while it thinks, and it gains the increment', async () => {
  const page = await open(browser, '', { route: (context) => recordRequests(context) });
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '14');
  // Nine seconds each (tenths shown), two added a move.
  await chooseClock(page, '0.15+2');
  await drawn(page);
  assert.equal((await clockOf(page, 'you')).running, false, 'the first move is not timed');
  // Watch the bot's clock while it thinks.
  await page.evaluate(() => {
    window.botClock = [];
    const clock = document.getElementById('clock-bot');
    new MutationObserver(() => {
      if (document.body.dataset.state === 'thinking' && clock.classList.contains('running')) {
        window.botClock.push(clock.querySelector('.clock-time').textContent);
      }
    }).observe(clock, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await page.locator('.house[data-house="C"]').click();
  await waitState(page, 'your-turn', 30_000);
  await drawn(page);
  const { sent, botClock, debug } = await page.evaluate(() => ({ sent: window.sent, botClock: window.botClock, debug: window.oware.debug }));

  // The request: the level, and both clocks as they stood (South's after its
  // move and increment, North's untouched), with the increments.
  const request = sent.find((r) => r.includes('level=14'));
  assert.ok(request, JSON.stringify(sent));
  const words = Object.fromEntries(request.split(' ').map((w) => w.split('=')));
  const [player, bot] = debug.clock;
  assert.equal(player.moved, 'south');
  assert.equal(Number(words.wtime), Math.round(player.after.south));
  assert.ok(Number(words.wtime) > 9000 - 5000 && Number(words.wtime) <= 11_000, request);
  assert.equal(words.btime, '9000');
  assert.equal(words.winc, '2000');
  assert.equal(words.binc, '2000');
  // The module plans from the mover's clock: the start event says so.
  const start = debug.events.find((e) => e.type === 'start');
  assert.deepEqual(start.limits.clock, { remaining: 9000, increment: 2000 });
  assert.equal(start.limits.ms, 1000, "the level's time stays");

  // The bot's clock went down while it thought, lit.
  assert.ok(botClock.length >= 1, 'the bot clock was seen running');
  assert.ok(botClock.some((t) => seconds(t) < 9), JSON.stringify(botClock));
  // It was charged at least the engine's own time, then gained the increment.
  assert.equal(bot.moved, 'north');
  const spent = 9000 - bot.before.north;
  const result = debug.results.at(-1);
  assert.ok(spent >= result.ms && spent > 0, `spent ${spent} ms, the engine ${result.ms} ms`);
  assert.equal(bot.after.north - bot.before.north, 2000);
  assert.equal(bot.after.south, bot.before.south, "the player's clock did not run while the bot thought");
  // Now the player's clock runs, the bot's stands at what it kept.
  await eventually(async () => {
    const [you, them] = [await clockOf(page, 'you'), await clockOf(page, 'bot')];
    assert.ok(you.running && !them.running, JSON.stringify([you, them]));
    const left = bot.after.north;
    assert.equal(seconds(them.time), left < 10_000 ? Math.floor(left / 100) / 10 : Math.floor(left / 1000));
  });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the clock setting is kept, a reload brings the clocks back, and a new setting waits for the next game', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#clock', '1+1');
  await drawn(page);
  assert.deepEqual(await clockOf(page, 'you'), { time: '1:00', running: false });
  assert.equal((await clockOf(page, 'bot')).time, '1:00');
  const tab = await page.context().newPage();
  await tab.goto(page.url());
  await waitState(tab, 'your-turn');
  assert.equal(await tab.locator('#clock').inputValue(), '1+1');
  assert.deepEqual(await clockOf(tab, 'you'), { time: '1:00', running: false });
  assert.equal((await clockOf(tab, 'bot')).time, '1:00');
  // A move each, then a reload: the clocks as they were kept when the
  // player's clock started, the player's charged the time since.
  await tab.locator('.house[data-house="C"]').click();
  await waitState(tab, 'your-turn');
  await eventually(async () => assert.equal((await clockOf(tab, 'you')).running, true));
  const kept = await tab.evaluate(() => JSON.parse(sessionStorage.getItem('oware.tab')).game.clock);
  assert.equal(kept.name, '1+1');
  assert.equal(kept.running, 'south');
  assert.ok(kept.left.north > 60_000 && kept.left.north <= 61_000, JSON.stringify(kept));
  const reloaded = Date.now();
  await tab.reload();
  await waitState(tab, 'your-turn');
  const back = await tab.evaluate(() => ({ ...window.oware.page.clock, seen: Date.now() }));
  assert.equal(back.left.north, kept.left.north);
  assert.ok(back.left.south <= kept.left.south - (reloaded - kept.at), JSON.stringify([back, kept, reloaded]));
  assert.ok(back.left.south >= kept.left.south - (back.seen - kept.at), JSON.stringify([back, kept, reloaded]));
  assert.equal((await clockOf(tab, 'bot')).time, '1:00');
  // Off, with moves played: this game keeps its clocks, the next has none.
  await tab.selectOption('#clock', 'off');
  await eventually(async () => assert.match(await tab.locator('#status').textContent(), /The next new game has no clock/));
  assert.equal(await tab.locator('#clocks').isHidden(), false);
  await tab.click('#new-game');
  await waitState(tab, 'your-turn');
  await eventually(async () => assert.equal(await tab.locator('#clocks').isHidden(), true));
  assert.equal(await tab.locator('#undo').isDisabled(), true);
  assert.deepEqual(page.errors, []);
  await tab.close();
  await page.close();
});

test('a reload charges the time spent on the move in progress: reloading gives no time back, and still runs out', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  // Six seconds each, nothing added.
  await chooseClock(page, '0.1+0');
  await page.locator('.house[data-house="C"]').click();
  await waitState(page, 'your-turn', 30_000);
  await eventually(async () => assert.equal((await clockOf(page, 'you')).running, true));
  const after = seconds((await clockOf(page, 'you')).time);
  await page.waitForTimeout(2000);
  await page.reload();
  await waitState(page, 'your-turn');
  const back = seconds((await clockOf(page, 'you')).time);
  assert.ok(back <= after - 1.9, `the clock came back at ${back} s, ${after} s before the wait of 2 s`);
  // Reloading again and again: the time still runs out.
  for (let k = 0; k < 8 && await page.evaluate(() => document.body.dataset.state) !== 'over'; k++) {
    await page.waitForTimeout(800);
    await page.reload();
    await waitState(page, ['your-turn', 'over']);
  }
  assert.equal(await waitState(page, 'over', 5000), 'over');
  assert.match(await page.locator('#status').textContent(), /^Game over: The bot wins, \d+–\d+ \(South lost on time\)/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a reload while the bot thinks charges the bot the time it thought', async () => {
  // The search's answers held back two seconds, as a bot thinking long would give them.
  const page = await open(browser, '', { route: (context) => recordRequests(context, 2000) });
  await waitState(page, 'your-turn');
  await page.selectOption('#level', '14');
  await chooseClock(page, '1+0');
  await page.locator('.house[data-house="C"]').click();
  await waitState(page, 'thinking');
  await page.waitForTimeout(500);
  // The bot's clock runs (its answer has not arrived): reload at once.
  const left = await page.evaluate(() => {
    const clock = window.oware.page.clock;
    const now = clock.running === 'north' ? clock.left.north - (performance.now() - clock.since) : null;
    location.reload();
    return now;
  });
  assert.ok(left !== null && left < 60_000 - 400, `the bot's clock was not running: ${left}`);
  // The bot thinks again, handed what its clock had left.
  await page.waitForFunction(() => window.sent?.some((r) => r.includes('level=14')));
  const request = await page.evaluate(() => window.sent.find((r) => r.includes('level=14')));
  const btime = Number(/ btime=(\d+)/.exec(request)[1]);
  assert.ok(btime <= left, `the bot's clock came back at ${btime} ms, ${left} ms before the reload: ${request}`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a game reopened from the recent list has its clocks as they stood when it left the board, paused since', async () => {
  const page = await open(browser);
  await waitState(page, 'your-turn');
  await page.selectOption('#clock', '1+1');
  await page.locator('.house[data-house="C"]').click();
  await waitState(page, 'your-turn', 30_000);
  await eventually(async () => assert.equal((await clockOf(page, 'you')).running, true));
  const after = seconds((await clockOf(page, 'you')).time);
  await page.waitForTimeout(2000);
  await page.click('#new-game');
  await eventually(async () => assert.equal(await transcript(page), ''));
  await page.waitForTimeout(2000);
  await page.locator('#recent-list button').first().click();
  await eventually(async () => assert.equal((await transcript(page)).length, 2));
  await waitState(page, 'your-turn');
  const back = seconds((await clockOf(page, 'you')).time);
  assert.ok(back <= after - 1.9, `the two seconds before the new game were given back: ${back} s, ${after} s before`);
  assert.ok(back >= after - 3.5, `the time away was charged: ${back} s, ${after} s before`);
  assert.deepEqual(page.errors, []);
  await page.close();
});
