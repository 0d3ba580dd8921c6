//! How long a search may run: [`Limits`] as the caller gives them, the
//! [`Clock`] that reads time (replaceable, for WebAssembly), and the time
//! manager that turns a budget into soft and hard stops. What budget a game
//! on a clock affords is `time.rs`'s business.

use std::sync::atomic::{AtomicBool, Ordering};
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
    /// The time to think for this move.
    pub time: Option<Duration>,
}

impl Limits {
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

/// The stop decisions of one search: the caller's flag, the node budget, and
/// a soft time (start no new iteration after it) and a hard time (abort).
pub(crate) struct TimeManager<'a> {
    pub(crate) clock: Clock,
    stop: &'a AtomicBool,
    nodes: Option<u64>,
    soft: Option<Duration>,
    hard: Option<Duration>,
    pub(crate) max_depth: u32,
}

impl<'a> TimeManager<'a> {
    /// The manager for `limits`, reading `clock`.
    pub(crate) fn new(limits: &Limits, clock: Clock, stop: &'a AtomicBool) -> TimeManager<'a> {
        let mut nodes = limits.nodes;
        let (mut soft, mut hard) = (None, None);
        if let Some(time) = limits.time {
            if clock.is_real() {
                // An iteration costs a few times the one before, so one
                // started after half the budget would rarely finish.
                hard = Some(time);
                soft = Some(time / 2);
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
            max_depth: limits
                .depth
                .unwrap_or(crate::score::MAX_PLY as u32 - 8)
                .clamp(1, crate::score::MAX_PLY as u32 - 8),
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
    /// best move differs from the depth before if `best_changed`.
    pub(crate) fn may_deepen(&self, depth: u32, nodes: u64, best_changed: bool) -> bool {
        depth < self.max_depth
            && !self.must_stop(nodes)
            && self
                .soft_stop(best_changed)
                .is_none_or(|soft| self.clock.elapsed() < soft)
    }

    /// The soft stop: half the time, or three quarters (never past the hard
    /// stop) when the best move just changed, since the search is then
    /// unsure and a deeper look is worth more than the time it costs.
    fn soft_stop(&self, best_changed: bool) -> Option<Duration> {
        let soft = self.soft?;
        Some(match (best_changed, self.hard) {
            (true, Some(hard)) => (soft * 3 / 2).min(hard),
            _ => soft,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicU64;

    use super::*;

    /// The fake clock's reading in milliseconds, set by the test.
    static NOW_MS: AtomicU64 = AtomicU64::new(0);

    fn fake_now() -> f64 {
        NOW_MS.load(Ordering::Relaxed) as f64
    }

    #[test]
    fn the_soft_stop_is_half_the_time_or_three_quarters_after_a_change() {
        let stop = AtomicBool::new(false);
        NOW_MS.store(0, Ordering::Relaxed);
        let time = TimeManager::new(
            &Limits::time(Duration::from_millis(1000)),
            Clock::start(Some(fake_now)),
            &stop,
        );
        NOW_MS.store(400, Ordering::Relaxed);
        assert!(time.may_deepen(3, 0, false));
        NOW_MS.store(600, Ordering::Relaxed);
        assert!(!time.may_deepen(3, 0, false));
        assert!(time.may_deepen(3, 0, true));
        NOW_MS.store(760, Ordering::Relaxed);
        assert!(!time.may_deepen(3, 0, true));
        assert!(!time.must_stop(0));
        NOW_MS.store(1000, Ordering::Relaxed);
        assert!(time.must_stop(0));
    }

    #[test]
    fn without_a_time_the_best_move_changing_changes_nothing() {
        let stop = AtomicBool::new(false);
        let time = TimeManager::new(&Limits::depth(5), Clock::start(Some(fake_now)), &stop);
        assert!(time.may_deepen(4, 0, true) && time.may_deepen(4, 0, false));
        assert!(!time.may_deepen(5, 0, true));
    }
}
