//! What an engine answers a GUI: [`Answer`], read from a line and written
//! back as one.

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

use oware_core::House;

use crate::error::{ErrorKind, ParseError};
use crate::words::{Words, excerpt, unexpected};

/// One line from the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `id name …` or `id author …`.
    Id(Id),
    /// `option name … type …`: an option the engine takes.
    Option(EngineOption),
    /// `uciok`: the answer to `uci` is complete.
    UciOk,
    /// `readyok`: the answer to `isready`.
    ReadyOk,
    /// `info …`: progress, or a line of text.
    Info(Info),
    /// `bestmove …`: the answer to `go`.
    BestMove(BestMove),
}

/// What `id` names: `id name oware 0.1.0`, `id author …`. The text is the
/// rest of the line, blanks kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Id {
    /// The engine's name.
    Name(String),
    /// Its authors.
    Author(String),
}

/// `option name N type …`: an option the engine takes, and its default.
/// The name is its words joined by single spaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOption {
    /// The option's name.
    pub name: String,
    /// Its type, default and range.
    pub kind: OptionKind,
}

/// An option's type, with its default and range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `type check default true|false`.
    Check {
        /// The default.
        default: bool,
    },
    /// `type spin default N min N max N`.
    Spin {
        /// The default.
        default: i64,
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
    /// `type combo default V var V1 var V2 …`.
    Combo {
        /// The default.
        default: String,
        /// The values to choose from.
        vars: Vec<String>,
    },
    /// `type string default TEXT` (the rest of the line; it may be empty).
    String {
        /// The default.
        default: String,
    },
    /// `type button`: an action without a value.
    Button,
}

/// `info [depth N] [score cp N] [nodes N] [nps N] [time MS] [pv HOUSES]
/// [string TEXT]`: a search's progress, or a line of text (the rest of
/// the line after `string`). The principal variation is written as its
/// letters run together (`pv EcA`), the way the Aualé GUI reads it; it is
/// read from one or more words of letters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// The depth completed, in plies.
    pub depth: Option<u32>,
    /// The score from the mover's view, in hundredths of a seed (`score cp`).
    pub score: Option<i32>,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// Time searched (whole milliseconds on the line).
    pub time: Option<Duration>,
    /// The principal variation (none written when empty).
    pub pv: Vec<House>,
    /// A line of text, last.
    pub string: Option<String>,
}

impl Info {
    /// `info string TEXT`.
    #[must_use]
    pub fn string(text: impl Into<String>) -> Info {
        Info {
            string: Some(text.into()),
            ..Info::default()
        }
    }
}

/// `bestmove H [ponder H]`: the move, and the reply the engine expects
/// (which the GUI may ponder on); `bestmove 0000` when there is no move.
///
/// ```
/// use oware_core::House;
/// use oware_uci::BestMove;
/// let best = BestMove { house: Some(House::E), ponder: Some(House::c) };
/// assert_eq!(best.to_string(), "bestmove E ponder c");
/// assert_eq!("bestmove 0000".parse(), Ok(BestMove { house: None, ponder: None }));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BestMove {
    /// The move, or `None` (`0000`) when the game is over.
    pub house: Option<House>,
    /// The expected reply.
    pub ponder: Option<House>,
}

impl fmt::Display for Answer {
    /// The line, without its newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Id(id) => id.fmt(f),
            Answer::Option(option) => option.fmt(f),
            Answer::UciOk => f.write_str("uciok"),
            Answer::ReadyOk => f.write_str("readyok"),
            Answer::Info(info) => info.fmt(f),
            Answer::BestMove(best) => best.fmt(f),
        }
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Id::Name(name) => write!(f, "id name {name}"),
            Id::Author(author) => write!(f, "id author {author}"),
        }
    }
}

impl fmt::Display for EngineOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type ", self.name)?;
        match &self.kind {
            OptionKind::Check { default } => write!(f, "check default {default}"),
            OptionKind::Spin { default, min, max } => {
                write!(f, "spin default {default} min {min} max {max}")
            }
            OptionKind::Combo { default, vars } => {
                write!(f, "combo default {default}")?;
                vars.iter().try_for_each(|var| write!(f, " var {var}"))
            }
            OptionKind::String { default } => write!(f, "string default {default}"),
            OptionKind::Button => f.write_str("button"),
        }
    }
}

