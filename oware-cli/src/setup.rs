//! Where a command starts: the opening, a board or a fen, the seat to move,
//! the rules, and a transcript played from there; or a game record (OGN)
//! read from a file, and saved to one without ever losing what was there.

use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use oware_core::{Board, Game, House, Position, Record, Rules, Seat, Transcript};

/// The start position: the opening, a board diagram or a fen, and the seat
/// to move.
#[derive(clap::Args, Clone, Debug, Default)]
pub(crate) struct StartArgs {
    /// Start from the board in FILE (RULES.md's four-line diagram, or a fen
    /// on one line, or what `show` prints; `-` for stdin) instead of the
    /// opening.
    #[arg(long, value_name = "FILE|-")]
    pub(crate) board: Option<PathBuf>,
    /// Start from this position, written as a fen: the twelve houses A-F
    /// then a-f, South's store, North's store, the seat to move (S or N),
    /// e.g. 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S.
    #[arg(long, value_name = "FEN", conflicts_with_all = ["board", "to_move"])]
    pub(crate) fen: Option<String>,
    /// The seat to move at the start [default: south].
    #[arg(long, value_name = "SEAT")]
    pub(crate) to_move: Option<Seat>,
}

impl StartArgs {
    /// Whether no option is given: the game starts from the opening.
    pub(crate) fn is_opening(&self) -> bool {
        self.board.is_none() && self.fen.is_none() && self.to_move.is_none()
    }

    /// The start position these options describe.
    pub(crate) fn position(&self) -> Result<Position> {
        if let Some(fen) = &self.fen {
            return Position::from_fen(fen.trim()).context("--fen");
        }
        let board = match &self.board {
            None => Board::OPENING,
            Some(path) => match read_board(path)? {
                Start::Board(board) => board,
                Start::Fen(position) => {
                    if self.to_move.is_some() {
                        bail!(
                            "the fen in {} names the seat to move: leave out --to-move",
                            path.display()
                        );
                    }
                    return Ok(position);
                }
            },
        };
        Ok(Position::new(board, self.to_move.unwrap_or(Seat::South)))
    }
}

/// What a `--board` file holds: a diagram, or a fen (which names the seat
/// to move too).
enum Start {
    Board(Board),
    Fen(Position),
}

/// Reads a board diagram or a fen from `path`, or from stdin for `-`. A
/// text of one line is a fen (a diagram has four); a `fen:` line, as `show`
/// prints under its diagram, is read as the position.
fn read_board(path: &Path) -> Result<Start> {
    let (text, name) = read_text(path, "board")?;
    let text = text.trim();
    // What `show` prints: the diagram, then its fen, which says it all.
    if let Some(fen) = text
        .lines()
        .find_map(|line| line.trim().strip_prefix("fen:"))
    {
        return Position::from_fen(fen.trim())
            .map(Start::Fen)
            .with_context(|| format!("{name}: its fen line is not a position"));
    }
    if !text.contains('\n') && !text.starts_with('[') {
        return Position::from_fen(text)
            .map(Start::Fen)
            .with_context(|| format!("{name} is not a board or a fen"));
    }
    text.parse::<Board>()
        .map(Start::Board)
        .with_context(|| format!("{name} is not a board"))
}

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

/// Whether `text` is a game record rather than a transcript: its first
/// character that is not white space opens a tag (`[`), a comment (`{`) or
/// a variation (`(`), is a move number or the result `*`, or there is none
/// (an empty file is read as a record, so the reader says it is empty). A
/// transcript starts with a house letter.
pub(crate) fn holds_record(text: &str) -> bool {
    text.trim_start()
        .chars()
        .next()
        .is_none_or(|c| matches!(c, '[' | '{' | '(' | '*') || c.is_ascii_digit())
}

/// Reads the OGN record in `path`, or on stdin for `-`, whatever the
/// file's name; a malformed record or an illegal move fails with the line,
/// column and move number.
/// A file of many records is refused with how to take one of them out.
pub(crate) fn read_record(path: &Path) -> Result<Record> {
    let (text, name) = read_text(path, "record")?;
    let mut records =
        Record::read_all(&text).with_context(|| format!("{name} is not a game record"))?;
    if records.len() > 1 {
        bail!(
            "{name} holds {} games, and one is continued: write the one to a file of its own with `oware show {name} --game N --format ogn > game.ogn`",
            records.len()
        );
    }
    Ok(records.remove(0))
}

/// Whether `a` and `b` name the same existing file.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The text in `path`, or on stdin for `-`, and a name for it in messages;
/// `what` says what the text should be, for the error. A leading byte-order
/// mark is dropped ([`without_bom`]).
fn read_text(path: &Path, what: &str) -> Result<(String, String)> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .with_context(|| format!("cannot read the {what} from stdin"))?;
        Ok((without_bom(text), "stdin".to_owned()))
    } else {
        let text = read_file(path)
            .with_context(|| format!("cannot read the {what} file {}", path.display()))?;
        Ok((text, path.display().to_string()))
    }
}

/// The text of the file at `path`, without a leading byte-order mark: the
/// one way the command reads a text file (a board, a transcript, a record,
/// openings, a match's saved games).
/// A file that is not text says what it is when its first bytes tell
/// (an opening book given where a record is expected).
pub(crate) fn read_file(path: &Path) -> std::io::Result<String> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(without_bom(text)),
        Err(error) if error.kind() == std::io::ErrorKind::InvalidData => {
            match crate::write::what_it_holds(path) {
                Some(kind) => Err(std::io::Error::new(
                    error.kind(),
                    format!("it holds {kind}, not text"),
                )),
                None => Err(error),
            }
        }
        Err(error) => Err(error),
    }
}

/// `text` without a leading UTF-8 byte-order mark, which editors on
/// Windows write at the start of a file; it is no part of the text.
pub(crate) fn without_bom(text: String) -> String {
    match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_owned(),
        None => text,
    }
}

/// A transcript parsed for a game whose first move is `first`'s; the error
/// names the offending character.
pub(crate) fn parse_transcript(text: &str, first: Seat) -> Result<Transcript> {
    Transcript::parse_from(text, first).with_context(|| format!("bad transcript `{text}`"))
}

/// A game from `start` under `rules` with the transcript `text` played.
pub(crate) fn game_from(start: Position, rules: Rules, text: Option<&str>) -> Result<Game> {
    let mut game = Game::from_position(start, rules);
    if let Some(text) = text {
        let transcript = parse_transcript(text, start.to_move())?;
        game.play_all(&transcript).context("the transcript")?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_told_from_transcripts_by_their_text() {
        for record in [
            "[Event \"x\"]",
            "\n  1. E c *",
            "{a note} E",
            "*",
            "",
            " \n",
        ] {
            assert!(holds_record(record), "{record:?}");
        }
        for transcript in ["EcAb", "  EcAb\n", "x"] {
            assert!(!holds_record(transcript), "{transcript:?}");
        }
    }

    #[test]
    fn a_transcript_from_a_north_start_begins_with_north() {
        let start = Position::new(Board::OPENING, Seat::North);
        let game = game_from(start, Rules::ABAPA, Some("cE")).unwrap();
        assert_eq!(game.moves(), [House::c, House::E]);
        let error = game_from(start, Rules::ABAPA, Some("Ec")).unwrap_err();
        assert_eq!(
            format!("{error:#}"),
            "bad transcript `Ec`: character 1 of the transcript, `E`, is a move by South, but North is to move"
        );
    }
}
