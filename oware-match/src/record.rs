//! A finished game of a match ([`GameRecord`]), and saved games: each
//! written as it ends, as an OGN record (oware-core's [`Record`]):
//! `--openings` and `--resume` read the file back, and `oware show`,
//! `analyze` and `play --load` any one record cut from it.
//!
//! ```text
//! [Variant "Oware Abapa"]
//! [Event "oware match"]
//! [Site "?"]
//! [Date "?"]
//! [Round "1"]
//! [South "A"]
//! [North "B"]
//! [Result "26-20"]
//! [TimeControl "movetime 100 ms"]
//! [Termination "South wins 26–20 (25 seeds captured)"]
//! [Points "1-0"]
//! [OpeningPlies "4"]
//!
//! 1. E c 2. A b …
//! ```
//!
//! `Result` is the rules' (each seat's final seeds, `*` for a game they did
//! not end); `Points` is the match's score of the game, a forfeit or an
//! adjudication included, and `Termination` says how it ended. A game from a
//! set-up opening has its `FEN` tag. [`write_game`] is the one place that
//! decides the format, and [`read_saved`](crate::read_saved) reads it back
//! to resume a match.

use std::io::{self, Write};

use oware_core::{BySeat, Game, Record, Seat};

use crate::control::Budget;
use crate::game::{self, Ending};
use crate::summary::Scored;

/// A finished game of a match.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Its number in the match, from 0.
    pub index: usize,
    /// The contestants' names by seat.
    pub names: BySeat<String>,
    /// Where the first contestant sat.
    pub first_seat: Seat,
    /// The plies of the opening (the rest were played by the contestants).
    pub opening_plies: usize,
    /// What each seat's player was told to play under.
    pub budgets: BySeat<Budget>,
    /// The game as played.
    pub game: Game,
    /// Its result.
    pub result: game::Result,
}

impl GameRecord {
    /// The first contestant's points in half points: 0, 1 or 2.
    #[must_use]
    pub fn first_half_points(&self) -> u8 {
        half_points(self.result.winner, self.first_seat)
    }

    /// The game as the tally counts it.
    #[must_use]
    pub fn scored(&self) -> Scored {
        Scored {
            index: self.index,
            first_seat: self.first_seat,
            first_half_points: self.first_half_points(),
            ending: self.result.ending.kind(),
            plies: self.game.moves().len() - self.opening_plies,
        }
    }
}

/// The half points (0, 1 or 2) of the contestant at `seat` when `winner` won.
pub(crate) fn half_points(winner: Option<Seat>, seat: Seat) -> u8 {
    match winner {
        Some(winner) if winner == seat => 2,
        Some(_) => 0,
        None => 1,
    }
}

/// The game as a record with the match's tags.
#[must_use]
pub fn game_record(record: &GameRecord) -> Record {
    let mut ogn = Record::new(record.game.clone());
    ogn.set_tag("Event", "oware match");
    ogn.set_tag("Round", &(record.index + 1).to_string());
    ogn.set_tag("South", &record.names.south);
    ogn.set_tag("North", &record.names.north);
    ogn.set_tag("TimeControl", &time_control(record.budgets));
    let how = match (&record.result.ending, record.game.outcome()) {
        (Ending::Rules(_), Some(outcome)) => outcome.to_string(),
        (ending, _) => ending.to_string(),
    };
    ogn.set_tag("Termination", &how);
    ogn.set_tag("Points", record.result.score());
    ogn.set_tag("OpeningPlies", &record.opening_plies.to_string());
    ogn
}

/// The `TimeControl` tag of a game played under `budgets`.
pub(crate) fn time_control(budgets: BySeat<Budget>) -> String {
    if budgets.south == budgets.north {
        budgets.south.to_string()
    } else {
        format!("South {}; North {}", budgets.south, budgets.north)
    }
}

/// Writes one finished game to `out` as an OGN record, a blank line after
/// it to part it from the next.
///
/// # Errors
/// The writer's error.
pub fn write_game(out: &mut dyn Write, record: &GameRecord) -> io::Result<()> {
    writeln!(out, "{}", game_record(record))
}
