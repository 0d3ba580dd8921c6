//! Endgame databases for Oware: every position with up to `N` seeds on the
//! board, solved by retrograde analysis under the awari or abapa rules.
//!
//! A database position is the twelve houses and the side to move; stores
//! do not change what is still to be won. Its value is the net number of
//! seeds (the mover's minus the opponent's) that the side to move collects
//! out of the `n` on the board under perfect play, until the board is
//! settled; the mover ends the game with `store + (n + value) / 2`.
//!
//! ```
//! use oware_core::{Board, Position, Seat};
//! use oware_egdb::{Bounds, Database, Ruleset};
//!
//! let db = Database::build(Ruleset::Awari, 6);
//! // South holds A = 2, North a = 1: South's A cannot reach a... it sows
//! // B and C; North then has one move, a into b, and so on.
//! let board = Board::from_cells([2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 22, 23])?;
//! let position = Position::new(board, Seat::South);
//! let value = db.probe(&position).expect("3 seeds are in the database");
//! assert!(value.is_exact());
//! for (house, bounds) in db.probe_moves(&position).unwrap() {
//!     assert!(bounds.hi <= value.lo, "{house} is no better than the best move");
//! }
//! # Ok::<(), oware_core::BoardError>(())
//! ```
//!
//! Under **awari** a grand slam is illegal unless every legal move is one,
//! and endless play without a capture splits the seeds left evenly (it
//! scores 0): the values are exact. Under **abapa** a grand slam is legal
//! and captures nothing, and each position keeps two [`Bounds`]: LO, the
//! value if endless play gave every seed left to the mover's opponent, and
//! HI, if it gave them to the mover.
//!
//! Every rule (sowing, capture, grand slam, feeding, legal moves) is
//! oware-core's: the database calls it, never works it out again.
//!
//! DOCS-TODO

mod database;
#[cfg(not(target_arch = "wasm32"))]
mod disk;
mod error;
mod file;
mod parallel;
mod rank;
mod ruleset;
mod solve;
mod unmove;
mod view;

pub use database::{BuildEvent, Database, SliceReport, mover_houses};
#[cfg(not(target_arch = "wasm32"))]
pub use disk::{BuildSummary, build_dir, slice_path};
pub use error::{Damage, EgdbError};
pub use rank::{positions_up_to, slice_len};
pub use ruleset::{Bounds, ParseRulesetError, Ruleset};
