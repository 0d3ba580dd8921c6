//! `cargo xtask`: the project's own tasks, one small module each.
//!
//! - `test`: everything CI runs (the README's test command).
//! - `verify`: the rules cross-checked against oware-reference, and the
//!   search against plain minimax.
//! - `ladder`: the nineteen levels played against each other.
//! - `bench`: the search's node-count fingerprint and speed.
//! - `tune`: the evaluation weights fitted to self-play games, or the
//!   search's parameters tuned by SPSA (`--spsa`).
//! - `train`: the evaluation network trained on labelled self-play positions.
//! - `site`: the web page built, and served on 127.0.0.1; its types checked
//!   (`--types`) and its browser tests run (`--e2e`).
//! - `book-match`: the bot with its opening book against the bot without.
//! - `baseline`: a named or given commit's `oware`, built once into a cache.
//! - `dist`: the release artifacts (a static Linux `oware`, the page, checksums).
//! - `endgame-study`: a match's long games set against the endgame
//!   database's verdict where they entered it.
//!
//! `tidy.rs` is a test, not a task: `cargo test -p xtask` checks the
//! workspace's shape (ARCHITECTURE.md's invariants).

use clap::{Parser, Subcommand};

mod baseline;
mod bench;
mod book_match;
mod dist;
mod endgame_study;
mod ladder;
mod needs;
mod selfplay;
mod site;
mod test;
#[cfg(test)]
mod tidy;
mod train;
mod tune;
mod verify;

/// The project's own tasks.
#[derive(Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask")]
struct Flags {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Run every check CI runs: formatting, clippy, tests, other targets, verify, web tests.
    Test(test::Args),
    /// Cross-check the rules against oware-reference and the search against minimax.
    Verify(verify::Args),
    /// Play each level against the next and print the score table.
    Ladder(ladder::Args),
    /// Print the search's node-count fingerprint and speed on the bench suite.
    Bench(bench::Args),
    /// Fit the evaluation weights to self-play games, play weight sets against each other, or tune the search by SPSA.
    Tune(tune::Args),
    /// Train the evaluation network on self-play positions and write its weights file.
    Train(train::Args),
    /// Build the web page (and serve it on 127.0.0.1 with --serve).
    Site(site::Args),
    /// Play the bot with its opening book against the bot without.
    BookMatch(book_match::Args),
    /// Build a frozen commit's oware once into a cache and print its path.
    Baseline(baseline::Args),
    /// Build the release artifacts into target/dist: a static Linux oware, the page, SHA256SUMS.
    Dist(dist::Args),
    /// Set a match's long games against the endgame database's verdict where they entered it.
    EndgameStudy(endgame_study::Args),
}

fn main() -> anyhow::Result<()> {
    match Flags::parse().task {
        Task::Test(args) => test::run(&args),
        Task::Verify(args) => verify::run(&args),
        Task::Ladder(args) => ladder::run(&args),
        Task::Bench(args) => bench::run(&args),
        Task::Tune(args) => tune::run(&args),
        Task::Train(args) => train::run(&args),
        Task::Site(args) => site::run(&args),
        Task::BookMatch(args) => book_match::run(&args),
        Task::Baseline(args) => baseline::run(&args),
        Task::Dist(args) => dist::run(&args),
        Task::EndgameStudy(args) => endgame_study::run(&args),
    }
}
