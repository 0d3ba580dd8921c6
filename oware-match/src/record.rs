//! Saved games: each finished game written as it ends.
//!
//! Today a game is three lines — a comment naming the game, the players
//! and the opening, the transcript, and the result:
//!
//! ```text
//! # game 1: South A, North B, rules abapa, opening EcAb
//! EcAbFfDeAa…
//! # result 1-0: South wins 26–20 (25 seeds captured)
//! ```
//!
//! [`write_game`] is the one place that decides the format, so writing OGN
//! records instead is a change to this function alone.

use std::io::{self, Write};

use oware_core::Transcript;

use crate::game::Ending;
use crate::tournament::GameRecord;

/// Writes one finished game to `out`.
///
/// # Errors
/// The writer's error.
pub fn write_game(out: &mut dyn Write, record: &GameRecord) -> io::Result<()> {
    let opening = Transcript::from(record.game.moves()[..record.opening_plies].to_vec());
    let rules = record.game.rules();
    writeln!(
        out,
        "# game {}: South {}, North {}, rules {rules}, opening {opening}",
        record.index + 1,
        record.names.south,
        record.names.north,
    )?;
    writeln!(out, "{}", record.game.transcript())?;
    let how = match (&record.result.ending, record.game.outcome()) {
        (Ending::Rules(_), Some(outcome)) => outcome.to_string(),
        (ending, _) => ending.to_string(),
    };
    writeln!(out, "# result {}: {how}", record.result.score())
}
