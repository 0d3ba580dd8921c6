//! Text forms: transcripts of moves, boards as diagrams, positions as fens
//! and whole games as OGN records ([`ogn`]).
//!
//! House letters themselves live with [`House`](crate::House).
//!
//! ```
//! use oware_core::{Board, Game, Rules, Transcript};
//! let mut game = Game::new(Rules::ABAPA);
//! for &house in "Ec".parse::<Transcript>()?.iter() {
//!     game.play(house)?;
//! }
//! assert_eq!(game.transcript().to_string(), "Ec");
//! // North's row drawn right to left (f to a) with its store first.
//! let text = game.position().board().to_string();
//! assert_eq!(text.lines().nth(1), Some("[ 0]  5  5  5  0  5  5"));
//! assert_eq!(text.lines().nth(2), Some("      5  5  4  4  0  5 [ 0]"));
//! assert_eq!(text.parse::<Board>()?, game.position().board());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board_text;
mod fen;
pub mod ogn;
mod position_text;
mod transcript;

pub use board_text::ParseBoardError;
pub use fen::FenError;
pub use ogn::{OgnError, OgnErrorKind, Record, RecordEditError, Records, Tag};
pub use position_text::ParsePositionError;
pub use transcript::{Transcript, TranscriptError};
