//! How long a search may run: [`Limits`] as the caller gives them, the
//! [`Clock`] that reads time (replaceable, for WebAssembly), and the time
//! manager that turns a budget into soft and hard stops. What budget a game
//! on a clock affords is `time.rs`'s business.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::Duration;

/// When a search stops. All `None` (the default) searches until the stop
/// flag is set; otherwise it stops at the first limit reached. The search
/// always completes depth 1, so there is always a move to play.
///
/// ```
/// use oware_search::Limits;
/// use std::time::Duration;
/// let limits = Limits { time: Some(Duration::from_millis(500)), ..Limits::default() };
/// assert_eq!(limits.depth, None);
/// assert_eq!(Limits::depth(8).depth, Some(8));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// The most nodes to visit (checked every few thousand).
    pub nodes: Option<u64>,
    /// The time to think for this move: with a [`target`](Limits::target),
    /// the hard deadline; without one, no depth starts after half of it.
    pub time: Option<Duration>,
    /// The time this move should take, as a clock's plan gives it
    /// ([`TimeControl::limits`](crate::TimeControl::limits)): no depth
    /// starts after it (stretched when the best move has just changed,
    /// shrunk when it has held for several depths), nor one unlikely to
    /// finish before [`time`](Limits::time).
    pub target: Option<Duration>,
}

impl Limits {
    /// The deepest a search goes: a greater [`depth`](Limits::depth) (or
    /// none) searches to this, a few plies short of the deepest ply the
    /// search's tables hold (depth plus extensions).
    pub const MAX_DEPTH: u32 = crate::score::MAX_PLY as u32 - 8;

    /// Limits of a fixed depth only.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Limits of a time only.
    #[must_use]
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }

    /// Limits of a node count only.
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// A source of time in milliseconds from an arbitrary origin, e.g.
/// `performance.now()` in a browser. See [`Engine::set_clock`](crate::Engine::set_clock).
pub type ClockFn = fn() -> f64;

/// Nodes per millisecond assumed when there is no clock to read (on
/// WebAssembly without [`Engine::set_clock`](crate::Engine::set_clock)): a
/// time limit then becomes a node budget.
pub const NODES_PER_MS_WITHOUT_CLOCK: u64 = 2_000;

/// Reads elapsed time: the standard clock, a caller's function, or nothing.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Clock {
    /// `std::time::Instant` (not on `wasm32-unknown-unknown`, where it panics).
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    Std(std::time::Instant),
    /// A caller-provided millisecond clock and the reading at the start.
    Custom(ClockFn, f64),
    /// No clock: elapsed time always reads zero.
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_os = "unknown")),
        allow(dead_code)
    )]
    None,
}

impl Clock {
    /// Starts a clock: `custom` if given, else the standard clock where there is one.
    pub(crate) fn start(custom: Option<ClockFn>) -> Clock {
        match custom {
            Some(now) => Clock::Custom(now, now()),
            #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
            None => Clock::Std(std::time::Instant::now()),
            #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
            None => Clock::None,
        }
    }

    /// Whether the clock reads real time.
    pub(crate) fn is_real(self) -> bool {
        !matches!(self, Clock::None)
    }

    /// Time since the start.
    #[inline]
    pub(crate) fn elapsed(self) -> Duration {
        match self {
            #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
            Clock::Std(start) => start.elapsed(),
            Clock::Custom(now, start) => {
                Duration::from_secs_f64(((now() - start) / 1000.0).max(0.0))
            }
            Clock::None => Duration::ZERO,
        }
    }
}

/// How many times the last depth's time the next depth is expected to take,
/// when a planned move decides whether a new depth can finish before the
/// hard deadline (one that cannot is aborted and its time wasted). From
/// `oware uci`'s `info … time` lines at 10+0.1 in three opening positions,
/// a depth from 12 on took 0.9 to 2.6 times the one before; erring high
/// only returns a move sooner.
pub(crate) const DEPTH_GROWTH: u32 = 2;

/// Depths in a row with the same best move after which a planned move's
/// target is halved: the search has stopped changing its mind.
pub(crate) const STABLE_DEPTHS: u32 = 4;

/// The stop decisions of one search: the caller's flag, the node budget, and
/// a soft time (start no new depth after it) and a hard time (abort).
pub(crate) struct TimeManager<'a> {
    pub(crate) clock: Clock,
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
}

/// Where the soft stop comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Soft {
    /// Half of a plain time limit (`go movetime`, a level's time).
    Half(Duration),
    /// A clock's plan for this move ([`Limits::target`]).
    Planned(Duration),
}

