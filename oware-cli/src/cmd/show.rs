//! `oware show`: replay a transcript or a game record and print where it
//! leads, or the game as a record.

use std::io::Write;
use std::path::Path;

use anyhow::{Result, ensure};
use oware_core::{Record, Rules};

use crate::setup::{self, StartArgs};

/// Replay a transcript or a game record (OGN) and print the final board, the
/// seat to move and the outcome, or the game as a record.
///
/// The board is printed as RULES.md draws it, so it can be read back with
/// `--board`. An illegal move is reported with its place in the transcript
/// (from 1) and the reason, or with its line, column and number in a record,
/// and the command fails.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The rules (RULES.md section 7) [default: abapa; a record's Variant
    /// tag names its own].
    #[arg(long, value_name = "R", value_parser = crate::choices::rules())]
    rules: Option<Rules>,
    #[command(flatten)]
    start: StartArgs,
    /// What to print: the final board (`text`) or the whole game as an OGN
    /// record (`ogn`; tags are `?` where unknown).
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// The moves to play, e.g. `EcAb` (South first from the opening), or a
    /// game record: a file whose name ends in `.ogn`, or `-` for stdin.
    #[arg(value_name = "TRANSCRIPT|FILE")]
    transcript: Option<String>,
}

/// How `show` prints the game.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// The final board, the seat to move and the outcome.
    Text,
    /// The game as an OGN record.
    Ogn,
}

/// Runs `oware show`.
pub(crate) fn run(args: &Args) -> Result<()> {
    let record = match args.transcript.as_deref() {
        Some(file) if setup::names_record(file) => {
            ensure!(
                args.rules.is_none() && args.start.is_opening(),
                "a game record gives its own rules and start: leave out --rules, --board and --to-move"
            );
            setup::read_record(Path::new(file))?
        }
        transcript => {
            let start = args.start.position()?;
            let rules = args.rules.unwrap_or_default();
            Record::new(setup::game_from(start, rules, transcript)?)
        }
    };
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Text => {
            let game = record.game();
            let position = game.position();
            write!(out, "{}", position.board())?;
            writeln!(out, "{} to move", position.to_move())?;
            if let Some(outcome) = game.outcome() {
                writeln!(out, "game over: {outcome}")?;
            }
        }
        Format::Ogn => write!(out, "{record}")?,
    }
    Ok(())
}
