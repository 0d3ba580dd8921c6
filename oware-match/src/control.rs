//! How long a side may think: a fixed time per move, a clock with an
//! increment, or a depth or node count, and the [`Turn`] that tells the
//! mover so (the search's own limits; an engine process reads them as the
//! protocol's `go`, made at its edge in `process.rs`).

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

use oware_core::{BySeat, Seat};
use oware_search::{Limits, SeatClock};

/// A clock: time for the whole game and an increment after each move, read
/// as `10+0.1` (seconds; the increment may be left out: `60`).
///
/// ```
/// use oware_match::TimeControl;
/// use std::time::Duration;
/// let tc: TimeControl = "10+0.1".parse()?;
/// assert_eq!(tc.base, Duration::from_secs(10));
/// assert_eq!(tc.increment, Duration::from_millis(100));
/// assert_eq!(tc.to_string(), "10+0.1");
/// assert!("10+x".parse::<TimeControl>().is_err());
/// # Ok::<(), oware_match::TimeControlError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The time each side has for the game.
    pub base: Duration,
    /// The time added to the mover's clock after each move.
    pub increment: Duration,
}

/// Why a time control was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlError(String);

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a time control: expected seconds and an increment, such as 10+0.1",
            self.0
        )
    }
}

impl std::error::Error for TimeControlError {}

/// Reads a non-negative number of seconds.
fn seconds(text: &str) -> Option<Duration> {
    let x: f64 = text.parse().ok()?;
    (x.is_finite() && x >= 0.0 && text.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
        .then(|| Duration::from_secs_f64(x))
}

impl FromStr for TimeControl {
    type Err = TimeControlError;
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let error = || TimeControlError(text.to_owned());
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        let base = seconds(base).ok_or_else(error)?;
        let increment = seconds(increment).ok_or_else(error)?;
        if base.is_zero() {
            return Err(error());
        }
        Ok(TimeControl { base, increment })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

/// The limits one side plays under: any of a time per move, a clock, a
/// depth and a node count. All `None` leaves the choice to the player (a
/// level of our engine plays at the level's own limits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// A fixed time per move.
    pub movetime: Option<Duration>,
    /// A clock for the game.
    pub clock: Option<TimeControl>,
    /// The deepest search, in plies.
    pub depth: Option<u32>,
    /// The most nodes to search.
    pub nodes: Option<u64>,
}

impl fmt::Display for Budget {
    /// What is set, as the match's options give it: `movetime 100 ms`,
    /// `tc 10+0.1`, `depth 6`, `nodes 5000`, joined by `, `; `the engine's
    /// own limits` when nothing is.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(movetime) = self.movetime {
            parts.push(format!("movetime {} ms", movetime.as_millis()));
        }
        if let Some(clock) = self.clock {
            parts.push(format!("tc {clock}"));
        }
        if let Some(depth) = self.depth {
            parts.push(format!("depth {depth}"));
        }
        if let Some(nodes) = self.nodes {
            parts.push(format!("nodes {nodes}"));
        }
        if parts.is_empty() {
            f.write_str("the engine's own limits")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}

impl Budget {
    /// Whether nothing is set.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == Budget::default()
    }
}

/// What the mover is told before it moves: its limits as the search takes
/// them (its own clock among them, as a [`SeatClock`]) and the opponent's
/// clock, which only an engine process is shown (the protocol's `go`
/// carries both clocks, as chess protocols do).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Turn {
    /// The mover's depth, nodes, time per move and clock; all `None` leaves
    /// the choice to the player (a level plays at its own limits).
    pub limits: Limits,
    /// The opponent's clock, when the mover plays on one.
    pub opponent: Option<SeatClock>,
}

impl Turn {
    /// The most time the mover may take: its clock, or the time per move.
    #[must_use]
    pub fn allowed(&self) -> Option<Duration> {
        let clock = self.limits.clock.map(|clock| clock.remaining);
        clock.or(self.limits.time)
    }
}

/// The two sides' clocks during a game.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clocks {
    budgets: BySeat<Budget>,
    left: BySeat<Duration>,
}

impl Clocks {
    /// Full clocks at the start of a game.
    pub(crate) fn new(budgets: BySeat<Budget>) -> Clocks {
        let full = |b: &Budget| b.clock.map_or(Duration::ZERO, |c| c.base);
        Clocks {
            budgets,
            left: BySeat::new(full(&budgets.south), full(&budgets.north)),
        }
    }

    /// What `seat` is told before it moves.
    pub(crate) fn turn(&self, seat: Seat) -> Turn {
        let budget = self.budgets[seat];
        // A side without a clock of its own is shown, beside a mover on
        // one, as an increment-less zero.
        let clock = |s: Seat| SeatClock {
            remaining: self.left[s],
            increment: self.budgets[s]
                .clock
                .map_or(Duration::ZERO, |c| c.increment),
            moves_to_go: None,
        };
        let on_clock = budget.clock.is_some();
        Turn {
            limits: Limits {
                depth: budget.depth,
                nodes: budget.nodes,
                time: budget.movetime,
                clock: on_clock.then(|| clock(seat)),
            },
            opponent: on_clock.then(|| clock(seat.opponent())),
        }
    }

    /// Charges `elapsed` to `seat`'s clock and adds its increment.
    pub(crate) fn charge(&mut self, seat: Seat, elapsed: Duration) {
        if let Some(clock) = self.budgets[seat].clock {
            self.left[seat] = self.left[seat].saturating_sub(elapsed) + clock.increment;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_run_down_and_gain_the_increment() {
        let tc = TimeControl {
            base: Duration::from_secs(1),
            increment: Duration::from_millis(50),
        };
        let budget = Budget {
            clock: Some(tc),
            ..Budget::default()
        };
        let mut clocks = Clocks::new(BySeat::new(budget, budget));
        clocks.charge(Seat::South, Duration::from_millis(300));
        let turn = clocks.turn(Seat::North);
        assert_eq!(turn.allowed(), Some(Duration::from_secs(1)));
        let clock = |ms: u64| SeatClock {
            remaining: Duration::from_millis(ms),
            increment: Duration::from_millis(50),
            moves_to_go: None,
        };
        assert_eq!(turn.limits.clock, Some(clock(1000)));
        assert_eq!(turn.opponent, Some(clock(750)));
        assert_eq!(
            clocks.turn(Seat::South).allowed(),
            Some(Duration::from_millis(750))
        );
        // Without a clock, the time per move, and no clock shown.
        let budget = Budget {
            movetime: Some(Duration::from_millis(100)),
            depth: Some(8),
            ..Budget::default()
        };
        let turn = Clocks::new(BySeat::new(budget, budget)).turn(Seat::South);
        assert_eq!(turn.allowed(), Some(Duration::from_millis(100)));
        assert_eq!(
            (turn.limits.depth, turn.limits.clock, turn.opponent),
            (Some(8), None, None)
        );
    }

    #[test]
    fn time_controls_are_checked() {
        assert_eq!(
            "60".parse::<TimeControl>().unwrap().increment,
            Duration::ZERO
        );
        for bad in ["", "+1", "0+1", "-5+0", "1e3", "10+0.1+1", "ten"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
        assert_eq!(
            "x".parse::<TimeControl>().unwrap_err().to_string(),
            "`x` is not a time control: expected seconds and an increment, such as 10+0.1"
        );
    }
}
