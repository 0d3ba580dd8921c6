//! The reader's cursor: the text still to read, and the line and column
//! (from 1, in characters) it stands at, for every error's place.

use super::error::{OgnError, OgnErrorKind};

/// A place in the text, from 1.
#[derive(Clone, Copy, Debug)]
pub(super) struct Place {
    pub(super) line: usize,
    pub(super) column: usize,
}

impl Place {
    pub(super) fn error(self, kind: OgnErrorKind) -> OgnError {
        OgnError {
            line: self.line,
            column: self.column,
            kind,
        }
    }
}

/// The text still to read, and where it stands.
pub(super) struct Cursor<'a> {
    pub(super) rest: &'a str,
    pub(super) place: Place,
}

impl<'a> Cursor<'a> {
    pub(super) fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            rest: text.strip_prefix('\u{feff}').unwrap_or(text),
            place: Place { line: 1, column: 1 },
        }
    }

    pub(super) fn peek(&self) -> Option<char> {
        self.rest.chars().next()
    }

    pub(super) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.rest = &self.rest[c.len_utf8()..];
        if c == '\n' {
            self.place.line += 1;
            self.place.column = 1;
        } else {
            self.place.column += 1;
        }
        Some(c)
    }

    pub(super) fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// The error for the next character (or the end), which is not `expected`.
    pub(super) fn unexpected(&self, expected: &'static str) -> OgnError {
        self.place.error(match self.peek() {
            Some(found) => OgnErrorKind::Unexpected { found, expected },
            None => OgnErrorKind::UnexpectedEnd { expected },
        })
    }

    /// Reads a run of ASCII digits as a number (none: `None`).
    pub(super) fn number(&mut self) -> Result<Option<u32>, OgnError> {
        let start = self.place;
        let mut value: Option<u32> = None;
        while let Some(digit) = self.peek().and_then(|c| c.to_digit(10)) {
            self.bump();
            value = Some(
                value
                    .unwrap_or(0)
                    .checked_mul(10)
                    .and_then(|v| v.checked_add(digit))
                    .ok_or_else(|| start.error(OgnErrorKind::NumberTooLarge))?,
            );
        }
        Ok(value)
    }
}
