//! `oware analyze`: think out loud about a position.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Result;
use oware_core::Rules;
use oware_search::{Engine, EngineOptions, Limits};

use crate::cmd::book::{BookArgs, book_line};
use crate::setup::{self, StartArgs};
use crate::style::{Paint, Style};
use crate::thinking::{Count, Line, Seconds, Table, Verdict};

/// Think out loud about a position: one line per depth, then the best move.
///
/// Each completed depth prints a line: the score, the score of every legal
/// house, nodes, nodes per second and the principal variation.
///
/// Scores are in seeds from the view of the seat to move; `win 12` is a
/// forced win within 12 plies, `loss 12` a forced loss, `draw` a proven draw.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Search to this depth, in plies.
    #[arg(long, value_name = "N", conflicts_with = "time")]
    depth: Option<u32>,
    /// Think for this many milliseconds [default: 5000 when no depth is given].
    #[arg(long, value_name = "MS")]
    time: Option<u64>,
    /// The rules: abapa, sowing (abapa with a 100-move limit) or awari.
    #[arg(long, value_name = "R", default_value = "abapa")]
    rules: Rules,
    #[command(flatten)]
    start: StartArgs,
    /// The opening book whose moves are listed before the search.
    #[command(flatten)]
    book: BookArgs,
    /// The transposition table's size in megabytes.
    #[arg(long, value_name = "MB", default_value_t = 64)]
    hash: usize,
    /// Search threads.
    #[arg(long, value_name = "N", default_value_t = 1)]
    threads: usize,
    /// The moves to play before thinking, e.g. `EcAb`.
    #[arg(value_name = "TRANSCRIPT")]
    transcript: Option<String>,
}

impl Args {
    /// The search's limits: the depth, or the time (5 s by default).
    fn limits(&self) -> Limits {
        match (self.depth, self.time) {
            (Some(depth), _) => Limits::depth(depth),
            (None, time) => Limits::time(Duration::from_millis(time.unwrap_or(5000))),
        }
    }
}

/// Runs `oware analyze`.
pub(crate) fn run(args: &Args) -> Result<()> {
    anyhow::ensure!(args.threads >= 1, "--threads must be at least 1");
    anyhow::ensure!(args.hash >= 1, "--hash must be at least 1 (megabyte)");
    let start = args.start.position()?;
    let game = setup::game_from(start, args.rules, args.transcript.as_deref())?;
    let position = game.position();
    let style = Style::for_stdout();
    let mut out = std::io::stdout().lock();

    write!(out, "{}", position.board())?;
    writeln!(out, "{} to move", position.to_move())?;
    if let Some(outcome) = game.outcome() {
        writeln!(out, "game over: {outcome}")?;
        return Ok(());
    }
    if let Some(line) = args
        .book
        .load(args.rules)?
        .and_then(|b| book_line(&b, &game))
    {
        writeln!(out, "{line}")?;
    }
    writeln!(out)?;

    let mut engine = Engine::new(EngineOptions {
        hash_mb: args.hash,
        threads: args.threads,
    });
    engine.set_analysis(true);
    let mut table = Table::new(position.to_move(), game.legal_moves(), style, true);
    table.start(&mut out)?;
    // A failed write (a closed pipe) stops the search; the error is returned after.
    let stop = AtomicBool::new(false);
    let mut failed = None;
    let result = engine.search(&game, &args.limits(), &stop, &mut |event| {
        if failed.is_none() {
            failed = table.event(&mut out, event).err();
            stop.store(failed.is_some(), Ordering::Relaxed);
        }
    });
    if let Some(error) = failed {
        return Err(error.into());
    }
    table.finish(&mut out)?;

    let best = result.best.expect("a game that is not over has a move");
    writeln!(
        out,
        "\nbest move: {} (score {}, depth {}, pv {}; {} nodes in {})",
        style.paint(Paint::Bold, best),
        result.score,
        result.depth,
        Line(&result.pv),
        Count(result.nodes),
        Seconds(result.elapsed),
    )?;
    if let Some((verdict, plies)) = Verdict::of(result.score, position.to_move()) {
        writeln!(out, "{}", style.paint(Paint::Good, verdict.sentence(plies)))?;
    }
    Ok(())
}
