//! Helpers for programs that make set-up positions by the million (the
//! endgame statistics, the fuzzers, `cargo xtask verify`), kept apart from
//! the rules a game needs.

use core::ops::RangeInclusive;

use crate::outcome::WINNING_STORE;

/// South's store counts that leave neither store at [`WINNING_STORE`] when
/// the two stores hold `stored` seeds between them: the splits a set-up
/// whose game the stores do not decide can have (empty when there is none).
///
/// ```
/// use oware_core::setup::undecided_south_stores;
/// assert_eq!(undecided_south_stores(10), 0..=10);
/// assert_eq!(undecided_south_stores(30), 6..=24);
/// assert!(undecided_south_stores(49).is_empty());
/// ```
#[must_use]
pub fn undecided_south_stores(stored: u8) -> RangeInclusive<u8> {
    let most = WINNING_STORE - 1;
    stored.saturating_sub(most)..=stored.min(most)
}
