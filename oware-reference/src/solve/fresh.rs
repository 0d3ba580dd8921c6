//! What a fresh game's result must be, read from the endgame database's
//! bounds: the check that ties this solver to [`endgame`](crate::endgame).
//!
//! With no earlier position since the last capture an optimal strategy
//! never needs to repeat a position, so a repetition the other side forces
//! shares the seeds left somewhere between "all to the mover's opponent"
//! (the database's `lo`) and "all to the mover" (its `hi`); an even split
//! lies between the two as well. The game also stops when a store reaches
//! 25, or both hold 24, where the database plays on until the board is
//! settled; that changes no result, because stores only grow: the side that
//! ends with 25 or more got there first, and at 24 each neither passed 24.

use crate::endgame::Bounds;
use crate::position::Position;
use crate::seat::Seat;

use super::Standing;

/// The mover's result in a fresh game from `position` when the net seeds it
/// collects from those on the board is `bounds.lo` and when it is
/// `bounds.hi`, `bounds` being the database's value of `position`'s houses
/// (from the mover's view). A fresh game's result for the mover lies
/// between the two.
///
/// ```
/// use oware_reference::solve::{Standing, database_standings};
/// use oware_reference::{Bounds, Position, Seat};
///
/// // The mover (South) holds 23, the opponent 22, three seeds are left.
/// let mut cells = [0; 14];
/// cells[0] = 3;
/// cells[12] = 23;
/// cells[13] = 22;
/// let position = Position { cells, to_move: Seat::South };
/// // Net +3 takes the mover to 26; net -1 leaves it on 24 against 24.
/// let standings = database_standings(&position, Bounds { lo: -1, hi: 3 });
/// assert_eq!(standings, [Standing::Draw, Standing::Win]);
/// ```
#[must_use]
pub fn database_standings(position: &Position, bounds: Bounds) -> [Standing; 2] {
    [bounds.lo, bounds.hi].map(|net| standing(position, net))
}

/// The mover's result when it collects `net` more seeds than its opponent
/// from those on the board.
fn standing(position: &Position, net: i32) -> Standing {
    let mover = position.to_move;
    let on_board: i32 = position.cells[..12].iter().map(|&s| i32::from(s)).sum();
    let store = |seat: Seat| i32::from(position.cells[seat.store()]);
    // The mover takes (n + net) / 2 of the n seeds, the opponent the rest.
    let mover_final = store(mover) + (on_board + net) / 2;
    let opponent_final = store(mover.opponent()) + (on_board - net) / 2;
    match mover_final.cmp(&opponent_final) {
        std::cmp::Ordering::Greater => Standing::Win,
        std::cmp::Ordering::Equal => Standing::Draw,
        std::cmp::Ordering::Less => Standing::Loss,
    }
}
