//! The game a command is given as its last word (`show`, `analyze`): a
//! transcript, or a file or stdin holding a transcript or game records, of
//! which `--game` picks one or all.

use std::path::Path;

use anyhow::{Context, Result, bail};
use oware_core::{Game, House, Record, Rules};

use crate::input_file::{holds_record, read_text};
use crate::start::{StartArgs, game_from};

/// What a command's last word gave: game records, or a transcript.
enum Moves {
    /// The records in a file or on stdin (one or more), and its name.
    Records(Vec<Record>, String),
    /// A transcript, given as the word or read from a file or stdin.
    Transcript(String),
}

/// Which games of a file of records a command takes: `--game N` (from 1)
/// or `--game all`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pick {
    /// The game with this number, from 1.
    Number(usize),
    /// Every game.
    All,
}

impl std::str::FromStr for Pick {
    type Err = String;

    fn from_str(text: &str) -> Result<Pick, String> {
        if text == "all" {
            return Ok(Pick::All);
        }
        match text.parse::<usize>() {
            Ok(number) if number >= 1 => Ok(Pick::Number(number)),
            _ => Err(format!(
                "`{text}` is not a game's number (1 for the first) or `all`"
            )),
        }
    }
}

/// `--game N` of a command that takes one game (no `all`), as clap parses it.
pub(crate) fn one_game(text: &str) -> Result<Pick, String> {
    match text.parse::<usize>() {
        Ok(number) if number >= 1 => Ok(Pick::Number(number)),
        _ if text == "all" => Err("this command takes one game: give its number".to_owned()),
        _ => Err(format!("`{text}` is not a game's number (1 for the first)")),
    }
}

/// The game a command is given: records (each with its own start and
/// rules), or a game played from the start options.
pub(crate) enum Given {
    /// The game records in a file or on stdin, every one, and the places
    /// (from 0) of those the command takes, in order: one, or with `--game
    /// all` every one.
    Records {
        /// Every record, in the file's order.
        records: Vec<Record>,
        /// The places of the records picked.
        picked: Vec<usize>,
    },
    /// A transcript played from `--board`, `--fen` or the opening.
    Game(Game),
}

/// The game that `word` (a transcript, a file or `-`; see [`read_moves`])
/// and the start options give, under `rules` [default: abapa]. A record
/// gives its own start and rules, so the options must be left out. Of a
/// file of many records, `pick` takes one (or all, for a command that
/// `takes_all`); without it, such a file is refused with how to pick.
pub(crate) fn read_given(
    word: Option<&str>,
    start: &StartArgs,
    rules: Option<Rules>,
    pick: Option<Pick>,
    takes_all: bool,
) -> Result<Given> {
    if word == Some("-") && start.board.as_deref() == Some(Path::new("-")) {
        bail!(
            "--board - and the moves' `-` both name stdin, which can be read only once: put the board or the moves in a file"
        );
    }
    let transcript = match word.map(read_moves).transpose()? {
        Some(Moves::Records(records, name)) => {
            if rules.is_some() || !start.is_opening() {
                bail!(
                    "a game record gives its own rules and start: leave out --rules, --board, --fen and --to-move"
                );
            }
            let picked = picked(records.len(), pick, takes_all, &name)?;
            return Ok(Given::Records { records, picked });
        }
        Some(Moves::Transcript(text)) => Some(text),
        None => None,
    };
    if pick.is_some() {
        bail!("--game picks a game in a file of game records, and no record is given");
    }
    let game = game_from(
        start.position()?,
        rules.unwrap_or_default(),
        transcript.as_deref(),
    )?;
    Ok(Given::Game(game))
}

/// Reads what `word` names, by the one rule every command that takes
/// "TRANSCRIPT|FILE" follows: `-` is stdin; a word with a `/` (or `\`)
/// or a `.` is a file (so a missing one is reported as such); a word of
/// house letters alone is a transcript, and refused if a file of that name
/// exists too, since either could be meant (`./EcAb` names the file, and
/// a transcript can come on stdin); any other word is a file if it exists
/// and a transcript otherwise (which its parser then refuses, naming the
/// character). A file or stdin holds a record or a transcript, told apart
/// by their text ([`holds_record`]), not by a name.
fn read_moves(word: &str) -> Result<Moves> {
    let path = Path::new(word);
    let names_path = word == "-" || word.contains(['.', '/', '\\']);
    let letters = !word.is_empty() && word.chars().all(|c| House::from_letter(c).is_some());
    if !names_path && letters && path.exists() {
        bail!(
            "`{word}` is both a transcript and a file here: write ./{word} for the file, or `-` for the transcript on stdin (echo {word} | …)"
        );
    }
    if !names_path && (letters || !path.exists()) {
        return Ok(Moves::Transcript(word.to_owned()));
    }
    let (text, name) = read_text(path, "game")?;
    if holds_record(&text) {
        let records =
            Record::read_all(&text).with_context(|| format!("{name} is not a game record"))?;
        Ok(Moves::Records(records, name))
    } else {
        Ok(Moves::Transcript(text.trim().to_owned()))
    }
}

/// The places (from 0) of the records `pick` takes of the `count` in the
/// file `name`: the only one when `pick` is `None`, else what it names
/// (`all` only for a command that `takes_all`).
fn picked(count: usize, pick: Option<Pick>, takes_all: bool, name: &str) -> Result<Vec<usize>> {
    let or_all = if takes_all {
        ", or every one with --game all"
    } else {
        ""
    };
    match pick {
        None | Some(Pick::Number(1)) if count == 1 => Ok(vec![0]),
        None => {
            bail!("{name} holds {count} games: pick one with --game N, from 1 to {count}{or_all}")
        }
        Some(Pick::Number(number)) if number <= count => Ok(vec![number - 1]),
        Some(Pick::Number(number)) => bail!(
            "--game {number}: {name} holds {count} game{}, numbered from 1",
            if count == 1 { "" } else { "s" }
        ),
        Some(Pick::All) if takes_all => Ok((0..count).collect()),
        Some(Pick::All) => bail!("--game all: this command takes one game; give its number"),
    }
}
