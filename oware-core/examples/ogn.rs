//! A game record in OGN (the Aualé GUI's format) read and replayed: its
//! tags, its moves as a transcript, the final position and the result.
//!
//! ```text
//! cargo run -p oware-core --example ogn -- oware-core/tests/data/ogn/auale-finished.ogn
//! ```

use std::error::Error;
use std::io::Write;

use oware_core::Record;

fn main() -> Result<(), Box<dyn Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("give the record's file: cargo run -p oware-core --example ogn -- FILE")?;
    let text = std::fs::read_to_string(&path).map_err(|error| format!("{path}: {error}"))?;
    run(&text, &mut std::io::stdout().lock())
}

/// Writes each record of `text`: tags, transcript, final position and
/// result. A record that does not read (a move that is not legal where it
/// stands, say) is an error naming its line.
pub(crate) fn run(text: &str, out: &mut impl Write) -> Result<(), Box<dyn Error>> {
    for record in Record::read_each(text) {
        let record = record?;
        for tag in record.tags() {
            writeln!(out, "{}: {}", tag.name, tag.value)?;
        }
        // Reading replays every move under the record's rules, so the game
        // is there with its history and outcome.
        let game = record.game();
        writeln!(out, "rules: {}", record.rules())?;
        writeln!(
            out,
            "moves: {} ({} plies)",
            game.transcript(),
            game.moves().len()
        )?;
        writeln!(out, "{}", game.position())?;
        match game.outcome() {
            Some(outcome) => writeln!(out, "{outcome}\n")?,
            None => writeln!(out, "unfinished\n")?,
        }
    }
    Ok(())
}
