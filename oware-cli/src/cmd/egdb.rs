//! `oware egdb`: say what is installed, build endgame databases on disk
//! (the default one when asked for none), and probe positions in them.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use oware_core::Position;
use oware_egdb::{Bounds, BuildEvent, Database, Extent, Ruleset, SliceReport};

use crate::out::outln;
use crate::thinking::{Count, Rate, Seconds};

mod stats;
mod status;
mod verify;

/// Endgame databases: every position with up to N seeds on the board, solved.
///
/// A position's value is the net number of seeds (the mover's minus the
/// opponent's) the side to move collects from those on the board under
/// perfect play; stores do not matter. Under awari it is exact; under abapa
/// two bounds are kept, lo (endless play gives the seeds left to the
/// mover's opponent) and hi (to the mover).
///
/// The databases live in DIR, one file per rule set and seed count
/// (`abapa-07.egdb`). DIR defaults to $OWARE_EGDB if it is set, else
/// $XDG_DATA_HOME/oware/egdb, else ~/.local/share/oware/egdb.
///
/// `oware egdb` alone says what the default directory holds (as `oware
/// egdb status`); `oware egdb build` alone builds the default database,
/// abapa's up to 20 seeds, which `oware play` and `oware uci` use under
/// abapa and Aualé's rule.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(subcommand)]
    command: Option<Command>,
}

/// The things to do with a database.
#[derive(clap::Subcommand, Debug)]
enum Command {
    Status(StatusArgs),
    Build(BuildArgs),
    Probe(ProbeArgs),
    Verify(VerifyArgs),
    Stats(StatsArgs),
}

