//! Capture: the chain taken after sowing, and the grand slam (RULES.md sections 2
//! and 3).

use crate::seat::Seat;
use crate::sow::HOUSES;

/// The houses `mover` would capture after sowing ended in `last`, in the
/// order they are walked: `last` first, then descending index.
///
/// Counts are read after sowing. The walk goes backwards (0 wraps to 11) while
/// the house is the opponent's and holds exactly 2 or 3. Because the opponent
/// owns six consecutive houses, stepping backwards out of their row always
/// lands in the mover's row, so the walk can never leave the opponent's row
/// or go round the board.
pub(crate) fn capture_chain(cells: &[u8; 14], last: usize, mover: Seat) -> Vec<usize> {
    let opponent = mover.opponent();
    let mut chain = Vec::new();
    let mut at = last;
    while opponent.owns(at) && (cells[at] == 2 || cells[at] == 3) {
        chain.push(at);
        at = (at + HOUSES - 1) % HOUSES;
    }
    chain
}

/// Whether taking `chain` would take every seed in the opponent's row: every
/// non-empty house of the opponent is in the chain.
///
/// An empty chain is never a grand slam: nothing would be taken at all.
pub(crate) fn is_grand_slam(cells: &[u8; 14], chain: &[usize], mover: Seat) -> bool {
    if chain.is_empty() {
        return false;
    }
    for house in mover.opponent().houses() {
        if cells[house] > 0 && !chain.contains(&house) {
            return false;
        }
    }
    true
}
