//! A line as words with their columns, and the excerpts errors quote.

use std::ops::RangeInclusive;
use std::time::Duration;

use crate::error::{ErrorKind, ParseError};

/// How many characters of a line or a word an error quotes.
pub const EXCERPT_CHARS: usize = 40;

/// The first [`EXCERPT_CHARS`] characters of `text`, with `…` if it is
/// longer, and control characters escaped: a GUI may read a carriage
/// return as the end of a line (Aualé does), so an error line must not
/// hold one.
///
/// ```
/// use oware_uci::excerpt;
/// assert_eq!(excerpt("position"), "position");
/// assert_eq!(excerpt(&"x".repeat(100)), format!("{}…", "x".repeat(40)));
/// assert_eq!(excerpt("a\rb\tc"), "a\\rb\\tc");
/// ```
#[must_use]
pub fn excerpt(text: &str) -> String {
    let mut chars = text.chars();
    let mut quoted = escape_controls(chars.by_ref().take(EXCERPT_CHARS));
    if chars.next().is_some() {
        quoted.push('…');
    }
    quoted
}

/// The characters with each control character escaped (`\r`, `\u{1c}`).
pub(crate) fn escape_controls(text: impl IntoIterator<Item = char>) -> String {
    let mut escaped = String::new();
    for c in text {
        if c.is_control() {
            escaped.extend(c.escape_default());
        } else {
            escaped.push(c);
        }
    }
    escaped
}

/// [`excerpt`] of bytes read as UTF-8, each bad sequence as `\u{fffd}`.
pub(crate) fn lossy_excerpt(bytes: &[u8]) -> String {
    // A character is at most 4 bytes, so this much holds one character
    // more than an excerpt whenever there is more, and `…` is still added.
    let enough = bytes.len().min(4 * (EXCERPT_CHARS + 1));
    excerpt(&String::from_utf8_lossy(&bytes[..enough]))
}

/// A word of a line: its first character's column (from 1), where it starts
/// in the line's bytes, and the word.
#[derive(Clone, Copy)]
struct Word<'a> {
    column: usize,
    start: usize,
    text: &'a str,
}

/// The words of a line with their columns, read front to back.
pub(crate) struct Words<'a> {
    line: &'a str,
    words: Vec<Word<'a>>,
    next: usize,
    /// The column just past the line's end, where a missing word is.
    pub(crate) end: usize,
}

