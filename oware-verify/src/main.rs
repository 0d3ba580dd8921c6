//! `oware-verify` (run by `cargo xtask verify`): the project's claim that
//! its rules and search are right, checked against independent oracles.
//!
//! - [`rules`]: oware-core against oware-reference, move for move, and perft.
//! - [`search`]: alpha-beta against plain minimax at fixed depths.
//! - [`egdb`]: the endgame databases against oware-reference's naive solver
//!   and against their own successors.
//! - [`history`]: the search's proofs in games with a history against
//!   oware-reference's history-aware naive solver, with and without a
//!   database.
//!
//! `--only NAME` runs one of them.

mod egdb;
mod history;
mod rules;
mod search;

use clap::Parser;

/// Checks the rules, the search and the endgame databases against
/// independent oracles.
#[derive(Parser)]
#[command(name = "cargo xtask verify", bin_name = "cargo xtask verify")]
pub(crate) struct Args {
    /// Seed for every random choice, so any failure reproduces.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Run the long versions of every check (minutes to hours).
    #[arg(long)]
    pub(crate) long: bool,
    #[command(flatten)]
    pub(crate) rules: rules::Args,
    #[command(flatten)]
    pub(crate) search: search::Args,
    #[command(flatten)]
    pub(crate) egdb: egdb::Args,
    #[command(flatten)]
    pub(crate) history: history::Args,
    /// Run only this check.
    #[arg(long, value_enum)]
    pub(crate) only: Option<Check>,
}

/// The checks `--only` can pick.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Check {
    /// oware-core against oware-reference, and perft.
    Rules,
    /// Alpha-beta against minimax.
    Search,
    /// The endgame databases.
    Egdb,
    /// The search's proofs in games with a history.
    History,
}

/// One check's entry point.
type Run = fn(&Args) -> anyhow::Result<()>;

fn main() -> anyhow::Result<()> {
    run(&Args::parse())
}

/// Runs the checks `args` pick.
fn run(args: &Args) -> anyhow::Result<()> {
    let checks: [(Check, Run); 4] = [
        (Check::Rules, rules::run),
        (Check::Search, search::run),
        (Check::Egdb, egdb::run),
        (Check::History, history::run),
    ];
    for (check, run) in checks {
        if args.only.is_none_or(|only| only == check) {
            run(args)?;
        }
    }
    println!("verify: all checks passed");
    Ok(())
}
