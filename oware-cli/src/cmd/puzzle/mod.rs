//! `oware puzzle`: today's puzzle (or one by theme, rating or id), solved
//! at the prompt; and building, checking and listing puzzle files.

mod build;
mod list;
pub(crate) mod mistakes;
mod solve;
mod store;

use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, bail};
use oware_puzzle::{Puzzle, Theme, days_from_date};

use store::Store;

/// Puzzles mined from real games, every solution proved. Without a
/// subcommand, today's puzzle (the same for everyone on a date), or one
/// near a rating or with a theme, to solve at the prompt: type a house
/// letter, or hint, solution, retry or quit. Your rating is kept in
/// $XDG_DATA_HOME/oware/puzzles.txt (else ~/.local/share/oware/puzzles.txt).
/// With --mistakes, the moves `oware analyze` found in your games that
/// threw away a win or a draw, to retry one after another.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub(crate) struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    choose: ChooseArgs,
}

#[derive(clap::Subcommand, Debug)]
enum Command {
    Build(build::BuildArgs),
    Check(list::CheckArgs),
    List(list::ListArgs),
}

/// Which puzzle to solve.
#[derive(clap::Args, Debug)]
struct ChooseArgs {
    /// The puzzle with this id (as `oware puzzle list` shows it).
    #[arg(long, value_name = "ID", conflicts_with_all = ["theme", "rating", "date"])]
    id: Option<String>,
    /// A puzzle with this theme: capture-chain, grand-slam, feeding,
    /// 25th-seed, repetition, sacrifice, quiet-move, endgame, long.
    #[arg(long, value_name = "THEME")]
    theme: Option<Theme>,
    /// A puzzle rated near this [default with --theme: your rating].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(100..=3500))]
    rating: Option<u16>,
    /// The day of the daily puzzle, YYYY-MM-DD [default: today, UTC].
    #[arg(long, value_name = "DATE")]
    date: Option<String>,
    /// The puzzle file [default: the shipped set].
    #[arg(long, value_name = "FILE")]
    file: Option<PathBuf>,
    /// Retry your mistakes, one after another: the positions of games
    /// gone through by `oware analyze` where the move played threw away a
    /// win or a draw its player could force (kept in mistakes.bin beside
    /// the ratings). One solved without a miss leaves them.
    #[arg(long, conflicts_with_all = ["id", "theme", "rating", "date", "file"])]
    mistakes: bool,
}

pub(crate) fn run(args: &Args) -> Result<()> {
    match &args.command {
        Some(Command::Build(build)) => build::run(build),
        Some(Command::Check(check)) => list::check(check),
        Some(Command::List(list)) => list::list(list),
        None => solve(&args.choose),
    }
}

/// The day `YYYY-MM-DD` as days since 1970.
fn parse_date(text: &str) -> Result<i64> {
    let parts: Vec<&str> = text.split('-').collect();
    let parsed = match parts[..] {
        [y, m, d] => match (y.parse(), m.parse(), d.parse()) {
            (Ok(y), Ok(m), Ok(d)) => days_from_date(y, m, d),
            _ => None,
        },
        _ => None,
    };
    parsed.with_context(|| format!("--date `{text}` is not a date written YYYY-MM-DD"))
}

fn today() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| (d.as_secs() / 86_400) as i64)
}

fn solve(args: &ChooseArgs) -> Result<()> {
    if args.mistakes {
        return mistakes::retry(
            today(),
            &mut std::io::stdin().lock(),
            &mut std::io::stdout().lock(),
        );
    }
    let set = list::open(args.file.as_ref())?;
    let path = store::default_path()
        .context("no place for your puzzle rating: set HOME or XDG_DATA_HOME")?;
    store::check_path(&path)?;
    let store = Store::read(&path)?;
    let day = match &args.date {
        Some(text) => parse_date(text)?,
        None => today(),
    };
    let puzzle: &Puzzle = if let Some(id) = &args.id {
        set.by_id(id).with_context(|| {
            format!("no puzzle has the id `{id}` (oware puzzle list shows them)")
        })?
    } else if args.theme.is_some() || args.rating.is_some() {
        let target = args.rating.map_or(store.player.rating, f64::from);
        let unseen = set.near(target, args.theme, &|p| store.tried(&p.id()).is_some());
        match unseen.or_else(|| set.near(target, args.theme, &|_| false)) {
            Some(puzzle) => puzzle,
            None => bail!(
                "no puzzle has the theme {}",
                args.theme.map_or(String::new(), |t| t.to_string())
            ),
        }
    } else {
        set.daily(day).context("the puzzle file holds no puzzle")?
    };
    let save = |store: &Store| store.write(&path);
    let session = solve::Session {
        settings: set.settings(),
        store,
        save: &save,
        day,
    };
    solve::session(
        puzzle,
        session,
        &mut std::io::stdin().lock(),
        &mut std::io::stdout().lock(),
    )?;
    Ok(())
}
