//! How a game ends: the reasons, the final counts, and the checks that need
//! no history (RULES.md section 6).

use crate::legality::{moves_ignoring_stores, row_total};
use crate::position::Position;
use crate::rules::Rules;
use crate::seat::Seat;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndReason {
    /// A store reached 25 or more; that seat won at once.
    Reached25,
    /// Both stores hold 24: a draw.
    Draw24,
    /// The seat to move had no legal move; each player took their own row.
    NoLegalMove,
    /// The position occurred for the third time; each player took their own
    /// row.
    Repetition,
    /// Under Aualé's rule, the position occurred for the second time; each
    /// player took their own row.
    FirstRepetition,
    /// The move limit of the rule set was reached with no capture; each player
    /// took their own row.
    MoveLimit,
}

/// The result of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// The seat with more seeds at the end, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Why the game ended.
    pub reason: EndReason,
    /// Final seed counts: `seeds[0]` is South's, `seeds[1]` is North's.
    /// When an odd number of seeds left was split evenly, each count leaves
    /// out its half of the odd seed (it is rounded down).
    pub seeds: [u8; 2],
}

/// The ends that need no history, checked in order: a store of 25 or more,
/// 24–24, then no legal move for the seat to move.
pub(crate) fn outcome_without_history(pos: &Position) -> Option<Outcome> {
    let south = pos.cells[Seat::South.store()];
    let north = pos.cells[Seat::North.store()];
    if south >= 25 {
        return Some(Outcome {
            winner: Some(Seat::South),
            reason: EndReason::Reached25,
            seeds: [south, north],
        });
    }
    if north >= 25 {
        return Some(Outcome {
            winner: Some(Seat::North),
            reason: EndReason::Reached25,
            seeds: [south, north],
        });
    }
    if south == 24 && north == 24 {
        return Some(Outcome {
            winner: None,
            reason: EndReason::Draw24,
            seeds: [24, 24],
        });
    }
    // No rule set leaves a seat without a move when Abapa gives it one, so
    // Abapa answers this for all of them.
    if moves_ignoring_stores(pos, Rules::Abapa).is_empty() {
        return Some(each_takes_own_row(pos, EndReason::NoLegalMove));
    }
    None
}

/// The outcome when the game stops with seeds still on the board: each
/// player adds the seeds in their own row to their store, and the larger
/// total wins.
///
/// When the seat to move cannot feed, the opponent's row is empty, so this is
/// also "the mover takes their own row" of RULES.md section 4.
pub(crate) fn each_takes_own_row(pos: &Position, reason: EndReason) -> Outcome {
    let mut seeds = [0u8; 2];
    for seat in [Seat::South, Seat::North] {
        let total = u32::from(pos.cells[seat.store()]) + row_total(&pos.cells, seat);
        // A position holds at most 255 seeds in all (see `Position`).
        seeds[seat.index()] = u8::try_from(total).unwrap_or(u8::MAX);
    }
    Outcome {
        winner: winner(seeds),
        reason,
        seeds,
    }
}

/// The outcome when a repetition ends an awari-split game: the seeds still
/// in the houses are split evenly, so each player gets half of them on top
/// of their store. Half of an odd seed is left out of both counts; the two
/// halves are equal, so the winner is the same either way.
pub(crate) fn split_evenly(pos: &Position, reason: EndReason) -> Outcome {
    let left = row_total(&pos.cells, Seat::South) + row_total(&pos.cells, Seat::North);
    let mut seeds = [0u8; 2];
    for seat in [Seat::South, Seat::North] {
        let total = u32::from(pos.cells[seat.store()]) + left / 2;
        seeds[seat.index()] = u8::try_from(total).unwrap_or(u8::MAX);
    }
    Outcome {
        winner: winner(seeds),
        reason,
        seeds,
    }
}

/// The seat holding more seeds in `seeds` (South's first), or `None` when
/// they are equal.
pub(crate) fn winner(seeds: [u8; 2]) -> Option<Seat> {
    if seeds[0] > seeds[1] {
        Some(Seat::South)
    } else if seeds[1] > seeds[0] {
        Some(Seat::North)
    } else {
        None
    }
}
