//! Time management for games on a clock: how long to think for this move,
//! given the time left, the increment and the moves to the next control.
//!
//! The answer is a plan of two times, made by the search from the clock in
//! its [`Limits::clock`](crate::Limits::clock): the **target**, which the
//! search's time manager (`manager.rs`) checks between depths, stretching it
//! when the best move has just changed and shrinking it when the best move
//! has held; and the **deadline**, checked inside the search, which no
//! depth is started unless it can finish by. The plan keeps a reserve on the
//! clock, a second and a half and a few increments, which a move draws on
//! only a little: a process on a loaded machine can be scheduled hundreds of
//! milliseconds late, and a clock at a quarter of a second is lost by one
//! such delay (as games at 10+0.1 were, before the reserve).
//!
//! What the GUI charges beyond the engine's own thinking (reading the
//! command, waiting to be scheduled, the answer's way back) is the
//! **overhead**: [`Overhead`](crate::Overhead) learns it from the clocks the GUI sends (the
//! engine keeps one, [`Engine::overhead_mut`](crate::Engine::overhead_mut)),
//! and the plan pays it on this move and keeps it in reserve for every move
//! to go, beyond what the increment refunds.
//!
//! Every sum and product here saturates: a clock of `Duration::MAX` (a
//! caller's "no limit") plans a very long move rather than overflowing.

use std::time::Duration;

/// The moves left assumed when the GUI does not say (`movestogo`): a game of
/// Oware is often over in 50 moves a side, and the clock should not run dry
/// before the end.
pub(crate) const DEFAULT_MOVES_TO_GO: u32 = 25; // tidy: not a rule: a guess at the moves left

/// Kept back from every budget for the time between the GUI's clock and the
/// search (reading the command, starting the thread, writing the answer).
pub(crate) const SAFETY_MARGIN: Duration = Duration::from_millis(50);

/// The clock the plan keeps in hand: this plus [`RESERVE_INCREMENTS`]
/// increments. A move may use what is above it and a little more (half the
/// increment, or a [`DRAW_DOWN`]th of the clock if more), so that with an
/// increment the clock climbs back to it, and a process scheduled late on a
/// loaded machine (by 0.3 to 0.7 s, as seen) still has time in hand.
pub(crate) const RESERVE: Duration = Duration::from_millis(1500);

/// The increments added to [`RESERVE`].
pub(crate) const RESERVE_INCREMENTS: u32 = 5;

/// The fraction of the clock (its inverse) a move may take beyond what is
/// above the reserve, when that is more than half the increment: a clock
/// without increment at or under the reserve still plays, each move
/// drawing it down by at most this fraction.
pub(crate) const DRAW_DOWN: u32 = 40;

/// The fraction of the clock (its inverse) a move's target is never under,
/// before the increment: when the clock is at or under the reserve, moves
/// still take a small, shrinking share of it.
pub(crate) const LEAST_SHARE: u32 = 80;

/// The deadline as a multiple of the target, when the clock affords it.
pub(crate) const DEADLINE_PER_TARGET: u32 = 3;

/// One seat's clock as it stands at its move, as a GUI reports it (`go
/// wtime … winc … movestogo …`): not a match's setting (base and
/// increment), but what is left of it now.
/// The search plans a move from it ([`Limits::clock`](crate::Limits::clock)):
/// by default an even share of the time above a reserve of a second and a
/// half over 25 moves to go, and at most three times that.
///
/// ```
/// use std::time::Duration;
/// use oware_search::{Limits, SeatClock};
///
/// let clock = SeatClock {
///     remaining: Duration::from_secs(60),
///     increment: Duration::ZERO,
///     moves_to_go: None,
/// };
/// let limits = Limits { clock: Some(clock), ..Limits::default() };
/// assert!(!limits.is_unlimited());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatClock {
    /// The time left on the seat's clock.
    pub remaining: Duration,
    /// The time added to it after each move.
    pub increment: Duration,
    /// The moves to play before the next time control, if the GUI says.
    pub moves_to_go: Option<u32>,
}

/// What one move on a clock may take (`SeatClock::plan`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct TimePlan {
    /// The time the move should take; the search starts no depth after it
    /// (give or take how settled its best move is).
    pub(crate) target: Duration,
    /// The time the move must not outlast.
    pub(crate) deadline: Duration,
}

