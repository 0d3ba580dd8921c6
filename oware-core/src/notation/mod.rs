//! Text forms: transcripts of moves and boards as diagrams.
//!
//! House letters themselves live with [`House`](crate::House).

mod board_text;
mod transcript;

pub use board_text::ParseBoardError;
pub use transcript::{Transcript, TranscriptError};