impl fmt::Display for Info {
    /// `info depth 3 score cp 50 nodes 12345 nps 1234500 time 10 pv EcA`,
    /// or `info string …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        if let Some(depth) = self.depth {
            write!(f, " depth {depth}")?;
        }
        if let Some(score) = self.score {
            write!(f, " score cp {score}")?;
        }
        if let Some(nodes) = self.nodes {
            write!(f, " nodes {nodes}")?;
        }
        if let Some(nps) = self.nps {
            write!(f, " nps {nps}")?;
        }
        if let Some(time) = self.time {
            write!(f, " time {}", time.as_millis())?;
        }
        if !self.pv.is_empty() {
            f.write_str(" pv ")?;
            self.pv
                .iter()
                .try_for_each(|house| write!(f, "{}", house.letter()))?;
        }
        if let Some(text) = &self.string {
            write!(f, " string {text}")?;
        }
        Ok(())
    }
}

impl fmt::Display for BestMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.house {
            Some(house) => write!(f, "bestmove {house}")?,
            None => f.write_str("bestmove 0000")?,
        }
        match self.ponder {
            Some(reply) => write!(f, " ponder {reply}"),
            None => Ok(()),
        }
    }
}

impl FromStr for Answer {
    type Err = ParseError;

    /// Reads one line from an engine.
    ///
    /// ```
    /// use oware_uci::{Answer, Info};
    /// let line = "info string error: unknown option `Hash2`";
    /// assert_eq!(line.parse(), Ok(Answer::Info(Info::string("error: unknown option `Hash2`"))));
    /// let error = "bestmove Z?".parse::<Answer>().unwrap_err();
    /// assert_eq!(error.to_string(), "column 10: `bestmove` needs a house letter (A-F or a-f), found `Z?`");
    /// ```
    fn from_str(line: &str) -> Result<Answer, ParseError> {
        let mut words = Words::new(line);
        let Some((column, first)) = words.next() else {
            return Err(ParseError {
                column: 1,
                kind: ErrorKind::Blank,
            });
        };
        let answer = match first {
            "id" => Answer::Id(parse_id(&mut words)?),
            "option" => Answer::Option(parse_option(&mut words)?),
            "uciok" => Answer::UciOk,
            "readyok" => Answer::ReadyOk,
            "info" => Answer::Info(parse_info(&mut words)?),
            "bestmove" => Answer::BestMove(parse_best_move(&mut words)?),
            _ => {
                return Err(ParseError {
                    column,
                    kind: ErrorKind::UnknownAnswer(excerpt(first)),
                });
            }
        };
        words.finish(first_word(&answer))?;
        Ok(answer)
    }
}

/// The answer's first word, for error messages.
fn first_word(answer: &Answer) -> &'static str {
    match answer {
        Answer::Id(_) => "id",
        Answer::Option(_) => "option",
        Answer::UciOk => "uciok",
        Answer::ReadyOk => "readyok",
        Answer::Info(_) => "info",
        Answer::BestMove(_) => "bestmove",
    }
}

/// The next word must be `keyword`; `what` names it, quoted, for the error.
fn keyword(
    words: &mut Words<'_>,
    after: &'static str,
    keyword: &str,
    what: &'static str,
) -> Result<(), ParseError> {
    match words.expect(after, what)? {
        (_, word) if word == keyword => Ok(()),
        (column, other) => Err(unexpected(column, after, other)),
    }
}

fn parse_id(words: &mut Words<'_>) -> Result<Id, ParseError> {
    match words.expect("id", "`name` or `author`")? {
        (_, "name") => Ok(Id::Name(words.rest().to_owned())),
        (_, "author") => Ok(Id::Author(words.rest().to_owned())),
        (column, other) => Err(unexpected(column, "id", other)),
    }
}

