//! Time management for games on a clock: how long to think for this move,
//! given the time left, the increment and the moves to the next control.
//!
//! The answer is a [`Limits::time`], which the search's time manager reads
//! as a hard stop, with a soft stop (start no new depth) at half of it, put
//! back when the best move changed at the last depth (`limits.rs`). So the
//! time given here is twice the time this move should take, capped by what
//! the clock can afford.

use std::time::Duration;

use crate::limits::Limits;

/// The moves left assumed when the GUI does not say (`movestogo`): a game of
/// Oware is often over in 50 moves a side, and the clock should not run dry
/// before the end.
pub const DEFAULT_MOVES_TO_GO: u32 = 25;

/// Kept back from every budget for the time between the GUI's clock and the
/// search (reading the command, starting the thread, writing the answer).
pub const SAFETY_MARGIN: Duration = Duration::from_millis(50);

/// One seat's clock as a GUI reports it: `go wtime … winc … movestogo …`.
///
/// ```
/// use std::time::Duration;
/// use oware_search::TimeControl;
///
/// let clock = TimeControl {
///     remaining: Duration::from_secs(60),
///     increment: Duration::ZERO,
///     moves_to_go: None,
/// };
/// // About a 25th of the time, (60 s - 50 ms) / 25, this move; twice that as the hard stop.
/// assert_eq!(clock.target(6), Duration::from_millis(2398));
/// assert_eq!(clock.limits(6).time, Some(Duration::from_millis(4796)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// The time left on the seat's clock.
    pub remaining: Duration,
    /// The time added to it after each move.
    pub increment: Duration,
    /// The moves to play before the next time control, if the GUI says.
    pub moves_to_go: Option<u32>,
}

impl TimeControl {
    /// The time the clock can spend at all: what is left less the margin.
    fn usable(&self) -> Duration {
        self.remaining.saturating_sub(SAFETY_MARGIN)
    }

    /// The most one move may take: two fifths of the usable time, or four
    /// fifths on the last move before the control (the clock is refilled
    /// after it). Whatever the increment, never more than is left.
    #[must_use]
    pub fn hard_cap(&self) -> Duration {
        let usable = self.usable();
        match self.moves_to_go {
            Some(0 | 1) => usable * 4 / 5,
            _ => usable * 2 / 5,
        }
    }

    /// How long this move should take with `legal_moves` to choose from:
    /// an even share of the usable time over the moves to go, plus three
    /// quarters of the increment; a tenth of that when there is only one
    /// move (the search then only finds what to expect next). Never more
    /// than [`hard_cap`](TimeControl::hard_cap).
    #[must_use]
    pub fn target(&self, legal_moves: usize) -> Duration {
        let moves = self.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).max(1);
        let share = self.usable() / moves + self.increment * 3 / 4;
        let share = if legal_moves <= 1 { share / 10 } else { share };
        share.min(self.hard_cap())
    }

    /// The limits for this move: a time of twice the [`target`](TimeControl::target)
    /// (the soft stop is half the time), never over the
    /// [`hard_cap`](TimeControl::hard_cap).
    #[must_use]
    pub fn limits(&self, legal_moves: usize) -> Limits {
        Limits::time((self.target(legal_moves) * 2).min(self.hard_cap()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    fn clock(remaining: u64, increment: u64, moves_to_go: Option<u32>) -> TimeControl {
        TimeControl {
            remaining: ms(remaining),
            increment: ms(increment),
            moves_to_go,
        }
    }

    #[test]
    fn a_share_of_the_time_left_over_the_moves_to_go() {
        // (10 s - 50 ms) / 25 = 398 ms.
        assert_eq!(clock(10_000, 0, None).target(6), ms(398));
        // With 10 moves to go: 995 ms.
        assert_eq!(clock(10_000, 0, Some(10)).target(6), ms(995));
        // The hard stop is twice the target while that fits under the cap.
        assert_eq!(clock(10_000, 0, Some(10)).limits(6).time, Some(ms(1990)));
    }

    #[test]
    fn most_of_the_increment_is_spent() {
        // 398 ms of the time left, and 3/4 of 2 s.
        assert_eq!(clock(10_000, 2_000, None).target(6), ms(398 + 1_500));
    }

    #[test]
    fn one_legal_move_takes_a_tenth() {
        assert_eq!(
            clock(10_000, 0, Some(10)).target(1),
            ms(99) + Duration::from_micros(500)
        );
        assert!(
            clock(10_000, 0, Some(10)).limits(1).time < clock(10_000, 0, Some(10)).limits(2).time
        );
    }

    #[test]
    fn never_more_than_a_fraction_of_what_is_left() {
        // An increment larger than the clock: the cap, 2/5 of 950 ms, wins.
        let short = clock(1_000, 5_000, None);
        assert_eq!(short.hard_cap(), ms(380));
        assert_eq!(short.target(6), ms(380));
        assert_eq!(short.limits(6).time, Some(ms(380)));
        // Two moves to go: the share (475 ms) is over the cap too.
        assert_eq!(clock(1_000, 0, Some(2)).limits(6).time, Some(ms(380)));
        // The last move before the control may use 4/5 of it.
        assert_eq!(clock(1_000, 0, Some(1)).limits(6).time, Some(ms(760)));
        assert_eq!(clock(1_000, 0, Some(0)).limits(6).time, Some(ms(760)));
    }

    #[test]
    fn the_margin_is_kept_and_an_empty_clock_gives_no_time() {
        assert_eq!(clock(50, 0, None).limits(6).time, Some(Duration::ZERO));
        assert_eq!(clock(0, 0, Some(1)).limits(6).time, Some(Duration::ZERO));
        assert_eq!(TimeControl::default().target(6), Duration::ZERO);
    }

    #[test]
    fn the_limits_are_a_time_only() {
        let limits = clock(60_000, 0, None).limits(6);
        assert_eq!((limits.depth, limits.nodes), (None, None));
    }
}
