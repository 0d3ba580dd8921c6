//! `oware perft`: count the leaves of the move tree.

use std::io::Write;
use std::time::Instant;

use anyhow::Result;
use oware_core::{Rules, divide, perft};

use crate::numbers::{Rate, Seconds};
use crate::start::StartArgs;

/// Count the leaves of the move tree to a depth, and how fast.
///
/// The leaves are the move sequences of length DEPTH (a finished game has
/// none). From the opening the counts are 6, 36, 190, 1014, 5219, 27332 for depths 1 to 6.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The length of the move sequences to count.
    #[arg(value_name = "DEPTH", value_parser = crate::ranges::PERFT_DEPTH.parser::<u32>())]
    depth: u32,
    #[command(flatten)]
    start: StartArgs,
    /// Also print the count below each first move.
    #[arg(long)]
    divide: bool,
    /// The rules whose legal moves are counted (RULES.md section 7: their
    /// grand slam decides which moves are legal).
    #[arg(long, value_name = "R", default_value = "abapa", value_parser = crate::rule_names::rules())]
    rules: Rules,
}

/// Runs `oware perft`.
pub(crate) fn run(args: &Args) -> Result<()> {
    let position = args.start.position()?;
    let mut out = std::io::stdout().lock();
    let started = Instant::now();
    let leaves = if args.divide && args.depth > 0 {
        let counts = divide(position, args.depth, &args.rules);
        let width = counts
            .iter()
            .map(|(_, n)| n.to_string().len())
            .max()
            .unwrap_or(1);
        for (house, count) in &counts {
            writeln!(out, "{house}  {count:>width$}")?;
        }
        counts.iter().map(|(_, n)| n).sum()
    } else {
        perft(position, args.depth, &args.rules)
    };
    let elapsed = started.elapsed();
    writeln!(
        out,
        "perft {}: {leaves} leaves in {} ({} leaves/s)",
        args.depth,
        Seconds(elapsed),
        Rate::per_second(leaves, elapsed),
    )?;
    Ok(())
}
