//! What a GUI sends an engine: [`Command`], read from a line and written
//! back as one.

use core::fmt;
use core::str::FromStr;

use oware_core::{House, Position};

use crate::error::{ErrorKind, ParseError};
use crate::go::{Go, parse_go};
use crate::words::{Words, excerpt, lossy_excerpt, unexpected};

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify, list the options, `uciok`.
    Uci,
    /// `debug on` or `debug off` (`debug` alone is on): whether to say more.
    Debug(bool),
    /// `isready`: answer `readyok`.
    IsReady,
    /// `setoption name N [value V]`.
    SetOption(SetOption),
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
    /// `quit`: stop and leave.
    Quit,
}

/// `setoption name N [value V]`. The name and the value are their words
/// joined by single spaces; names compare without case (the engine's to do).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetOption {
    /// The option's name as written.
    pub name: String,
    /// The value, if any.
    pub value: Option<String>,
}

/// `position startpos|fen F [moves …]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetPosition {
    /// The start: the opening (`startpos`), or the fen's position.
    pub start: Position,
    /// The moves to play from there.
    pub moves: Vec<House>,
}

/// A command as read from a line, with where the parts that may be refused
/// after reading it were: its moves (illegal in the game) and its option
/// value (wrong for the option).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// The command.
    pub command: Command,
    /// The column (from 1) of each move of a `position`, in order.
    pub moves: Vec<usize>,
    /// The column of a `setoption`'s value.
    pub value: Option<usize>,
}

impl fmt::Display for Command {
    /// The line, without its newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Uci => f.write_str("uci"),
            Command::Debug(on) => f.write_str(if *on { "debug on" } else { "debug off" }),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption(option) => option.fmt(f),
            Command::NewGame => f.write_str("ucinewgame"),
            Command::Position(set) => set.fmt(f),
            Command::Go(go) => go.fmt(f),
            Command::Stop => f.write_str("stop"),
            Command::PonderHit => f.write_str("ponderhit"),
            Command::Quit => f.write_str("quit"),
        }
    }
}

impl fmt::Display for SetOption {
    /// `setoption name Hash value 64`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "setoption name {}", self.name)?;
        match &self.value {
            Some(value) => write!(f, " value {value}"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for SetPosition {
    /// `position startpos moves EcAb`, or `position fen …` for another
    /// start; the moves run together as one word.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.start == Position::OPENING {
            f.write_str("position startpos")?;
        } else {
            write!(f, "position fen {}", self.start.to_fen())?;
        }
        if !self.moves.is_empty() {
            f.write_str(" moves ")?;
            self.moves
                .iter()
                .try_for_each(|house| write!(f, "{}", house.letter()))?;
        }
        Ok(())
    }
}

/// Parses one line: `Ok(None)` for a blank line, which is no command.
///
/// ```
/// use oware_uci::{Command, parse};
/// assert_eq!(parse("  isready "), Ok(Some(Command::IsReady)));
/// assert_eq!(parse(""), Ok(None));
/// let error = parse("go depth x").unwrap_err();
/// assert_eq!(error.to_string(), "column 10: `depth` needs a whole number, found `x`");
/// ```
///
/// # Errors
/// A [`ParseError`] naming the first word at fault and its column.
pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
    Ok(parse_located(line)?.map(|located| located.command))
}

/// Parses one line as read: bytes that must be UTF-8, read as [`parse`]
/// reads text, with where the command's moves and value were (`Ok(None)`
/// for a blank line).
///
/// ```
/// use oware_uci::{Command, parse_bytes};
/// let located = parse_bytes(b"position startpos moves Ec").unwrap().unwrap();
/// assert!(matches!(located.command, Command::Position(_)));
/// assert_eq!(located.moves, [25, 26]);
/// let error = parse_bytes(b"go depth \xe9").unwrap_err();
/// assert_eq!(error.to_string(), "column 10: the line is not UTF-8: `go depth \u{fffd}`");
/// ```
///
/// # Errors
/// A [`ParseError`]: the column of the first byte that is not UTF-8, or
/// what [`parse`] finds.
pub fn parse_bytes(line: &[u8]) -> Result<Option<Located>, ParseError> {
    match std::str::from_utf8(line) {
        Ok(text) => parse_located(text),
        Err(error) => {
            let valid = String::from_utf8_lossy(&line[..error.valid_up_to()]);
            Err(ParseError {
                column: valid.chars().count() + 1,
                kind: ErrorKind::NotUtf8(lossy_excerpt(line)),
            })
        }
    }
}

