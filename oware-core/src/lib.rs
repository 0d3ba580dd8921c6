//! The rules of Oware Abapa as a fast, dependable library.
//!
//! Twelve houses in a ring and two stores, 48 seeds; sow counter-clockwise,
//! capture 2s and 3s walking back, feed an empty opponent, and never take
//! a whole row at once (the grand slam). The crate gives:
//!
//! - small `Copy` types: [`Seat`], [`House`], [`HouseSet`], [`Board`] (16
//!   bytes, copy-make) and [`Position`], with no heap in the move loop;
//! - the primitives, each public: [`Board::sow`], [`Board::capture_chain`],
//!   [`Chain::is_grand_slam`], [`Position::legal_moves_under`] (and
//!   [`Position::legal_moves_abapa`], the search's fast path, named for the
//!   grand-slam rule it assumes);
//! - checked and unchecked play ([`Position::play_under`],
//!   [`Position::play_abapa`], [`Position::play_unchecked`]) and a [`Game`]
//!   with history, undo, repetition, the move limit and an [`Outcome`];
//! - [`Rules`] as data: [`Rules::ABAPA`] (default), [`Rules::SOWING`],
//!   [`Rules::AWARI`], [`Rules::AWARI_SPLIT`], [`Rules::AUALE`], and the [`History`] that
//!   repetition and the move limit need;
//! - notation: house letters, [`Transcript`]s, board diagrams (the
//!   [`Display`](core::fmt::Display) and [`FromStr`](core::str::FromStr) of
//!   [`Board`]), fens ([`Position::from_fen`]) and OGN game records
//!   ([`Record`], the format of the Aualé GUI);
//! - un-moves for retrograde analysis ([`Position::quiet_unmoves`]);
//! - [`perft`].
//!
//! ```
//! use oware_core::{Board, Game, House, Rules, Seat, Transcript};
//!
//! let mut game = Game::new(Rules::ABAPA);
//! for house in "EcAb".parse::<Transcript>()?.iter() {
//!     game.play(*house)?;
//! }
//! let position = game.position();
//! assert_eq!(position.to_move(), Seat::South);
//! assert_eq!(position.board()[House::E], 1);
//! println!("{}", position.board());
//!
//! // Illegal moves are errors, and the game is unchanged.
//! let error = game.play(House::c).unwrap_err();
//! assert_eq!(error.to_string(), "house c is North's, and South is to move");
//! assert_eq!(game.moves().len(), 4);
//!
//! // Boards read back from the diagram, labels or not.
//! let board: Board = position.board().to_string().parse()?;
//! assert_eq!(board, position.board());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod arrangement;
mod board;
mod capture;
mod feeding;
mod game;
mod grand_slam;
mod history;
mod house;
mod lanes;
pub mod notation;
mod outcome;
mod perft;
mod position;
mod rules;
mod seat;
pub mod setup;
mod sow;
mod unmove;

pub use arrangement::{Arrangements, arrangements, next_arrangement};
pub use board::{Board, BoardError, TOTAL_SEEDS};
pub use capture::Chain;
pub use game::{Game, ReplayError};
pub use grand_slam::GrandSlam;
pub use history::History;
pub use house::{House, HouseError, HouseSet, HouseSetIter};
pub use notation::{FenError, OgnError, Record};
pub use notation::{ParseBoardError, ParsePositionError, Transcript, TranscriptError};
pub use outcome::{EndReason, Outcome, Share, WINNING_STORE, Winner};
pub use perft::{divide, perft, perft_played};
pub use position::{IllegalMove, Position};
pub use rules::{ParseRulesError, Rules, RulesError};
pub use seat::{BySeat, ParseSeatError, Seat};
pub use sow::Sowing;
pub use unmove::{QuietUnmoves, Unmove};

/// The README's example, compiled and run as a doc test (the crate's own
/// README, which the package holds; the repository's README shows the same
/// example, and the tidy test keeps the two alike).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