/// Build the database of every position with up to N seeds; with no
/// options, the default one: abapa's (which abapa and Aualé's rule both
/// use) up to 20 seeds, 452 MB, in the default directory.
///
/// One file per seed count, written under a temporary name and renamed when
/// complete: an interrupted build (Ctrl-C) resumes after the last complete
/// seed count, and a complete database is left alone. Every file already there is
/// checked in full first; a damaged one is said and built again.
#[derive(clap::Args, Debug)]
struct BuildArgs {
    /// The rules [default: abapa].
    #[arg(long, value_name = "R", value_parser = crate::choices::ruleset())]
    rules: Option<Ruleset>,
    /// The most seeds on the board (20 seeds: 225,792,840 positions)
    /// [default: 20].
    #[arg(long, value_name = "N", value_parser = crate::sizes::SEEDS.parser::<u8>())]
    max_seeds: Option<u8>,
    /// The database directory [default: $OWARE_EGDB, else
    /// $XDG_DATA_HOME/oware/egdb, else ~/.local/share/oware/egdb].
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Say what the directory holds: each rule set's database, up to how many
/// seeds, its size on disk, any file refused (another format version, a
/// damaged header) and what building the rest would take and add.
///
/// Headers and lengths are read, not the data: `oware egdb verify` checks
/// that.
#[derive(clap::Args, Debug)]
struct StatusArgs {
    /// The database directory [default: as for build].
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Check every slice file of a database in full: its header, its length,
/// its checksum and every value.
///
/// One line per file; the exit status is non-zero, naming each damaged
/// file and what is wrong with it, when any is.
#[derive(clap::Args, Debug)]
struct VerifyArgs {
    /// The rules: abapa or awari [default: both, each whose slice 0 is there].
    #[arg(long, value_name = "R")]
    rules: Option<Ruleset>,
    /// The database directory [default: as for build].
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Print, per seed count, how often the bounds meet and how often they
/// decide the game's result (win, draw or loss for the mover), over every
/// pair of stores a game can have with that many seeds on the board.
#[derive(clap::Args, Debug)]
struct StatsArgs {
    /// The rules: abapa or awari.
    #[arg(long, value_name = "R", default_value = "abapa")]
    rules: Ruleset,
    /// The database directory [default: as for build].
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Print the value of positions, and of each legal move, from a database.
///
/// Positions are in the engine protocol's fen form, `H0-H1-...-H11-S-N-T`:
/// the twelve house counts in index order (A-F, then a-f), South's store,
/// North's store, `S` or `N` to move. Values are for the side to move; a
/// move's value is what it captures minus the value left to the opponent.
#[derive(clap::Args, Debug)]
struct ProbeArgs {
    /// The rules.
    #[arg(long, value_name = "R", value_parser = crate::choices::ruleset())]
    rules: Ruleset,
    /// The database directory [default: as for build].
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// One JSON object per position, on one line:
    /// {"seeds": 16, "value": {"lo": 0, "hi": 0}, "moves": {"A": {"lo": -1, "hi": -1}, ...}}
    #[arg(long)]
    json: bool,
    /// Positions as fens, or `-` to read one per line from stdin.
    #[arg(value_name = "POSITION", required = true)]
    positions: Vec<String>,
}

/// Runs `oware egdb`.
pub(crate) fn run(args: &Args) -> Result<()> {
    match &args.command {
        None => status::status(None),
        Some(Command::Status(args)) => status::status(args.dir.as_deref()),
        Some(Command::Build(args)) => build(args),
        Some(Command::Probe(args)) => probe(args),
        Some(Command::Verify(args)) => verify::verify(args.rules, args.dir.as_deref()),
        Some(Command::Stats(args)) => stats::stats(args.rules, args.dir.as_deref()),
    }
}

/// Runs `oware egdb build`: the default database, unless the options say
/// otherwise.
fn build(args: &BuildArgs) -> Result<()> {
    let dir = crate::endgame::directory(args.dir.as_deref())?;
    let extent = Extent {
        ruleset: args.rules.unwrap_or(Extent::DEFAULT.ruleset),
        max_seeds: args.max_seeds.unwrap_or(Extent::DEFAULT.max_seeds),
    };
    build_in(&dir, extent)
}

/// Builds (or completes) the database of `extent` in `dir`, with a
/// progress bar on stderr and a line a slice on stdout. Stopped (Ctrl-C),
/// it leaves whole slices and at most one `.part` file, which no reader
/// opens and the next build overwrites.
pub(crate) fn build_in(dir: &Path, extent: Extent) -> Result<()> {
    let Extent { ruleset, max_seeds } = extent;
    let bar: Mutex<Option<ProgressBar>> = Mutex::new(None);
    let style = ProgressStyle::with_template(
        "{prefix} [{wide_bar}] {human_pos}/{human_len} positions, {rate}, eta {eta}",
    )
    .expect("the template is valid")
    .with_key("rate", crate::thinking::progress_rate("positions"))
    .progress_chars("=> ");
    let started = Instant::now();
    let show = |event: BuildEvent| {
        let mut bar = bar.lock().expect("no progress update panics");
        match event {
            BuildEvent::Started { seeds, positions } => {
                let new = ProgressBar::new(positions)
                    .with_style(style.clone())
                    .with_prefix(format!("{ruleset} {seeds:>2} seeds"));
                *bar = Some(new);
            }
            // Each position counts twice: once forward, once in the levels.
            BuildEvent::Advanced { done, .. } => {
                if let Some(bar) = bar.as_ref() {
                    bar.set_position(done / 2);
                }
            }
            BuildEvent::Finished(report) => {
                if let Some(bar) = bar.take() {
                    bar.finish_and_clear();
                }
                outln!("{}", SliceLine(ruleset, report));
            }
            BuildEvent::Loaded { .. } => {}
            BuildEvent::Damaged { seeds, damage } => println!(
                "{} is damaged ({damage}): building it again",
                oware_egdb::slice_path(dir, ruleset, seeds).display()
            ),
        }
    };
    let summary = oware_egdb::build_dir(dir, ruleset, max_seeds, &show)
        .with_context(|| format!("cannot build the {ruleset} database"))?;
    let built: u64 = summary.built.iter().map(|r| r.positions).sum();
    if summary.built.is_empty() {
        outln!(
            "the {} database up to {} seeds is already complete in {}",
            ruleset,
            max_seeds,
            dir.display()
        );
    } else {
        let elapsed = started.elapsed();
        outln!(
            "the {} database up to {} seeds is complete in {}: {} positions solved in {} ({} positions/s)",
            ruleset,
            max_seeds,
            dir.display(),
            built,
            Seconds(elapsed),
            Rate::per_second(built, elapsed),
        );
    }
    Ok(())
}

/// One slice's line in the build's output.
struct SliceLine(Ruleset, SliceReport);

impl std::fmt::Display for SliceLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let SliceLine(ruleset, report) = *self;
        write!(
            f,
            "{ruleset} {:>2} seeds: {} positions in {} ({} positions/s)",
            report.seeds,
            report.positions,
            Seconds(report.elapsed),
            Rate::per_second(report.positions, report.elapsed),
        )?;
        if ruleset == Ruleset::Abapa {
            let share = report.exact as f64 / report.positions as f64;
            write!(f, ", {:.2}% exact", 100.0 * share)?;
        }
        let bytes = report.positions * if ruleset == Ruleset::Abapa { 2 } else { 1 } + 32;
        write!(f, ", file {}B", Count(bytes))
    }
}

/// Runs `oware egdb probe`.
fn probe(args: &ProbeArgs) -> Result<()> {
    let dir = crate::endgame::directory(args.dir.as_deref())?;
    let mut db = Database::open(&dir, args.rules)
        .with_context(|| format!("cannot open the {} database", args.rules))?;
    crate::endgame::report_damage_on_stderr(&mut db);
    let mut out = std::io::stdout().lock();
    for (number, text) in args.positions.iter().enumerate() {
        if text == "-" {
            for (line, read) in std::io::stdin().lock().lines().enumerate() {
                let read = read.context("cannot read positions from stdin")?;
                let fen = read.trim();
                if fen.is_empty() {
                    continue;
                }
                let position = position(fen, &db)
                    .with_context(|| format!("line {} of stdin, `{fen}`", line + 1))?;
                answer(&mut out, &db, &position, args.json)?;
            }
        } else {
            let position = position(text, &db)
                .with_context(|| format!("position {}, `{text}`", number + 1))?;
            answer(&mut out, &db, &position, args.json)?;
        }
    }
    Ok(())
}

/// The position a fen names, if the database holds it.
fn position(fen: &str, db: &Database) -> Result<Position> {
    let position = Position::from_fen(fen)?;
    let seeds = oware_egdb::mover_houses(&position).iter().sum::<u8>();
    if seeds > db.max_seeds() {
        bail!(
            "the position holds {seeds} seeds on the board; the {} database goes up to {}",
            db.ruleset(),
            db.max_seeds()
        );
    }
    Ok(position)
}

/// Writes what the database says about `position`.
fn answer(out: &mut impl Write, db: &Database, position: &Position, json: bool) -> Result<()> {
    let seeds = oware_egdb::mover_houses(position).iter().sum::<u8>();
    // Within the database's seed count, only damage leaves a probe empty.
    let damaged = "the database is damaged where this position is (see above)";
    let value = db.probe(position).context(damaged)?;
    let moves = db.probe_moves(position).context(damaged)?;
    if json {
        let moves: Vec<String> = moves
            .iter()
            .map(|(house, bounds)| format!("\"{house}\": {}", Json(*bounds)))
            .collect();
        writeln!(
            out,
            "{{\"seeds\": {seeds}, \"value\": {}, \"moves\": {{{}}}}}",
            Json(value),
            moves.join(", ")
        )?;
    } else {
        writeln!(out, "{}", position.board())?;
        writeln!(
            out,
            "{} to move, {seeds} seeds on the board: value {}",
            position.to_move(),
            Human(value)
        )?;
        if moves.is_empty() {
            writeln!(out, "no legal move: the board is settled")?;
        }
        for (house, bounds) in moves {
            writeln!(out, "  {house}  {}", Human(bounds))?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// Bounds as JSON: `{"lo": -1, "hi": 3}`.
struct Json(Bounds);

impl std::fmt::Display for Json {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{{\"lo\": {}, \"hi\": {}}}", self.0.lo, self.0.hi)
    }
}

/// Bounds for people: `-2` when exact, `-2 to 4 (endless play decides)` when not.
struct Human(Bounds);

impl std::fmt::Display for Human {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Bounds { lo, hi } = self.0;
        if lo == hi {
            write!(f, "{lo}")
        } else {
            write!(f, "{lo} to {hi} (endless play decides)")
        }
    }
}
