//! `oware analyze`: think out loud about a position, or go through a whole
//! game record and write it back with the engine's view of every move.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Result;
use oware_core::{Game, House, Record, Rules};
use oware_search::{Engine, EngineOptions, Limits, Proven, Score, SearchResult};

use crate::cmd::book::{BookArgs, book_line};
use crate::endgame::{self, EgdbArgs};
use crate::setup::{self, StartArgs};
use crate::sizes;
use crate::style::{Paint, Style};
use crate::thinking::{Count, Line, Seconds, Table, Verdict};

/// Think out loud about a position: one line per depth, then the best move.
///
/// Each completed depth prints a line: the score, the score of every legal
/// house, nodes, nodes per second and the principal variation.
///
/// Scores are in seeds from the view of the seat to move; `win 12` is a
/// forced win within 12 plies, `loss 12` a forced loss, `draw` a proven draw.
///
/// Given a game record (a file ending in `.ogn`, or `-` for stdin), it
/// searches before every move (to depth 12 unless `--depth` or `--time`
/// says otherwise) and prints the record with a comment after each move:
/// the move's score and, when another move scores better, the engine's
/// preferred move and its score, both from the mover's view. A move that
/// throws away a won position, or plays into a proven loss where the
/// engine finds none, is marked `??`; one that scores two seeds or more
/// below the best, `?`. Progress goes to stderr.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Search to this depth, in plies (for a record: before each move).
    #[arg(long, value_name = "N", conflicts_with = "time", value_parser = sizes::DEPTH.parser::<u32>())]
    depth: Option<u32>,
    /// Think for this many milliseconds [default: 5000 when no depth is
    /// given; for a record, depth 12 a move].
    #[arg(long, value_name = "MS")]
    time: Option<u64>,
    /// The rules (RULES.md section 7).
    #[arg(long, value_name = "R", default_value = "abapa", value_parser = crate::choices::rules())]
    rules: Rules,
    #[command(flatten)]
    start: StartArgs,
    /// The opening book whose moves are listed before the search.
    #[command(flatten)]
    book: BookArgs,
    #[command(flatten)]
    egdb: EgdbArgs,
    /// The transposition table's size in megabytes.
    #[arg(long, value_name = "MB", default_value_t = 64, value_parser = sizes::HASH_MB.parser::<usize>())]
    hash: usize,
    /// Search threads.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = sizes::THREADS.parser::<usize>())]
    threads: usize,
    /// The moves to play before thinking, e.g. `EcAb`; or a game record to
    /// go through: a file whose name ends in `.ogn`, or `-` for stdin.
    #[arg(value_name = "TRANSCRIPT|FILE")]
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

/// The search limit for each move of a record: the depth or time asked
/// for, else depth 12 (a few tens of milliseconds a move).
const RECORD_DEPTH: u32 = 12;

/// Seeds below the best move's score that make a move a mistake (`?`).
const MISTAKE_SEEDS: f32 = 2.0;

