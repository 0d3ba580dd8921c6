//! Transcripts: the letters of a game's moves with no separator, e.g. `EcAb`.

use core::fmt;
use core::ops::Deref;
use core::str::FromStr;

use crate::house::House;
use crate::seat::Seat;

/// The moves of a game as house letters. Since the case of a letter carries
/// the seat, seats must alternate: Oware has no pass.
///
/// ```
/// use oware_core::{House, Transcript};
/// let transcript: Transcript = "EcAb".parse()?;
/// assert_eq!(transcript[..2], [House::E, House::c]);
/// assert_eq!(transcript.to_string(), "EcAb");
///
/// let error = "EcAx".parse::<Transcript>().unwrap_err();
/// assert_eq!(error.to_string(), "character 4 of the transcript, `x`, is not a house letter (A-F or a-f)");
/// # Ok::<(), oware_core::TranscriptError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Transcript(Vec<House>);

/// Why text is not a transcript. Positions are 0-based character indices;
/// messages count from 1, as people do.
///
/// ```
/// use oware_core::{House, Seat, Transcript, TranscriptError};
/// // The second move is South's again.
/// let error = "EE".parse::<Transcript>().unwrap_err();
/// assert_eq!(error, TranscriptError::OutOfTurn { index: 1, house: House::E, to_move: Seat::North });
/// assert_eq!(
///     error.to_string(),
///     "character 2 of the transcript, `E`, is a move by South, but North is to move"
/// );
/// assert_eq!("E-c".parse::<Transcript>(), Err(TranscriptError::NotAHouse { index: 1, found: '-' }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TranscriptError {
    /// A character that is not a house letter.
    NotAHouse {
        /// Where it stands (0-based, in characters).
        index: usize,
        /// The character.
        found: char,
    },
    /// A move by the seat that is not to move: North first, or the same
    /// seat twice in a row.
    OutOfTurn {
        /// Where it stands (0-based, in characters).
        index: usize,
        /// The house that was played.
        house: House,
        /// The seat whose move it was.
        to_move: Seat,
    },
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TranscriptError::NotAHouse { index, found } => write!(
                f,
                "character {} of the transcript, `{}`, is not a house letter (A-F or a-f)",
                index + 1,
                found.escape_default()
            ),
            TranscriptError::OutOfTurn {
                index,
                house,
                to_move,
            } => write!(
                f,
                "character {} of the transcript, `{house}`, is a move by {}, but {to_move} is to move",
                index + 1,
                house.seat()
            ),
        }
    }
}

impl std::error::Error for TranscriptError {}

impl Transcript {
    /// Parses a transcript whose first move is `first`'s (South's for a game
    /// from the opening; a set-up position may have North to move).
    /// Whitespace around the moves is ignored; an error's place still
    /// counts from the text's first character.
    ///
    /// # Errors
    /// [`TranscriptError`] naming the first offending character.
    ///
    /// ```
    /// use oware_core::{Board, Game, House, Position, Rules, Seat, Transcript};
    /// // A set-up position with North to move.
    /// let start = Position::new(Board::OPENING, Seat::North);
    /// let transcript = Transcript::parse_from("cE", Seat::North)?;
    /// assert!("cE".parse::<Transcript>().is_err()); // from the opening, South moves first
    /// let mut game = Game::from_position(start, Rules::ABAPA);
    /// for &house in transcript.iter() {
    ///     game.play(house)?;
    /// }
    /// assert_eq!(game.moves(), [House::c, House::E]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_from(text: &str, first: Seat) -> Result<Transcript, TranscriptError> {
        let mut to_move = first;
        // Whitespace around the moves is ignored; a place still counts from
        // the text's first character.
        let moves = text.trim();
        let skipped = text[..text.len() - text.trim_start().len()].chars().count();
        moves
            .chars()
            .enumerate()
            .map(|(index, found)| {
                let index = index + skipped;
                let house =
                    House::from_letter(found).ok_or(TranscriptError::NotAHouse { index, found })?;
                if house.seat() != to_move {
                    return Err(TranscriptError::OutOfTurn {
                        index,
                        house,
                        to_move,
                    });
                }
                to_move = to_move.opponent();
                Ok(house)
            })
            .collect::<Result<_, _>>()
            .map(Transcript)
    }

    /// The moves.
    ///
    /// ```
    /// use oware_core::{House, Transcript};
    /// let transcript: Transcript = "EcAb".parse()?;
    /// assert_eq!(transcript.moves(), [House::E, House::c, House::A, House::b]);
    /// assert_eq!(transcript.moves().len(), 4);
    /// # Ok::<(), oware_core::TranscriptError>(())
    /// ```
    #[must_use]
    pub fn moves(&self) -> &[House] {
        &self.0
    }
}

impl Deref for Transcript {
    type Target = [House];
    fn deref(&self) -> &[House] {
        &self.0
    }
}

impl From<Vec<House>> for Transcript {
    fn from(moves: Vec<House>) -> Transcript {
        Transcript(moves)
    }
}

impl From<Transcript> for Vec<House> {
    fn from(transcript: Transcript) -> Vec<House> {
        transcript.0
    }
}

impl FromStr for Transcript {
    type Err = TranscriptError;
    /// Parses a transcript from the opening: South moves first.
    fn from_str(text: &str) -> Result<Transcript, TranscriptError> {
        Transcript::parse_from(text, Seat::South)
    }
}

impl fmt::Display for Transcript {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0
            .iter()
            .try_for_each(|house| fmt::Display::fmt(house, f))
    }
}
