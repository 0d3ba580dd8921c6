//! Alpha-beta search for Oware (Abapa) on [`oware_core`]: negamax with
//! alpha-beta pruning and principal variation search, iterative deepening,
//! a transposition table, move ordering and lazy SMP, with plain
//! [`minimax`] of the same evaluation kept beside it as the oracle.
//!
//! - [`Engine`] owns the table and searches a [`Game`](oware_core::Game)
//!   under [`Limits`] (depth, nodes, time, or none and a stop flag): in one
//!   call for a move ([`Engine::best_move`]), or on the caller's thread
//!   ([`Engine::search`]) or its own ([`spawn`]), sending progress
//!   [`Event`]s and returning a [`SearchResult`].
//! - [`Score`]s tell heuristic values from proven ones: [`Score::proven`]
//!   is `Some` only for a forced win or loss (with its distance in plies)
//!   or a proven draw.
//! - Analysis mode ([`Engine::set_analysis`], on by default) gives every
//!   root move an exact score at every depth.
//! - The game's history counts: repetition and the move limit of its
//!   [`Rules`](oware_core::Rules) end games inside the search as over the board.
//!
//! The bot people play, its nineteen levels and the judgement of a played
//! move are `oware-player`'s, on top of this crate.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use oware_core::{Game, Rules};
//! use oware_search::{Engine, EngineOptions, Event, Limits};
//!
//! let mut engine = Engine::new(EngineOptions::default());
//! let game = Game::new(Rules::ABAPA);
//! // One call for a move.
//! let house = engine.best_move(&game, Limits::depth(6))?;
//! assert!(game.legal_moves().contains(house));
//!
//! // The streaming form, for a front end: every depth as it completes,
//! // and a flag another thread may set to stop.
//! let stop = AtomicBool::new(false);
//! let result = engine.search(&game, &Limits::depth(6), &stop, &mut |event| {
//!     if let Event::Iteration(it) = event {
//!         println!("{it}");
//!     }
//! });
//! println!("best {} score {}", result.best.unwrap(), result.score);
//! assert_eq!(result.depth, 6);
//! # Ok::<(), oware_search::SearchError>(())
//! ```
//!
//! # How it searches
//! One file per concern:
//!
//! - `smp.rs`: the one entry of every search, lazy SMP: the caller's
//!   thread reports while helper threads (none when `threads == 1`) fill
//!   the shared table; `worker.rs`: one thread's state, built in one place.
//! - `deepen.rs`: iterative deepening, the loop over depths of the
//!   reporting thread and of the helpers.
//! - `root.rs`: one iteration at the root: analysis mode (each root move
//!   in its own window, so every score is exact) or play mode (principal
//!   variation search, only the best move exact); `aspiration.rs`: the
//!   window each starts in and how it widens.
//! - `search.rs`: the interior node, fail-soft negamax with PVS, table
//!   cutoffs, late move reductions, a single-reply extension and
//!   mate-distance pruning; `horizon.rs`: the frontier, the leaf and two
//!   plies of capture quiescence below the horizon.
//! - `options.rs`: [`EngineOptions`] and [`EngineError`]; `config.rs`:
//!   [`SearchConfig`]; `experiment.rs`: its knobs, for experiments only
//!   (hidden, like `bench.rs`, the bench suite: both are the project's
//!   tools', no stable interface).
//! - `tt.rs`: 16-byte entries keyed by the whole position (no collisions),
//!   with a `Bound` and node-relative mate scores, four to a
//!   cache line, in huge pages, shared lock-free by the threads.
//! - `ordering.rs`: the table's move before anything is played, then
//!   captures by seeds taken, killers and history.
//! - `eval.rs`: which evaluation ([`eval::Evaluation`]); the linear one,
//!   captured seeds plus a table per house position and seed count,
//!   fitted to self-play games ([`eval::Weights::TUNED`]); `eval/net.rs`:
//!   the learned one, a small integer network over the side to move's
//!   view trained by `cargo lab train` ([`eval::Network`], docs/evaluation.md).
//! - `endgame.rs`: endgame databases ([`Endgame`]), probed at interior
//!   nodes once the game-end checks have passed, never at the root; how a
//!   probe is scored and under which rules a database may be used.
//! - `line.rs`: the line of play (the game's positions since its last
//!   capture, then the search path), exact game ends, repetition and the
//!   move limit counted through it; `proof.rs`: proving draws.
//! - `limits.rs`: the limits a caller gives (the raw clock among them) and
//!   the replaceable timer; `time/`: the plan of a move on a clock
//!   ([`SeatClock`]), the lag the GUI adds to it ([`Overhead`]), and the
//!   manager of soft and hard stops made from them at the search's start;
//!   `report.rs`: the events, the result
//!   and the text printed about them (the engine protocol's lines are
//!   oware-uci's, made from these by `oware uci`).
//!
//! [`SearchConfig`] turns off the table, the ordering, or (with `sound`)
//! everything that makes a fixed-depth search differ from minimax:
//! reductions, extensions, quiescence, mate-distance pruning, and table
//! cutoffs from other depths. `cargo xtask verify` checks the search against
//! [`minimax`] that way; games are played with [`SearchConfig::PLAY`].
//!
//! # Time on WebAssembly
//! On `wasm32-unknown-unknown`, `std::time::Instant::now()` panics, so the
//! engine reads time through a function the caller gives:
//! [`Engine::set_clock`]`(Some(now_ms))`, where `now_ms` returns
//! milliseconds from a fixed origin (e.g. `performance.now()` through
//! `js_sys` or an import of your own). Without one, time limits there become
//! node budgets ([`NODES_PER_MS_WITHOUT_CLOCK`] per millisecond). The engine
//! never starts a thread when `threads == 1`, and [`spawn`] does not exist
//! on that target.

mod aspiration;
// The project's own tools' (`cargo xtask bench`, `cargo lab`, `oware uci
// --tunable`, the benchmarks): public for them, hidden from the documentation
// and left out of the API snapshot (`api/oware-search.txt`), so no stable
// interface. A cargo feature would hide them better, but `SearchConfig`
// holds the knobs (which the search reads everywhere), and this crate's own
// tests use the knobs and its benchmarks the suite: a feature would cut those
// out of `cargo test -p oware-search` and out of the published package.
#[doc(hidden)]
pub mod bench;
mod config;
mod deepen;
mod endgame;
mod engine;
pub mod eval;
#[doc(hidden)]
pub mod experiment;
mod horizon;
mod limits;
mod line;
pub mod minimax;
mod options;
mod ordering;
mod proof;
mod pv;
mod report;
mod root;
mod score;
mod search;
mod smp;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod spawn;
mod time;
mod tt;
mod worker;

pub use config::SearchConfig;
pub use endgame::{
    Endgame, EndgameResult, EndgameValue, database_applies, probe_game, probe_game_moves,
};
pub use engine::{Analysis, Engine, SearchError};
pub use limits::{ClockFn, Limits, NODES_PER_MS_WITHOUT_CLOCK};
pub use options::{EngineError, EngineOptions};
pub use report::{Event, Iteration, RootMove, SearchResult, nps};
pub use score::{Proven, Score, Short};
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use spawn::{SearchHandle, spawn};
pub use time::{Overhead, SeatClock};
