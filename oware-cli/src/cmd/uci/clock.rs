//! The GUI's clock as `oware uci` sees it: each seat's time from `go`, the
//! lag the GUI adds to every move, and the search limits they give.
//!
//! Each `go` on a clock is set against the seat's previous one: what the
//! GUI charged for that move (its clock then, plus the increment, less its
//! clock now) beyond the time from reading `go` (or `ponderhit`) to writing
//! `bestmove` is lag this process cannot see (the command's way in, the
//! wait to be scheduled, the answer's way back), which [`Overhead`] learns
//! and the time plan pays for.

use std::time::Duration;

use oware_cli::protocol::Go;
use oware_core::{BySeat, Game, Seat};
use oware_search::{Limits, Overhead, TimeControl};

/// The lag worth an `info string` when it grows: the usual few
/// milliseconds of a pipe are not news.
const NOTED_LAG: Duration = Duration::from_millis(10);

/// Both seats' clocks between one `go` and the next.
#[derive(Default)]
pub(super) struct Clocks {
    /// Each seat's last move on the clock.
    last: BySeat<Option<ClockedMove>>,
    /// The lag the GUI's clock adds to a move.
    overhead: Overhead,
}

/// A `go` on the seat's clock, kept until the seat's next `go` tells what
/// the GUI charged for it.
struct ClockedMove {
    /// The game the move was asked in.
    game: Game,
    /// The seat's clock and increment at the `go`.
    remaining: Duration,
    increment: Duration,
    /// How long the engine took, once it has answered.
    thought: Option<Duration>,
}

impl ClockedMove {
    /// What the GUI charged for this move, if `game` is the same game two
    /// plies on (this move and the reply) with the seat's clock at
    /// `remaining`.
    fn charged(&self, game: &Game, remaining: Duration) -> Option<Duration> {
        let (before, after) = (self.game.moves(), game.moves());
        let continues = game.start() == self.game.start()
            && after.len() == before.len() + 2
            && after.starts_with(before);
        continues.then(|| (self.remaining + self.increment).saturating_sub(remaining))
    }
}

/// The mover's clock and increment in `go`, if it has a clock.
fn clock_of(go: &Go, game: &Game) -> Option<(Duration, Duration)> {
    let (remaining, increment) = match game.position().to_move() {
        Seat::South => (go.wtime, go.winc),
        Seat::North => (go.btime, go.binc),
    };
    remaining.map(|remaining| (remaining, increment.unwrap_or_default()))
}

impl Clocks {
    /// A new game: no move of the last one says anything of the next (the
    /// overhead, the machine's and the GUI's, is kept).
    pub(super) fn new_game(&mut self) {
        self.last = BySeat::default();
    }

    /// At `go` on `game`: learns the overhead from the mover's last move on
    /// the clock, and keeps this one (if on the clock) for the next. Gives
    /// a note for the GUI when the overhead grows past [`NOTED_LAG`].
    pub(super) fn observe(&mut self, go: &Go, game: &Game) -> Option<String> {
        let seat = game.position().to_move();
        let last = self.last[seat].take();
        let (remaining, increment) = clock_of(go, game).filter(|_| !go.infinite)?;
        let mut note = None;
        if let Some(last) = last
            && let Some(thought) = last.thought
            && let Some(charged) = last.charged(game, remaining)
        {
            let before = self.overhead.estimate();
            self.overhead.observe(charged, thought);
            // An estimate that grew is this move's lag.
            let lag = self.overhead.estimate();
            if lag > before.max(NOTED_LAG) {
                note = Some(format!(
                    "clock: move {} was charged {} ms, {} ms more than it took; each move now allows for {} ms",
                    last.game.moves().len() + 1,
                    charged.as_millis(),
                    lag.as_millis(),
                    lag.as_millis(),
                ));
            }
        }
        self.last[seat] = Some(ClockedMove {
            game: game.clone(),
            remaining,
            increment,
            thought: None,
        });
        note
    }

    /// The seat's last `go` was answered `thought` after it (or after its
    /// `ponderhit`) was read.
    pub(super) fn answered(&mut self, seat: Seat, thought: Duration) {
        if let Some(last) = self.last[seat].as_mut() {
            last.thought = Some(thought);
        }
    }

    /// The seat's last `go` was not a move on the GUI's clock after all (a
    /// ponder search that was stopped, a search until `stop`).
    pub(super) fn forget(&mut self, seat: Seat) {
        self.last[seat] = None;
    }

