//! The oware bot as people meet it, one home for what every front end
//! shares: `oware play`, `oware uci`, `oware match`'s `level:N` engines,
//! `cargo lab ladder` and the web page all play through it.
//!
//! - [`Bot`]: the player at a [`Level`](oware_search::Level) (its limits
//!   and noise) with the opening book at the levels that play one, and one
//!   way to choose a move, [`Bot::choose`].
//! - [`limits_for`]: what the engine protocol's `go` asks of the search,
//!   for `oware uci`, the match's in-process players and the page's clock.
//! - [`Verdict`]: what a proven score says (who can force a win, or that
//!   best play draws), for the terminal, the protocol's `info` and the page.
//!
//! Which endgame database fits a game's rules is the search's answer
//! ([`oware_search::database_for`]); the front end opens it and hands it
//! to the engine the bot searches with.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use oware_core::{Game, Rules};
//! use oware_player::{Bot, Verdict};
//! use oware_search::{Engine, EngineOptions, Level};
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
//! # Ok::<(), oware_search::LevelError>(())
//! ```

mod bot;
mod go;
mod verdict;

pub use bot::{Bot, BotMove};
pub use go::limits_for;
pub use verdict::Verdict;
