//! perft: counting move sequences, the standard check of a move generator.

use crate::house::House;
use crate::position::Position;
use crate::rules::Rules;

/// The number of legal move sequences of length `depth` from `position`
/// under `rules` (their grand slam decides which moves are legal). A
/// position where a store holds 25 or more has no moves, so a sequence that
/// ends the game early is not counted; `depth` 0 counts the empty
/// sequence. Positions carry no history, so repetition and the move limit
/// end nothing here.
///
/// The last ply is counted from the legal-move set rather than played.
///
/// ```
/// use oware_core::{Position, Rules, perft};
/// assert_eq!(perft(Position::OPENING, 3, &Rules::ABAPA), 190);
/// // South's F would capture North's whole row, a grand slam: abapa lets
/// // F be sown (it captures nothing), awari does not while E is legal.
/// let position = Position::from_fen("0-0-0-0-1-2-1-1-0-0-0-0-20-23-S")?;
/// assert_eq!(perft(position, 1, &Rules::ABAPA), 2);
/// assert_eq!(perft(position, 1, &Rules::AWARI), 1);
/// # Ok::<(), oware_core::FenError>(())
/// ```
#[must_use]
pub fn perft(position: Position, depth: u32, rules: &Rules) -> u64 {
    let moves = position.legal_moves_under(rules);
    match depth {
        0 => 1,
        1 => moves.len() as u64,
        // The frontier, unrolled: most of the work is here, and a call per
        // leaf's parent would cost as much as the move itself.
        2 => moves
            .iter()
            .map(|house| {
                position
                    .play_unchecked(house)
                    .legal_moves_under(rules)
                    .len() as u64
            })
            .sum(),
        _ => moves
            .iter()
            .map(|house| perft(position.play_unchecked(house), depth - 1, rules))
            .sum(),
    }
}

/// [`perft`] that plays every leaf move too, rather than counting the last
/// ply from the legal-move set: the measure of a full move's speed. Returns
/// the same count.
///
/// ```
/// use oware_core::{Position, Rules, perft, perft_played};
/// let rules = Rules::ABAPA;
/// assert_eq!(perft_played(Position::OPENING, 4, &rules), perft(Position::OPENING, 4, &rules));
/// ```
#[must_use]
pub fn perft_played(position: Position, depth: u32, rules: &Rules) -> u64 {
    let moves = position.legal_moves_under(rules);
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
            .map(|house| perft_played(position.play_unchecked(house), depth - 1, rules))
            .sum(),
    }
}

/// [`perft`] split by first move: each legal move under `rules` with the
/// count below it.
///
/// ```
/// use oware_core::{House, Position, Rules, divide};
/// let counts = divide(Position::OPENING, 2, &Rules::ABAPA);
/// assert_eq!(counts.len(), 6);
/// assert_eq!(counts.iter().map(|(_, n)| n).sum::<u64>(), 36);
/// assert_eq!(counts[0].0, House::A);
/// ```
#[must_use]
pub fn divide(position: Position, depth: u32, rules: &Rules) -> Vec<(House, u64)> {
    position
        .legal_moves_under(rules)
        .iter()
        .map(|house| {
            (
                house,
                perft(
                    position.play_unchecked(house),
                    depth.saturating_sub(1),
                    rules,
                ),
            )
        })
        .collect()
}
