//! Prints perft from the opening, depth by depth, with leaves per second.
//!
//! `cargo run --release -p oware-core --example perft -- 10`

use std::time::Instant;

use oware_core::{Position, Rules, perft};

fn main() {
    let max_depth = std::env::args()
        .nth(1)
        .map_or(Ok(8), |arg| arg.parse())
        .unwrap_or_else(|_| {
            eprintln!("usage: perft [MAX_DEPTH]");
            std::process::exit(2)
        });
    for depth in 1..=max_depth {
        let start = Instant::now();
        let count = perft(Position::OPENING, depth, &Rules::ABAPA);
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "perft({depth}) = {count} in {seconds:.3} s ({:.1} M leaves/s)",
            count as f64 / seconds / 1e6
        );
    }
}