/// Runs `oware analyze`.
pub(crate) fn run(args: &Args) -> Result<()> {
    anyhow::ensure!(args.threads >= 1, "--threads must be at least 1");
    anyhow::ensure!(args.hash >= 1, "--hash must be at least 1 (megabyte)");
    if let Some(file) = args.transcript.as_deref()
        && setup::names_record(file)
    {
        anyhow::ensure!(
            args.start.is_opening(),
            "a game record gives its own start: leave out --board and --to-move"
        );
        return annotate(args, &setup::read_record(Path::new(file))?);
    }
    let start = args.start.position()?;
    let game = setup::game_from(start, args.rules, args.transcript.as_deref())?;
    let db = args.egdb.open(&args.rules)?;
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
    if let Some(db) = &db {
        write_endgame(&mut out, db, &game, style)?;
    }
    writeln!(out)?;

    let mut engine = Engine::new(EngineOptions {
        hash_mb: args.hash,
        threads: args.threads,
    });
    engine.set_analysis(true);
    engine.set_endgame(endgame::for_search(db.as_ref()));
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

/// What the database knows of the game's position, and of each legal move
/// (the net seeds the mover collects from the board after it, captures
/// included), where that is a fact about the game; nothing outside the
/// database.
fn write_endgame(
    out: &mut impl Write,
    db: &oware_egdb::Database,
    game: &Game,
    style: Style,
) -> Result<()> {
    let Some(line) = endgame::describe(db, game) else {
        return Ok(());
    };
    writeln!(out, "{}", style.paint(Paint::Good, line))?;
    if let Some(values) = endgame::each_move(db, game) {
        writeln!(out, "endgame database, each move: {values}")?;
    }
    Ok(())
}

/// Goes through `record`'s game, searching before every move, and prints
/// the record with each move's judgement appended to its comment.
fn annotate(args: &Args, record: &Record) -> Result<()> {
    let limits = match (args.depth, args.time) {
        (None, None) => Limits::depth(RECORD_DEPTH),
        _ => args.limits(),
    };
    let original = record.game();
    let db = args.egdb.open(&original.rules())?;
    let mut engine = Engine::new(EngineOptions {
        hash_mb: args.hash,
        threads: args.threads,
    });
    engine.set_analysis(true);
    engine.set_endgame(endgame::for_search(db.as_ref()));
    let stop = AtomicBool::new(false);
    let mut game = Game::from_position(original.start(), original.rules());
    let mut annotated = record.clone();
    let moves = original.moves();
    let progress = Progress {
        terminal: std::io::stderr().is_terminal(),
        total: moves.len(),
    };
    for (index, &house) in moves.iter().enumerate() {
        progress.show(index, house);
        let result = engine.search(&game, &limits, &stop, &mut |_| {});
        if let Some(judgement) = judge(&result, house) {
            let comment = match &record.comments()[index + 1] {
                Some(old) => format!("{old}; {judgement}"),
                None => judgement,
            };
            annotated.set_comment(index + 1, Some(&comment));
        }
        game.play(house)?;
    }
    progress.done();
    let depth = match (args.depth, args.time) {
        (_, Some(ms)) => format!("{ms} ms"),
        (depth, None) => format!("depth {}", depth.unwrap_or(RECORD_DEPTH)),
    };
    annotated.set_tag("Annotator", &format!("oware analyze, {depth} a move"));
    write!(std::io::stdout().lock(), "{annotated}")?;
    Ok(())
}

/// The comment on `played` given the search before it: its score, the
/// preferred move and its score when they differ, and `?` or `??` first
/// for a mistake or a blunder. `None` if the search did not score it.
fn judge(result: &SearchResult, played: House) -> Option<String> {
    let score = |house: House| {
        result
            .root_scores
            .iter()
            .find(|&&(h, _)| h == house)
            .map(|&(_, score)| score)
    };
    let played_score = score(played)?;
    let best = result.best.filter(|&best| best != played);
    let best_score = best.and_then(score).filter(|&s| s > played_score);
    let Some((best, best_score)) = best.zip(best_score) else {
        return Some(format!("{played_score}, best"));
    };
    let mark = match mark(played_score, best_score) {
        Some(mark) => format!("{mark} "),
        None => String::new(),
    };
    Some(format!("{mark}{played_score}; best {best} {best_score}"))
}

/// `??` for a move that gives up a proven win, or walks into a proven loss
/// the best move avoids; `?` for one at least [`MISTAKE_SEEDS`] below the
/// best; else nothing. Scores are the mover's.
fn mark(played: Score, best: Score) -> Option<&'static str> {
    let wins = |s: Score| matches!(s.proven(), Some(Proven::Win { .. }));
    let loses = |s: Score| matches!(s.proven(), Some(Proven::Loss { .. }));
    if (wins(best) && !wins(played)) || (loses(played) && !loses(best)) {
        Some("??")
    } else if best.seeds() - played.seeds() >= MISTAKE_SEEDS {
        Some("?")
    } else {
        None
    }
}

/// The progress line on stderr: rewritten in place on a terminal, a line a
/// move otherwise.
struct Progress {
    terminal: bool,
    total: usize,
}

impl Progress {
    fn show(&self, index: usize, house: House) {
        let line = format!("analyze: move {} of {} ({house})", index + 1, self.total);
        if self.terminal {
            eprint!("\r{line}");
        } else {
            eprintln!("{line}");
        }
    }

    fn done(&self) {
        if self.terminal {
            eprintln!();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_say_what_was_thrown_away() {
        let seeds = Score::from_seeds;
        assert_eq!(mark(seeds(1.0), Score::win_in(9)), Some("??"));
        assert_eq!(mark(Score::win_in(15), Score::win_in(9)), None);
        assert_eq!(mark(Score::loss_in(6), seeds(-3.0)), Some("??"));
        assert_eq!(mark(Score::loss_in(6), Score::loss_in(12)), None);
        assert_eq!(mark(Score::loss_in(6), Score::PROVEN_DRAW), Some("??"));
        assert_eq!(mark(seeds(-1.5), seeds(0.5)), Some("?"));
        assert_eq!(mark(seeds(-1.0), seeds(0.5)), None);
    }
}