impl<'a> Words<'a> {
    pub(crate) fn new(line: &'a str) -> Words<'a> {
        let mut words = Vec::new();
        let mut start = None;
        let mut push = |(column, from): (usize, usize), to: usize| {
            words.push(Word {
                column,
                start: from,
                text: &line[from..to],
            });
        };
        for (column, (index, c)) in line.char_indices().enumerate() {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some((column + 1, index)),
                (true, Some(at)) => {
                    push(at, index);
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(at) = start {
            push(at, line.len());
        }
        Words {
            line,
            words,
            next: 0,
            end: line.chars().count() + 1,
        }
    }

    pub(crate) fn next(&mut self) -> Option<(usize, &'a str)> {
        let word = self.peek()?;
        self.next += 1;
        Some(word)
    }

    pub(crate) fn peek(&self) -> Option<(usize, &'a str)> {
        self.words.get(self.next).map(|w| (w.column, w.text))
    }

    /// The next word, or an error saying `after` needs `what`.
    pub(crate) fn expect(
        &mut self,
        after: &'static str,
        what: &'static str,
    ) -> Result<(usize, &'a str), ParseError> {
        let missing = self.missing(after, what);
        self.next().ok_or(missing)
    }

    /// An error saying `after` needs `what`, at the next word or the line's end.
    pub(crate) fn missing(&self, after: &'static str, what: &'static str) -> ParseError {
        ParseError {
            column: self.peek().map_or(self.end, |(column, _)| column),
            kind: ErrorKind::Missing { after, what },
        }
    }

    /// The next word as a whole number of type `T`, for the keyword
    /// `after`: any `T` may be written.
    pub(crate) fn number<T: Whole>(&mut self, after: &'static str) -> Result<T, ParseError> {
        self.number_in(after, T::MIN..=T::MAX)
    }

    /// The next word as a whole number in `range` (which `T` holds), for
    /// the keyword `after`. A word that is not a number and a number out of
    /// the range (too large for any type included) are refused apart, the
    /// second with the range, so the GUI's log says what would be taken.
    pub(crate) fn number_in<T: Whole>(
        &mut self,
        after: &'static str,
        range: RangeInclusive<i128>,
    ) -> Result<T, ParseError> {
        let (column, word) = self.expect(after, "a whole number")?;
        let digits = word.strip_prefix(['-', '+']).unwrap_or(word);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseError {
                column,
                kind: ErrorKind::NotANumber {
                    after,
                    found: excerpt(word),
                },
            });
        }
        // Digits too many for an i128 are out of every range.
        word.parse::<i128>()
            .ok()
            .filter(|value| range.contains(value))
            .and_then(|value| T::try_from(value).ok())
            .ok_or_else(|| ParseError {
                column,
                kind: ErrorKind::OutOfRange {
                    after,
                    min: *range.start(),
                    max: *range.end(),
                    found: excerpt(word),
                },
            })
    }

    /// The next word as milliseconds of a clock, for the keyword `after`:
    /// below zero reads as zero (a GUI whose clock ran out sends the time
    /// it is over by as a negative time, and the engine must still answer
    /// with a move); from [`i64::MIN`] to [`u64::MAX`].
    pub(crate) fn millis(&mut self, after: &'static str) -> Result<Duration, ParseError> {
        let millis: i128 = self.number_in(after, i128::from(i64::MIN)..=i128::from(u64::MAX))?;
        Ok(Duration::from_millis(u64::try_from(millis).unwrap_or(0)))
    }

    /// The words up to (not including) the next that is one of `stops`
    /// (without case) or the line's end, joined by single spaces; with the
    /// first one's column.
    pub(crate) fn phrase(&mut self, stops: &[&str]) -> Option<(usize, String)> {
        let (column, _) = self.peek()?;
        let mut text = String::new();
        while let Some((_, word)) = self.peek()
            && !stops.iter().any(|stop| word.eq_ignore_ascii_case(stop))
        {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(word);
            self.next += 1;
        }
        (!text.is_empty()).then_some((column, text))
    }

    /// The rest of the line as written from the next word on (blanks
    /// inside it kept), and no more words after it; empty at the end.
    pub(crate) fn rest(&mut self) -> &'a str {
        let rest = self
            .words
            .get(self.next)
            .map_or("", |w| &self.line[w.start..]);
        self.next = self.words.len();
        rest
    }

    /// An error if a word is left: it has no place after `after`.
    pub(crate) fn finish(&mut self, after: &'static str) -> Result<(), ParseError> {
        match self.next() {
            None => Ok(()),
            Some((column, word)) => Err(unexpected(column, after, word)),
        }
    }
}

/// A type of whole number a keyword takes, with its bounds as `i128`
/// (which holds every one of them), for [`Words::number_in`].
pub(crate) trait Whole: TryFrom<i128> {
    /// The least value.
    const MIN: i128;
    /// The greatest value.
    const MAX: i128;
}

/// [`Whole`] for each primitive type listed.
macro_rules! whole {
    ($($type:ty),*) => {
        $(impl Whole for $type {
            const MIN: i128 = <$type>::MIN as i128;
            const MAX: i128 = <$type>::MAX as i128;
        })*
    };
}

whole!(u8, u16, u32, u64, i8, i16, i32, i64, i128);

/// `word`, at `column`, has no place after `after`.
pub(crate) fn unexpected(column: usize, after: &'static str, word: &str) -> ParseError {
    ParseError {
        column,
        kind: ErrorKind::Unexpected {
            after,
            found: excerpt(word),
        },
    }
}
