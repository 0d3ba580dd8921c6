//! The oware bot as people meet it, one home for what every front end
//! shares: `oware play`, `oware uci`, `oware match`'s `level:N` engines,
//! `cargo lab ladder` and the web page all play through it.
//!
//! - [`Level`]s 1–19: each a depth, a time and a noise, and whether it
//!   opens from the book.
//! - [`Bot`]: the player at a level with the opening book at the levels
//!   that play one, and one way to choose a move, [`Bot::choose`].
//! - [`judge`]: how a played move compares with the engine's choice, and
//!   its mark (`?`, `??`), for `oware analyze`'s records and the page's
//!   move list.
//! - [`Verdict`]: what a proven score says (who can force a win, or that
//!   best play draws), for the terminal, the protocol's `info` and the page.
//!
//! The clock reaches the bot as the search's own value
//! ([`oware_search::Limits`], with the mover's [`SeatClock`](oware_search::SeatClock)):
//! the engine protocol's `go` is turned into it at the protocol's edge
//! (`oware uci`, the match runner's engine processes), never here. Which
//! endgame database fits a game's rules is the database's answer
//! (`oware_egdb::Ruleset::fitting`); the front end opens it and hands it
//! to the engine the bot searches with.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use oware_core::{Game, Rules};
//! use oware_player::{Bot, Level, Verdict};
//! use oware_search::{Engine, EngineOptions};
//!
//! let mut engine = Engine::new(EngineOptions::default());
//! let game = Game::new(Rules::ABAPA);
//! let stop = AtomicBool::new(false);
//! let bot = Bot::new(Level::new(5)?, None);
//! let chosen = bot.choose(&mut engine, &game, None, 2026, &stop, &mut |_| {});
//! let house = chosen.result.best.expect("the game is not over");
//! assert!(game.legal_moves().contains(house));
//! // Nothing is proven at the opening.
//! assert_eq!(Verdict::of(chosen.result.score, game.position().to_move()), None);
//! # Ok::<(), oware_player::LevelError>(())
//! ```

mod bot;
mod judge;
mod level;
mod verdict;

pub use bot::{Bot, BotMove};
pub use judge::{Judgement, MISTAKE_SEEDS, Mark, judge, mark};
pub use level::{Level, LevelError};
pub use verdict::Verdict;
