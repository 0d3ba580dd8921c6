//! Colour and cursor control, used only when stdout is a terminal.

use std::fmt;
use std::io::IsTerminal;

/// Which ANSI codes output may carry: colour, and moving the cursor to
/// redraw the bot's thinking in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Style {
    /// Colour is on.
    pub(crate) colour: bool,
    /// Cursor movement is on: the output is a terminal that redraws.
    pub(crate) cursor: bool,
}

impl Style {
    /// Plain text: no escape codes at all.
    pub(crate) const PLAIN: Style = Style {
        colour: false,
        cursor: false,
    };

    /// Every code: for tests of the terminal look.
    #[cfg(test)]
    pub(crate) const ANSI: Style = Style {
        colour: true,
        cursor: true,
    };

    /// Cursor movement when stdout is a terminal (and `TERM` is not `dumb`);
    /// colour too, unless `NO_COLOR` is set.
    pub(crate) fn for_stdout() -> Style {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
        let terminal = std::io::stdout().is_terminal() && !dumb;
        Style {
            colour: terminal && !no_color,
            cursor: terminal,
        }
    }

    /// `text` in `paint`, or as it is when colour is off.
    pub(crate) fn paint<T: fmt::Display>(self, paint: Paint, text: T) -> Painted<T> {
        Painted {
            code: if self.colour { paint.code() } else { "" },
            text,
        }
    }

    /// Turns the terminal's line wrapping on or off (DECAWM); nothing when
    /// cursor movement is off. Off, a long line is cut at the right edge, so
    /// every line printed takes exactly one row and can be redrawn.
    pub(crate) fn wrap(self, on: bool) -> &'static str {
        match (self.cursor, on) {
            (false, _) => "",
            (true, true) => "\x1b[?7h",
            (true, false) => "\x1b[?7l",
        }
    }

    /// Moves the cursor up `lines` lines and clears from there to the end of
    /// the screen; nothing when cursor movement is off.
    pub(crate) fn rewind(self, lines: usize) -> String {
        match (self.cursor, lines) {
            (false, _) => String::new(),
            (true, 0) => "\r\x1b[J".to_owned(),
            (true, n) => format!("\r\x1b[{n}A\x1b[J"),
        }
    }
}

/// The few looks the terminal output uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Paint {
    /// Emphasis: stores, the seat to move, the best move.
    Bold,
    /// Less important text: empty houses, timings.
    Dim,
    /// South's houses and name.
    South,
    /// North's houses and name.
    North,
    /// The house just played.
    Played,
    /// Houses the player may pick.
    Legal,
    /// Error messages.
    Error,
    /// Good news: a proven win, the outcome.
    Good,
}

impl Paint {
    /// The SGR sequence that starts the look.
    fn code(self) -> &'static str {
        match self {
            Paint::Bold => "\x1b[1m",
            Paint::Dim => "\x1b[2m",
            Paint::South => "\x1b[33m",
            Paint::North => "\x1b[36m",
            Paint::Played => "\x1b[1;7m",
            Paint::Legal => "\x1b[1;32m",
            Paint::Error => "\x1b[1;31m",
            Paint::Good => "\x1b[1;35m",
        }
    }
}

/// Text with an optional look; formats with the width and alignment asked
/// for, padding outside the escape codes so columns stay aligned.
pub(crate) struct Painted<T> {
    code: &'static str,
    text: T,
}

impl<T: fmt::Display> fmt::Display for Painted<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Render the text alone first, so padding counts only visible characters.
        let text = self.text.to_string();
        let width = f.width().unwrap_or(0);
        let pad = width.saturating_sub(text.chars().count());
        let (left, right) = match f.align() {
            Some(fmt::Alignment::Left) => (0, pad),
            Some(fmt::Alignment::Center) => (pad / 2, pad - pad / 2),
            Some(fmt::Alignment::Right) | None if width > 0 => (pad, 0),
            _ => (0, pad),
        };
        write!(f, "{:left$}", "")?;
        if self.code.is_empty() {
            f.write_str(&text)?;
        } else {
            write!(f, "{}{text}\x1b[0m", self.code)?;
        }
        write!(f, "{:right$}", "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_has_no_escape_codes_and_pads_as_usual() {
        let plain = Style::PLAIN;
        assert_eq!(format!("[{:>5}]", plain.paint(Paint::Bold, 42)), "[   42]");
        assert_eq!(format!("[{:<4}]", plain.paint(Paint::Bold, "ab")), "[ab  ]");
        assert_eq!(plain.rewind(3), "");
        assert_eq!(plain.wrap(false), "");
    }

    #[test]
    fn ansi_text_pads_outside_the_codes() {
        let ansi = Style::ANSI;
        assert_eq!(
            format!("{:>4}", ansi.paint(Paint::Bold, 7)),
            "   \x1b[1m7\x1b[0m"
        );
        assert_eq!(ansi.rewind(2), "\r\x1b[2A\x1b[J");
        assert_eq!(
            (ansi.wrap(false), ansi.wrap(true)),
            ("\x1b[?7l", "\x1b[?7h")
        );
    }
}