impl SeatClock {
    /// The time this move can spend at all: what is left less the margin
    /// and the `overhead` it will be charged.
    fn usable(&self, overhead: Duration) -> Duration {
        self.remaining
            .saturating_sub(SAFETY_MARGIN)
            .saturating_sub(overhead)
    }

    /// The moves the plan shares the clock over: `movestogo`, or
    /// [`DEFAULT_MOVES_TO_GO`].
    fn moves(&self) -> u32 {
        self.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).max(1)
    }

    /// What a move gets back of its increment once its `overhead` is paid.
    fn net_increment(&self, overhead: Duration) -> Duration {
        self.increment.saturating_sub(overhead)
    }

    /// The time kept in hand: [`RESERVE`] and [`RESERVE_INCREMENTS`]
    /// increments, and, when the `overhead` a move is charged outruns the
    /// increment, what it will cost beyond it over the moves to go (a clock
    /// that shrinks by that much a move whatever the engine does).
    #[must_use]
    pub(crate) fn reserve(&self, overhead: Duration) -> Duration {
        let loss = overhead.saturating_sub(self.increment);
        RESERVE
            .saturating_add(self.increment.saturating_mul(RESERVE_INCREMENTS))
            .saturating_add(loss.saturating_mul(self.moves()))
    }

    /// The most one move may take: what is above the reserve, and half the
    /// increment (what the overhead leaves of it) or a [`DRAW_DOWN`]th of
    /// the usable time, whichever is more;
    /// never over two fifths of the usable time, or four fifths on the last
    /// move before the control (the clock is refilled after it).
    #[must_use]
    pub(crate) fn hard_cap(&self, overhead: Duration) -> Duration {
        let usable = self.usable(overhead);
        let fraction = match self.moves_to_go {
            Some(0 | 1) => usable.saturating_mul(4) / 5,
            _ => usable.saturating_mul(2) / 5,
        };
        let spare = usable.saturating_sub(self.reserve(overhead));
        fraction
            .min(spare.saturating_add((self.net_increment(overhead) / 2).max(usable / DRAW_DOWN)))
    }

    /// How long this move should take, and how long it may take, with
    /// `legal_moves` to choose from. The target is an even share of the
    /// time above the reserve over the moves to go (at least a
    /// [`LEAST_SHARE`]th of the usable time), plus three quarters of the
    /// increment; a tenth of that when there is only one move (the search
    /// then only finds what to expect next). The deadline is
    /// [`DEADLINE_PER_TARGET`] times the target, and neither is ever over
    /// the [`hard_cap`](SeatClock::hard_cap). The `overhead` the GUI is
    /// expected to charge beyond the search's own time ([`Overhead`](crate::Overhead); zero
    /// where the clock is the engine's own) comes off the usable time and
    /// off the increment a move may spend.
    #[must_use]
    pub(crate) fn plan(&self, legal_moves: usize, overhead: Duration) -> TimePlan {
        let usable = self.usable(overhead);
        let spare = usable.saturating_sub(self.reserve(overhead));
        let share = (spare / self.moves())
            .max(usable / LEAST_SHARE)
            .saturating_add(self.net_increment(overhead).saturating_mul(3) / 4);
        let target = if legal_moves <= 1 { share / 10 } else { share };
        let deadline = target
            .saturating_mul(DEADLINE_PER_TARGET)
            .min(self.hard_cap(overhead));
        TimePlan {
            target: target.min(deadline),
            deadline,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::Overhead;

    fn ms(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    fn us(micros: u64) -> Duration {
        Duration::from_micros(micros)
    }

    /// A clock with the overhead its moves are charged.
    #[derive(Clone, Copy)]
    struct Lagging {
        remaining: Duration,
        increment: Duration,
        overhead: Duration,
        control: SeatClock,
    }

    impl Lagging {
        fn plan(&self, legal_moves: usize) -> TimePlan {
            self.control.plan(legal_moves, self.overhead)
        }
        fn reserve(&self) -> Duration {
            self.control.reserve(self.overhead)
        }
        fn hard_cap(&self) -> Duration {
            self.control.hard_cap(self.overhead)
        }
    }

    fn clock(remaining: u64, increment: u64, moves_to_go: Option<u32>) -> Lagging {
        Lagging {
            remaining: ms(remaining),
            increment: ms(increment),
            overhead: Duration::ZERO,
            control: SeatClock {
                remaining: ms(remaining),
                increment: ms(increment),
                moves_to_go,
            },
        }
    }

    fn lagging(clock: Lagging, overhead: u64) -> Lagging {
        Lagging {
            overhead: ms(overhead),
            ..clock
        }
    }

    fn plan(target: Duration, deadline: Duration) -> TimePlan {
        TimePlan { target, deadline }
    }

    #[test]
    fn a_minute_without_increment() {
        // A 25th of what is above the 1.5 s reserve: (60 s - 50 ms - 1.5 s)
        // / 25; three times that at most.
        assert_eq!(clock(60_000, 0, None).plan(6), plan(ms(2338), ms(7014)));
    }

    #[test]
    fn ten_seconds_and_a_tenth_at_the_start() {
        let start = clock(10_000, 100, None);
        // Reserve 1.5 s + 5 × 100 ms; (9950 - 2000) / 25 = 318, + 75.
        assert_eq!(start.reserve(), ms(2000));
        assert_eq!(start.plan(6), plan(ms(393), ms(1179)));
    }

    #[test]
    fn a_share_of_the_time_over_the_reserve_and_the_moves_to_go() {
        // (10 s - 50 ms - 1.5 s) / 10 = 845 ms; the deadline, three times
        // that, is under two fifths of 9950 ms.
        assert_eq!(clock(10_000, 0, Some(10)).plan(6), plan(ms(845), ms(2535)));
        // The last move before the control may take four fifths.
        assert_eq!(clock(10_000, 0, Some(1)).plan(6), plan(ms(7960), ms(7960)));
        assert_eq!(clock(10_000, 0, Some(0)).plan(6), plan(ms(7960), ms(7960)));
        // Twenty moves to go: 422.5 ms, not the least share of 124.375 ms.
        assert_eq!(clock(10_000, 0, Some(20)).plan(6).target, us(422_500));
    }

    #[test]
    fn most_of_the_increment_is_spent() {
        // Reserve 1.5 s + 10 s; (20 s - 50 ms - 11.5 s) / 25 = 338, + 1500.
        assert_eq!(clock(20_000, 2_000, None).plan(6).target, ms(338 + 1_500));
    }

    #[test]
    fn one_legal_move_takes_a_tenth() {
        assert_eq!(
            clock(10_000, 0, Some(10)).plan(1),
            plan(us(84_500), us(253_500))
        );
        assert!(
            clock(10_000, 0, Some(10)).plan(1).deadline
                < clock(10_000, 0, Some(10)).plan(2).deadline
        );
    }

    #[test]
    fn above_the_reserve_the_worst_case_stays_above_it() {
        // 2.5 s at 10+0.1: 450 ms over the reserve; the least share,
        // 2450 / 80 = 30.625 ms, + 75; three times that.
        let low = clock(2_500, 100, None);
        assert_eq!(low.plan(6), plan(us(105_625), us(316_875)));
        let after = low.remaining - low.plan(6).deadline + low.increment;
        assert!(after > low.reserve() + SAFETY_MARGIN, "{after:?}");
    }

    #[test]
    fn near_the_reserve_a_move_draws_the_clock_down_a_little() {
        // 2.1 s at 10+0.1: 50 ms over the reserve, + a 40th of 2050 ms
        // (more than half the increment).
        let low = clock(2_100, 100, None);
        assert_eq!(low.hard_cap(), us(101_250));
        assert_eq!(low.plan(6), plan(us(100_625), us(101_250)));
        // The worst case leaves 2098.75 ms after the increment.
        assert_eq!(
            low.remaining - low.plan(6).deadline + low.increment,
            us(2_098_750)
        );
    }

    #[test]
    fn under_the_reserve_a_move_takes_a_small_fraction() {
        // 250 ms at 10+0.1: half the increment.
        let short = clock(250, 100, None);
        assert_eq!(short.plan(6), plan(ms(50), ms(50)));
        // So the clock grows back: 250 - 50 + 100.
        assert!(short.remaining - short.plan(6).deadline + short.increment > short.remaining);
        // 1.1 s at 10+0.1: still half the increment.
        assert_eq!(clock(1_100, 100, None).plan(6).deadline, ms(50));
        // Sudden death at 1 s: an 80th of 950 ms, a 40th at most.
        assert_eq!(clock(1_000, 0, None).plan(6), plan(us(11_875), us(23_750)));
    }

    #[test]
    fn an_increment_larger_than_the_clock_is_capped() {
        // The cap is 2/5 of 950 ms.
        let short = clock(1_000, 5_000, None);
        assert_eq!(short.hard_cap(), ms(380));
        assert_eq!(short.plan(6), plan(ms(380), ms(380)));
    }

    #[test]
    fn the_margin_is_kept_and_an_empty_clock_gives_no_time() {
        assert_eq!(clock(50, 0, None).plan(6), TimePlan::default());
        assert_eq!(clock(0, 0, Some(1)).plan(6), TimePlan::default());
        assert_eq!(
            SeatClock::default().plan(6, Duration::ZERO).deadline,
            Duration::ZERO
        );
    }

    #[test]
    fn an_overhead_under_the_increment_is_paid_from_it() {
        // 30 ms of lag at 10+0.1: usable 10 s - 50 - 30 = 9920 ms; the
        // reserve is as without lag (2 s); (9920 - 2000) / 25 = 316.8 ms,
        // + three quarters of the 70 ms the increment leaves.
        let start = lagging(clock(10_000, 100, None), 30);
        assert_eq!(start.reserve(), ms(2000));
        assert_eq!(start.plan(6), plan(us(369_300), us(1_107_900)));
        // Low on time, the worst case (the deadline and the lag) still
        // leaves the clock above the reserve.
        let low = lagging(clock(2_500, 100, None), 30);
        let plan = low.plan(6);
        let after = low.remaining - plan.deadline - low.overhead + low.increment;
        assert!(after > low.reserve() + SAFETY_MARGIN, "{plan:?} {after:?}");
    }

    #[test]
    fn an_overhead_beyond_the_increment_is_reserved_for_every_move_to_go() {
        // 400 ms of lag at 10+0.1 costs 300 ms a move whatever the engine
        // does: 25 × 300 ms joins the reserve, 1500 + 500 + 7500 = 9500 ms,
        // leaving 50 ms of the 9550 usable; the least share, 9550 / 80 =
        // 119.375 ms, and the cap, 50 + 9550 / 40 = 288.75 ms.
        let start = lagging(clock(10_000, 100, None), 400);
        assert_eq!(start.reserve(), ms(9500));
        assert_eq!(start.plan(6), plan(us(119_375), us(288_750)));
        // Against 393 ms and 1179 ms without it.
        assert!(start.plan(6).deadline < clock(10_000, 100, None).plan(6).deadline / 4);
        // An overhead the clock cannot pay leaves no time to think.
        assert_eq!(
            lagging(clock(300, 100, None), 250).plan(6),
            TimePlan::default()
        );
    }

    #[test]
    fn the_overhead_is_the_worst_lag_fading_by_a_quarter_a_move() {
        let mut overhead = Overhead::default();
        assert_eq!(overhead.estimate(), Duration::ZERO);
        // Thinking longer than charged (a GUI that rounds) is no lag.
        overhead.observe(ms(99), ms(100));
        assert_eq!(overhead.estimate(), Duration::ZERO);
        overhead.observe(ms(140), ms(100));
        assert_eq!(overhead.estimate(), ms(40));
        // A larger lag replaces the estimate at once ...
        overhead.observe(ms(500), ms(100));
        assert_eq!(overhead.estimate(), ms(400));
        // ... a smaller one leaves three quarters of it.
        overhead.observe(ms(110), ms(100));
        assert_eq!(overhead.estimate(), ms(300));
        for _ in 0..20 {
            overhead.observe(ms(100), ms(100));
        }
        assert!(overhead.estimate() < ms(1), "{:?}", overhead.estimate());
    }
}
