//! Why a move was refused.

use std::fmt;

/// The reason a move is illegal (RULES.md section 5).
///
/// When several apply, the first in this order is reported: `GameOver`,
/// `NoSuchHouse`, `NotYourHouse`, `EmptyHouse`, `MustFeed`,
/// `GrandSlamForbidden`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Refusal {
    /// The game is already over. For [`Position::play`](crate::Position::play)
    /// that means [`Position::is_over`](crate::Position::is_over); for
    /// [`Game::play`](crate::Game::play) it also covers repetition and the move
    /// limit.
    GameOver,
    /// The index is not a house (12 or more; the stores are not houses).
    NoSuchHouse,
    /// The house belongs to the seat that is not to move.
    NotYourHouse,
    /// The house holds no seed.
    EmptyHouse,
    /// The opponent's row is empty and this move leaves it empty.
    MustFeed,
    /// Awari rules only: the move is a grand slam and another legal move is not.
    GrandSlamForbidden,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::GameOver => "the game is over",
            Refusal::NoSuchHouse => "no such house: houses are numbered 0 to 11",
            Refusal::NotYourHouse => "that house belongs to the seat not to move",
            Refusal::EmptyHouse => "that house is empty",
            Refusal::MustFeed => "the opponent's row is empty and this move does not feed it",
            Refusal::GrandSlamForbidden => {
                "a grand slam is forbidden while a move that is not one exists"
            }
        })
    }
}

impl std::error::Error for Refusal {}
