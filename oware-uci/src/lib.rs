//! The engine protocol Oware programs speak, in both directions: the UCI
//! dialect of the Aualé GUI, which `oware uci` answers and `oware match`
//! speaks to engines. Every line is a typed value: what a GUI sends is a
//! [`Command`] (`position` a [`SetPosition`], `go` a [`Go`], `setoption`
//! a [`SetOption`]), what an engine sends an [`Answer`] (`info` an
//! [`Info`], `bestmove` a [`BestMove`], `option` an [`EngineOption`]).
//! Each is read with `FromStr` (commands also with [`parse`], for which a
//! blank line is no command) and written with `Display`, the exact line,
//! which reads back as the same value.
//!
//! A line is words separated by blanks. Positions are given as `startpos` or
//! `fen H0-H1-…-H11-S-N-T` (the twelve house counts in index order, South's
//! store, North's store, `S` or `N` to move), followed by `moves` and house
//! letters, as one word (`FbEc`) or several. Every error names the word at
//! fault and its column (from 1), so the GUI's log says what was wrong, and
//! quotes at most [`EXCERPT_CHARS`] characters of it, so a GUI that sends
//! a megabyte of nonsense does not get it back.
//!
//! Input is read as bytes by a [`Reader`]: a line that is not UTF-8 or is
//! longer than [`MAX_LINE`] bytes is an error like any other, never the end
//! of the session.
//!
//! ```
//! use oware_core::House;
//! use oware_uci::{Answer, BestMove, Command, Reader};
//!
//! let input: &[u8] = b"isready\n\xff\xfe\ngo depth 4 movetime 600\n";
//! let mut reader = Reader::new(input);
//! assert_eq!(reader.next_command().unwrap().unwrap().unwrap().command, Command::IsReady);
//! let error = reader.next_command().unwrap().unwrap().unwrap_err();
//! assert_eq!(error.to_string(), "column 1: the line is not UTF-8: `\u{fffd}\u{fffd}`");
//! let Command::Go(go) = reader.next_command().unwrap().unwrap().unwrap().command else {
//!     panic!()
//! };
//! assert_eq!(go.depth, Some(4));
//! assert_eq!(go.to_string(), "go depth 4 movetime 600");
//! assert!(reader.next_command().unwrap().is_none());
//!
//! let best = BestMove { house: Some(House::E), ponder: Some(House::c) };
//! assert_eq!(best.to_string(), "bestmove E ponder c");
//! assert_eq!("bestmove E ponder c".parse(), Ok(Answer::BestMove(best)));
//! ```

/// `FromStr` for the type of one kind of line: the line read as a whole
/// (`$line`), which must be that kind (`$line::$variant`).
macro_rules! from_line {
    ($type:ident, $line:ident :: $variant:ident, $word:literal) => {
        impl FromStr for $type {
            type Err = ParseError;

            #[doc = concat!("Reads a `", $word, "` line, as [`", stringify!($line), "`] reads it.")]
            fn from_str(line: &str) -> Result<$type, ParseError> {
                match line.parse::<$line>()? {
                    $line::$variant(value) => Ok(value),
                    _ => Err(crate::error::not_the($word, line)),
                }
            }
        }
    };
}

mod answer;
mod command;
mod error;
mod go;
mod reader;
mod words;

pub use answer::{Answer, BestMove, EngineOption, Id, Info, OptionKind};
pub use command::{Command, Located, SetOption, SetPosition, parse, parse_bytes};
pub use error::{ErrorKind, ParseError};
pub use go::Go;
pub use reader::{MAX_LINE, Reader, read_bounded_line};
pub use words::{EXCERPT_CHARS, excerpt};

#[cfg(test)]
mod tests;
