//! The feeding rule: a player whose opponent's row is empty must sow into
//! it, and a player who cannot ends the game.
//!
//! - When the opponent's row is empty before a move, only the moves that
//!   leave at least one seed in it are legal
//!   ([`Position::legal_moves_abapa`](crate::Position::legal_moves_abapa) lists exactly
//!   those; [`Position::play_abapa`](crate::Position::play_abapa) refuses the others with
//!   [`IllegalMove::MustFeed`](crate::IllegalMove::MustFeed)).
//! - A sowing reaches the other row when its seeds carry it past the end of
//!   the mover's own: at least 6 from the first house of a row, 1 from the
//!   last. No capture can undo that, since a capture that would empty the
//!   row again is a grand slam, which takes nothing.
//! - When no move feeds, the game is over: the mover takes every seed in
//!   their own row ([`EndReason::NoLegalMove`](crate::EndReason::NoLegalMove)),
//!   then the stores are compared.
//!
//! ```
//! use oware_core::{Board, EndReason, House, IllegalMove, Position, Seat};
//! // North's row is empty: A (5 seeds) stops at F, C (4 seeds) reaches a.
//! let board = Board::from_cells([5, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20, 19])?;
//! let position = Position::new(board, Seat::South);
//! assert_eq!(position.legal_moves_abapa().to_string(), "C");
//! assert_eq!(position.play_abapa(House::A), Err(IllegalMove::MustFeed(House::A)));
//! // With C empty, nothing feeds North: South takes its own 5 seeds: 29–19.
//! let board = Board::from_cells([5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 24, 19])?;
//! let outcome = Position::new(board, Seat::South).outcome().unwrap();
//! assert_eq!(outcome.reason, EndReason::NoLegalMove);
//! assert_eq!((outcome.seeds.south, outcome.seeds.north), (29, 19));
//! # Ok::<(), oware_core::BoardError>(())
//! ```

use crate::lanes;

/// Lane `i` holds the fewest seeds that carry a sowing from house `i` past
/// its own row's end (6 from A or a, 1 from F or f), so the houses at or above
/// it can feed an empty opponent.
const FEED_THRESHOLDS: u128 = {
    let mut thresholds = 0;
    let mut i = 0;
    while i < 12 {
        thresholds |= (6 - (i % 6) as u128) << (8 * i);
        i += 1;
    }
    thresholds
};

/// The houses whose seeds would reach the other row, as a 12-bit mask over
/// both rows (the caller keeps the mover's): one vector compare.
#[inline(always)]
pub(crate) fn reaching_the_other_row(board_lanes: u128) -> u16 {
    lanes::at_least(board_lanes, FEED_THRESHOLDS)
}
