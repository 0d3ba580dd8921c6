//! The engine protocol's input, parsed: the UCI dialect the Aualé GUI speaks.
//!
//! A line is words separated by blanks. Positions are given as `startpos` or
//! `fen H0-H1-…-H11-S-N-T` (the twelve house counts in index order, South's
//! store, North's store, `S` or `N` to move), followed by `moves` and house
//! letters, as one word (`FbEc`) or several. Every error names the word at
//! fault and its column (from 1), so the GUI's log says what was wrong.

use std::fmt;
use std::time::Duration;

use oware_core::{FenError, House, Position};

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Command {
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
pub(crate) struct Word {
    /// The word.
    pub(crate) text: String,
    /// Its first character's column, from 1.
    pub(crate) column: usize,
}

/// `position startpos|fen F [moves …]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SetPosition {
    /// The start: the opening, or the fen's position.
    pub(crate) start: Position,
    /// The moves to play from there, each with its column.
    pub(crate) moves: Vec<MoveAt>,
}

/// A house letter in a `moves` list and its column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MoveAt {
    /// The house.
    pub(crate) house: House,
    /// The letter's column, from 1.
    pub(crate) column: usize,
}

/// `go [depth N] [movetime MS] [nodes N] [infinite]`: the search's limits;
/// whichever is reached first ends it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Go {
    /// The deepest iteration.
    pub(crate) depth: Option<u32>,
    /// The time to think.
    pub(crate) movetime: Option<Duration>,
    /// The most nodes to visit.
    pub(crate) nodes: Option<u64>,
    /// Think until `stop`, and answer `bestmove` only then.
    pub(crate) infinite: bool,
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ParseError {
    /// The column of the word at fault (from 1); the line's end when a word is missing.
    pub(crate) column: usize,
    /// What is wrong.
    pub(crate) kind: ErrorKind,
}

/// The reasons a line is refused, one variant each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ErrorKind {
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
            ErrorKind::UnknownCommand(word) => write!(
                f,
                "unknown command `{word}` (expected uci, isready, ucinewgame, position, go, stop, setoption or quit)"
            ),
            ErrorKind::Unexpected { after, found } => {
                write!(f, "unexpected `{found}` in `{after}`")
            }
            ErrorKind::Missing { after, what } => write!(f, "`{after}` needs {what}"),
            ErrorKind::NotANumber { after, found } => {
                write!(f, "`{after}` needs a whole number, found `{found}`")
            }
            ErrorKind::Fen(error) => error.fmt(f),
            ErrorKind::NotAHouse { word, found } => write!(
                f,
                "`{found}` in the moves `{word}` is not a house letter (A-F or a-f)"
            ),
        }
    }
}

impl std::error::Error for ParseError {}

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
                found: word.to_owned(),
            },
        })
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
            found: word.to_owned(),
        },
    }
}

