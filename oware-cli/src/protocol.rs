//! The engine protocol's input, parsed: the UCI dialect the Aualé GUI speaks.
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
//! use oware_cli::protocol::{Command, Reader};
//!
//! let input: &[u8] = b"isready\n\xff\xfe\ngo depth 4 movetime 600\n";
//! let mut reader = Reader::new(input);
//! assert_eq!(reader.next_command().unwrap(), Some(Ok(Command::IsReady)));
//! let error = reader.next_command().unwrap().unwrap().unwrap_err();
//! assert_eq!(error.to_string(), "column 1: the line is not UTF-8: `\u{fffd}\u{fffd}`");
//! let Some(Ok(Command::Go(go))) = reader.next_command().unwrap() else { panic!() };
//! assert_eq!(go.depth, Some(4));
//! assert_eq!(reader.next_command().unwrap(), None);
//! ```

use std::fmt;
use std::time::Duration;

use oware_core::{FenError, House, Position};

mod reader;

pub use reader::{MAX_LINE, Reader};

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify, list the options, `uciok`.
    Uci,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `ucinewgame`: forget what was learnt about the last game.
    NewGame,
    /// `position …`: the position to think about next.
    Position(SetPosition),
    /// `go …`: think, then answer `bestmove`.
    Go(Go),
    /// `stop`: answer `bestmove` now.
    Stop,
    /// `ponderhit`: the move pondered on was played; think on under the
    /// limits of the `go ponder`.
    PonderHit,
    /// `setoption name N [value V]`.
    SetOption {
        /// The option's name as written (names compare without case).
        name: String,
        /// The value, if any.
        value: Option<Word>,
    },
    /// `quit`: stop and leave.
    Quit,
}

/// A word of the line and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// The word.
    pub text: String,
    /// Its first character's column, from 1.
    pub column: usize,
}

/// `position startpos|fen F [moves …]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetPosition {
    /// The start: the opening, or the fen's position.
    pub start: Position,
    /// The moves to play from there, each with its column.
    pub moves: Vec<MoveAt>,
}

/// A house letter in a `moves` list and its column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveAt {
    /// The house.
    pub house: House,
    /// The letter's column, from 1.
    pub column: usize,
}

/// `go [ponder] [depth N] [movetime MS] [nodes N] [infinite] [wtime MS]
/// [btime MS] [winc MS] [binc MS] [movestogo N]`: the search's limits;
/// whichever is reached first ends it.
///
/// As in chess, "white" is the seat that moves first: `wtime` and `winc`
/// are South's clock, `btime` and `binc` North's. A negative time (a GUI
/// reporting a flag that fell) reads as zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// The deepest iteration.
    pub depth: Option<u32>,
    /// The time to think.
    pub movetime: Option<Duration>,
    /// The most nodes to visit.
    pub nodes: Option<u64>,
    /// Think until `stop`, and answer `bestmove` only then.
    pub infinite: bool,
    /// Think on the opponent's time until `stop` or `ponderhit`.
    pub ponder: bool,
    /// South's time left.
    pub wtime: Option<Duration>,
    /// North's time left.
    pub btime: Option<Duration>,
    /// South's increment per move.
    pub winc: Option<Duration>,
    /// North's increment per move.
    pub binc: Option<Duration>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
}

/// Why a line is not a command.
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
    /// The first word is no command.
    UnknownCommand(String),
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
    /// The fen is not a position.
    Fen(FenError),
    /// A character in a `moves` word that is not a house letter.
    NotAHouse {
        /// The word.
        word: String,
        /// The character.
        found: char,
    },
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
            ErrorKind::UnknownCommand(word) => write!(
                f,
                "unknown command `{word}` (expected uci, isready, ucinewgame, position, go, stop, ponderhit, setoption or quit)"
            ),
            ErrorKind::Unexpected { after, found } => {
                write!(f, "unexpected `{found}` in `{after}`")
            }
            ErrorKind::Missing { after, what } => write!(f, "`{after}` needs {what}"),
            ErrorKind::NotANumber { after, found } => {
                write!(f, "`{after}` needs a whole number, found `{found}`")
            }
            // Core quotes the fen as given: its control characters are
            // escaped here, as in every excerpt, so the answer stays one line.
            ErrorKind::Fen(error) => f.write_str(&escape_controls(error.to_string().chars())),
            ErrorKind::NotAHouse { word, found } => write!(
                f,
                "`{}` in the moves `{word}` is not a house letter (A-F or a-f)",
                excerpt(&found.to_string())
            ),
        }
    }
}

impl std::error::Error for ParseError {}

/// How many characters of a line or a word an error quotes.
pub const EXCERPT_CHARS: usize = 40;

