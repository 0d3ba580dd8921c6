//! A deliberately naive second implementation of the rules of Oware (Abapa),
//! written from `RULES.md` alone so that it can cross-check the fast one.
//!
//! Everything here favours obviousness over speed: plain loops that say what
//! each rule says, a `Vec` where one is handy, no bit tricks.
//!
//! ```
//! use oware_reference::{Game, Position, Rules, parse_transcript, render_board};
//!
//! let mut game = Game::new(Rules::Abapa);
//! for house in parse_transcript("EcAb")? {
//!     game.play(house)?;
//! }
//! assert_eq!(game.moves(), &[4, 8, 0, 7]);
//! assert!(game.outcome().is_none());
//! assert_eq!(game.position().legal_moves(Rules::Abapa), vec![0, 1, 2, 3, 4, 5]);
//! println!("{}", render_board(&game.position().cells));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! One file per concern: sowing in `sow.rs`, the capture chain and grand slam
//! in `capture.rs`, what a move does to the board in `play.rs`, feeding and
//! the Awari restriction in `legality.rs`, the ends of a game in `outcome.rs`
//! and `game.rs`, letters and transcripts in `notation.rs`, the board as text
//! in `board_text.rs`. Two solvers stand on these rules: [`endgame`], the
//! value of every position of a few seeds for a game that starts fresh
//! (what an endgame database must hold), and [`solve`], the exact result of
//! a game with its history, repetition included (what a search's proofs
//! must say).

mod board_text;
mod capture;
pub mod endgame;
mod game;
mod legality;
mod notation;
mod outcome;
mod perft;
mod play;
mod position;
mod refusal;
mod rules;
mod seat;
pub mod solve;
mod sow;

pub use board_text::{BoardError, parse_board, render_board};
pub use endgame::{Bounds, EndgameError, EndgameRules, MoveBounds, move_bounds, solve_endgames};
pub use game::Game;
pub use notation::{
    TranscriptError, house_from_letter, house_letter, parse_transcript, render_transcript,
};
pub use outcome::{EndReason, Outcome};
pub use perft::perft;
pub use position::Position;
pub use refusal::Refusal;
pub use rules::Rules;
pub use seat::Seat;
