//! House letters and transcripts (RULES.md section 8).

use std::fmt;

use crate::seat::Seat;

/// The letter of a house: 0–5 → `'A'`–`'F'` (South), 6–11 → `'a'`–`'f'`
/// (North); `None` for anything else.
///
/// ```
/// use oware_reference::house_letter;
/// assert_eq!(house_letter(0), Some('A'));
/// assert_eq!(house_letter(11), Some('f'));
/// assert_eq!(house_letter(12), None);
/// ```
#[must_use]
pub fn house_letter(house: usize) -> Option<char> {
    const LETTERS: [char; 12] = ['A', 'B', 'C', 'D', 'E', 'F', 'a', 'b', 'c', 'd', 'e', 'f'];
    LETTERS.get(house).copied()
}

/// The house a letter names: `'A'`–`'F'` → 0–5, `'a'`–`'f'` → 6–11; `None`
/// for any other character.
///
/// ```
/// use oware_reference::house_from_letter;
/// assert_eq!(house_from_letter('E'), Some(4));
/// assert_eq!(house_from_letter('c'), Some(8));
/// assert_eq!(house_from_letter('g'), None);
/// ```
#[must_use]
pub fn house_from_letter(c: char) -> Option<usize> {
    (0..12).find(|&house| house_letter(house) == Some(c))
}

/// The seat that owns a house, for the transcript checks.
fn owner(house: usize) -> Seat {
    if Seat::South.owns(house) {
        Seat::South
    } else {
        Seat::North
    }
}

/// The letters of `moves` joined with no separator, e.g. `"EcAb"`.
///
/// This only spells the moves; it does not check that seats alternate.
///
/// # Panics
///
/// If a move is not a house index (12 or more): a list of moves from a
/// [`Game`](crate::Game) or [`parse_transcript`] never holds one.
#[must_use]
#[track_caller]
pub fn render_transcript(moves: &[usize]) -> String {
    let mut text = String::new();
    for &house in moves {
        match house_letter(house) {
            Some(letter) => text.push(letter),
            None => panic!("move {house} is not a house (houses are 0 to 11)"),
        }
    }
    text
}

/// Reads a transcript: house letters with no separator, South first, the
/// seats alternating. The empty string is the empty transcript.
///
/// Only the notation is checked, not whether the moves are legal.
///
/// # Errors
///
/// The first problem met reading left to right, naming its 0-based character
/// index and the character: a character that is not a house letter (anything
/// but `A`–`F` and `a`–`f`, whitespace between moves included), a first move
/// by North, or two moves in a row by the same seat. Whitespace before the
/// first move and after the last is skipped; indices count it.
///
/// ```
/// use oware_reference::{parse_transcript, TranscriptError};
/// assert_eq!(parse_transcript("EcAb"), Ok(vec![4, 8, 0, 7]));
/// assert_eq!(
///     parse_transcript("EcAB"),
///     Err(TranscriptError::SameSeatTwice { index: 3, found: 'B' })
/// );
/// ```
pub fn parse_transcript(text: &str) -> Result<Vec<usize>, TranscriptError> {
    let chars: Vec<char> = text.chars().collect();
    let first = chars.iter().position(|c| !c.is_whitespace());
    let last = chars.iter().rposition(|c| !c.is_whitespace());
    let (Some(first), Some(last)) = (first, last) else {
        return Ok(Vec::new());
    };
    let mut moves: Vec<usize> = Vec::new();
    for (index, &found) in chars.iter().enumerate().take(last + 1).skip(first) {
        let Some(house) = house_from_letter(found) else {
            return Err(TranscriptError::NotAHouse { index, found });
        };
        match moves.last() {
            None if owner(house) == Seat::North => {
                return Err(TranscriptError::NorthFirst { index, found });
            }
            Some(&previous) if owner(previous) == owner(house) => {
                return Err(TranscriptError::SameSeatTwice { index, found });
            }
            _ => moves.push(house),
        }
    }
    Ok(moves)
}

/// Why a transcript could not be read. Every variant names the 0-based
/// character index (counting characters, not bytes) and the character.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TranscriptError {
    /// The character is not a house letter (`A`–`F`, `a`–`f`).
    NotAHouse {
        /// 0-based character index in the transcript.
        index: usize,
        /// The offending character.
        found: char,
    },
    /// The first move is North's, but South moves first.
    NorthFirst {
        /// 0-based character index in the transcript (always 0).
        index: usize,
        /// The offending letter.
        found: char,
    },
    /// The same seat moves twice in a row; Oware has no pass.
    SameSeatTwice {
        /// 0-based character index of the second of the two moves.
        index: usize,
        /// The offending letter.
        found: char,
    },
}

impl TranscriptError {
    /// The 0-based character index of the offending character.
    #[must_use]
    pub fn index(&self) -> usize {
        match *self {
            TranscriptError::NotAHouse { index, .. }
            | TranscriptError::NorthFirst { index, .. }
            | TranscriptError::SameSeatTwice { index, .. } => index,
        }
    }

    /// The offending character.
    #[must_use]
    pub fn found(&self) -> char {
        match *self {
            TranscriptError::NotAHouse { found, .. }
            | TranscriptError::NorthFirst { found, .. }
            | TranscriptError::SameSeatTwice { found, .. } => found,
        }
    }
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TranscriptError::NotAHouse { index, found } => write!(
                f,
                "character {index} ({found:?}) is not a house letter (A-F or a-f)"
            ),
            TranscriptError::NorthFirst { index, found } => write!(
                f,
                "character {index} ({found:?}) is a move by North, but South moves first"
            ),
            TranscriptError::SameSeatTwice { index, found } => write!(
                f,
                "character {index} ({found:?}) is a second move in a row by the same seat"
            ),
        }
    }
}

impl std::error::Error for TranscriptError {}
