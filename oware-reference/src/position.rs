//! A position: the 14 cells and the seat to move.

use crate::legality::{moves_ignoring_stores, refusal, stores_decide};
use crate::play::play_unchecked;
use crate::refusal::Refusal;
use crate::rules::Rules;
use crate::seat::Seat;

/// A board and the seat to move, with no history.
///
/// `cells` is the canonical 14-cell layout: houses 0–11 (A–F then a–f), South's
/// store at 12, North's at 13. The fields are public and unvalidated; the rules
/// assume the 48 seeds of a real game (any total up to 255 works).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// Houses 0–11, then South's store (12) and North's store (13).
    pub cells: [u8; 14],
    /// The seat whose turn it is.
    pub to_move: Seat,
}

impl Position {
    /// The start of a game: four seeds in every house, empty stores, South to
    /// move.
    #[must_use]
    pub fn opening() -> Position {
        let mut cells = [4; 14];
        cells[12] = 0;
        cells[13] = 0;
        Position {
            cells,
            to_move: Seat::South,
        }
    }

    /// The legal moves under `rules`, as ascending house indices; empty when
    /// the position [is over](Position::is_over).
    #[must_use]
    pub fn legal_moves(&self, rules: Rules) -> Vec<usize> {
        if stores_decide(&self.cells) {
            return Vec::new();
        }
        moves_ignoring_stores(self, rules)
    }

    /// Plays `house` for the seat to move and returns the new position, with
    /// the other seat to move.
    ///
    /// # Errors
    ///
    /// The first [`Refusal`] that applies, in the order documented there.
    /// Here [`Refusal::GameOver`] means [`Position::is_over`]; repetition and
    /// the move limit need a history, see [`Game`](crate::Game).
    pub fn play(&self, house: usize, rules: Rules) -> Result<Position, Refusal> {
        match refusal(self, house, rules) {
            Some(refusal) => Err(refusal),
            None => Ok(play_unchecked(self, house).after),
        }
    }

    /// Whether the game is over without looking at history: a store holds 25
    /// or more, both stores hold 24, or the seat to move has no legal move.
    ///
    /// The answer does not depend on the rule set: Awari never leaves a seat
    /// without a move when Abapa would give it one.
    #[must_use]
    pub fn is_over(&self) -> bool {
        stores_decide(&self.cells) || moves_ignoring_stores(self, Rules::Abapa).is_empty()
    }
}
