//! Why a game could not be solved.

use std::fmt;

use crate::refusal::Refusal;

/// Why [`Solver::solve`](super::Solver::solve) or
/// [`Solver::solve_game`](super::Solver::solve_game) refused a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SolveError {
    /// The history holds no position.
    NoPosition,
    /// The position at this index of the history does not follow the one
    /// before it by a legal move that captures nothing.
    NotAQuietMove {
        /// The index of the position, in the history given.
        at: usize,
    },
    /// The game was already over at this index: of the history given
    /// ([`Solver::solve`](super::Solver::solve)) or of the moves, before
    /// that move ([`Solver::solve_game`](super::Solver::solve_game)).
    EndedBefore {
        /// The index of the position or move.
        at: usize,
    },
    /// The move at this index was refused.
    Refused {
        /// The index of the move.
        at: usize,
        /// Why it was refused.
        refusal: Refusal,
    },
    /// The game needs more positions visited than the solver's budget.
    TooHard {
        /// The budget, in positions.
        budget: u64,
    },
    /// The rules end a game at the 0th occurrence of a position, which
    /// means nothing.
    BadRepetition,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NoPosition => f.write_str("the history holds no position"),
            SolveError::NotAQuietMove { at } => write!(
                f,
                "position {at} of the history does not follow the one before it by a move \
                 that captures nothing"
            ),
            SolveError::EndedBefore { at } => {
                write!(f, "the game was already over at position {at}")
            }
            SolveError::Refused { at, refusal } => write!(f, "move {at} is illegal: {refusal}"),
            SolveError::TooHard { budget } => write!(
                f,
                "solving the game needs more than the budget of {budget} positions"
            ),
            SolveError::BadRepetition => {
                f.write_str("a repetition count must be at least 1 (the first occurrence)")
            }
        }
    }
}

impl std::error::Error for SolveError {}
