//! `oware analyze`: think out loud about a position, or go through a whole
//! game record and write it back with the engine's view of every move.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use anyhow::{Result, bail};
use oware_core::{Game, House, Record, Rules};
use oware_search::{Engine, EngineOptions, Limits, SearchResult};

use crate::cmd::book::{BookArgs, book_line};
use crate::cmd::egdb::EgdbArgs;
use crate::endgame;
use crate::given_game::{self, Given, Pick};
use crate::numbers::{Count, Seconds};
use crate::ranges;
use crate::start::StartArgs;
use crate::style::{Paint, Style};
use crate::thinking::{Line, Table};

mod mistakes;
mod target;

use mistakes::{Candidate, Whose};
use target::{Target, keep, target};

/// Think out loud about a position: one line per depth, then the best move.
///
/// Each completed depth prints a line: the score, the score of every legal
/// house, nodes, nodes per second and the principal variation.
///
/// Scores are in seeds from the view of the seat to move; `win 12` is a
/// forced win within 12 plies, `loss 12` a forced loss, `draw` a proven draw.
///
/// Given a game record (a file, or `-` for stdin, whose text is a record),
/// it searches before every move (to depth 12 unless `--depth` or `--time`
/// says otherwise) and prints the record with a note added to each move's
/// comment, `[%oware …]`: the move's score and, when another move scores
/// better, the engine's preferred move and its score, both from the
/// mover's view. A move that throws away a won position, or plays into a
/// proven loss where the engine finds none, is marked `??`; one that scores
/// two seeds or more below the best, `?`. Notes from an earlier run are
/// replaced, other comments kept. The record goes to stdout, or to a file
/// with --out or --in-place (whole or not at all; checked writable before
/// any search, and printed on stdout if the write fails at the end).
/// Progress goes to stderr.
///
/// Then, the record written, the moves that threw away a win (or, three
/// seeds or more behind, a draw) their player could force with one move
/// only are found, each proved as the shipped puzzles are (a few seconds
/// more in all), named on stderr (`Move 23, South played C: F would have
/// forced a win.`) and saved to retry with `oware puzzle --mistakes`, in
/// mistakes.bin beside the puzzle ratings ($XDG_DATA_HOME/oware, else
/// ~/.local/share/oware).
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Search to this depth, in plies (for a record: before each move).
    #[arg(long, value_name = "N", conflicts_with = "time", value_parser = ranges::DEPTH.parser::<u32>())]
    depth: Option<u32>,
    /// Think for this many milliseconds, all of them, as UCI's `go
    /// movetime` asks (the depth under way when the time runs out is left
    /// unfinished; the result is the last depth completed), or less if the
    /// search reaches its deepest depth or proves the result first
    /// [default: 5000 when no depth is given; for a record, depth 12 a move].
    #[arg(long, value_name = "MS")]
    time: Option<u64>,
    /// The rules (RULES.md section 7) [default: abapa; a record's Variant
    /// tag names its own].
    #[arg(long, value_name = "R", value_parser = crate::rule_names::rules())]
    rules: Option<Rules>,
    #[command(flatten)]
    start: StartArgs,
    /// The opening book whose moves are listed before the search.
    #[command(flatten)]
    book: BookArgs,
    #[command(flatten)]
    egdb: EgdbArgs,
    /// The transposition table's size in megabytes.
    #[arg(long, value_name = "MB", default_value_t = 64, value_parser = ranges::HASH_MB.parser::<usize>())]
    hash: usize,
    /// Search threads.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = ranges::THREADS.parser::<usize>())]
    threads: usize,
    /// The moves to play before thinking, e.g. `EcAb`; or a file (`-` for
    /// stdin) holding a transcript, or a game record to go through. A word
    /// with a `/` or a `.` is a file; a word of house letters that is also
    /// a file's name is refused (write `./EcAb` for the file, or `-` and
    /// the transcript on stdin).
    #[arg(value_name = "TRANSCRIPT|FILE")]
    transcript: Option<String>,
    /// Write the annotated record to FILE instead of stdout (refused if it
    /// exists, the record read included, unless --force; --in-place writes
    /// back over the record read). Where it goes is checked before the
    /// first search.
    #[arg(long, value_name = "FILE", conflicts_with = "in_place")]
    out: Option<PathBuf>,
    /// Write the annotated record back over the record file read.
    #[arg(long)]
    in_place: bool,
    /// Let --out replace an existing file.
    #[arg(long, requires = "out")]
    force: bool,
    /// Of a file of many game records (as `oware match --save` writes),
    /// the one to go through, counted from 1, or `all` of them. The games
    /// gone through are written; --in-place writes the whole file back,
    /// the other games as they were.
    #[arg(long, value_name = "N|all")]
    game: Option<Pick>,
    /// Whose moves of a record to look for mistakes in: a record has no
    /// "you", so both sides' by default.
    #[arg(long, value_name = "SEAT", value_enum, default_value_t = Whose::Both)]
    mistakes_of: Whose,
    /// Do not look for mistakes to retry in a record (proving them takes a
    /// few seconds more), nor save any.
    #[arg(long, conflicts_with = "mistakes_of")]
    no_mistakes: bool,
}

