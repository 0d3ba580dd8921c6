//! The search thread of a `go`: the bot at full strength under the `go`'s
//! limits, `info` per depth, then `bestmove`.

use std::sync::atomic::Ordering;
use std::thread;
use std::time::Instant;

use oware_core::Game;
use oware_player::Bot;
use oware_player::Level;
use oware_search::{Engine, Event, Limits};
use oware_uci::Answer;

use super::Signals;
use super::answers::{best_move, info, send};

/// The search thread: `info` per depth, then `bestmove` (after `stop` when
/// `wait`; none when `silent` is raised). Gives the engine back, and when
/// `bestmove` was written.
pub(super) fn think(
    mut engine: Engine,
    game: &Game,
    limits: &Limits,
    signals: &Signals,
    wait: bool,
) -> (Engine, Option<Instant>) {
    // The bot at full strength under the `go`'s limits (no noise, no book:
    // `go` answered from the book before the search started), scoring only
    // the best move, the one `info` reports: play mode is faster.
    let bot = Bot::new(Level::MAX, None);
    let chosen = bot.choose(
        &mut engine,
        game,
        Some(limits),
        0,
        &signals.stop,
        &mut |event| {
            if let Event::Iteration(it) = event {
                // A closed stdout means the GUI is gone; the main thread will see it too.
                let _ = send(&Answer::Info(info(it, game.position().to_move())));
            }
        },
    );
    let result = chosen.result;
    // UCI: after `go infinite` or `go ponder` the answer waits for `stop`,
    // even when the search has nothing left to do.
    while wait && !signals.stop.load(Ordering::Relaxed) {
        thread::park();
    }
    if signals.silent.load(Ordering::Relaxed) {
        return (engine, None);
    }
    let _ = send(&Answer::BestMove(best_move(&result)));
    (engine, Some(Instant::now()))
}
