//! The board in the terminal: RULES.md's four-line diagram, with the players'
//! names, and colour when stdout is a terminal.
//!
//! Without colour the four middle lines are exactly RULES.md's text, so a board
//! copied from a game can be read back with `--board`.

use std::fmt;

use oware_core::{BySeat, House, HouseSet, Position, Seat};

use crate::style::{Paint, Style};

/// A position as drawn during a game.
pub(crate) struct BoardView<'a> {
    /// The position.
    pub(crate) position: Position,
    /// The house just played, highlighted.
    pub(crate) last: Option<House>,
    /// The houses the seat to move may pick, highlighted.
    pub(crate) legal: HouseSet,
    /// Who sits where, e.g. "you" and "bot, level 10".
    pub(crate) players: &'a BySeat<String>,
    /// Colour or not.
    pub(crate) style: Style,
}

/// The look of a seat's name and houses.
pub(crate) fn seat_paint(seat: Seat) -> Paint {
    match seat {
        Seat::South => Paint::South,
        Seat::North => Paint::North,
    }
}

impl BoardView<'_> {
    fn letter(&self, f: &mut fmt::Formatter<'_>, house: House) -> fmt::Result {
        let paint = if self.legal.contains(house) {
            Paint::Legal
        } else if house.seat() == self.position.to_move() {
            Paint::Dim
        } else {
            seat_paint(house.seat())
        };
        write!(f, "{:>3}", self.style.paint(paint, house.letter()))
    }

    fn count(&self, f: &mut fmt::Formatter<'_>, house: House) -> fmt::Result {
        let seeds = self.position.board()[house];
        let paint = if self.last == Some(house) {
            Paint::Played
        } else if seeds == 0 {
            Paint::Dim
        } else {
            seat_paint(house.seat())
        };
        write!(f, "{:>3}", self.style.paint(paint, seeds))
    }

    fn store(&self, f: &mut fmt::Formatter<'_>, seat: Seat) -> fmt::Result {
        let seeds = self.position.board().store(seat);
        write!(f, "[{:>2}]", self.style.paint(Paint::Bold, seeds))
    }

    fn name(&self, f: &mut fmt::Formatter<'_>, seat: Seat) -> fmt::Result {
        let captured = self.position.board().store(seat);
        let plural = if captured == 1 { "" } else { "s" };
        writeln!(
            f,
            "{}: {}, {captured} seed{plural} captured",
            self.style.paint(seat_paint(seat), seat),
            self.players[seat]
        )
    }
}

impl fmt::Display for BoardView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let north = || House::ALL[6..].iter().rev().copied();
        let south = || House::ALL[..6].iter().copied();
        self.name(f, Seat::North)?;
        // RULES.md's North header sits one column left of the counts below it.
        f.write_str("   ")?;
        north().try_for_each(|h| self.letter(f, h))?;
        f.write_str("\n")?;
        self.store(f, Seat::North)?;
        north().try_for_each(|h| self.count(f, h))?;
        f.write_str("\n    ")?;
        south().try_for_each(|h| self.count(f, h))?;
        f.write_str(" ")?;
        self.store(f, Seat::South)?;
        f.write_str("\n    ")?;
        south().try_for_each(|h| self.letter(f, h))?;
        f.write_str("\n")?;
        self.name(f, Seat::South)
    }
}

/// The houses of `set` as spaced letters, e.g. `A C D`.
pub(crate) fn spaced(set: HouseSet) -> String {
    set.iter()
        .map(|h| h.letter().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use oware_core::Board;

    use super::*;

    #[test]
    fn plain_drawing_keeps_specs_diagram_between_the_names() {
        let position = Position::OPENING.play_abapa(House::E).unwrap();
        let players = BySeat::new("you".to_owned(), "bot, level 3".to_owned());
        let view = BoardView {
            position,
            last: Some(House::E),
            legal: position.legal_moves_abapa(),
            players: &players,
            style: Style::PLAIN,
        };
        let text = view.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "North: bot, level 3, 0 seeds captured");
        assert_eq!(lines[5], "South: you, 0 seeds captured");
        let diagram = lines[1..5].join("\n");
        assert_eq!(diagram, position.board().to_string());
        assert_eq!(diagram.parse::<Board>().unwrap(), position.board());
    }

    #[test]
    fn colour_does_not_move_the_columns() {
        let players = BySeat::new("you".to_owned(), "bot".to_owned());
        let view = |style| {
            BoardView {
                position: Position::OPENING,
                last: Some(House::C),
                legal: Position::OPENING.legal_moves_abapa(),
                players: &players,
                style,
            }
            .to_string()
        };
        let coloured = view(Style::ANSI);
        assert!(coloured.contains('\x1b'));
        assert_eq!(strip_ansi(&coloured), view(Style::PLAIN));
    }

    fn strip_ansi(text: &str) -> String {
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for d in chars.by_ref() {
                    if d.is_ascii_alphabetic() {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn spaced_letters() {
        assert_eq!(spaced(Position::OPENING.legal_moves_abapa()), "A B C D E F");
    }
}
