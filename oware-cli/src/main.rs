//! The `oware` command: play the bot in the terminal, replay and analyze
//! games, count perft leaves, and speak the engine protocol of the Aualé GUI.
//!
//! One module per subcommand under [`cmd`], each a small `run`; the board
//! drawing and the shared start-position options have a module each. The
//! engine protocol's lines, read and written, are oware-uci's.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod choices;
mod cmd;
mod draw;
mod endgame;
mod install;
mod out;
mod setup;
mod sizes;
mod style;
mod thinking;
mod write;

/// Oware (Abapa): play the bot, replay and analyze games, speak the engine protocol.
///
/// Houses are letters: A-F are South's (bottom row, left to right), a-f are
/// North's (top row, right to left). A transcript is the moves' letters with
/// no separator, South first: `EcAb`.
#[derive(Parser)]
#[command(name = "oware", version, propagate_version = true)]
struct Flags {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands; each one's help is the doc comment of its `Args`.
#[derive(Subcommand)]
#[allow(clippy::missing_docs_in_private_items)]
enum Command {
    Play(cmd::play::Args),
    Show(cmd::show::Args),
    Analyze(cmd::analyze::Args),
    Perft(cmd::perft::Args),
    Uci(cmd::uci::Args),
    Match(cmd::r#match::Args),
    Egdb(cmd::egdb::Args),
    Book(cmd::book::Args),
    Puzzle(cmd::puzzle::Args),
}

fn main() -> ExitCode {
    let flags = Flags::parse();
    let result = match flags.command {
        Command::Play(args) => cmd::play::run(&args),
        Command::Show(args) => cmd::show::run(&args),
        Command::Analyze(args) => cmd::analyze::run(&args),
        Command::Perft(args) => cmd::perft::run(&args),
        Command::Uci(args) => cmd::uci::run(&args),
        Command::Match(args) => cmd::r#match::run(&args),
        Command::Egdb(args) => cmd::egdb::run(&args),
        Command::Book(args) => cmd::book::run(&args),
        Command::Puzzle(args) => cmd::puzzle::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that went away (`oware analyze | head`) is not an error
        // (see `out` for why SIGPIPE is not restored instead).
        Err(error) if out::is_closed_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("oware: error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
