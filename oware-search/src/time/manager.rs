//! The time manager of one search: the caller's stop flag, the node
//! budget, and a soft time (start no new depth after it) and a hard time
//! (abort), made at the search's start from its [`Limits`]: a plain move
//! time, or a clock's plan (`plan.rs`) with the engine's overhead.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::Duration;

use crate::experiment::Knobs;
use crate::limits::{Limits, NODES_PER_MS_WITHOUT_CLOCK, Timer};
#[cfg(test)]
use crate::time::SeatClock;

/// How many times the last depth's time the next depth is expected to take,
/// when a planned move decides whether a new depth can finish before the
/// hard deadline (one that cannot is aborted and its time wasted). From
/// `oware uci`'s `info … time` lines at 10+0.1 in three opening positions,
/// a depth from 12 on took 0.9 to 2.6 times the one before; erring high
/// only returns a move sooner.
pub(crate) const DEPTH_GROWTH: u32 = 2;

/// The stop decisions of one search: the caller's flag, the node budget, and
/// a soft time (start no new depth after it) and a hard time (abort).
pub(crate) struct TimeManager<'a> {
    pub(crate) clock: Timer,
    stop: &'a AtomicBool,
    nodes: Option<u64>,
    soft: Option<Soft>,
    hard: Option<Duration>,
    /// Completed depths in a row, before the last, with the last's best
    /// move (counted by [`may_deepen`](TimeManager::may_deepen); an atomic
    /// because helper threads read the manager through a shared reference).
    stable: AtomicU32,
    /// The elapsed time, in microseconds, when the last depth completed.
    last_depth_done: AtomicU64,
    pub(crate) max_depth: u32,
    /// The shares of the time the soft stops take ([`Knobs`]'s time use).
    knobs: Knobs,
}

/// Where the soft stop comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Soft {
    /// A plain time limit (`go movetime`, a level's time), of which the
    /// soft stop is a share ([`Knobs::soft_time`]).
    Plain(Duration),
    /// A clock's plan for this move (its `TimePlan::target`).
    Planned(Duration),
}

impl<'a> TimeManager<'a> {
    /// The manager for `limits` with `legal_moves` at the root and
    /// `overhead` expected beyond the search's own time, reading `clock`.
    pub(crate) fn new(
        limits: &Limits,
        legal_moves: usize,
        overhead: Duration,
        clock: Timer,
        stop: &'a AtomicBool,
    ) -> TimeManager<'a> {
        let mut nodes = limits.nodes;
        let (mut soft, mut hard) = (None, None);
        let plan = limits
            .clock
            .map(|control| control.plan(legal_moves, overhead));
        // The one rule for a move time beside a clock: the shorter deadline.
        let time = match (limits.time, plan.map(|plan| plan.deadline)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        if let Some(time) = time {
            if clock.is_real() {
                hard = Some(time);
                soft = Some(match plan {
                    Some(plan) => Soft::Planned(plan.target.min(time)),
                    None => Soft::Plain(time),
                });
            } else {
                let budget = (time.as_millis() as u64).saturating_mul(NODES_PER_MS_WITHOUT_CLOCK);
                nodes = Some(nodes.map_or(budget, |n| n.min(budget)));
            }
        }
        TimeManager {
            clock,
            stop,
            nodes,
            soft,
            hard,
            stable: AtomicU32::new(0),
            last_depth_done: AtomicU64::new(0),
            max_depth: limits
                .depth
                .unwrap_or(Limits::MAX_DEPTH)
                .clamp(1, Limits::MAX_DEPTH),
            knobs: Knobs::DEFAULT,
        }
    }

    /// The manager with the `knobs`' shares of time instead of the
    /// defaults (the engine's [`SearchConfig`](crate::SearchConfig)).
    pub(crate) fn with_knobs(self, knobs: Knobs) -> TimeManager<'a> {
        TimeManager { knobs, ..self }
    }

    /// Whether the search must stop now (checked during an iteration).
    #[inline]
    pub(crate) fn must_stop(&self, nodes: u64) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        if self.nodes.is_some_and(|limit| nodes >= limit) {
            return true;
        }
        self.hard.is_some_and(|hard| self.clock.elapsed() >= hard)
    }

    /// Whether to start another iteration after one of depth `depth`, whose
    /// best move differs from the depth before if `best_changed`. Called
    /// once per completed depth: it counts how long the best move has held
    /// and how long the depth took.
    pub(crate) fn may_deepen(&self, depth: u32, nodes: u64, best_changed: bool) -> bool {
        let stable = if best_changed {
            0
        } else {
            self.stable.load(Ordering::Relaxed) + u32::from(depth > 1)
        };
        self.stable.store(stable, Ordering::Relaxed);
        let now = self.clock.elapsed();
        let micros = |d: Duration| u64::try_from(d.as_micros()).unwrap_or(u64::MAX);
        let last_depth = now.saturating_sub(Duration::from_micros(
            self.last_depth_done.swap(micros(now), Ordering::Relaxed),
        ));
        depth < self.max_depth
            && !self.must_stop(nodes)
            && match self.soft {
                None => true,
                Some(Soft::Plain(time)) => now < plain_stop(time, best_changed, &self.knobs),
                Some(Soft::Planned(target)) => {
                    now < planned_stop(target, stable, best_changed, &self.knobs)
                        && self.hard.is_none_or(|hard| {
                            now.saturating_add(last_depth.saturating_mul(DEPTH_GROWTH)) < hard
                        })
                }
            }
    }
}

