//! Oware puzzles, mined from real games, every solution proved.
//!
//! A [`Puzzle`] is a position from a game, taken as a fresh game (nothing
//! before it, so an endgame database's value there is a fact), where the
//! side to move can force a win, or save a lost-looking game by forcing a
//! draw, with exactly one move at each of its turns. The crate owns:
//!
//! - **proving** ([`Prover`]): oware-search's proven scores from a
//!   fixed-depth search in analysis mode, with or without the endgame
//!   database (built in memory); uniqueness proven where the proof decides
//!   every other move, else by a clear margin, and recorded as such
//!   ([`Proof`], [`Uniqueness`]); [`Prover::check`] repeats the proof;
//! - **themes** ([`Theme`], [`Themes`]), tagged from the line itself;
//! - **ratings**: the starting rating from the lowest bot level that finds
//!   the first move ([`Prover::rate`], [`rating_for`]), then Glicko-2
//!   ([`Glicko`], [`attempt`]) for player and puzzle;
//! - **the file** ([`file`]): compact, checked by oware-file's header and
//!   checksum; [`PuzzleSet::shipped`] is the set carried in the binary;
//! - **mining** ([`mine_game`]) and learning from mistakes ([`mistakes`],
//!   [`mistake_at`]);
//! - **endgame practice** against the database's defence ([`Practice`],
//!   [`defence`]), in graded sets by seeds on the board
//!   ([`GRADES`], [`PuzzleSet::endings`]).
//!
//! ```
//! use oware_core::{House, Position, Rules};
//! use oware_puzzle::{Goal, Proof, Prover, PuzzleSet, Settings, Theme};
//!
//! // South's F makes a hold 3: the 25th seed. Prove it, tag it, rate it.
//! let start = Position::from_fen("0-1-0-0-0-1-2-0-0-0-0-1-22-21-S")?;
//! let mut prover = Prover::new(Settings { depth: 6, egdb_seeds: 6, margin_centi: 200 });
//! let puzzle = prover.puzzle_at(start, Rules::ABAPA).expect("a forced win");
//! assert_eq!((puzzle.goal(), puzzle.line()), (Goal::Win, &[House::F][..]));
//! assert!(puzzle.themes().contains(Theme::TwentyFifthSeed));
//! assert_eq!(puzzle.proof(), Proof::Search);
//! assert!(prover.check(&puzzle).is_ok());
//!
//! // The shipped set, and today's puzzle from it.
//! let set = PuzzleSet::shipped();
//! let today = set.daily(20_794).expect("the set is not empty");
//! println!("{} {} {}", today.id(), today.start().to_fen(), today.line_text());
//! # Ok::<(), oware_core::FenError>(())
//! ```

pub mod file;
mod mine;
mod practice;
mod prove;
mod puzzle;
mod rating;
mod set;
mod theme;
mod turn;
mod words;

pub use file::{MAGIC, PuzzleFileError};
pub use mine::{PER_GAME, mine_game, mistake_at, mistakes};
pub use practice::{GRADES, Grade, Judgement, NoPractice, Practice, defence, seeds_on_board};
pub use prove::{
    CheckError, LOST_LOOKING_SEEDS, MARGIN_DEPTH, Prover, RATED_LEVELS, Settings, Solution,
    looks_lost, rating_for,
};
pub use puzzle::{
    Goal, MAX_PLIES, MAX_SOLVER_MOVES, Proof, Puzzle, PuzzleError, Uniqueness, id_of,
};
pub use rating::{Glicko, TAU, attempt};
pub use set::{PuzzleSet, days_from_date};
pub use theme::{ENDGAME_SEEDS, ParseThemeError, Theme, Themes};
pub use turn::{TurnFailure, judge_turn};
pub use words::{goal_words, move_words, proof_words};