/// The first [`EXCERPT_CHARS`] characters of `text`, with `…` if it is
/// longer, and control characters escaped: a GUI may read a carriage
/// return as the end of a line (Aualé does), so an error line must not
/// hold one.
///
/// ```
/// use oware_cli::protocol::excerpt;
/// assert_eq!(excerpt("position"), "position");
/// assert_eq!(excerpt(&"x".repeat(100)), format!("{}…", "x".repeat(40)));
/// assert_eq!(excerpt("a\rb\tc"), "a\\rb\\tc");
/// ```
#[must_use]
pub fn excerpt(text: &str) -> String {
    let mut chars = text.chars();
    let mut quoted = escape_controls(chars.by_ref().take(EXCERPT_CHARS));
    if chars.next().is_some() {
        quoted.push('…');
    }
    quoted
}

/// The characters with each control character escaped (`\r`, `\u{1c}`).
fn escape_controls(text: impl IntoIterator<Item = char>) -> String {
    let mut escaped = String::new();
    for c in text {
        if c.is_control() {
            escaped.extend(c.escape_default());
        } else {
            escaped.push(c);
        }
    }
    escaped
}

/// [`excerpt`] of bytes read as UTF-8, each bad sequence as `\u{fffd}`.
pub(crate) fn lossy_excerpt(bytes: &[u8]) -> String {
    // A character is at most 4 bytes, so this much holds one character
    // more than an excerpt whenever there is more, and `…` is still added.
    let enough = bytes.len().min(4 * (EXCERPT_CHARS + 1));
    excerpt(&String::from_utf8_lossy(&bytes[..enough]))
}

/// Parses one line as read: bytes that must be UTF-8 (see [`parse`]).
///
/// # Errors
/// A [`ParseError`]: the column of the first byte that is not UTF-8, or
/// what [`parse`] finds.
pub fn parse_bytes(line: &[u8]) -> Result<Option<Command>, ParseError> {
    match std::str::from_utf8(line) {
        Ok(text) => parse(text),
        Err(error) => {
            let valid = String::from_utf8_lossy(&line[..error.valid_up_to()]);
            Err(ParseError {
                column: valid.chars().count() + 1,
                kind: ErrorKind::NotUtf8(lossy_excerpt(line)),
            })
        }
    }
}

/// The words of a line with their columns, read front to back.
struct Words<'a> {
    words: std::iter::Peekable<std::vec::IntoIter<(usize, &'a str)>>,
    end: usize,
}

impl<'a> Words<'a> {
    fn new(line: &'a str) -> Words<'a> {
        let mut words = Vec::new();
        let mut start = None;
        for (column, (index, c)) in line.char_indices().enumerate() {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some((column + 1, index)),
                (true, Some((col, from))) => {
                    words.push((col, &line[from..index]));
                    start = None;
                }
                _ => {}
            }
        }
        if let Some((col, from)) = start {
            words.push((col, &line[from..]));
        }
        Words {
            words: words.into_iter().peekable(),
            end: line.chars().count() + 1,
        }
    }

    fn next(&mut self) -> Option<(usize, &'a str)> {
        self.words.next()
    }

    fn peek(&mut self) -> Option<(usize, &'a str)> {
        self.words.peek().copied()
    }

    /// The next word, or an error saying `after` needs `what`.
    fn expect(
        &mut self,
        after: &'static str,
        what: &'static str,
    ) -> Result<(usize, &'a str), ParseError> {
        self.next().ok_or(ParseError {
            column: self.end,
            kind: ErrorKind::Missing { after, what },
        })
    }

    /// The next word as a number, for the keyword `after`.
    fn number<T: std::str::FromStr>(&mut self, after: &'static str) -> Result<T, ParseError> {
        let (column, word) = self.expect(after, "a whole number")?;
        word.parse().map_err(|_| ParseError {
            column,
            kind: ErrorKind::NotANumber {
                after,
                found: excerpt(word),
            },
        })
    }

    /// The next word as milliseconds, for the keyword `after`; below zero reads as zero.
    fn millis(&mut self, after: &'static str) -> Result<Duration, ParseError> {
        let millis: i64 = self.number(after)?;
        Ok(Duration::from_millis(millis.max(0).unsigned_abs()))
    }

    /// An error if a word is left: it has no place after `after`.
    fn finish(&mut self, after: &'static str) -> Result<(), ParseError> {
        match self.next() {
            None => Ok(()),
            Some((column, word)) => Err(unexpected(column, after, word)),
        }
    }
}

fn unexpected(column: usize, after: &'static str, word: &str) -> ParseError {
    ParseError {
        column,
        kind: ErrorKind::Unexpected {
            after,
            found: excerpt(word),
        },
    }
}

