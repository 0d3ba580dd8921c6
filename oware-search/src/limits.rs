//! How long a search may run: [`Limits`] as the caller gives them (the raw
//! clock among them), and the [`Timer`] that reads time (replaceable, for
//! WebAssembly). The time manager that turns them into soft and hard stops,
//! and the plan of a move on a clock, are in `time/`.

use std::time::Duration;

use crate::time::SeatClock;

/// When a search stops. All `None` (the default, [`is_unlimited`](Limits::is_unlimited))
/// searches until the stop flag is set, which only the streaming
/// [`Engine::search`](crate::Engine::search) accepts; otherwise it stops at
/// the first limit reached. The search
/// always completes depth 1, so there is always a move to play.
///
/// A game on a clock gives the mover's [`clock`](Limits::clock) as the GUI
/// sends it; the search plans this move's time from it
/// (with the lag the engine has learnt,
/// [`Engine::overhead_mut`](crate::Engine::overhead_mut)). With a
/// [`time`](Limits::time) as well (`go movetime` beside `wtime`), the
/// shorter of that time and the plan's deadline is the deadline: the one
/// rule for every caller.
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
    /// The most this move may take (`go movetime`, a level's time); alone,
    /// no depth starts after half of it.
    pub time: Option<Duration>,
    /// The mover's clock (`go wtime … winc … movestogo …`), which the search
    /// plans this move's time from: a target no depth starts after
    /// (stretched when the best move has just changed, shrunk when it has
    /// held for several depths, never one unlikely to finish in time) and a
    /// deadline.
    pub clock: Option<SeatClock>,
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

    /// Whether no limit is set, so that only the stop flag ends a search.
    ///
    /// ```
    /// use oware_search::Limits;
    /// assert!(Limits::default().is_unlimited());
    /// assert!(!Limits::depth(1).is_unlimited());
    /// ```
    #[must_use]
    pub fn is_unlimited(&self) -> bool {
        *self == Limits::default()
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
pub(crate) enum Timer {
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

impl Timer {
    /// Starts a timer: `custom` if given, else the standard clock where there is one.
    pub(crate) fn start(custom: Option<ClockFn>) -> Timer {
        match custom {
            Some(now) => Timer::Custom(now, now()),
            #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
            None => Timer::Std(std::time::Instant::now()),
            #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
            None => Timer::None,
        }
    }

    /// Whether the clock reads real time.
    pub(crate) fn is_real(self) -> bool {
        !matches!(self, Timer::None)
    }

    /// Time since the start.
    #[inline]
    pub(crate) fn elapsed(self) -> Duration {
        match self {
            #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
            Timer::Std(start) => start.elapsed(),
            Timer::Custom(now, start) => {
                Duration::from_secs_f64(((now() - start) / 1000.0).max(0.0))
            }
            Timer::None => Duration::ZERO,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    use oware_core::{Board, Game, GrandSlam, Position, Rules, Seat};

    use super::*;
    use crate::{Engine, EngineOptions};

    fn engine() -> Engine {
        Engine::new(EngineOptions::default().with_hash_mb(1))
    }

    /// A search of the opening under `limits` by an engine reading `clock`.
    fn search_on(clock: ClockFn, limits: &Limits) -> crate::SearchResult {
        let mut engine = engine();
        engine.set_clock(Some(clock));
        engine.search(
            &Game::new(Rules::ABAPA),
            limits,
            &AtomicBool::new(false),
            &mut |_| {},
        )
    }

    #[test]
    fn a_callers_clock_is_the_one_limits_read_from_its_first_reading() {
        // A clock far from 0 that moves a microsecond a reading: far less
        // than ten seconds of it pass in a depth-6 search.
        fn slow() -> f64 {
            static READS: AtomicU64 = AtomicU64::new(0);
            1e9 + READS.fetch_add(1, Ordering::Relaxed) as f64 / 1000.0
        }
        let limits = Limits {
            depth: Some(6),
            time: Some(Duration::from_secs(10)),
            ..Limits::default()
        };
        let result = search_on(slow, &limits);
        assert_eq!(result.depth, 6);
        assert!(
            result.elapsed < Duration::from_secs(1),
            "{:?}",
            result.elapsed
        );
        // A clock that jumps ten seconds a reading: ten seconds are gone
        // after the depth that always completes.
        fn racing() -> f64 {
            static READS: AtomicU64 = AtomicU64::new(0);
            READS.fetch_add(1, Ordering::Relaxed) as f64 * 10_000.0
        }
        let result = search_on(racing, &Limits::time(Duration::from_secs(10)));
        assert_eq!(result.depth, 1);
        assert!(
            result.elapsed >= Duration::from_secs(10),
            "{:?}",
            result.elapsed
        );
    }

    #[test]
    fn with_no_limit_a_search_that_never_settles_stops_at_the_deepest_depth() {
        // One seed each, and rules with no end by history: the seeds can
        // go round for ever, so no depth settles the game.
        let endless = Rules::ABAPA
            .with_grand_slam(GrandSlam::CapturesNothing)
            .without_repetition()
            .without_move_limit();
        let board = Board::from_cells([0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 23, 23]).unwrap();
        let game = Game::from_position(Position::new(board, Seat::South), endless);
        let mut engine = engine();
        engine.set_analysis(false);
        let result = engine.search(
            &game,
            &Limits::default(),
            &AtomicBool::new(false),
            &mut |_| {},
        );
        assert_eq!(result.depth, Limits::MAX_DEPTH);
        // A few plies short of the deepest ply the tables hold, for the extensions.
        let max_ply = crate::score::MAX_PLY as u32;
        assert!((max_ply - 8..max_ply).contains(&Limits::MAX_DEPTH));
    }
}
