//! Where a command starts: the opening or a board read from a file, the seat
//! to move, the rules, and a transcript played from there; or a game record
//! (OGN) read from a file, and saved to one.

use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use oware_core::{Board, Game, Position, Record, Rules, Seat, Transcript};

/// The start position: the opening, or a board diagram, and the seat to move.
#[derive(clap::Args, Clone, Debug, Default)]
pub(crate) struct StartArgs {
    /// Start from the board in FILE (RULES.md's four-line diagram, `-` for stdin)
    /// instead of the opening.
    #[arg(long, value_name = "FILE|-")]
    pub(crate) board: Option<PathBuf>,
    /// The seat to move at the start [default: south].
    #[arg(long, value_name = "SEAT")]
    pub(crate) to_move: Option<Seat>,
}

impl StartArgs {
    /// Whether neither option is given: the game starts from the opening.
    pub(crate) fn is_opening(&self) -> bool {
        self.board.is_none() && self.to_move.is_none()
    }

    /// The start position these options describe.
    pub(crate) fn position(&self) -> Result<Position> {
        let board = match &self.board {
            None => Board::OPENING,
            Some(path) => read_board(path)?,
        };
        Ok(Position::new(board, self.to_move.unwrap_or(Seat::South)))
    }
}

/// Reads a board diagram from `path`, or from stdin for `-`.
pub(crate) fn read_board(path: &Path) -> Result<Board> {
    let (text, name) = read_text(path, "board")?;
    text.parse::<Board>()
        .with_context(|| format!("{name} is not a board"))
}

/// Whether a command's word names an OGN record: a file whose name ends in
/// `.ogn`, or `-` for a record on stdin. (A transcript has neither.)
pub(crate) fn names_record(word: &str) -> bool {
    word == "-"
        || Path::new(word)
            .extension()
            .is_some_and(|extension| extension.eq_ignore_ascii_case("ogn"))
}

/// Reads the OGN record in `path`, or on stdin for `-`; a malformed record
/// or an illegal move fails with the line, column and move number.
pub(crate) fn read_record(path: &Path) -> Result<Record> {
    let (text, name) = read_text(path, "record")?;
    text.parse::<Record>()
        .with_context(|| format!("{name} is not a game record"))
}

/// Writes `record` to `path` whole or not at all: into a temporary file
/// beside it, then renamed over it, so a reader (or a crash) never sees half
/// a record.
pub(crate) fn save_record(path: &Path, record: &Record) -> Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    std::fs::write(&temporary, record.to_string())
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    std::fs::rename(&temporary, path)
        .with_context(|| format!("cannot save the game to {}", path.display()))
}

/// The text in `path`, or on stdin for `-`, and a name for it in messages;
/// `what` says what the text should be, for the error.
fn read_text(path: &Path, what: &str) -> Result<(String, String)> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .with_context(|| format!("cannot read the {what} from stdin"))?;
        Ok((text, "stdin".to_owned()))
    } else {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the {what} file {}", path.display()))?;
        Ok((text, path.display().to_string()))
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
    use oware_core::House;

    #[test]
    fn records_are_named_by_their_extension_or_a_dash() {
        assert!(names_record("game.ogn"));
        assert!(names_record("dir/Game.OGN"));
        assert!(names_record("-"));
        assert!(!names_record("EcAb"));
        assert!(!names_record("game.ogn.txt"));
    }

    #[test]
    fn a_saved_record_replaces_the_file_whole() {
        let path = std::env::temp_dir().join(format!("oware-setup-{}.ogn", std::process::id()));
        let mut record = Record::new(Game::new(Rules::ABAPA));
        save_record(&path, &record).unwrap();
        record.play(House::E).unwrap();
        save_record(&path, &record).unwrap();
        let read = read_record(&path).unwrap();
        assert_eq!(read, record);
        let mut temporary = path.clone().into_os_string();
        temporary.push(".tmp");
        assert!(!Path::new(&temporary).exists());
        std::fs::remove_file(&path).unwrap();
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