/// Parses one line: `Ok(None)` for a blank line, which is no command.
///
/// # Errors
/// A [`ParseError`] naming the first word at fault and its column.
pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
    let mut words = Words::new(line);
    let Some((column, first)) = words.next() else {
        return Ok(None);
    };
    let command = match first {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::NewGame,
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "position" => return parse_position(&mut words).map(|p| Some(Command::Position(p))),
        "go" => return parse_go(&mut words).map(|g| Some(Command::Go(g))),
        "setoption" => return parse_setoption(&mut words).map(Some),
        _ => {
            return Err(ParseError {
                column,
                kind: ErrorKind::UnknownCommand(excerpt(first)),
            });
        }
    };
    words.finish(first_static(&command))?;
    Ok(Some(command))
}

/// The name of a command without arguments, for error messages.
fn first_static(command: &Command) -> &'static str {
    match command {
        Command::Uci => "uci",
        Command::IsReady => "isready",
        Command::NewGame => "ucinewgame",
        Command::Stop => "stop",
        Command::PonderHit => "ponderhit",
        Command::Quit => "quit",
        Command::Position(_) => "position",
        Command::Go(_) => "go",
        Command::SetOption { .. } => "setoption",
    }
}

fn parse_position(words: &mut Words<'_>) -> Result<SetPosition, ParseError> {
    let (column, kind) = words.expect("position", "`startpos` or `fen`")?;
    let start = match kind {
        "startpos" => Position::OPENING,
        "fen" => {
            let (column, fen) =
                words.expect("fen", "a position such as 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S")?;
            parse_fen(fen).map_err(|kind| ParseError { column, kind })?
        }
        other => return Err(unexpected(column, "position", other)),
    };
    let mut moves = Vec::new();
    if let Some((column, word)) = words.next() {
        if word != "moves" {
            return Err(unexpected(column, "position", word));
        }
        while let Some((column, word)) = words.next() {
            for (offset, c) in word.chars().enumerate() {
                let house = House::from_letter(c).ok_or_else(|| ParseError {
                    column: column + offset,
                    kind: ErrorKind::NotAHouse {
                        word: excerpt(word),
                        found: c,
                    },
                })?;
                moves.push(MoveAt {
                    house,
                    column: column + offset,
                });
            }
        }
    }
    Ok(SetPosition { start, moves })
}

/// Reads `H0-H1-…-H11-S-N-T`.
pub fn parse_fen(fen: &str) -> Result<Position, ErrorKind> {
    Position::from_fen(fen).map_err(ErrorKind::Fen)
}

/// Writes `position` as the protocol's fen, which [`parse_fen`] reads.
#[must_use]
pub fn fen(position: Position) -> String {
    position.to_fen()
}

fn parse_go(words: &mut Words<'_>) -> Result<Go, ParseError> {
    let mut go = Go::default();
    while let Some((column, word)) = words.next() {
        match word {
            "depth" => go.depth = Some(words.number("depth")?),
            "movetime" => go.movetime = Some(Duration::from_millis(words.number("movetime")?)),
            "nodes" => go.nodes = Some(words.number("nodes")?),
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "wtime" => go.wtime = Some(words.millis("wtime")?),
            "btime" => go.btime = Some(words.millis("btime")?),
            "winc" => go.winc = Some(words.millis("winc")?),
            "binc" => go.binc = Some(words.millis("binc")?),
            "movestogo" => go.movestogo = Some(words.number("movestogo")?),
            other => return Err(unexpected(column, "go", other)),
        }
    }
    Ok(go)
}

fn parse_setoption(words: &mut Words<'_>) -> Result<Command, ParseError> {
    match words.expect("setoption", "`name` and the option's name")? {
        (_, word) if word.eq_ignore_ascii_case("name") => {}
        (column, other) => return Err(unexpected(column, "setoption", other)),
    }
    let mut name = Vec::new();
    while let Some((_, word)) = words.peek() {
        if word.eq_ignore_ascii_case("value") {
            break;
        }
        name.push(word);
        words.next();
    }
    if name.is_empty() {
        return Err(ParseError {
            column: words.peek().map_or(words.end, |(column, _)| column),
            kind: ErrorKind::Missing {
                after: "name",
                what: "the option's name",
            },
        });
    }
    let value = match words.next() {
        None => None,
        Some(_) => {
            let (column, first) = words.expect("value", "the option's value")?;
            let mut text = first.to_owned();
            while let Some((_, word)) = words.next() {
                text.push(' ');
                text.push_str(word);
            }
            Some(Word { text, column })
        }
    };
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

#[cfg(test)]
mod tests;
