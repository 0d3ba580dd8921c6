//! perft: counting move sequences, the standard check of a move generator.

use crate::house::House;
use crate::position::Position;

/// The number of legal move sequences of length `depth` from `position`
/// under Abapa rules. A finished game has no moves, so a sequence that ends
/// the game early is not counted; `depth` 0 counts the empty sequence.
///
/// The last ply is counted from the legal-move set rather than played.
///
/// ```
/// use oware_core::{perft, Position};
/// assert_eq!(perft(Position::OPENING, 3), 190);
/// ```
#[must_use]
pub fn perft(position: Position, depth: u32) -> u64 {
    let moves = position.legal_moves_abapa();
    match depth {
        0 => 1,
        1 => moves.len() as u64,
        // The frontier, unrolled: most of the work is here, and a call per
        // leaf's parent would cost as much as the move itself.
        2 => moves
            .iter()
            .map(|house| position.play_unchecked(house).legal_moves_abapa().len() as u64)
            .sum(),
        _ => moves
            .iter()
            .map(|house| perft(position.play_unchecked(house), depth - 1))
            .sum(),
    }
}

/// [`perft`] that plays every leaf move too, rather than counting the last
/// ply from the legal-move set: the measure of a full move's speed. Returns
/// the same count.
///
/// ```
/// use oware_core::{perft, perft_played, Position};
/// assert_eq!(perft_played(Position::OPENING, 4), perft(Position::OPENING, 4));
/// ```
#[must_use]
pub fn perft_played(position: Position, depth: u32) -> u64 {
    let moves = position.legal_moves_abapa();
    match depth {
        0 => 1,
        1 => moves
            .iter()
            .map(|house| {
                // The leaf is made for real: `black_box` keeps the optimiser
                // from dropping a move whose result nobody reads.
                core::hint::black_box(position.play_unchecked(house));
                1
            })
            .sum(),
        _ => moves
            .iter()
            .map(|house| perft_played(position.play_unchecked(house), depth - 1))
            .sum(),
    }
}

/// [`perft`] split by first move: each legal move with the count below it.
///
/// ```
/// use oware_core::{divide, House, Position};
/// let counts = divide(Position::OPENING, 2);
/// assert_eq!(counts.len(), 6);
/// assert!(counts.iter().all(|&(_, n)| n == 6));
/// assert_eq!(counts[0].0, House::A);
/// ```
#[must_use]
pub fn divide(position: Position, depth: u32) -> Vec<(House, u64)> {
    position
        .legal_moves_abapa()
        .iter()
        .map(|house| {
            (
                house,
                perft(position.play_unchecked(house), depth.saturating_sub(1)),
            )
        })
        .collect()
}
