//! The match runner with players written for the test: the game loop's
//! referee (illegal moves, time, the ply limit), restarts after a forfeit,
//! colours and pairs.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use oware_core::{Game, House, Rules, Seat};
use oware_match::{
    Budget, Contestant, Ending, Fault, Match, Player, Settings, Turn, random_openings, run,
};

/// Plays the first legal move, or misbehaves at its `fail_at`-th move.
struct Scripted {
    moves: usize,
    fail_at: Option<usize>,
    fault: Fault,
    delay: Duration,
}

impl Player for Scripted {
    fn new_game(&mut self, _index: usize) -> Result<(), Fault> {
        Ok(())
    }

    fn choose(&mut self, game: &Game, _turn: &Turn, _wait: Duration) -> Result<House, Fault> {
        self.moves += 1;
        std::thread::sleep(self.delay);
        if self.fail_at == Some(self.moves) {
            return match &self.fault {
                // An illegal answer: a house of the seat not to move.
                Fault::Illegal { .. } => Ok(match game.position().to_move() {
                    Seat::South => House::a,
                    Seat::North => House::A,
                }),
                fault => Err(fault.clone()),
            };
        }
        Ok(game.legal_moves().first().expect("a move"))
    }
}

/// A contestant of scripted players, counting how often one is started.
fn scripted(
    name: &str,
    fail_at: Option<usize>,
    fault: Fault,
    delay: Duration,
    starts: &Arc<AtomicUsize>,
) -> Contestant {
    let starts = Arc::clone(starts);
    Contestant {
        name: name.to_owned(),
        budget: Budget {
            movetime: Some(Duration::from_millis(20)),
            ..Budget::default()
        },
        start: Box::new(move || {
            starts.fetch_add(1, Ordering::Relaxed);
            Ok(Box::new(Scripted {
                moves: 0,
                fail_at,
                fault: fault.clone(),
                delay,
            }) as Box<dyn Player>)
        }),
    }
}

fn a_match(first: Contestant, second: Contestant, games: usize, settings: Settings) -> Match {
    Match {
        contestants: [first, second],
        openings: random_openings(Rules::ABAPA, games.div_ceil(2), 2..=2, 3),
        games,
        concurrency: 2,
        settings,
        sprt: None,
    }
}

#[test]
fn a_player_that_fails_forfeits_and_is_restarted_for_the_next_game() {
    for (fault, kind) in [
        (Fault::Crashed("gone".to_owned()), "forfeit: crashed"),
        (
            Fault::Illegal {
                house: House::A,
                reason: oware_core::IllegalMove::EmptyHouse(House::A),
            },
            "forfeit: illegal move",
        ),
        (
            Fault::Hung {
                awaited: "bestmove",
                waited: Duration::from_millis(5),
            },
            "forfeit: hung",
        ),
    ] {
        let (bad_starts, good_starts) = (Arc::default(), Arc::default());
        let bad = scripted("bad", Some(3), fault, Duration::ZERO, &bad_starts);
        let good = scripted(
            "good",
            None,
            Fault::Garbage(String::new()),
            Duration::ZERO,
            &good_starts,
        );
        let mut forfeits = 0;
        let summary = run(
            &a_match(bad, good, 6, Settings::default()),
            &mut |record, _| {
                if let Ending::Forfeit { seat, .. } = &record.result.ending {
                    assert_eq!(record.names[*seat], "bad");
                    assert_eq!(
                        record.game.moves().len(),
                        2 + 2 * 2 + usize::from(*seat == Seat::North)
                    );
                    forfeits += 1;
                }
            },
        );
        assert_eq!(forfeits, 6, "{kind}");
        assert_eq!(summary.by_ending[kind].losses, 6, "{kind}");
        assert_eq!(summary.pairs, [3, 0, 0, 0, 0]);
        // One start per game: each forfeit drops the player.
        assert_eq!(bad_starts.load(Ordering::Relaxed), 6, "{kind}");
        // The good player is kept across games: one per worker at most.
        assert!(good_starts.load(Ordering::Relaxed) <= 2, "{kind}");
    }
}

#[test]
fn a_move_past_its_time_and_margin_loses_on_time_unless_time_does_not_count() {
    let starts = Arc::default();
    let slow = || {
        scripted(
            "slow",
            None,
            Fault::Garbage(String::new()),
            Duration::from_millis(60),
            &starts,
        )
    };
    let quick = || {
        scripted(
            "quick",
            None,
            Fault::Garbage(String::new()),
            Duration::ZERO,
            &starts,
        )
    };
    let settings = Settings {
        margin: Some(Duration::from_millis(10)),
        ..Settings::default()
    };
    let summary = run(&a_match(slow(), quick(), 2, settings), &mut |record, _| {
        let Ending::Forfeit {
            fault: Fault::Time { elapsed, allowed },
            ..
        } = &record.result.ending
        else {
            panic!("{:?}", record.result);
        };
        assert_eq!(*allowed, Duration::from_millis(20));
        assert!(*elapsed >= Duration::from_millis(60));
    });
    assert_eq!(summary.total().losses, 2);
    // Without a margin, time never loses: the ply limit ends these games,
    // scored by the seeds each side holds.
    let settings = Settings {
        margin: None,
        max_plies: Some(8),
        ..Settings::default()
    };
    let summary = run(&a_match(slow(), quick(), 2, settings), &mut |record, _| {
        assert_eq!(record.result.ending, Ending::Adjudicated { plies: 8 });
        assert_eq!(record.game.moves().len(), 8);
    });
    assert_eq!(summary.by_ending["adjudicated at the ply limit"].games(), 2);
}