/// How long one search of analyze runs: to a depth, or for a time.
#[derive(Clone, Copy)]
enum Budget {
    Depth(u32),
    /// The whole time, unlike the search's own time limit, which plans
    /// for a game (no depth begins after half of it, as a bot must keep
    /// time for its other moves): a person who asks for a second of
    /// thought is given a second.
    Time(Duration),
}

impl Args {
    /// The search's budget: the depth, or the time (5 s by default).
    fn budget(&self) -> Budget {
        match (self.depth, self.time) {
            (Some(depth), _) => Budget::Depth(depth),
            (None, time) => Budget::Time(Duration::from_millis(time.unwrap_or(5000))),
        }
    }
}

/// Searches `game` within `budget`; `stop` (also raised by the caller's
/// `on_event` to give up) ends it sooner. A time is kept by a timer that
/// raises `stop` when it is up, the search itself given no limit; a
/// search that ends sooner (it reached its deepest depth) lets the timer go.
fn search(
    engine: &mut Engine,
    game: &Game,
    budget: Budget,
    stop: &AtomicBool,
    on_event: &mut dyn FnMut(&oware_search::Event),
) -> SearchResult {
    let time = match budget {
        Budget::Depth(depth) => return engine.search(game, &Limits::depth(depth), stop, on_event),
        Budget::Time(time) => time,
    };
    std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel::<()>();
        scope.spawn(move || {
            if finished.recv_timeout(time) == Err(mpsc::RecvTimeoutError::Timeout) {
                stop.store(true, Ordering::Relaxed);
            }
        });
        let result = engine.search(game, &Limits::default(), stop, on_event);
        drop(done);
        result
    })
}

/// The search limit for each move of a record: the depth or time asked
/// for, else depth 12 (a few tens of milliseconds a move).
const RECORD_DEPTH: u32 = 12;

