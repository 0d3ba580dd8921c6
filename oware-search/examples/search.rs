//! The engine's best move for a position (a fen, or the opening): first in
//! one call, then searched again with every depth shown as it completes.
//!
//! ```text
//! cargo run --release -p oware-search --example search -- [FEN] [DEPTH]
//! ```

use std::error::Error;
use std::io::Write;
use std::sync::atomic::AtomicBool;

use oware_core::{Game, Position, Rules};
use oware_search::{Engine, EngineOptions, Event, Limits};

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let fen = args.first().map(String::as_str);
    let depth = args.get(1).map_or(Ok(12), |n| n.parse())?;
    run(fen, depth, &mut std::io::stdout().lock())
}

/// Searches the position of `fen` (the opening when `None`) to `depth`
/// under Abapa rules, and writes the move and how the search got there.
pub(crate) fn run(
    fen: Option<&str>,
    depth: u32,
    out: &mut impl Write,
) -> Result<(), Box<dyn Error>> {
    let start = fen.map_or(Ok(Position::OPENING), Position::from_fen)?;
    let game = Game::from_position(start, Rules::ABAPA);
    // A table of 16 MB and one thread; `try_new` says so if a size a user
    // gave cannot be allocated.
    let mut engine = Engine::try_new(EngineOptions::default())?;

    // The one call: the move, its score and the line expected, or an
    // error for a finished game.
    let analysis = engine.analyse(&game, Limits::depth(depth))?;
    writeln!(
        out,
        "best move at depth {depth}: {} ({}), expecting {}",
        analysis.best, analysis.score, analysis.pv
    )?;

    // The streaming form a front end uses: every completed depth as it
    // comes, and a flag another thread may set to stop the search early.
    engine.new_game();
    let stop = AtomicBool::new(false);
    let mut lines = Vec::new();
    let result = engine.search(&game, &Limits::depth(depth), &stop, &mut |event| {
        if let Event::Iteration(iteration) = event {
            lines.push(iteration.to_string());
        }
    });
    for line in lines {
        writeln!(out, "{line}")?;
    }
    let best = result.best.ok_or("the game is over")?;
    writeln!(
        out,
        "{best}, score {} after {} nodes",
        result.score, result.nodes
    )?;
    Ok(())
}