/// [`parse`], with where the command's moves and value were.
fn parse_located(line: &str) -> Result<Option<Located>, ParseError> {
    let mut words = Words::new(line);
    let Some((column, first)) = words.next() else {
        return Ok(None);
    };
    let (mut moves, mut value) = (Vec::new(), None);
    let command = match first {
        "uci" => simple(&mut words, Command::Uci, "uci")?,
        "isready" => simple(&mut words, Command::IsReady, "isready")?,
        "ucinewgame" => simple(&mut words, Command::NewGame, "ucinewgame")?,
        "stop" => simple(&mut words, Command::Stop, "stop")?,
        "ponderhit" => simple(&mut words, Command::PonderHit, "ponderhit")?,
        "quit" => simple(&mut words, Command::Quit, "quit")?,
        "debug" => Command::Debug(parse_debug(&mut words)?),
        "position" => Command::Position(parse_position(&mut words, &mut moves)?),
        "go" => Command::Go(parse_go(&mut words)?),
        "setoption" => Command::SetOption(parse_setoption(&mut words, &mut value)?),
        _ => {
            return Err(ParseError {
                column,
                kind: ErrorKind::UnknownCommand(excerpt(first)),
            });
        }
    };
    Ok(Some(Located {
        command,
        moves,
        value,
    }))
}

/// A command without arguments, if no word follows.
fn simple(
    words: &mut Words<'_>,
    command: Command,
    name: &'static str,
) -> Result<Command, ParseError> {
    words.finish(name)?;
    Ok(command)
}

fn parse_debug(words: &mut Words<'_>) -> Result<bool, ParseError> {
    let on = match words.next() {
        None | Some((_, "on")) => true,
        Some((_, "off")) => false,
        Some((column, other)) => return Err(unexpected(column, "debug", other)),
    };
    words.finish("debug")?;
    Ok(on)
}

/// Reads what follows `position`, noting each move's column in `columns`.
fn parse_position(
    words: &mut Words<'_>,
    columns: &mut Vec<usize>,
) -> Result<SetPosition, ParseError> {
    let (column, kind) = words.expect("position", "`startpos` or `fen`")?;
    let start = match kind {
        "startpos" => Position::OPENING,
        "fen" => {
            let (column, fen) =
                words.expect("fen", "a position such as 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S")?;
            Position::from_fen(fen).map_err(|error| ParseError {
                column,
                kind: ErrorKind::Fen(error),
            })?
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
                moves.push(house);
                columns.push(column + offset);
            }
        }
    }
    Ok(SetPosition { start, moves })
}

/// Reads what follows `setoption`, noting the value's column in `column`.
fn parse_setoption(
    words: &mut Words<'_>,
    column: &mut Option<usize>,
) -> Result<SetOption, ParseError> {
    match words.expect("setoption", "`name` and the option's name")? {
        (_, word) if word.eq_ignore_ascii_case("name") => {}
        (column, other) => return Err(unexpected(column, "setoption", other)),
    }
    let (_, name) = words
        .phrase(&["value"])
        .ok_or_else(|| words.missing("name", "the option's name"))?;
    let value = match words.next() {
        None => None,
        Some(_) => {
            let (at, value) = words
                .phrase(&[])
                .ok_or_else(|| words.missing("value", "the option's value"))?;
            *column = Some(at);
            Some(value)
        }
    };
    Ok(SetOption { name, value })
}

impl FromStr for Command {
    type Err = ParseError;

    /// [`parse`], for which a blank line is an error.
    fn from_str(line: &str) -> Result<Command, ParseError> {
        parse(line)?.ok_or(ParseError {
            column: 1,
            kind: ErrorKind::Blank,
        })
    }
}

from_line!(Go, Command::Go, "go");
from_line!(SetPosition, Command::Position, "position");
from_line!(SetOption, Command::SetOption, "setoption");
