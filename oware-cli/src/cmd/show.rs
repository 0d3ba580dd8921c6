//! `oware show`: replay a transcript and print where it leads.

use std::io::Write;

use anyhow::Result;
use oware_core::Rules;

use crate::setup::{self, StartArgs};

/// Replay a transcript and print the final board, the seat to move and the outcome.
///
/// The board is printed as RULES.md draws it, so it can be read back with
/// `--board`. An illegal move is reported with its place in the transcript
/// (from 1) and the reason, and the command fails.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The rules: abapa, sowing (abapa with a 100-move limit) or awari.
    #[arg(long, value_name = "R", default_value = "abapa")]
    rules: Rules,
    #[command(flatten)]
    start: StartArgs,
    /// The moves to play, e.g. `EcAb` (South first from the opening).
    #[arg(value_name = "TRANSCRIPT")]
    transcript: Option<String>,
}

/// Runs `oware show`.
pub(crate) fn run(args: &Args) -> Result<()> {
    let start = args.start.position()?;
    let game = setup::game_from(start, args.rules, args.transcript.as_deref())?;
    let position = game.position();
    let mut out = std::io::stdout().lock();
    write!(out, "{}", position.board())?;
    writeln!(out, "{} to move", position.to_move())?;
    if let Some(outcome) = game.outcome() {
        writeln!(out, "game over: {outcome}")?;
    }
    Ok(())
}
