//! Perft: counting move sequences, the standard check of move generation.

use crate::position::Position;
use crate::rules::Rules;

/// The number of legal move sequences of length `depth` from `pos` under
/// `rules`. Depth 0 counts the empty sequence (1); a finished position (see
/// [`Position::is_over`]) has no moves. No history is kept, so repetition
/// and the move limit play no part.
///
/// ```
/// use oware_reference::{perft, Position, Rules};
/// assert_eq!(perft(&Position::opening(), 2, Rules::Abapa), 36);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32, rules: Rules) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut count = 0;
    for house in pos.legal_moves(rules) {
        let next = pos
            .play(house, rules)
            .expect("a move from legal_moves is legal");
        count += perft(&next, depth - 1, rules);
    }
    count
}
