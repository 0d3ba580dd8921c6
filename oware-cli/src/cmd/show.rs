//! `oware show`: replay a transcript or a game record and print where it
//! leads, or the game as a record.

use std::io::Write;

use anyhow::Result;
use oware_core::{Record, Rules};

use crate::given_game::{self, Given, Pick};
use crate::start::StartArgs;

/// Replay a transcript or a game record (OGN) and print the final board, the
/// seat to move and the outcome, or the game as a record.
///
/// The board is printed as RULES.md draws it, then the position as a fen,
/// so either can be read back (`--board`, `--fen`). An illegal move is reported with its place in the transcript
/// (from 1) and the reason, or with its line, column and number in a record,
/// and the command fails.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The rules (RULES.md section 7) [default: abapa; a record's Variant
    /// tag names its own].
    #[arg(long, value_name = "R", value_parser = crate::rule_names::rules())]
    rules: Option<Rules>,
    #[command(flatten)]
    start: StartArgs,
    /// What to print: the final board (`text`), its fen alone (`fen`), or
    /// the whole game as an OGN record (`ogn`; tags are `?` where unknown).
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// The moves to play, e.g. `EcAb` (South first from the opening), or a
    /// file (or `-` for stdin) holding a game record or a transcript. A
    /// word with a `/` or a `.` is a file; a word of house letters that is
    /// also a file's name is refused (write `./EcAb` for the file, or `-`
    /// and the transcript on stdin).
    #[arg(value_name = "TRANSCRIPT|FILE")]
    transcript: Option<String>,
    /// Of a file of many game records (as `oware match --save` writes),
    /// the one to show, counted from 1.
    #[arg(long, value_name = "N", value_parser = crate::given_game::one_game)]
    game: Option<Pick>,
}

/// How `show` prints the game.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// The final board, the seat to move and the outcome.
    Text,
    /// The final position as a fen, alone on its line.
    Fen,
    /// The game as an OGN record.
    Ogn,
}

/// Runs `oware show`.
pub(crate) fn run(args: &Args) -> Result<()> {
    let word = args.transcript.as_deref();
    let record = match given_game::read_given(word, &args.start, args.rules, args.game, false)? {
        Given::Records {
            mut records,
            picked,
        } => records.swap_remove(picked[0]),
        Given::Game(game) => Record::new(game),
    };
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Text => {
            let game = record.game();
            let position = game.position();
            writeln!(out, "{}", position.board())?;
            writeln!(out, "{} to move", position.to_move())?;
            writeln!(out, "fen: {}", position.to_fen())?;
            if let Some(outcome) = game.outcome() {
                writeln!(out, "game over: {outcome}")?;
            }
        }
        Format::Fen => writeln!(out, "{}", record.game().position().to_fen())?,
        Format::Ogn => write!(out, "{record}")?,
    }
    Ok(())
}
