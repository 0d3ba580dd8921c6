//! `oware egdb`: say what is installed, build endgame databases on disk
//! (the default one when asked for none), and probe positions in them.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result, bail};
use oware_core::{Position, Rules};
use oware_egdb::{Bounds, Database, Extent, Ruleset};

use crate::endgame::install::build_in;
use crate::endgame::{on_stderr, open_default, open_dir};
use crate::input_file::{TypedLine, read_typed_line};

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
///
/// At a terminal a bar shows the whole build (every seed count still to
/// solve) and the time left at the speed measured so far; the speed is
/// kept in DIR (`build-speed`) for the next estimate. A build the disk
/// free in DIR or the memory cannot hold is refused, naming both, unless
/// --force.
#[derive(clap::Args, Debug)]
struct BuildArgs {
    /// The rules [default: abapa].
    #[arg(long, value_name = "R", value_parser = crate::rule_names::ruleset())]
    rules: Option<Ruleset>,
    /// The most seeds on the board (20 seeds: 225,792,840 positions)
    /// [default: 20].
    #[arg(long, value_name = "N", value_parser = crate::ranges::SEEDS.parser::<u8>())]
    max_seeds: Option<u8>,
    /// The database directory [default: $OWARE_EGDB, else
    /// $XDG_DATA_HOME/oware/egdb, else ~/.local/share/oware/egdb].
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Build even when the disk free in DIR or this machine's memory is
    /// short of what the build needs (it is refused, naming both, without).
    #[arg(long)]
    force: bool,
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
    #[arg(long, value_name = "R", value_parser = crate::rule_names::ruleset())]
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

/// The endgame database options of play and analyze.
#[derive(clap::Args, Debug, Clone)]
pub(crate) struct EgdbArgs {
    /// The endgame database directory (built by `oware egdb build`)
    /// [default: $OWARE_EGDB, else $XDG_DATA_HOME/oware/egdb, else
    /// ~/.local/share/oware/egdb, used if it holds one]. Abapa's under abapa
    /// and auale, awari's under awari-split.
    #[arg(long, value_name = "DIR", conflicts_with = "no_egdb")]
    pub(crate) egdb: Option<PathBuf>,
    /// Play and analyze without an endgame database (and, in play, without
    /// the offer to build one; OWARE_NO_EGDB_OFFER=1 turns the offer off
    /// alone, and a no to it is remembered: removing the file
    /// offer-declined in the database directory has play ask again).
    #[arg(long)]
    pub(crate) no_egdb: bool,
}

impl EgdbArgs {
    /// Opens the database the options ask for under `rules`: `None` when
    /// switched off, under rules it does not fit, or when the default
    /// directory holds none or a damaged one (said on stderr).
    ///
    /// # Errors
    /// A directory given with `--egdb` that holds no database or a damaged
    /// one, or `--egdb` under rules the database does not fit.
    pub(crate) fn open(&self, rules: &Rules) -> Result<Option<Arc<Database>>> {
        if self.no_egdb {
            return Ok(None);
        }
        let ruleset = Ruleset::fitting(rules);
        match (&self.egdb, ruleset) {
            (Some(dir), Some(ruleset)) => open_dir(dir, ruleset, on_stderr).map(Some),
            (Some(_), None) => bail!(
                "no endgame database is right for {rules}: {}",
                Ruleset::where_each_fits()
            ),
            (None, Some(ruleset)) => {
                let (db, note) = open_default(ruleset, on_stderr);
                if let Some(note) = note {
                    on_stderr(&note);
                }
                Ok(db)
            }
            (None, None) => Ok(None),
        }
    }
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
    build_in(&dir, extent, args.force)
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
            let stdin = &mut std::io::stdin().lock();
            for line in 1.. {
                let read = read_typed_line(stdin).context("cannot read positions from stdin")?;
                let read = match read {
                    None => break,
                    Some(TypedLine::Text(read)) => read,
                    Some(TypedLine::TooLong(bytes)) => {
                        bail!("line {line} of stdin: {}", TypedLine::too_long(bytes))
                    }
                };
                let fen = read.trim();
                if fen.is_empty() {
                    continue;
                }
                let position =
                    position(fen, &db).with_context(|| format!("line {line} of stdin, `{fen}`"))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_directory_must_hold_a_database() {
        let args = EgdbArgs {
            egdb: Some(PathBuf::from("/nonexistent/oware-egdb")),
            no_egdb: false,
        };
        let error = args.open(&Rules::ABAPA).unwrap_err();
        assert!(format!("{error:#}").contains("/nonexistent/oware-egdb"));
        assert!(args.open(&Rules::SOWING).is_err());
        let off = EgdbArgs {
            egdb: None,
            no_egdb: true,
        };
        assert!(off.open(&Rules::ABAPA).unwrap().is_none());
    }
}
