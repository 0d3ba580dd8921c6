//! `cargo xtask bench`: the search's node-count fingerprint on the fixed
//! bench suite, its speed, and the depth it reaches in a fixed time.
//!
//! The fingerprint is the total node count of a fixed-depth, one-thread
//! search of every suite position with a fresh table: it changes exactly
//! when the search's behaviour does, so commits that change it record the
//! new value. Speeds depend on the machine and its load; the load average
//! is printed beside them.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use oware_search::eval::{Evaluation, Weights};
use oware_search::{Engine, EngineOptions, Limits, bench, nps};

/// The flags of `cargo xtask bench`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The depth of the fingerprint search.
    #[arg(long, default_value_t = bench::DEPTH)]
    depth: u32,
    /// Milliseconds per position for the depth-in-time measurement (0 skips it).
    #[arg(long, default_value_t = 500)]
    time_ms: u64,
    /// Search threads for the depth-in-time measurement.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Search with the tuned linear evaluation rather than the default (the network).
    #[arg(long)]
    linear: bool,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    let evaluation = if args.linear {
        Evaluation::Linear(Weights::TUNED)
    } else {
        Evaluation::DEFAULT
    };
    let report = bench::run_with(args.depth, evaluation);
    if !args.linear {
        println!(
            "bench: the network on {}",
            oware_search::eval::simd::describe()
        );
    }
    println!(
        "bench: {} positions, depth {}: {} nodes, {:.2} M nodes/s ({} ms) [load {}]",
        bench::SUITE.len(),
        args.depth,
        report.nodes,
        report.nps() as f64 / 1e6,
        report.elapsed.as_millis(),
        load_average(),
    );
    if args.time_ms > 0 {
        let mut engine = Engine::try_new(EngineOptions::default().with_threads(args.threads))?;
        engine.set_analysis(false);
        engine.set_evaluation(evaluation);
        let stop = AtomicBool::new(false);
        let mut depths = Vec::new();
        let (mut nodes, mut elapsed) = (0, Duration::ZERO);
        for game in bench::suite() {
            engine.new_game();
            let limits = Limits::time(Duration::from_millis(args.time_ms));
            let result = engine.search(&game, &limits, &stop, &mut |_| {});
            depths.push(result.depth);
            nodes += result.nodes;
            elapsed += result.elapsed;
        }
        depths.sort_unstable();
        let mean = depths.iter().sum::<u32>() as f64 / depths.len() as f64;
        println!(
            "bench: {} ms per position, {} thread(s): depth mean {mean:.1}, median {}, min {}, max {}; {:.2} M nodes/s [load {}]",
            args.time_ms,
            args.threads,
            depths[depths.len() / 2],
            depths[0],
            depths[depths.len() - 1],
            nps(nodes, elapsed) as f64 / 1e6,
            load_average(),
        );
    }
    Ok(())
}

/// The one-minute load average, or `?` where there is none to read.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".to_owned())
}