    /// The search's limits for `go` on `game`: the depth, node and time
    /// limits given, and the mover's clock's plan with the overhead (its
    /// target, and its deadline unless `movetime` is shorter).
    pub(super) fn limits(&self, go: &Go, game: &Game) -> Limits {
        let clock = clock_of(go, game).map(|(remaining, increment)| {
            TimeControl {
                remaining,
                increment,
                moves_to_go: go.movestogo,
                overhead: self.overhead.estimate(),
            }
            .limits(game.legal_moves().len())
        });
        let time = match (go.movetime, clock.and_then(|c| c.time)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Limits {
            depth: go.depth,
            nodes: go.nodes,
            time,
            target: clock.and_then(|c| c.target),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::{House, Rules};

    fn ms(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    /// `go` with South's clock at `south` and North's at 10 s, 0.1 s each.
    fn go(south: u64) -> Go {
        Go {
            wtime: Some(ms(south)),
            btime: Some(ms(10_000)),
            winc: Some(ms(100)),
            binc: Some(ms(100)),
            ..Go::default()
        }
    }

    fn game(moves: &str) -> Game {
        let mut game = Game::new(Rules::ABAPA);
        for letter in moves.chars() {
            let house: House = letter.to_string().parse().unwrap();
            game.play(house).unwrap();
        }
        game
    }

    #[test]
    fn the_lag_is_what_was_charged_beyond_the_time_taken() {
        let mut clocks = Clocks::default();
        assert_eq!(clocks.observe(&go(10_000), &game("")), None);
        clocks.answered(Seat::South, ms(300));
        // Charged 10 s + 0.1 - 9.6 s = 500 ms for 300 ms of thinking.
        let note = clocks.observe(&go(9_600), &game("Ef"));
        assert_eq!(
            note.as_deref(),
            Some(
                "clock: move 1 was charged 500 ms, 200 ms more than it took; each move now allows for 200 ms"
            )
        );
        // The plan pays it: the same clock without the lag plans longer.
        let lagging = clocks.limits(&go(9_600), &game("Ef"));
        let quiet = Clocks::default().limits(&go(9_600), &game("Ef"));
        assert!(lagging.time < quiet.time, "{lagging:?} {quiet:?}");
        assert!(lagging.target < quiet.target, "{lagging:?} {quiet:?}");
        // A move without lag: no note, three quarters of the lag kept.
        clocks.answered(Seat::South, ms(100));
        assert_eq!(clocks.observe(&go(9_600), &game("EfAb")), None);
        assert_eq!(clocks.overhead.estimate(), ms(150));
    }

    #[test]
    fn only_the_same_game_two_plies_on_teaches() {
        let mut clocks = Clocks::default();
        let mut lagged = |later: &str, previous: &str| {
            clocks.new_game();
            clocks.observe(&go(10_000), &game(previous));
            clocks.answered(Seat::South, ms(10));
            clocks.observe(&go(5_000), &game(later)).is_some()
        };
        assert!(lagged("Ef", ""));
        assert!(!lagged("EfAb", ""), "four plies on");
        assert!(!lagged("Af", "Ef"), "another game");
        assert!(!lagged("", ""), "the same position");
        // No answer (a ponder search stopped), or a new game between: nothing.
        let mut clocks = Clocks::default();
        clocks.observe(&go(10_000), &game(""));
        clocks.answered(Seat::South, ms(10));
        clocks.forget(Seat::South);
        assert_eq!(clocks.observe(&go(5_000), &game("Ef")), None);
        clocks.answered(Seat::South, ms(10));
        clocks.new_game();
        assert_eq!(clocks.observe(&go(1_000), &game("EfAb")), None);
        assert_eq!(clocks.overhead.estimate(), Duration::ZERO);
    }

    #[test]
    fn the_limits_are_the_movers_clock_and_the_given_limits() {
        let clocks = Clocks::default();
        // North to move with its own 10 s; South's clock is not its.
        let north = clocks.limits(&go(100), &game("E"));
        let south = clocks.limits(&go(100), &game(""));
        assert!(north.time > south.time, "{north:?} {south:?}");
        // `movetime` shortens the deadline, and depth and nodes pass through.
        let go = Go {
            movetime: Some(ms(7)),
            depth: Some(5),
            nodes: Some(1000),
            ..go(10_000)
        };
        let limits = clocks.limits(&go, &game(""));
        assert_eq!(
            (limits.time, limits.depth, limits.nodes),
            (Some(ms(7)), Some(5), Some(1000))
        );
        // Without a clock: only what `go` says.
        assert_eq!(clocks.limits(&Go::default(), &game("")), Limits::default());
    }
}
