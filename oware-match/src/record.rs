//! Saved games: each finished game written as it ends, as an OGN record
//! (oware-core's [`Record`]), so `oware show`, `analyze` and `play --load`
//! read the file, and `--openings` takes it back.
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
//! decides the format.

use std::io::{self, Write};

use oware_core::Record;

use crate::game::Ending;
use crate::tournament::GameRecord;

/// The game as a record with the match's tags.
#[must_use]
pub fn game_record(record: &GameRecord) -> Record {
    let mut ogn = Record::new(record.game.clone());
    ogn.set_tag("Event", "oware match");
    ogn.set_tag("Round", &(record.index + 1).to_string());
    ogn.set_tag("South", &record.names.south);
    ogn.set_tag("North", &record.names.north);
    let budgets = record.budgets;
    let time_control = if budgets.south == budgets.north {
        budgets.south.to_string()
    } else {
        format!("South {}; North {}", budgets.south, budgets.north)
    };
    ogn.set_tag("TimeControl", &time_control);
    let how = match (&record.result.ending, record.game.outcome()) {
        (Ending::Rules(_), Some(outcome)) => outcome.to_string(),
        (ending, _) => ending.to_string(),
    };
    ogn.set_tag("Termination", &how);
    ogn.set_tag("Points", record.result.score());
    ogn.set_tag("OpeningPlies", &record.opening_plies.to_string());
    ogn
}

/// Writes one finished game to `out` as an OGN record, a blank line after
/// it to part it from the next.
///
/// # Errors
/// The writer's error.
pub fn write_game(out: &mut dyn Write, record: &GameRecord) -> io::Result<()> {
    writeln!(out, "{}", game_record(record))
}
