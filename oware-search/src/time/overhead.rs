//! What a GUI's clock charges a move beyond the engine's own thinking.

use std::time::Duration;

/// What the GUI's clock charges a move beyond the engine's own thinking,
/// learnt move by move: the GUI's clock before the move, plus the
/// increment, less its clock after is what it charged; the engine's time
/// from reading `go` to writing `bestmove` is what it took; the rest is lag
/// the engine cannot see (the command's way in, the wait to be scheduled on
/// a busy machine, the answer's way back).
///
/// The estimate is the largest lag seen, fading by a quarter a move: one
/// late wake-up makes the next moves careful at once, and once the machine
/// is quiet again the time comes back within a few moves.
///
/// ```
/// use std::time::Duration;
/// use oware_search::Overhead;
///
/// let ms = Duration::from_millis;
/// let mut overhead = Overhead::default();
/// // Charged 480 ms for a move thought over in 80: 400 ms of lag.
/// overhead.observe(ms(480), ms(80));
/// assert_eq!(overhead.estimate(), ms(400));
/// // A move without lag: three quarters of it stay.
/// overhead.observe(ms(200), ms(200));
/// assert_eq!(overhead.estimate(), ms(300));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Overhead {
    estimate: Duration,
}

impl Overhead {
    /// Learns from one move: the GUI `charged` it this much, and the engine
    /// `thought` this long.
    pub fn observe(&mut self, charged: Duration, thought: Duration) {
        let lag = charged.saturating_sub(thought);
        self.estimate = lag.max(self.estimate.saturating_mul(3) / 4);
    }

    /// The overhead the next move's plan pays (see [`Limits::clock`](crate::Limits::clock)).
    #[must_use]
    pub fn estimate(&self) -> Duration {
        self.estimate
    }
}
