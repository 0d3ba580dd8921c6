//! The `oware` command: play the bot in the terminal, replay and analyze
//! games, count perft leaves, and speak the engine protocol of the Aualé GUI.
//!
//! One module per subcommand under [`cmd`], each with its options and a
//! `run`; beside it, modules named for what they hold (the start position,
//! the files read and written, the board, the endgame database…), which
//! never name a command. The engine protocol's lines, read and written,
//! are oware-uci's.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod board_view;
mod cmd;
mod endgame;
mod given_game;
mod input_file;
mod numbers;
mod output_file;
mod ranges;
mod rule_names;
mod start;
mod stdout;
mod style;
mod thinking;

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
    Practice(cmd::practice::Args),
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
        Command::Practice(args) => cmd::practice::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that went away (`oware analyze | head`) is not an error
        // (see `stdout` for why SIGPIPE is not restored instead).
        Err(error) if stdout::is_closed_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("oware: error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