/// Runs `oware analyze`.
pub(crate) fn run(args: &Args) -> Result<()> {
    anyhow::ensure!(args.threads >= 1, "--threads must be at least 1");
    anyhow::ensure!(args.hash >= 1, "--hash must be at least 1 (megabyte)");
    let word = args.transcript.as_deref();
    let game = match given_game::read_given(word, &args.start, args.rules, args.game, true)? {
        Given::Records {
            mut records,
            picked,
        } => {
            let target = target(args)?;
            let queue = mistakes::queue(args.no_mistakes)?;
            let candidates = annotate_all(args, &mut records, &picked, &target)?;
            return match queue {
                Some(queue) => mistakes::find(&records, &candidates, args.mistakes_of, &queue),
                None => Ok(()),
            };
        }
        Given::Game(game) => game,
    };
    if args.out.is_some() || args.in_place {
        bail!("--out and --in-place write an annotated record: give a record file to go through");
    }
    let rules = game.rules();
    let db = args.egdb.open(&rules)?;
    let position = game.position();
    let style = Style::for_stdout();
    let mut out = std::io::stdout().lock();

    writeln!(out, "{}", position.board())?;
    writeln!(out, "{} to move", position.to_move())?;
    writeln!(out, "fen: {}", position.to_fen())?;
    if let Some(outcome) = game.outcome() {
        writeln!(out, "game over: {outcome}")?;
        return Ok(());
    }
    if let Some(line) = args.book.load(rules)?.and_then(|b| book_line(&b, &game)) {
        writeln!(out, "{line}")?;
    }
    if let Some(db) = &db {
        write_endgame(&mut out, db, &game, style)?;
    }
    writeln!(out)?;

    let mut engine = Engine::try_new(
        EngineOptions::default()
            .with_hash_mb(args.hash)
            .with_threads(args.threads),
    )?;
    engine.set_analysis(true);
    engine.set_endgame(endgame::for_search(db.as_ref()));
    let mut table = Table::new(position.to_move(), game.legal_moves(), style, true);
    table.start(&mut out)?;
    // A failed write (a closed pipe) stops the search; the error is returned after.
    let stop = AtomicBool::new(false);
    let mut failed = None;
    let result = search(&mut engine, &game, args.budget(), &stop, &mut |event| {
        if failed.is_none() {
            failed = table.event(&mut out, event).err();
            if failed.is_some() {
                stop.store(true, Ordering::Relaxed);
            }
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
    if let Some(verdict) = oware_player::Verdict::of(result.score, position.to_move()) {
        writeln!(out, "{}", style.paint(Paint::Good, verdict))?;
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

/// What marks the notes analyze writes in a comment, so a later run
/// finds and replaces them: `[%oware +0.5, best]` (PGN's way of keeping a
/// program's data in a comment).
const NOTE_OPEN: &str = "[%oware ";

/// The Annotator tag's value for what analyze writes, and the start that
/// recognises it.
const ANNOTATOR: &str = "oware analyze";

/// `comment` without the notes of an earlier run; `None` if nothing else is
/// left.
fn without_notes(comment: &str) -> Option<String> {
    let mut kept = String::new();
    let mut rest = comment;
    while let Some(open) = rest.find(NOTE_OPEN) {
        kept.push_str(&rest[..open]);
        rest = match rest[open..].find(']') {
            Some(close) => &rest[open + close + 1..],
            None => "",
        };
    }
    kept.push_str(rest);
    let words: Vec<&str> = kept.split_whitespace().collect();
    (!words.is_empty()).then(|| words.join(" "))
}

/// The Annotator tag after this run: `ours` in place of an earlier run's
/// label, after a person's name if one is there.
fn annotator(old: Option<&str>, ours: &str) -> String {
    let person = old
        .map(|old| old.split("; ").filter(|part| !part.starts_with(ANNOTATOR)))
        .into_iter()
        .flatten()
        .filter(|part| !part.trim().is_empty() && part.trim() != "?");
    let mut parts: Vec<&str> = person.collect();
    parts.push(ours);
    parts.join("; ")
}

/// Goes through the games of `records` at the places `picked`
/// ([`annotate`]), and writes them to `target`: those gone through, or for
/// --in-place every record, the others unchanged. Gives the moves that
/// may have thrown away a forced result, to prove as mistakes.
fn annotate_all(
    args: &Args,
    records: &mut [Record],
    picked: &[usize],
    target: &Target,
) -> Result<Vec<Candidate>> {
    let mut candidates = Vec::new();
    for &index in picked {
        // Which game, when there is more than one.
        let which = match records.len() {
            1 => String::new(),
            count => format!("game {} of {count}, ", index + 1),
        };
        let (annotated, to_prove) = annotate(args, &records[index], &which)?;
        records[index] = annotated;
        candidates.extend(to_prove.into_iter().map(|move_index| Candidate {
            record: index,
            index: move_index,
        }));
    }
    let text = |records: &mut dyn Iterator<Item = &Record>| {
        records
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    };
    match target {
        Target::Stdout => {
            let text = text(&mut picked.iter().map(|&index| &records[index]));
            // Out whole before the mistakes are proved: a stop then loses none of it.
            let mut out = std::io::stdout().lock();
            write!(out, "{text}")?;
            out.flush()?;
        }
        Target::File(output) => {
            let text = text(&mut picked.iter().map(|&index| &records[index]));
            keep(output, &text)?;
        }
        Target::InPlace(output) => keep(output, &text(&mut records.iter()))?,
    }
    Ok(candidates)
}

/// Goes through `record`'s game, searching before every move, and gives
/// the record with each move's judgement as a note in its comment, and the
/// indices of the moves to prove as mistakes: those the search did not
/// prove right ([`mistakes::kept`]). The progress lines start with `which`
/// (the game's place in a file of many, or nothing).
fn annotate(args: &Args, record: &Record, which: &str) -> Result<(Record, Vec<usize>)> {
    let budget = match (args.depth, args.time) {
        (None, None) => Budget::Depth(RECORD_DEPTH),
        _ => args.budget(),
    };
    let original = record.game();
    let db = args.egdb.open(&original.rules())?;
    let mut engine = Engine::try_new(
        EngineOptions::default()
            .with_hash_mb(args.hash)
            .with_threads(args.threads),
    )?;
    engine.set_analysis(true);
    engine.set_endgame(endgame::for_search(db.as_ref()));
    let mut game = Game::from_position(original.start(), original.rules());
    let mut annotated = record.clone();
    let mut to_prove = Vec::new();
    let moves = original.moves();
    let progress = Progress {
        terminal: std::io::stderr().is_terminal(),
        which,
        total: moves.len(),
    };
    for (index, &house) in moves.iter().enumerate() {
        progress.show(index, house);
        // A stop flag a move: the timer raises the last one.
        let stop = AtomicBool::new(false);
        let result = search(&mut engine, &game, budget, &stop, &mut |_| {});
        let kept = record.comments()[index + 1]
            .as_deref()
            .and_then(without_notes);
        let comment = match (kept, judge(&result, house)) {
            (Some(kept), Some(judgement)) => Some(format!("{kept} {NOTE_OPEN}{judgement}]")),
            (None, Some(judgement)) => Some(format!("{NOTE_OPEN}{judgement}]")),
            (kept, None) => kept,
        };
        annotated.set_comment(index + 1, comment.as_deref());
        if game.legal_moves().len() > 1 && !mistakes::kept(&result, house) {
            to_prove.push(index);
        }
        game.play(house)?;
    }
    progress.done();
    let depth = match (args.depth, args.time) {
        (_, Some(ms)) => format!("{ms} ms a move"),
        (depth, None) => format!("depth {}", depth.unwrap_or(RECORD_DEPTH)),
    };
    let label = annotator(record.tag("Annotator"), &format!("{ANNOTATOR}, {depth}"));
    annotated.set_tag("Annotator", &label);
    Ok((annotated, to_prove))
}

/// The comment on `played` given the search before it: its score, the
/// preferred move and its score when they differ, and `?` or `??` first
/// for a mistake or a blunder (oware-search's [`judge`], the rule the page
/// shows too). `None` if the search did not score it.
fn judge(result: &SearchResult, played: House) -> Option<String> {
    let judgement = oware_player::judge(&result.root_scores, result.best, played)?;
    let Some((best, best_score)) = judgement.best else {
        return Some(format!("{}, best", judgement.played));
    };
    let mark = match judgement.mark {
        Some(mark) => format!("{mark} "),
        None => String::new(),
    };
    Some(format!(
        "{mark}{}; best {best} {best_score}",
        judgement.played
    ))
}

/// The progress line on stderr: rewritten in place on a terminal, a line a
/// move otherwise.
struct Progress<'a> {
    terminal: bool,
    /// Which game, in a file of many: `game 2 of 5, `.
    which: &'a str,
    total: usize,
}

impl Progress<'_> {
    fn show(&self, index: usize, house: House) {
        let which = self.which;
        let line = format!(
            "analyze: {which}move {} of {} ({house})",
            index + 1,
            self.total
        );
        if self.terminal {
            eprint!("\r\x1b[K{line}");
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
    fn an_earlier_runs_notes_and_label_are_replaced() {
        assert_eq!(without_notes("[%oware +1.0, best]"), None);
        assert_eq!(
            without_notes("adjourned here [%oware ? -2.0; best C +0.5] then"),
            Some("adjourned here then".to_owned())
        );
        assert_eq!(without_notes("no notes"), Some("no notes".to_owned()));
        let ours = "oware analyze, depth 12";
        assert_eq!(annotator(None, ours), ours);
        assert_eq!(annotator(Some("?"), ours), ours);
        assert_eq!(annotator(Some("oware analyze, depth 6"), ours), ours);
        assert_eq!(
            annotator(Some("a teacher; oware analyze, depth 6"), ours),
            "a teacher; oware analyze, depth 12"
        );
    }
}