/// The soft stop of a plain `time`: half of it by default, since a depth
/// costs a few times the one before and one started later would rarely
/// finish; three quarters when the best move just changed, since the search
/// is then unsure and a deeper look is worth more than the time it costs
/// ([`Knobs::soft_time`], [`Knobs::soft_time_changed`]; never past the
/// time, their range).
fn plain_stop(time: Duration, best_changed: bool, knobs: &Knobs) -> Duration {
    let share = if best_changed {
        knobs.soft_time_changed
    } else {
        knobs.soft_time
    };
    time.saturating_mul(share) / 100
}

/// The soft stop of a planned move after a depth whose best move has held
/// for `stable` depths before it: the target by default; seven quarters of
/// it when the best move just changed (an unsure search gains most from a
/// deeper look); half of it once the best move has held for four depths
/// (the time saved goes to later moves, whose share of the clock grows).
/// The shares and the depths are [`Knobs::target_changed`],
/// [`Knobs::target_settled`] and [`Knobs::settled_depths`].
fn planned_stop(target: Duration, stable: u32, best_changed: bool, knobs: &Knobs) -> Duration {
    if best_changed {
        target.saturating_mul(knobs.target_changed) / 100
    } else if stable >= knobs.settled_depths {
        target.saturating_mul(knobs.target_settled) / 100
    } else {
        target
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;

    thread_local! {
        /// The fake clock's reading in milliseconds, set by each test on its
        /// own thread.
        static NOW_MS: Cell<u64> = const { Cell::new(0) };
    }

    fn fake_now() -> f64 {
        NOW_MS.get() as f64
    }

    fn at(millis: u64) {
        NOW_MS.set(millis);
    }

    fn ms(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    /// The depths after which a planned move has settled, by default.
    const SETTLED: u32 = Knobs::DEFAULT.settled_depths;

    /// A manager for a plain move time of one second, started at 0 ms on
    /// the fake clock.
    fn one_second(stop: &AtomicBool) -> TimeManager<'_> {
        at(0);
        TimeManager::new(
            &Limits::time(ms(1000)),
            6,
            Duration::ZERO,
            Timer::start(Some(fake_now)),
            stop,
        )
    }

    #[test]
    fn the_soft_stop_is_half_the_time_or_three_quarters_after_a_change() {
        let stop = AtomicBool::new(false);
        let time = one_second(&stop);
        at(400);
        assert!(time.may_deepen(3, 0, false));
        at(600);
        assert!(!time.may_deepen(3, 0, false));
        assert!(time.may_deepen(3, 0, true));
        at(760);
        assert!(!time.may_deepen(3, 0, true));
        assert!(!time.must_stop(0));
        at(1000);
        assert!(time.must_stop(0));
    }

    #[test]
    fn the_knobs_set_the_shares_of_a_plain_time() {
        let stop = AtomicBool::new(false);
        let knobs = Knobs {
            soft_time: 30,
            soft_time_changed: 90,
            ..Knobs::DEFAULT
        };
        let time = one_second(&stop).with_knobs(knobs);
        at(290);
        assert!(time.may_deepen(3, 0, false));
        at(310);
        assert!(!time.may_deepen(3, 0, false));
        at(890);
        assert!(time.may_deepen(3, 0, true));
        at(910);
        assert!(!time.may_deepen(3, 0, true));
    }

    #[test]
    fn without_a_time_the_best_move_changing_changes_nothing() {
        let stop = AtomicBool::new(false);
        let time = TimeManager::new(
            &Limits::depth(5),
            6,
            Duration::ZERO,
            Timer::start(Some(fake_now)),
            &stop,
        );
        assert!(time.may_deepen(4, 0, true) && time.may_deepen(4, 0, false));
        assert!(!time.may_deepen(5, 0, true));
    }

    #[test]
    fn a_planned_stop_stretches_after_a_change_and_shrinks_when_settled() {
        let target = ms(400);
        assert_eq!(planned_stop(target, 0, true, &Knobs::DEFAULT), ms(700));
        assert_eq!(planned_stop(target, 0, false, &Knobs::DEFAULT), ms(400));
        assert_eq!(
            planned_stop(target, SETTLED - 1, false, &Knobs::DEFAULT),
            ms(400)
        );
        assert_eq!(
            planned_stop(target, SETTLED, false, &Knobs::DEFAULT),
            ms(200)
        );
        let knobs = Knobs {
            target_changed: 150,
            target_settled: 25,
            settled_depths: 2,
            ..Knobs::DEFAULT
        };
        assert_eq!(planned_stop(target, 0, true, &knobs), ms(600));
        assert_eq!(planned_stop(target, 1, false, &knobs), ms(400));
        assert_eq!(planned_stop(target, 2, false, &knobs), ms(100));
    }

    /// A clock of `remaining` ms, no increment, `moves` to go.
    fn clock(remaining: u64, moves: u32) -> SeatClock {
        SeatClock {
            remaining: ms(remaining),
            increment: Duration::ZERO,
            moves_to_go: Some(moves),
        }
    }

    /// A planned move's manager at time zero: target 400 ms, deadline 1.2 s
    /// (a clock of 11.55 s for 25 moves: 10 s above the 1.5 s reserve and
    /// the 50 ms margin).
    fn planned(stop: &AtomicBool) -> TimeManager<'_> {
        at(0);
        let limits = Limits {
            clock: Some(clock(11_550, 25)),
            ..Limits::default()
        };
        TimeManager::new(
            &limits,
            6,
            Duration::ZERO,
            Timer::start(Some(fake_now)),
            stop,
        )
    }

    #[test]
    fn a_planned_move_deepens_until_its_target() {
        let stop = AtomicBool::new(false);
        let time = planned(&stop);
        // Depths 1-3 quick, the best move the same: stable 2 at depth 3.
        for (depth, now) in [(1, 1), (2, 3), (3, 10)] {
            at(now);
            assert!(time.may_deepen(depth, 0, false), "depth {depth}");
        }
        // Depth 4 changes its mind at 390 ms: it may go on to 700 ms.
        at(390);
        assert!(time.may_deepen(4, 0, true));
        // Depth 5 agrees at 420 ms, past the plain target: stop.
        at(420);
        assert!(!time.may_deepen(5, 0, false));
    }

    #[test]
    fn a_settled_best_move_stops_at_half_the_target() {
        let stop = AtomicBool::new(false);
        let time = planned(&stop);
        for depth in 1..=SETTLED {
            at(u64::from(depth));
            assert!(time.may_deepen(depth, 0, false), "depth {depth}");
        }
        // The best move has held for SETTLED depths before this one:
        // half the target, 200 ms.
        at(190);
        assert!(time.may_deepen(SETTLED + 1, 0, false));
        at(210);
        assert!(!time.may_deepen(SETTLED + 2, 0, false));
    }

    #[test]
    fn no_depth_starts_that_would_end_past_the_deadline() {
        let stop = AtomicBool::new(false);
        // Depth 1 took 410 ms and changed the best move: the soft stop is
        // 700 ms, but 410 + 2 × 410 ms is past the 1.2 s deadline.
        let time = planned(&stop);
        at(410);
        assert!(!time.may_deepen(1, 0, true));
        // Ending at 390 ms leaves room for the next (390 + 2 × 390 ms).
        let time = planned(&stop);
        at(390);
        assert!(time.may_deepen(1, 0, true));
    }

    #[test]
    fn a_move_time_beside_a_clock_is_the_shorter_deadline() {
        let stop = AtomicBool::new(false);
        at(0);
        // The clock's plan: target 400 ms, deadline 1.2 s; the move time
        // 300 ms cuts both.
        let limits = Limits {
            time: Some(ms(300)),
            clock: Some(clock(11_550, 25)),
            ..Limits::default()
        };
        let time = TimeManager::new(
            &limits,
            6,
            Duration::ZERO,
            Timer::start(Some(fake_now)),
            &stop,
        );
        at(290);
        assert!(!time.must_stop(0));
        assert!(!time.may_deepen(1, 0, false), "300 ms is the target too");
        at(300);
        assert!(time.must_stop(0));
        // A move time longer than the plan's deadline changes nothing.
        let limits = Limits {
            time: Some(ms(5000)),
            ..limits
        };
        at(0);
        let time = TimeManager::new(
            &limits,
            6,
            Duration::ZERO,
            Timer::start(Some(fake_now)),
            &stop,
        );
        at(1200);
        assert!(time.must_stop(0));
    }

    #[test]
    fn the_overhead_comes_off_the_plan() {
        let stop = AtomicBool::new(false);
        at(0);
        let limits = Limits {
            clock: Some(clock(11_550, 25)),
            ..Limits::default()
        };
        // 250 ms of lag a move: 250 ms less usable now (11.25 s), and
        // 25 × 250 ms more kept in reserve (7.75 s): a target of 11.25 s / 80
        // = 140.6 ms, a deadline of three times that.
        let time = TimeManager::new(&limits, 6, ms(250), Timer::start(Some(fake_now)), &stop);
        at(420);
        assert!(!time.must_stop(0));
        at(422);
        assert!(time.must_stop(0));
    }
}
