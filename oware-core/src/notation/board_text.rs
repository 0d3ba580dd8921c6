//! Boards as the four-line diagram RULES.md draws, and the tolerant reading back.

use core::fmt;
use core::str::FromStr;

use crate::board::{Board, BoardError};
use crate::house::House;

/// North's letters, right to left, over North's row.
const NORTH_HEADER: &str = "     f  e  d  c  b  a";
/// South's letters, left to right, under South's row.
const SOUTH_HEADER: &str = "      A  B  C  D  E  F";

/// The order in which a diagram lists the counts: North's store, f..a,
/// A..F, South's store (as indices into the canonical layout).
const READING_ORDER: [usize; 14] = [13, 11, 10, 9, 8, 7, 6, 0, 1, 2, 3, 4, 5, 12];

impl fmt::Display for Board {
    /// The diagram: North's letters, North's store and row (f to a), South's
    /// row (A to F) and store, South's letters. Like every `Display` of the
    /// crate's types (and of std's), it does not end with a newline:
    /// `println!` adds one.
    ///
    /// ```
    /// use oware_core::Board;
    /// assert_eq!(Board::OPENING.to_string(), "     f  e  d  c  b  a\n[ 0]  4  4  4  4  4  4\n      4  4  4  4  4  4 [ 0]\n      A  B  C  D  E  F");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = |i: usize| self.seeds(House::ALL[i]);
        writeln!(f, "{NORTH_HEADER}")?;
        write!(f, "[{:>2}]", self.to_cells()[13])?;
        (6..12)
            .rev()
            .try_for_each(|i| write!(f, "{:>3}", count(i)))?;
        write!(f, "\n    ")?;
        (0..6).try_for_each(|i| write!(f, "{:>3}", count(i)))?;
        writeln!(f, " [{:>2}]", self.to_cells()[12])?;
        write!(f, "{SOUTH_HEADER}")
    }
}

/// Why text is not a board. Lines and columns count from 1.
///
/// ```
/// use oware_core::{Board, BoardError, ParseBoardError};
/// let error = "[0] 4 4 4 4 4 4\n4 4 4 4 4 x [0]".parse::<Board>().unwrap_err();
/// assert_eq!(error, ParseBoardError::UnexpectedCharacter { line: 2, column: 11, found: 'x' });
/// assert_eq!(error.to_string(), "line 2, column 11: unexpected `x` in a row of counts");
/// let short = "[0] 4 4 4 4 4 4\n4 4 4 4 4 [0]".parse::<Board>();
/// assert_eq!(short, Err(ParseBoardError::WrongCount { found: 13 }));
/// let light = "[0] 4 4 4 4 4 4\n4 4 4 4 4 3 [0]".parse::<Board>();
/// assert_eq!(light, Err(ParseBoardError::Board(BoardError::WrongTotal { total: 47 })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseBoardError {
    /// A character that has no place in a diagram line with counts.
    UnexpectedCharacter {
        /// The line (from 1).
        line: usize,
        /// The column (from 1, in characters).
        column: usize,
        /// The character.
        found: char,
    },
    /// A count too large to be a number of seeds.
    CountTooLarge {
        /// The line (from 1).
        line: usize,
        /// The column where the number starts (from 1).
        column: usize,
        /// The number as written.
        text: String,
    },
    /// Not fourteen counts (twelve houses and two stores).
    WrongCount {
        /// How many counts were found.
        found: usize,
    },
    /// The counts are not a board (they do not add up to 48).
    Board(BoardError),
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseBoardError::UnexpectedCharacter {
                line,
                column,
                found,
            } => write!(
                f,
                "line {line}, column {column}: unexpected `{}` in a row of counts",
                found.escape_default()
            ),
            ParseBoardError::CountTooLarge { line, column, text } => write!(
                f,
                "line {line}, column {column}: `{text}` is more seeds than a game holds"
            ),
            ParseBoardError::WrongCount { found } => write!(
                f,
                "found {found} counts; a board has 14 (North's store, houses f to a, houses A to F, South's store)"
            ),
            ParseBoardError::Board(error) => error.fmt(f),
        }
    }
}

// The cause's message is already part of this error's own,
// so it is not handed on as `source()` too: a reporter that prints the
// chain (anyhow's `{:#}`) would print it twice.
impl std::error::Error for ParseBoardError {}

impl FromStr for Board {
    type Err = ParseBoardError;

    /// Reads a diagram as RULES.md describes: lines without a digit (such as the
    /// letter headers) are ignored; the other lines give the fourteen counts
    /// in the order drawn — North's store, f to a, A to F, South's store.
    /// Brackets, `|` and `:` may decorate the counts.
    ///
    /// ```
    /// use oware_core::Board;
    /// let board: Board = "[0] 4 4 4 4 4 4\n4 4 4 4 4 4 [0]".parse()?;
    /// assert_eq!(board, Board::OPENING);
    /// assert!("[0] 4 4 4 4 4 4\n4 4 4 4 4 x [0]".parse::<Board>().is_err());
    /// # Ok::<(), oware_core::ParseBoardError>(())
    /// ```
    fn from_str(text: &str) -> Result<Board, ParseBoardError> {
        let mut counts = Vec::with_capacity(14);
        for (line_index, line) in text.lines().enumerate() {
            if !line.chars().any(|c| c.is_ascii_digit()) {
                continue;
            }
            read_counts(line, line_index + 1, &mut counts)?;
        }
        if counts.len() != 14 {
            return Err(ParseBoardError::WrongCount {
                found: counts.len(),
            });
        }
        let mut cells = [0; 14];
        for (&count, &index) in counts.iter().zip(&READING_ORDER) {
            cells[index] = count;
        }
        Board::from_cells(cells).map_err(ParseBoardError::Board)
    }
}

/// Appends the counts on one line of a diagram to `counts`.
fn read_counts(
    line: &str,
    line_number: usize,
    counts: &mut Vec<u8>,
) -> Result<(), ParseBoardError> {
    let mut chars = line.char_indices().enumerate().peekable();
    while let Some((column, (start, c))) = chars.next() {
        if c.is_ascii_digit() {
            let mut end = start + 1;
            while let Some(&(_, (i, d))) = chars.peek() {
                if !d.is_ascii_digit() {
                    break;
                }
                end = i + 1;
                chars.next();
            }
            let text = &line[start..end];
            let count = text
                .parse::<u8>()
                .ok()
                .filter(|&n| n <= crate::board::TOTAL_SEEDS)
                .ok_or_else(|| ParseBoardError::CountTooLarge {
                    line: line_number,
                    column: column + 1,
                    text: text.to_owned(),
                })?;
            counts.push(count);
        } else if !(c.is_whitespace() || matches!(c, '[' | ']' | '|' | ':')) {
            return Err(ParseBoardError::UnexpectedCharacter {
                line: line_number,
                column: column + 1,
                found: c,
            });
        }
    }
    Ok(())
}