/// Parses one line: `Ok(None)` for a blank line, which is no command.
///
/// # Errors
/// A [`ParseError`] naming the first word at fault and its column.
pub(crate) fn parse(line: &str) -> Result<Option<Command>, ParseError> {
    let mut words = Words::new(line);
    let Some((column, first)) = words.next() else {
        return Ok(None);
    };
    let command = match first {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::NewGame,
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        "position" => return parse_position(&mut words).map(|p| Some(Command::Position(p))),
        "go" => return parse_go(&mut words).map(|g| Some(Command::Go(g))),
        "setoption" => return parse_setoption(&mut words).map(Some),
        _ => {
            return Err(ParseError {
                column,
                kind: ErrorKind::UnknownCommand(first.to_owned()),
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
                        word: word.to_owned(),
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
pub(crate) fn parse_fen(fen: &str) -> Result<Position, ErrorKind> {
    Position::from_fen(fen).map_err(ErrorKind::Fen)
}

/// Writes `position` as the protocol's fen.
#[cfg(test)]
pub(crate) fn fen(position: Position) -> String {
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
mod tests {
    use super::*;
    use oware_core::Seat;

    fn error(line: &str) -> String {
        parse(line).unwrap_err().to_string()
    }

    #[test]
    fn simple_commands_and_blank_lines() {
        assert_eq!(parse("uci"), Ok(Some(Command::Uci)));
        assert_eq!(parse("  isready  "), Ok(Some(Command::IsReady)));
        assert_eq!(parse("ucinewgame"), Ok(Some(Command::NewGame)));
        assert_eq!(parse("stop"), Ok(Some(Command::Stop)));
        assert_eq!(parse("quit"), Ok(Some(Command::Quit)));
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse(" \t "), Ok(None));
    }

    #[test]
    fn positions_with_moves_in_one_word_or_several() {
        let one = parse("position startpos moves FbEc").unwrap();
        let several = parse("position startpos moves F b Ec").unwrap();
        let Some(Command::Position(one)) = one else {
            panic!("not a position")
        };
        let Some(Command::Position(several)) = several else {
            panic!("not a position")
        };
        let houses = |p: &SetPosition| p.moves.iter().map(|m| m.house).collect::<Vec<_>>();
        assert_eq!(houses(&one), [House::F, House::b, House::E, House::c]);
        assert_eq!(houses(&one), houses(&several));
        assert_eq!(one.moves[2].column, 27);
        assert_eq!(several.moves[2].column, 29);
        assert_eq!(one.start, Position::OPENING);
    }

    #[test]
    fn fen_reads_houses_in_index_order_then_stores_then_seat() {
        let line = "position fen 0-0-0-0-0-1-0-0-0-0-0-3-20-24-N moves f";
        let Ok(Some(Command::Position(set))) = parse(line) else {
            panic!("not a position")
        };
        assert_eq!(set.start.to_move(), Seat::North);
        assert_eq!(set.start.board()[House::F], 1);
        assert_eq!(set.start.board()[House::f], 3);
        assert_eq!(set.start.board().stores().north, 24);
        assert_eq!(fen(set.start), "0-0-0-0-0-1-0-0-0-0-0-3-20-24-N");
        assert_eq!(fen(Position::OPENING), "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S");
    }

    #[test]
    fn go_reads_every_limit() {
        let go = parse("go depth 7 movetime 250 nodes 1000 infinite").unwrap();
        assert_eq!(
            go,
            Some(Command::Go(Go {
                depth: Some(7),
                movetime: Some(Duration::from_millis(250)),
                nodes: Some(1000),
                infinite: true,
            }))
        );
        assert_eq!(parse("go"), Ok(Some(Command::Go(Go::default()))));
    }

    #[test]
    fn setoption_names_may_have_spaces_and_values_are_kept_whole() {
        assert_eq!(
            parse("setoption name Hash value 64"),
            Ok(Some(Command::SetOption {
                name: "Hash".to_owned(),
                value: Some(Word {
                    text: "64".to_owned(),
                    column: 27
                }),
            }))
        );
        let Ok(Some(Command::SetOption { name, value })) = parse("setoption name Clear Hash")
        else {
            panic!("not an option");
        };
        assert_eq!((name.as_str(), value), ("Clear Hash", None));
    }

    #[test]
    fn errors_name_the_word_and_its_column() {
        assert_eq!(
            error("hello there"),
            "column 1: unknown command `hello` (expected uci, isready, ucinewgame, position, go, stop, setoption or quit)"
        );
        assert_eq!(
            error("isready now"),
            "column 9: unexpected `now` in `isready`"
        );
        assert_eq!(
            error("go depth x"),
            "column 10: `depth` needs a whole number, found `x`"
        );
        assert_eq!(error("go depth"), "column 9: `depth` needs a whole number");
        assert_eq!(
            error("go wtime 100"),
            "column 4: unexpected `wtime` in `go`"
        );
        assert_eq!(
            error("position"),
            "column 9: `position` needs `startpos` or `fen`"
        );
        assert_eq!(
            error("position start"),
            "column 10: unexpected `start` in `position`"
        );
        assert_eq!(
            error("position startpos Eb"),
            "column 19: unexpected `Eb` in `position`"
        );
        assert_eq!(
            error("position startpos moves EcX"),
            "column 27: `X` in the moves `EcX` is not a house letter (A-F or a-f)"
        );
        assert_eq!(
            error("position fen 4-4-4"),
            "column 14: the fen `4-4-4` has 3 fields; it needs 15: twelve houses, South's store, North's store, S or N"
        );
        assert_eq!(
            error("position fen 4-4-4-4-4-x-4-4-4-4-4-4-0-0-S"),
            "column 14: field 6 of the fen, `x`, is not a count of seeds"
        );
        assert_eq!(
            error("position fen 4-4-4-4-4-+4-4-4-4-4-4-4-0-0-S"),
            "column 14: field 6 of the fen, `+4`, is not a count of seeds"
        );
        assert_eq!(
            error("position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-W"),
            "column 14: the fen's last field, `W`, is not S or N (the seat to move)"
        );
        assert_eq!(
            error("position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-1-S"),
            "column 14: the fen is not a board: the board holds 49 seeds; a game of oware always has 48"
        );
        assert_eq!(
            error("setoption Hash"),
            "column 11: unexpected `Hash` in `setoption`"
        );
        assert_eq!(
            error("setoption name"),
            "column 15: `name` needs the option's name"
        );
        assert_eq!(
            error("setoption name Hash value"),
            "column 26: `value` needs the option's value"
        );
    }
}
