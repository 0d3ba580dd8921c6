//! The board as four lines of text, and reading it back (RULES.md section 8).

use std::fmt;

/// North's letter header exactly as RULES.md draws it. RULES.md's diagram puts
/// this header one column further left than the counts below it (and than
/// South's header); it is copied as drawn, because both implementations must
/// print the same text.
const NORTH_HEADER: &str = "     f  e  d  c  b  a";

/// South's letter header exactly as RULES.md draws it: each letter over
/// (under) its count.
const SOUTH_HEADER: &str = "      A  B  C  D  E  F";

/// The order in which the 14 numbers appear in the text: North's store,
/// North's houses f..a, South's houses A..F, South's store.
const READING_ORDER: [usize; 14] = [13, 11, 10, 9, 8, 7, 6, 0, 1, 2, 3, 4, 5, 12];

/// The board as text, in RULES.md's four lines: North's letter header,
/// North's store in brackets then North's row right to left, South's row
/// left to right then South's store in brackets, South's letter header.
/// Counts are right-aligned in three columns, stores drawn as `[%2d]`; the
/// lines are joined by newlines, with none after the last.
///
/// ```
/// use oware_reference::{render_board, Position};
/// assert_eq!(
///     render_board(&Position::opening().cells),
///     "     f  e  d  c  b  a\n\
///      [ 0]  4  4  4  4  4  4\n      \
///            4  4  4  4  4  4 [ 0]\n      \
///            A  B  C  D  E  F"
/// );
/// ```
#[must_use]
pub fn render_board(cells: &[u8; 14]) -> String {
    let mut north = format!("[{:2}]", cells[13]);
    for count in cells[6..12].iter().rev() {
        north.push_str(&format!("{count:3}"));
    }
    // The four spaces stand where North's "[nn]" stands on the line above,
    // so each South count sits under the North count opposite it.
    let mut south = String::from("    ");
    for count in &cells[0..6] {
        south.push_str(&format!("{count:3}"));
    }
    south.push_str(&format!(" [{:2}]", cells[12]));
    format!("{NORTH_HEADER}\n{north}\n{south}\n{SOUTH_HEADER}")
}

/// Reads a board drawn as [`render_board`] draws it, tolerantly.
///
/// Lines without an ASCII digit are ignored, so headers and labels may stay.
/// On the other lines a number is a run of ASCII digits; anything else
/// separates numbers. The 14 numbers are read in the order shown: North's
/// store, houses f..a, houses A..F, South's store. Never panics.
///
/// # Errors
///
/// In reading order, the first of: a number that is not a count from 0 to
/// 255, a fifteenth number, fewer than 14 numbers in all, or a total other
/// than 48 seeds. Line numbers count from 1 over every line, ignored or not.
pub fn parse_board(text: &str) -> Result<[u8; 14], BoardError> {
    let mut numbers: Vec<u8> = Vec::new();
    let mut lines_seen = 0;
    for (line_index, line) in text.lines().enumerate() {
        let line_number = line_index + 1;
        lines_seen = line_number;
        if !line.chars().any(|c| c.is_ascii_digit()) {
            continue;
        }
        for word in line.split(|c: char| !c.is_ascii_digit()) {
            if word.is_empty() {
                continue;
            }
            let Ok(count) = word.parse::<u8>() else {
                return Err(BoardError::BadNumber {
                    line: line_number,
                    text: word.to_string(),
                });
            };
            if numbers.len() == 14 {
                return Err(BoardError::TooManyNumbers { line: line_number });
            }
            numbers.push(count);
        }
    }
    if numbers.len() < 14 {
        return Err(BoardError::TooFewNumbers {
            found: numbers.len(),
            line: lines_seen,
        });
    }
    let mut cells = [0u8; 14];
    for (position_in_text, &cell) in READING_ORDER.iter().enumerate() {
        cells[cell] = numbers[position_in_text];
    }
    let total: u32 = cells.iter().map(|&c| u32::from(c)).sum();
    if total != 48 {
        return Err(BoardError::WrongTotal { total });
    }
    Ok(cells)
}

/// Why a board text could not be read.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum BoardError {
    /// A run of digits that is not a count from 0 to 255.
    BadNumber {
        /// 1-based line number.
        line: usize,
        /// The digits as written.
        text: String,
    },
    /// More than 14 numbers; `line` holds the fifteenth.
    TooManyNumbers {
        /// 1-based line number of the fifteenth number.
        line: usize,
    },
    /// The text ended before 14 numbers were read.
    TooFewNumbers {
        /// How many numbers were read.
        found: usize,
        /// 1-based number of the last line of the text (0 for empty text).
        line: usize,
    },
    /// The 14 counts do not add up to the 48 seeds of a game.
    WrongTotal {
        /// The seeds counted.
        total: u32,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::BadNumber { line, text } => {
                write!(f, "line {line}: {text:?} is not a seed count from 0 to 255")
            }
            BoardError::TooManyNumbers { line } => write!(
                f,
                "line {line}: a fifteenth number, but a board has 12 houses and 2 stores"
            ),
            BoardError::TooFewNumbers { found, line } => write!(
                f,
                "line {line}: the text ends after {found} numbers, but a board has 14"
            ),
            BoardError::WrongTotal { total } => {
                write!(f, "the board holds {total} seeds, not 48")
            }
        }
    }
}

impl std::error::Error for BoardError {}
