//! What one move does to a position, legal or not: sow, then capture unless
//! the chain is a grand slam.

use crate::capture::{capture_chain, is_grand_slam};
use crate::position::Position;
use crate::sow::sow;

/// Everything the legality checks and the game record need to know about one
/// move.
pub(crate) struct Played {
    /// The position after the move, the other seat to move.
    pub(crate) after: Position,
    /// Whether the capture chain was a grand slam (and so took nothing).
    pub(crate) grand_slam: bool,
}

/// Plays `house` for the seat to move without asking whether it is legal.
///
/// The house must be one of the mover's non-empty houses.
pub(crate) fn play_unchecked(before: &Position, house: usize) -> Played {
    let mover = before.to_move;
    let mut cells = before.cells;
    let last = sow(&mut cells, house);
    let chain = capture_chain(&cells, last, mover);
    let grand_slam = is_grand_slam(&cells, &chain, mover);
    if !grand_slam {
        for &taken in &chain {
            cells[mover.store()] += cells[taken];
            cells[taken] = 0;
        }
    }
    Played {
        after: Position {
            cells,
            to_move: mover.opponent(),
        },
        grand_slam,
    }
}
