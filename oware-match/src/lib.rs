//! Matches between oware engines, as cutechess-cli and fastchess run them
//! for chess: many games, openings varied and each played with both
//! colours, engines that crash or hang forfeiting without stopping the
//! match, the result as an Elo difference with its error, and an SPRT that
//! stops when the answer is clear.
//!
//! The parts, one file each: [`Player`]s (our engine in-process,
//! [`SearchPlayer`], or any program speaking the engine protocol,
//! [`ProcessPlayer`]); [`Budget`]s and clocks ([`TimeControl`]); openings
//! ([`random_openings`], [`read_openings`]); one game refereed by
//! oware-core ([`play_game`]); the match with its workers ([`run`]); the
//! tally ([`Summary`]) and its arithmetic ([`stats`]); saved games
//! ([`write_game`]), read back as played ([`read_games`]) or to resume a
//! stopped match ([`read_saved`], [`resume`]); engines described on a
//! command line ([`EngineSpec`]).
//! `oware match` is a front end over this crate, and so are `cargo lab
//! ladder` and `cargo lab tune --versus`.
//!
//! ```
//! use oware_core::Rules;
//! use oware_match::{Budget, Contestant, Match, SearchPlayer, Settings, random_openings, run};
//! use oware_player::Level;
//!
//! let level = |n: u8| -> Contestant {
//!     let level = Level::new(n).expect("levels are 1 to 19");
//!     Contestant {
//!         name: format!("level {n}"),
//!         budget: Budget::default(), // the level's own limits
//!         start: Box::new(move || Ok(Box::new(SearchPlayer::new(level, 1)))),
//!     }
//! };
//! let m = Match {
//!     contestants: [level(3), level(1)],
//!     openings: random_openings(Rules::ABAPA, 2, 2..=4, 7),
//!     games: 4,
//!     concurrency: 2,
//!     settings: Settings::default(),
//!     sprt: None,
//! };
//! let summary = run(&m, &mut |_game, _tally| {});
//! assert_eq!(summary.games, 4);
//! assert_eq!(summary.pairs.iter().sum::<u32>(), 2);
//! println!("{}", summary.table(["level 3", "level 1"], None));
//! ```

mod control;
mod game;
mod opening;
mod player;
mod process;
mod record;
mod saved;
mod spec;
pub mod stats;
mod summary;
mod tournament;

pub use control::{Budget, TimeControl, TimeControlError, Turn};
pub use game::{Ending, Result as GameResult, Settings, play as play_game};
pub use opening::{OpeningError, random_openings, read_ogn_openings, read_openings};
pub use oware_core::BySeat;
pub use player::{Fault, Player, SearchPlayer};
pub use process::{EngineCommand, MAX_LINE, ProcessPlayer};
pub use record::{GameRecord, game_record, write_game};
pub use saved::{SavedError, SavedErrorKind, SavedGame, read_games, read_saved};
pub use spec::{EngineKind, EngineSpec, SpecError};
pub use summary::{MIN_PAIRS, NoEstimate, Scored, Summary, Wdl};
pub use tournament::{Contestant, Match, Start, resume, resume_while, run};

/// The README's example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
