//! Where a command starts: the opening, a board diagram or a fen, and the
//! seat to move (`--board`, `--fen`, `--to-move`); and a game from there
//! with a transcript played.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use oware_core::{Board, Game, Position, Rules, Seat, Transcript};

use crate::input_file::read_text;

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

/// A transcript parsed for a game whose first move is `first`'s; the error
/// names the offending character.
pub(crate) fn parse_transcript(text: &str, first: Seat) -> Result<Transcript> {
    Transcript::parse_from(text, first).with_context(|| format!("bad transcript {}", excerpt(text)))
}

/// `text` in backquotes as a message quotes it: whole when short, else
/// its start and its length (the error names the place).
fn excerpt(text: &str) -> String {
    const MOST: usize = 60;
    let length = text.chars().count();
    if length <= MOST {
        return format!("`{text}`");
    }
    let start: String = text.chars().take(MOST).collect();
    format!("`{start}…` ({length} characters)")
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
    use oware_core::House;

    use super::*;

    #[test]
    fn a_long_bad_transcript_is_quoted_by_its_start() {
        let text = format!("{}x", "Ec".repeat(50_000));
        let error = parse_transcript(&text, Seat::South).unwrap_err();
        assert_eq!(
            format!("{error:#}"),
            format!(
                "bad transcript `{}…` (100001 characters): character 100001 of the transcript, `x`, is not a house letter (A-F or a-f)",
                "Ec".repeat(30)
            )
        );
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
