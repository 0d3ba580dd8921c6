//! A match: two contestants, many games at once, each opening played twice
//! with the colours swapped, results gathered as they come and the SPRT
//! consulted after each.

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use oware_core::{BySeat, Game, Seat};

use crate::control::Budget;
use crate::game::{self, Ending, Settings};
use crate::player::{Fault, Player};
use crate::record::GameRecord;
use crate::stats::{Decision, Sprt};
use crate::summary::{Scored, Summary};

/// Starts a fresh player (a new process, or a new engine): called for the
/// first game a worker plays and again after a player forfeits.
pub type Start = Box<dyn Fn() -> Result<Box<dyn Player>, Fault> + Send + Sync>;

/// One side of a match.
pub struct Contestant {
    /// Its name in tables and saved games.
    pub name: String,
    /// What it is told to play under.
    pub budget: Budget,
    /// How to start it.
    pub start: Start,
}

impl Contestant {
    /// Starts it once and lets it go. A program that cannot start, or that
    /// refuses an option it is given, is a mistake in the command: better
    /// said before the first game than as a forfeit of every game.
    ///
    /// # Errors
    /// `engine NAME: ` and why it did not start.
    pub fn check_start(&self) -> Result<(), String> {
        (self.start)()
            .map(drop)
            .map_err(|fault| format!("engine {}: {fault}", self.name))
    }
}

/// A match between two contestants.
pub struct Match {
    /// The first and second contestant; results are given from the first's side.
    pub contestants: [Contestant; 2],
    /// The openings, used in order (and again from the first if there are
    /// fewer than pairs of games); game `2k` and `2k + 1` share opening `k`.
    pub openings: Vec<Game>,
    /// The most games to play.
    pub games: usize,
    /// Games played at once, each with its own players.
    pub concurrency: usize,
    /// How games are refereed.
    pub settings: Settings,
    /// Stop early when this test is decided.
    pub sprt: Option<Sprt>,
}

impl Match {
    /// The opening of game `index`: pairs of games take the openings in turn.
    pub(crate) fn opening(&self, index: usize) -> &Game {
        &self.openings[(index / 2) % self.openings.len()]
    }

    /// The contestants' names by seat in game `index`.
    pub(crate) fn names(&self, index: usize) -> BySeat<String> {
        let [first, second] = &self.contestants;
        by_seat(first_seat(index), first.name.clone(), second.name.clone())
    }

    /// What each seat is told to play under in game `index`.
    pub(crate) fn budgets(&self, index: usize) -> BySeat<Budget> {
        let [first, second] = &self.contestants;
        by_seat(first_seat(index), first.budget, second.budget)
    }
}

/// Where the first contestant sits in game `index`: South in even games.
pub(crate) fn first_seat(index: usize) -> Seat {
    if index.is_multiple_of(2) {
        Seat::South
    } else {
        Seat::North
    }
}

/// Plays the match, calling `on_game` on the calling thread after each game
/// with the game and the tally so far; returns the final tally. Stops
/// starting games once the SPRT is decided (games under way finish and count).
///
/// # Panics
/// If `openings` is empty.
pub fn run(m: &Match, on_game: &mut dyn FnMut(&GameRecord, &Summary)) -> Summary {
    resume(m, &[], on_game)
}

/// [`run`] for a match some of whose games are already played (read back
/// by [`read_saved`](crate::read_saved)): they are counted first, as if
/// just played, and only the other games are played. Nothing is played if
/// they decide the SPRT.
///
/// # Panics
/// If `openings` is empty.
pub fn resume(
    m: &Match,
    saved: &[Scored],
    on_game: &mut dyn FnMut(&GameRecord, &Summary),
) -> Summary {
    resume_while(m, saved, &mut |record, summary| {
        on_game(record, summary);
        ControlFlow::Continue(())
    })
}

/// [`resume`], stopped when `on_game` says [`ControlFlow::Break`] (its
/// record of the game could not be saved): no game starts after it, and
/// the games under way on other threads finish uncounted.
///
/// # Panics
/// If `openings` is empty.
pub fn resume_while(
    m: &Match,
    saved: &[Scored],
    on_game: &mut dyn FnMut(&GameRecord, &Summary) -> ControlFlow<()>,
) -> Summary {
    assert!(!m.openings.is_empty(), "a match needs an opening");
    let mut summary = Summary::default();
    for game in saved {
        summary.add(game, m.sprt.as_ref());
    }
    let decided = |summary: &Summary| {
        summary
            .sprt
            .is_some_and(|(_, decision)| decision != Decision::Continue)
    };
    if decided(&summary) {
        return summary;
    }
    let done: HashSet<usize> = saved.iter().map(|game| game.index).collect();
    let to_play: Vec<usize> = (0..m.games).filter(|i| !done.contains(i)).collect();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, records) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..m.concurrency.clamp(1, to_play.len().max(1)) {
            let sender = sender.clone();
            let (next, stop, to_play) = (&next, &stop, &to_play);
            scope.spawn(move || {
                let mut players: [Option<Box<dyn Player>>; 2] = [None, None];
                while !stop.load(Ordering::Relaxed) {
                    let Some(&index) = to_play.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    if sender.send(play_one(m, index, &mut players)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for record in records {
            summary.add(&record.scored(), m.sprt.as_ref());
            let go_on = on_game(&record, &summary);
            if go_on.is_break() {
                // The receiver dropped, a worker's next game ends its thread.
                stop.store(true, Ordering::Relaxed);
                break;
            }
            if decided(&summary) {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    summary
}

/// Plays game `index` with the worker's players, starting any that are
/// missing; a player that forfeits is dropped, so the next game restarts it.
fn play_one(m: &Match, index: usize, players: &mut [Option<Box<dyn Player>>; 2]) -> GameRecord {
    let opening = m.opening(index).clone();
    let first_seat = first_seat(index);
    let seat_of = |contestant: usize| match contestant {
        0 => first_seat,
        _ => first_seat.opponent(),
    };
    let budgets = m.budgets(index);
    let record = |game: Game, result| GameRecord {
        index,
        names: m.names(index),
        first_seat,
        opening_plies: opening.moves().len(),
        budgets,
        game,
        result,
    };
    for (contestant, slot) in players.iter_mut().enumerate() {
        let ready = match slot {
            Some(player) => player.new_game(index),
            None => (m.contestants[contestant].start)().and_then(|mut player| {
                player.new_game(index)?;
                *slot = Some(player);
                Ok(())
            }),
        };
        if let Err(fault) = ready {
            *slot = None;
            let seat = seat_of(contestant);
            let result = game::Result {
                winner: Some(seat.opponent()),
                ending: Ending::Forfeit { seat, fault },
            };
            return record(opening.clone(), result);
        }
    }
    let [first, second] = players;
    let (Some(first), Some(second)) = (first.as_deref_mut(), second.as_deref_mut()) else {
        unreachable!("both players were just started");
    };
    // Shorten the players' lifetimes to this game, so the slots are free after it.
    let (first, second): (&mut dyn Player, &mut dyn Player) = (first, second);
    let seats = by_seat(first_seat, first, second);
    let (game, result) = game::play(opening.clone(), seats, budgets, &m.settings);
    if let Ending::Forfeit { seat, .. } = result.ending {
        let contestant = usize::from(seat != first_seat);
        players[contestant] = None;
    }
    record(game, result)
}

/// The first contestant's and the second's values, by seat.
fn by_seat<T>(first_seat: Seat, first: T, second: T) -> BySeat<T> {
    match first_seat {
        Seat::South => BySeat::new(first, second),
        Seat::North => BySeat::new(second, first),
    }
}
