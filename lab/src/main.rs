//! `cargo lab`: the strength laboratory, the tasks that measure and improve
//! how well the engine plays. None of them is a check: CI only builds them
//! and runs their unit tests with the workspace's (`cargo lab test`).
//!
//! - `ladder`: the nineteen levels played against each other.
//! - `tune`: the evaluation weights fitted to self-play games, or the
//!   search's parameters tuned by SPSA (`--spsa`).
//! - `train`: the evaluation network trained on labelled self-play positions.
//! - `book-match`: the bot with its opening book against the bot without.
//! - `baseline`: a named or given commit's `oware`, built once into a cache.
//! - `endgame-study`: a match's long games set against the endgame
//!   database's verdict where they entered it.
//!
//! `selfplay.rs` holds the self-play games `tune` and `train` learn from.

use clap::{Parser, Subcommand};

mod baseline;
mod book_match;
mod endgame_study;
mod ladder;
mod selfplay;
mod train;
mod tune;

/// The strength laboratory's tasks.
#[derive(Parser)]
#[command(name = "cargo lab", bin_name = "cargo lab")]
struct Flags {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Play each level against the next and print the score table.
    Ladder(ladder::Args),
    /// Fit the evaluation weights to self-play games, play weight sets against each other, or tune the search by SPSA.
    Tune(tune::Args),
    /// Train the evaluation network on self-play positions and write its weights file.
    Train(train::Args),
    /// Play the bot with its opening book against the bot without.
    BookMatch(book_match::Args),
    /// Build a frozen commit's oware once into a cache and print its path.
    Baseline(baseline::Args),
    /// Set a match's long games against the endgame database's verdict where they entered it.
    EndgameStudy(endgame_study::Args),
}

fn main() -> anyhow::Result<()> {
    match Flags::parse().task {
        Task::Ladder(args) => ladder::run(&args),
        Task::Tune(args) => tune::run(&args),
        Task::Train(args) => train::run(&args),
        Task::BookMatch(args) => book_match::run(&args),
        Task::Baseline(args) => baseline::run(&args),
        Task::EndgameStudy(args) => endgame_study::run(&args),
    }
}