impl<'a> TimeManager<'a> {
    /// The manager for `limits`, reading `clock`.
    pub(crate) fn new(limits: &Limits, clock: Clock, stop: &'a AtomicBool) -> TimeManager<'a> {
        let mut nodes = limits.nodes;
        let (mut soft, mut hard) = (None, None);
        if let Some(time) = limits.time {
            if clock.is_real() {
                hard = Some(time);
                soft = Some(match limits.target {
                    Some(target) => Soft::Planned(target.min(time)),
                    // A depth costs a few times the one before, so one
                    // started after half the time would rarely finish.
                    None => Soft::Half(time / 2),
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
        }
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
                Some(Soft::Half(soft)) => now < half_time_stop(soft, self.hard, best_changed),
                Some(Soft::Planned(target)) => {
                    now < planned_stop(target, stable, best_changed)
                        && self
                            .hard
                            .is_none_or(|hard| now + last_depth * DEPTH_GROWTH < hard)
                }
            }
    }
}

/// The soft stop of a plain time: half the time, or three quarters (never
/// past the hard stop) when the best move just changed, since the search is
/// then unsure and a deeper look is worth more than the time it costs.
fn half_time_stop(soft: Duration, hard: Option<Duration>, best_changed: bool) -> Duration {
    match (best_changed, hard) {
        (true, Some(hard)) => (soft * 3 / 2).min(hard),
        _ => soft,
    }
}

/// The soft stop of a planned move after a depth whose best move has held
/// for `stable` depths before it: the target, seven quarters of it when the
/// best move just changed (an unsure search gains most from a deeper look),
/// half of it once the best move has held for [`STABLE_DEPTHS`] (the time
/// saved goes to later moves, whose share of the clock grows).
fn planned_stop(target: Duration, stable: u32, best_changed: bool) -> Duration {
    if best_changed {
        target * 7 / 4
    } else if stable >= STABLE_DEPTHS {
        target / 2
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

    #[test]
    fn the_soft_stop_is_half_the_time_or_three_quarters_after_a_change() {
        let stop = AtomicBool::new(false);
        at(0);
        let time = TimeManager::new(&Limits::time(ms(1000)), Clock::start(Some(fake_now)), &stop);
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
    fn without_a_time_the_best_move_changing_changes_nothing() {
        let stop = AtomicBool::new(false);
        let time = TimeManager::new(&Limits::depth(5), Clock::start(Some(fake_now)), &stop);
        assert!(time.may_deepen(4, 0, true) && time.may_deepen(4, 0, false));
        assert!(!time.may_deepen(5, 0, true));
    }

    #[test]
    fn a_planned_stop_stretches_after_a_change_and_shrinks_when_settled() {
        let target = ms(400);
        assert_eq!(planned_stop(target, 0, true), ms(700));
        assert_eq!(planned_stop(target, 0, false), ms(400));
        assert_eq!(planned_stop(target, STABLE_DEPTHS - 1, false), ms(400));
        assert_eq!(planned_stop(target, STABLE_DEPTHS, false), ms(200));
    }

    /// A planned move's manager at time zero: target 400 ms, deadline 2 s.
    fn planned(stop: &AtomicBool) -> TimeManager<'_> {
        at(0);
        let limits = Limits {
            target: Some(ms(400)),
            ..Limits::time(ms(2000))
        };
        TimeManager::new(&limits, Clock::start(Some(fake_now)), stop)
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
        for depth in 1..=STABLE_DEPTHS {
            at(u64::from(depth));
            assert!(time.may_deepen(depth, 0, false), "depth {depth}");
        }
        // The best move has held for STABLE_DEPTHS depths before this one:
        // half the target, 200 ms.
        at(190);
        assert!(time.may_deepen(STABLE_DEPTHS + 1, 0, false));
        at(210);
        assert!(!time.may_deepen(STABLE_DEPTHS + 2, 0, false));
    }

    #[test]
    fn no_depth_starts_that_would_end_past_the_deadline() {
        let stop = AtomicBool::new(false);
        // Depth 1 took 690 ms and changed the best move: the soft stop is
        // 700 ms, but 690 + 2 × 690 ms is past the 2 s deadline.
        let time = planned(&stop);
        at(690);
        assert!(!time.may_deepen(1, 0, true));
        // Ending at 600 ms leaves room for the next (600 + 2 × 600 ms).
        let time = planned(&stop);
        at(600);
        assert!(time.may_deepen(1, 0, true));
    }

    #[test]
    fn the_target_never_outlasts_the_deadline() {
        let stop = AtomicBool::new(false);
        at(0);
        let limits = Limits {
            target: Some(ms(5000)),
            ..Limits::time(ms(1000))
        };
        let time = TimeManager::new(&limits, Clock::start(Some(fake_now)), &stop);
        at(990);
        // 990 ms is under the deadline, but the target was cut to 1 s and
        // stretched to 1.75 s; only the deadline's prediction stops it.
        assert!(!time.may_deepen(1, 0, true));
        at(1000);
        assert!(time.must_stop(0));
    }
}
