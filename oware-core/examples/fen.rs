//! Positions written as fens, one a line (from the arguments, or standard
//! input): each one's board, the seat to move and its legal moves, or how
//! the game ended there.
//!
//! ```text
//! echo 0-0-0-0-0-1-0-0-0-0-0-3-20-24-N | cargo run -p oware-core --example fen
//! cargo run -p oware-core --example fen -- 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S
//! ```

use std::error::Error;
use std::io::{Read, Write};

use oware_core::{Game, Position, Rules};

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = if args.is_empty() {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text)?;
        text
    } else {
        args.join("\n")
    };
    run(&text, &mut std::io::stdout().lock())
}

/// Writes what each fen of `text` (one a line, blank lines skipped) holds,
/// or why it is not a fen.
pub(crate) fn run(text: &str, out: &mut impl Write) -> Result<(), Box<dyn Error>> {
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        // The line's own whitespace is no error: `from_fen` ignores it.
        let position = match Position::from_fen(line) {
            Ok(position) => position,
            Err(error) => {
                writeln!(out, "{line}: not a fen: {error}\n")?;
                continue;
            }
        };
        writeln!(out, "{position}")?;
        // A game from the position knows the rules; the position alone
        // has no history, so repetition cannot have ended it yet.
        let game = Game::from_position(position, Rules::ABAPA);
        match game.outcome() {
            Some(outcome) => writeln!(out, "over: {outcome}\n")?,
            None => writeln!(out, "legal moves: {}\n", game.legal_moves())?,
        }
    }
    Ok(())
}
