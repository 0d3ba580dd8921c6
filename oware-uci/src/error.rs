//! Why a line is not a command or an answer: the column at fault and the
//! reason, one variant each.

use core::fmt;

use oware_core::FenError;

use crate::reader::MAX_LINE;
use crate::words::{escape_controls, excerpt};

/// Why a line is not a command (or an answer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The column of the word at fault (from 1); the line's end when a word is missing.
    pub column: usize,
    /// What is wrong.
    pub kind: ErrorKind,
}

/// The reasons a line is refused, one variant each. Every quoted text is an
/// [`excerpt`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The line is not UTF-8 (the column is the first bad byte's).
    NotUtf8(String),
    /// The line is longer than [`MAX_LINE`] bytes.
    TooLong {
        /// Its length in bytes.
        bytes: usize,
        /// Its start.
        start: String,
    },
    /// The line is blank, where a command or an answer must be.
    Blank,
    /// The first word is no command a GUI sends.
    UnknownCommand(String),
    /// The first word is no answer an engine sends.
    UnknownAnswer(String),
    /// The line is another command or answer than the one asked for.
    NotThe {
        /// The first word asked for.
        expected: &'static str,
        /// The word found.
        found: String,
    },
    /// A word that has no place after `command`.
    Unexpected {
        /// The command or keyword being read.
        after: &'static str,
        /// The word found.
        found: String,
    },
    /// A word is missing at the end of the line.
    Missing {
        /// The command or keyword that needs it.
        after: &'static str,
        /// What it needs.
        what: &'static str,
    },
    /// A word that should be a whole number.
    NotANumber {
        /// The keyword it follows.
        after: &'static str,
        /// The word found.
        found: String,
    },
    /// A whole number outside the range its keyword takes.
    OutOfRange {
        /// The keyword it follows.
        after: &'static str,
        /// The least number taken.
        min: i128,
        /// The greatest number taken.
        max: i128,
        /// The word found.
        found: String,
    },
    /// The fen is not a position.
    Fen(FenError),
    /// A character in a `moves` word that is not a house letter.
    NotAHouse {
        /// The word.
        word: String,
        /// The character.
        found: char,
    },
    /// A word that should be one move: a house letter (or `0000`, no move,
    /// after `bestmove`).
    NotAMove {
        /// The keyword it follows.
        after: &'static str,
        /// The word found.
        found: String,
    },
}

/// A bound of a range as people read it: the number, or for the bounds of
/// the widest types, which no one reads digit by digit, a power of two
/// (`2^64-1`, `-2^63`).
struct Bound(i128);

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = self.0;
        let power = |n: i128| (n > 0 && n & (n - 1) == 0).then(|| n.trailing_zeros());
        if value.unsigned_abs() < 1 << 40 {
            return write!(f, "{value}");
        }
        match (power(value), power(value + 1), power(-value)) {
            (Some(k), _, _) => write!(f, "2^{k}"),
            (_, Some(k), _) => write!(f, "2^{k}-1"),
            (_, _, Some(k)) => write!(f, "-2^{k}"),
            _ => write!(f, "{value}"),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: ", self.column)?;
        match &self.kind {
            ErrorKind::NotUtf8(line) => write!(f, "the line is not UTF-8: `{line}`"),
            ErrorKind::TooLong { bytes, start } => write!(
                f,
                "the line is {bytes} bytes long, over the limit of {MAX_LINE}: `{start}`"
            ),
            ErrorKind::Blank => f.write_str("the line is blank"),
            ErrorKind::UnknownCommand(word) => write!(
                f,
                "unknown command `{word}` (expected uci, debug, isready, ucinewgame, position, go, stop, ponderhit, setoption or quit)"
            ),
            ErrorKind::UnknownAnswer(word) => write!(
                f,
                "unknown answer `{word}` (expected id, option, uciok, readyok, info or bestmove)"
            ),
            ErrorKind::NotThe { expected, found } => {
                write!(f, "expected `{expected}`, found `{found}`")
            }
            ErrorKind::Unexpected { after, found } => {
                write!(f, "unexpected `{found}` in `{after}`")
            }
            ErrorKind::Missing { after, what } => write!(f, "`{after}` needs {what}"),
            ErrorKind::NotANumber { after, found } => {
                write!(f, "`{after}` needs a whole number, found `{found}`")
            }
            ErrorKind::OutOfRange {
                after,
                min,
                max,
                found,
            } => write!(
                f,
                "`{after}` needs a whole number from {} to {}, found `{found}`",
                Bound(*min),
                Bound(*max)
            ),
            // Core quotes the fen as given: its control characters are
            // escaped here, as in every excerpt, so the answer stays one line.
            ErrorKind::Fen(error) => f.write_str(&escape_controls(error.to_string().chars())),
            ErrorKind::NotAHouse { word, found } => write!(
                f,
                "`{}` in the moves `{word}` is not a house letter (A-F or a-f)",
                excerpt(&found.to_string())
            ),
            ErrorKind::NotAMove { after, found } => write!(
                f,
                "`{after}` needs a house letter (A-F or a-f), found `{found}`"
            ),
        }
    }
}

impl std::error::Error for ParseError {}

/// The error for `line` when it is not the `expected` command or answer.
pub(crate) fn not_the(expected: &'static str, line: &str) -> ParseError {
    let (column, found) = crate::words::Words::new(line).next().unwrap_or((1, ""));
    ParseError {
        column,
        kind: ErrorKind::NotThe {
            expected,
            found: excerpt(found),
        },
    }
}
