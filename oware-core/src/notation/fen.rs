//! The fen: a position on one line, `H0-H1-…-H11-S-N-T`, as the Aualé engine
//! protocol's `position fen` and the OGN `FEN` tag write it.

use core::fmt;

use crate::board::{Board, BoardError, TOTAL_SEEDS};
use crate::position::Position;
use crate::seat::Seat;

/// Why text is not a fen. Fields count from 1, as people do.
///
/// ```
/// use oware_core::{FenError, Position};
/// let error = Position::from_fen("4-4-4").unwrap_err();
/// assert_eq!(error, FenError::Fields { fen: "4-4-4".to_owned(), found: 3 });
/// let error = Position::from_fen("4-4-4-4-4-x-4-4-4-4-4-4-0-0-S").unwrap_err();
/// assert_eq!(error.to_string(), "field 6 of the fen, `x`, is not a count of seeds");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenError {
    /// Not fifteen `-`-separated fields.
    Fields {
        /// The fen as given (its first 40 characters).
        fen: String,
        /// How many fields it has.
        found: usize,
    },
    /// A field that is not a count of seeds (digits only).
    Count {
        /// The field's place, from 1.
        field: usize,
        /// The field as written (its first 40 characters).
        found: String,
    },
    /// A count of more seeds than the game has (48), house or store.
    TooMany {
        /// The field's place, from 1.
        field: usize,
        /// The field as written (its first 40 characters).
        found: String,
    },
    /// The last field is not `S` or `N`.
    Seat(String),
    /// The counts are not a board (they do not add up to 48).
    Board(BoardError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Fields { fen, found } => write!(
                f,
                "the fen `{fen}` has {found} fields; it needs 15: twelve houses, South's store, North's store, S or N"
            ),
            FenError::Count { field, found } => write!(
                f,
                "field {field} of the fen, `{found}`, is not a count of seeds"
            ),
            FenError::TooMany { field, found } => write!(
                f,
                "field {field} of the fen, `{found}`, is more seeds than the game has ({TOTAL_SEEDS})"
            ),
            FenError::Seat(found) => write!(
                f,
                "the fen's last field, `{found}`, is not S or N (the seat to move)"
            ),
            FenError::Board(error) => write!(f, "the fen is not a board: {error}"),
        }
    }
}

/// The most characters of the reader's text an error quotes: a fen pasted
/// into a GUI or a record can be any length, and the message stays a line.
const EXCERPT_CHARS: usize = 40;

/// The start of `text` for an error message, `…` marking a cut.
fn excerpt(text: &str) -> String {
    let mut chars = text.chars();
    let mut quoted: String = chars.by_ref().take(EXCERPT_CHARS).collect();
    if chars.next().is_some() {
        quoted.push('…');
    }
    quoted
}

// The cause's message is already part of this error's own,
// so it is not handed on as `source()` too: a reporter that prints the
// chain (anyhow's `{:#}`) would print it twice.
impl std::error::Error for FenError {}

/// The count of seeds a field writes, or which error it is, given the
/// field's place and excerpt. A count is digits alone (`u8::from_str` would
/// take a leading `+`); digits for more seeds than the game has, however
/// many, are a count too large rather than no count at all.
fn count(field: &str) -> Result<u8, fn(usize, String) -> FenError> {
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return Err(|field, found| FenError::Count { field, found });
    }
    field
        .parse::<u8>()
        .ok()
        .filter(|&n| n <= TOTAL_SEEDS)
        .ok_or(|field, found| FenError::TooMany { field, found })
}

impl Position {
    /// Reads a fen: the twelve house counts in index order (A..F, then
    /// a..f), South's store, North's store, and `S` or `N` for the seat to
    /// move, joined by `-`. Whitespace around it (a line's newline) is
    /// ignored; inside it, it is an error.
    ///
    /// # Errors
    /// [`FenError`] naming the first field at fault.
    ///
    /// ```
    /// use oware_core::{House, Position, Seat};
    /// let position = Position::from_fen("0-0-0-0-0-1-0-0-0-0-0-3-20-24-N\n")?;
    /// assert_eq!(position.to_move(), Seat::North);
    /// assert_eq!(position.board()[House::F], 1);
    /// assert_eq!(position.board().stores().north, 24);
    /// assert_eq!(Position::from_fen("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S")?, Position::OPENING);
    /// # Ok::<(), oware_core::FenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fen = fen.trim();
        let mut fields = [""; 15];
        let mut found = 0;
        for field in fen.split('-') {
            if let Some(slot) = fields.get_mut(found) {
                *slot = field;
            }
            found += 1;
        }
        if found != fields.len() {
            return Err(FenError::Fields {
                fen: excerpt(fen),
                found,
            });
        }
        let mut cells = [0u8; 14];
        for (index, (cell, field)) in cells.iter_mut().zip(fields).enumerate() {
            *cell = count(field).map_err(|error| error(index + 1, excerpt(field)))?;
        }
        let to_move = match fields[14] {
            "S" => Seat::South,
            "N" => Seat::North,
            other => return Err(FenError::Seat(excerpt(other))),
        };
        let board = Board::from_cells(cells).map_err(FenError::Board)?;
        Ok(Position::new(board, to_move))
    }

    /// The position as a fen, the form [`Position::from_fen`] reads.
    ///
    /// ```
    /// use oware_core::{House, Position};
    /// assert_eq!(Position::OPENING.to_fen(), "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S");
    /// let position = Position::OPENING.play_abapa(House::E)?;
    /// assert_eq!(position.to_fen(), "4-4-4-4-0-5-5-5-5-4-4-4-0-0-N");
    /// assert_eq!(Position::from_fen(&position.to_fen()), Ok(position));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn to_fen(self) -> String {
        let mut text = String::with_capacity(40);
        for cell in self.board().to_cells() {
            text.push_str(&cell.to_string());
            text.push('-');
        }
        text.push(match self.to_move() {
            Seat::South => 'S',
            Seat::North => 'N',
        });
        text
    }
}
