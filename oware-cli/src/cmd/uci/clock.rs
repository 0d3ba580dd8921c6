//! The GUI's clock as `oware uci` sees it: each seat's time from `go`, the
//! lag the GUI adds to every move, and the search limits they give.
//!
//! Each `go` on a clock is set against the seat's previous one: what the
//! GUI charged for that move (its clock then, plus the increment, less its
//! clock now) beyond the time from reading `go` (or `ponderhit`) to writing
//! `bestmove` is lag this process cannot see (the command's way in, the
//! wait to be scheduled, the answer's way back), which the engine's
//! [`Overhead`] learns and its time plan pays for. The plan itself is the
//! search's: the limits here carry the clock as the GUI sent it.

use std::time::Duration;

use oware_core::{BySeat, Game, Seat};
use oware_search::{Limits, Overhead, SeatClock};
use oware_uci::Go;

/// The lag worth an `info string` when it grows: the usual few
/// milliseconds of a pipe are not news.
const NOTED_LAG: Duration = Duration::from_millis(10);

/// The lag the GUI adds to each seat's moves: each seat's last move on its
/// clock, kept between one `go` and the next to compare with what the GUI charged.
#[derive(Default)]
pub(super) struct LagMeter {
    /// Each seat's last move on the clock.
    last: BySeat<Option<ClockedMove>>,
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
    go.clock(game.position().to_move())
}

/// What `go` asks of the search when `seat` is to move: its depth, nodes
/// and time per move as given, and the mover's own clock as the search's
/// [`SeatClock`] (the search plans its time from it, and takes the shorter
/// of the two deadlines when both are given). The opponent's clock is read
/// but not used. All `None` ([`Limits::default`]) when `go` sets no limit.
/// The protocol stops here: the search, the bot and the match's players
/// take only [`Limits`].
pub(super) fn limits_for(go: &Go, seat: Seat) -> Limits {
    Limits {
        depth: go.depth,
        nodes: go.nodes,
        time: go.movetime,
        clock: go.clock(seat).map(|(remaining, increment)| SeatClock {
            remaining,
            increment,
            moves_to_go: go.movestogo,
        }),
    }
}

impl LagMeter {
    /// A new game: no move of the last one says anything of the next (the
    /// overhead, the machine's and the GUI's, is kept).
    pub(super) fn new_game(&mut self) {
        self.last = BySeat::default();
    }

    /// At `go` on `game`: teaches `overhead` (the engine's) from the
    /// mover's last move on the clock, and keeps this one (if on the clock)
    /// for the next. Gives a note for the GUI when the overhead grows past
    /// [`NOTED_LAG`].
    pub(super) fn observe(
        &mut self,
        go: &Go,
        game: &Game,
        overhead: &mut Overhead,
    ) -> Option<String> {
        let seat = game.position().to_move();
        let last = self.last[seat].take();
        let (remaining, increment) = clock_of(go, game).filter(|_| !go.infinite)?;
        let mut note = None;
        if let Some(last) = last
            && let Some(thought) = last.thought
            && let Some(charged) = last.charged(game, remaining)
        {
            let before = overhead.estimate();
            overhead.observe(charged, thought);
            // An estimate that grew is this move's lag.
            let lag = overhead.estimate();
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
        let mut lag_meter = LagMeter::default();
        let mut overhead = Overhead::default();
        assert_eq!(
            lag_meter.observe(&go(10_000), &game(""), &mut overhead),
            None
        );
        lag_meter.answered(Seat::South, ms(300));
        // Charged 10 s + 0.1 - 9.6 s = 500 ms for 300 ms of thinking.
        let note = lag_meter.observe(&go(9_600), &game("Ef"), &mut overhead);
        assert_eq!(
            note.as_deref(),
            Some(
                "clock: move 1 was charged 500 ms, 200 ms more than it took; each move now allows for 200 ms"
            )
        );
        assert_eq!(overhead.estimate(), ms(200));
        // A move without lag: no note, three quarters of the lag kept.
        lag_meter.answered(Seat::South, ms(100));
        assert_eq!(
            lag_meter.observe(&go(9_600), &game("EfAb"), &mut overhead),
            None
        );
        assert_eq!(overhead.estimate(), ms(150));
    }

    #[test]
    fn only_the_same_game_two_plies_on_teaches() {
        let mut lag_meter = LagMeter::default();
        let mut overhead = Overhead::default();
        let mut lagged = |later: &str, previous: &str| {
            lag_meter.new_game();
            lag_meter.observe(&go(10_000), &game(previous), &mut overhead);
            lag_meter.answered(Seat::South, ms(10));
            lag_meter
                .observe(&go(5_000), &game(later), &mut overhead)
                .is_some()
        };
        assert!(lagged("Ef", ""));
        assert!(!lagged("EfAb", ""), "four plies on");
        assert!(!lagged("Af", "Ef"), "another game");
        assert!(!lagged("", ""), "the same position");
        // No answer (a ponder search stopped), or a new game between: nothing.
        let mut lag_meter = LagMeter::default();
        let mut overhead = Overhead::default();
        lag_meter.observe(&go(10_000), &game(""), &mut overhead);
        lag_meter.answered(Seat::South, ms(10));
        lag_meter.forget(Seat::South);
        assert_eq!(
            lag_meter.observe(&go(5_000), &game("Ef"), &mut overhead),
            None
        );
        lag_meter.answered(Seat::South, ms(10));
        lag_meter.new_game();
        assert_eq!(
            lag_meter.observe(&go(1_000), &game("EfAb"), &mut overhead),
            None
        );
        assert_eq!(overhead.estimate(), Duration::ZERO);
    }

    #[test]
    fn the_limits_are_the_movers_clock_and_the_given_limits() {
        // South's clock at 0.1 s, North's at 10 s, 0.1 s increments.
        let go = Go {
            wtime: Some(ms(100)),
            btime: Some(ms(10_000)),
            winc: Some(ms(100)),
            binc: Some(ms(100)),
            ..Go::default()
        };
        let north = limits_for(&go, Seat::North);
        let south = limits_for(&go, Seat::South);
        assert_eq!(north.clock.map(|c| c.remaining), Some(ms(10_000)));
        assert_eq!(south.clock.map(|c| c.remaining), Some(ms(100)));
        assert_eq!(south.clock.map(|c| c.increment), Some(ms(100)));
        // `movetime`, depth and nodes pass through beside the clock.
        let go = Go {
            movetime: Some(ms(7)),
            depth: Some(5),
            nodes: Some(1000),
            movestogo: Some(12),
            ..go
        };
        let both = limits_for(&go, Seat::South);
        assert_eq!(
            (both.time, both.depth, both.nodes),
            (Some(ms(7)), Some(5), Some(1000))
        );
        assert_eq!(both.clock.and_then(|c| c.moves_to_go), Some(12));
        // Without a clock: only what `go` says.
        assert_eq!(limits_for(&Go::default(), Seat::South), Limits::default());
    }
}
