//! A position read from text: a fen, or the diagram and seat line that
//! [`Position`]'s `Display` writes.
//!
//! One cell order stands behind every form: the canonical 14-cell layout
//! (houses A to F, then a to f, South's store, North's store), which the
//! fen, [`Board::from_cells`] and [`Board::to_cells`] use as they are. The
//! diagram is a picture, not a list: it draws North's row right to left
//! over South's, as a player sees the board, and reading it puts each count
//! back in its cell.

use core::fmt;
use core::str::FromStr;

use crate::board::Board;
use crate::notation::board_text::ParseBoardError;
use crate::notation::fen::FenError;
use crate::position::Position;
use crate::seat::Seat;

/// Why text is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// One line with `-` in it, read as a fen, is not one.
    Fen(FenError),
    /// The diagram is not a board.
    Board(ParseBoardError),
    /// The diagram has no line `South to move` or `North to move`.
    NoSeat,
    /// The diagram names the seat to move more than once.
    TwoSeats,
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::Fen(error) => error.fmt(f),
            ParsePositionError::Board(error) => error.fmt(f),
            ParsePositionError::NoSeat => f.write_str(
                "the diagram does not say whose move it is: end it with `South to move` or `North to move`",
            ),
            ParsePositionError::TwoSeats => {
                f.write_str("the diagram names the seat to move more than once")
            }
        }
    }
}

// Each cause's message is this error's own (see `ParseBoardError`).
impl std::error::Error for ParsePositionError {}

/// The seat a line such as `South to move` names, if it is one.
fn seat_line(line: &str) -> Option<Seat> {
    let seat = line.trim().strip_suffix("to move")?;
    seat.parse().ok()
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a fen ([`Position::from_fen`]) when the text is one line with
    /// a `-` in it; otherwise the diagram [`Board`]'s `FromStr` reads, with
    /// a line naming the seat to move (`South to move`), as `Display`
    /// writes it.
    ///
    /// ```
    /// use oware_core::{House, Position};
    /// let fen: Position = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S".parse()?;
    /// assert_eq!(fen, Position::OPENING);
    /// let after = Position::OPENING.play_abapa(House::E)?;
    /// assert_eq!(after.to_string().parse::<Position>()?, after);
    /// assert!("[0] 4 4 4 4 4 4\n4 4 4 4 4 4 [0]".parse::<Position>().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let text = text.trim();
        if !text.contains('\n') && text.contains('-') {
            return Position::from_fen(text).map_err(ParsePositionError::Fen);
        }
        let mut seats = text.lines().filter_map(seat_line);
        let to_move = seats.next().ok_or(ParsePositionError::NoSeat)?;
        if seats.next().is_some() {
            return Err(ParsePositionError::TwoSeats);
        }
        let board: Board = text.parse().map_err(ParsePositionError::Board)?;
        Ok(Position::new(board, to_move))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::house::House;

    #[test]
    fn every_written_form_reads_back() {
        let mut position = Position::OPENING;
        for house in [House::E, House::c, House::A, House::f] {
            position = position.play_abapa(house).unwrap();
            assert_eq!(position.to_string().parse::<Position>(), Ok(position));
            assert_eq!(position.to_fen().parse::<Position>(), Ok(position));
        }
    }

    #[test]
    fn a_wrong_text_says_what_is_wrong() {
        let diagram = Board::OPENING.to_string();
        assert_eq!(diagram.parse::<Position>(), Err(ParsePositionError::NoSeat));
        let twice = format!("{diagram}\nSouth to move\nNorth to move");
        assert_eq!(twice.parse::<Position>(), Err(ParsePositionError::TwoSeats));
        let error = "4-4-4".parse::<Position>().unwrap_err();
        assert!(matches!(error, ParsePositionError::Fen(_)), "{error}");
        let error = "[0] 4 4 4 4 4\n4 4 4 4 4 4 [0]\nSouth to move"
            .parse::<Position>()
            .unwrap_err();
        assert!(error.to_string().contains("found 13 counts"), "{error}");
    }
}