fn parse_option(words: &mut Words<'_>) -> Result<EngineOption, ParseError> {
    keyword(words, "option", "name", "`name` and the option's name")?;
    let (_, name) = words
        .phrase(&["type"])
        .ok_or_else(|| words.missing("name", "the option's name"))?;
    keyword(words, "option", "type", "`type`")?;
    let (column, kind) = words.expect("type", "check, spin, combo, string or button")?;
    let kind = match kind {
        "check" => {
            keyword(words, "check", "default", "`default`")?;
            let default = match words.expect("default", "true or false")? {
                (_, "true") => true,
                (_, "false") => false,
                (column, other) => return Err(unexpected(column, "default", other)),
            };
            OptionKind::Check { default }
        }
        "spin" => {
            keyword(words, "spin", "default", "`default`")?;
            let default = words.number("default")?;
            keyword(words, "spin", "min", "`min`")?;
            let min = words.number("min")?;
            keyword(words, "spin", "max", "`max`")?;
            let max = words.number("max")?;
            OptionKind::Spin { default, min, max }
        }
        "combo" => {
            keyword(words, "combo", "default", "`default`")?;
            let (_, default) = words
                .phrase(&["var"])
                .ok_or_else(|| words.missing("default", "the default value"))?;
            let mut vars = Vec::new();
            while words.next().is_some() {
                let (_, var) = words
                    .phrase(&["var"])
                    .ok_or_else(|| words.missing("var", "a value"))?;
                vars.push(var);
            }
            OptionKind::Combo { default, vars }
        }
        "string" => {
            keyword(words, "string", "default", "`default`")?;
            OptionKind::String {
                default: words.rest().to_owned(),
            }
        }
        "button" => OptionKind::Button,
        other => return Err(unexpected(column, "type", other)),
    };
    Ok(EngineOption { name, kind })
}

fn parse_info(words: &mut Words<'_>) -> Result<Info, ParseError> {
    let mut info = Info::default();
    while let Some((column, word)) = words.next() {
        match word {
            "depth" => info.depth = Some(words.number("depth")?),
            "score" => {
                keyword(words, "score", "cp", "`cp`")?;
                info.score = Some(words.number("cp")?);
            }
            "nodes" => info.nodes = Some(words.number("nodes")?),
            "nps" => info.nps = Some(words.number("nps")?),
            "time" => info.time = Some(Duration::from_millis(words.number("time")?)),
            "pv" => info.pv = parse_pv(words)?,
            "string" => info.string = Some(words.rest().to_owned()),
            other => return Err(unexpected(column, "info", other)),
        }
    }
    Ok(info)
}

/// The houses after `pv`: the words that are all house letters.
fn parse_pv(words: &mut Words<'_>) -> Result<Vec<House>, ParseError> {
    let (column, first) = words.expect("pv", "the moves")?;
    let letters =
        |word: &str| -> Option<Vec<House>> { word.chars().map(House::from_letter).collect() };
    let mut pv = letters(first).ok_or_else(|| ParseError {
        column,
        kind: ErrorKind::NotAMove {
            after: "pv",
            found: excerpt(first),
        },
    })?;
    while let Some(houses) = words.peek().and_then(|(_, word)| letters(word)) {
        pv.extend(houses);
        words.next();
    }
    Ok(pv)
}

/// One house letter after `after`, or no move (`0000`) if `none` is allowed.
fn parse_move(
    words: &mut Words<'_>,
    after: &'static str,
    none: bool,
) -> Result<Option<House>, ParseError> {
    let (column, word) = words.expect(after, "a house letter (A-F or a-f)")?;
    let mut letters = word.chars();
    match (letters.next().and_then(House::from_letter), letters.next()) {
        (Some(house), None) => Ok(Some(house)),
        _ if none && word == "0000" => Ok(None),
        _ => Err(ParseError {
            column,
            kind: ErrorKind::NotAMove {
                after,
                found: excerpt(word),
            },
        }),
    }
}

fn parse_best_move(words: &mut Words<'_>) -> Result<BestMove, ParseError> {
    let house = parse_move(words, "bestmove", true)?;
    let ponder = match words.next() {
        None => None,
        Some((_, "ponder")) => parse_move(words, "ponder", false)?,
        Some((column, other)) => return Err(unexpected(column, "bestmove", other)),
    };
    Ok(BestMove { house, ponder })
}

from_line!(Id, Answer::Id, "id");
from_line!(EngineOption, Answer::Option, "option");
from_line!(Info, Answer::Info, "info");
from_line!(BestMove, Answer::BestMove, "bestmove");
