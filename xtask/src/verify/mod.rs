//! `cargo xtask verify`: the project's claim that its rules and search are
//! right, checked against independent oracles.
//!
//! - [`rules`]: oware-core against oware-reference, move for move, and perft.
//! - [`search`]: alpha-beta against plain minimax at fixed depths.
//! - [`egdb`]: the endgame databases against oware-reference's naive solver
//!   and against their own successors.

mod egdb;
mod rules;
mod search;

/// The flags of `cargo xtask verify`.
#[derive(clap::Args)]
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
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    rules::run(args)?;
    search::run(args)?;
    egdb::run(args)?;
    println!("verify: all checks passed");
    Ok(())
}
