//! `oware book`: build an opening book from the bot's own analysis, or look
//! into one; and the `--book FILE` / `--no-book` options other commands take.
//!
//! Building is a subcommand of `oware`, not an xtask, because a book is a
//! user's thing as much as the project's: anyone with the binary can build a
//! deeper book with the time they have, or one for awari, and play with it
//! (`oware play --book FILE`), with no checkout of the sources.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};
use oware_book::{Book, BuildOptions, Log, Progress};
use oware_core::Rules;

use crate::numbers::Seconds;
use crate::output_file::{Existing, Output};
use crate::stdout::outln;
use crate::{ranges, start};

/// Build an opening book from deep searches, or list a position's book moves.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand, Debug)]
enum Command {
    Build(BuildArgs),
    Show(ShowArgs),
}

/// Build a book: search every position reached from the opening by moves
/// within MARGIN of the best, up to PLIES plies, to DEPTH. The defaults
/// are the shipped book's settings (about 13 minutes on one core); in a
/// checkout of the sources, `--out oware-book/data/abapa.book --force`
/// rebuilds it.
///
/// Each search is appended to FILE.log as it ends: stop the build at any
/// time and run the same command again to continue where it stopped. The
/// log stays after the book is written, so a rebuild with more plies or
/// another margin only searches the new positions; delete it to start afresh.
#[derive(clap::Args, Debug)]
struct BuildArgs {
    /// The book file to write [default: RULES.book in the current
    /// directory, e.g. abapa.book]; an existing file is refused unless
    /// --force, before the build begins.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Let the book replace an existing file (an older book, say).
    #[arg(long)]
    force: bool,
    /// The rules the book is for (RULES.md section 7).
    #[arg(long, value_name = "R", default_value = "abapa", value_parser = crate::rule_names::rules())]
    rules: Rules,
    /// The depth of each search, in plies.
    #[arg(long, value_name = "N", default_value_t = 14, value_parser = ranges::DEPTH.parser::<u8>())]
    depth: u8,
    /// The plies from the opening the book covers.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = ranges::BOOK_PLIES.parser::<u8>())]
    plies: u8,
    /// Keep and follow the moves within this many seeds of the best.
    #[arg(long, value_name = "SEEDS", default_value_t = 1.0)]
    margin: f32,
    /// The transposition table's size in megabytes.
    #[arg(long, value_name = "MB", default_value_t = 64, value_parser = ranges::HASH_MB.parser::<usize>())]
    hash: usize,
}

/// Print a book's settings and, for a position, its book moves.
#[derive(clap::Args, Debug)]
struct ShowArgs {
    /// The book file to look into [default: the book shipped for the
    /// rules, if any].
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
    /// The rules of the game (RULES.md section 7).
    #[arg(long, value_name = "R", default_value = "abapa", value_parser = crate::rule_names::rules())]
    rules: Rules,
    /// The moves from the opening, e.g. `EcAb`.
    #[arg(value_name = "TRANSCRIPT")]
    transcript: Option<String>,
}

/// Which opening book a command plays from.
#[derive(clap::Args, Clone, Debug, Default)]
pub(crate) struct BookArgs {
    /// Play from the opening book in FILE [default: the book shipped for the
    /// rules, if any].
    #[arg(long, value_name = "FILE", conflicts_with = "no_book")]
    pub(crate) book: Option<PathBuf>,
    /// Play without an opening book.
    #[arg(long)]
    pub(crate) no_book: bool,
}

impl BookArgs {
    /// The book these options ask for under `rules`: none with `--no-book`,
    /// the file given (which must be for `rules`), or the shipped one.
    pub(crate) fn load(&self, rules: Rules) -> Result<Option<Book>> {
        if self.no_book {
            return Ok(None);
        }
        open_book(self.book.as_deref(), rules)
    }
}

/// The book in `path` (which must be for `rules`), or the one shipped for
/// `rules` if any.
fn open_book(path: Option<&Path>, rules: Rules) -> Result<Option<Book>> {
    let Some(path) = path else {
        return Ok(Book::shipped(rules));
    };
    let book = crate::input_file::read_bytes(path)
        .map_err(anyhow::Error::from)
        .and_then(|bytes| Ok(Book::from_bytes(&bytes)?))
        .with_context(|| format!("--book {}", path.display()))?;
    anyhow::ensure!(
        book.rules() == rules,
        "--book {}: the book is for {} rules, and the game is played under {rules}",
        path.display(),
        book.rules()
    );
    Ok(Some(book))
}

/// Runs `oware book`.
pub(crate) fn run(args: &Args) -> Result<()> {
    match &args.command {
        Command::Build(args) => build(args),
        Command::Show(args) => show(args),
    }
}

fn build(args: &BuildArgs) -> Result<()> {
    anyhow::ensure!(
        (0.0..=48.0).contains(&args.margin),
        "--margin must be between 0 and 48 seeds"
    );
    let options = BuildOptions {
        rules: args.rules,
        depth: args.depth,
        plies: args.plies,
        margin: (args.margin * 100.0).round() as u16,
        hash_mb: args.hash,
    };
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}.book", args.rules)));
    // Before the build, which may take hours: an existing file, or a
    // folder that takes no file, is said now.
    let existing = Existing::Refuse {
        force: args.force,
        way_out: ", or name another --out",
    };
    let output = Output::check(&out, "--out", existing)?;
    let log_path = log_path(&out);
    let mut log = Log::open(&log_path, args.rules, u32::from(args.depth))?;
    eprintln!(
        "building a book for {} rules: depth {}, {} plies, margin {:.2} seeds; {} positions already in {}",
        args.rules,
        args.depth,
        args.plies,
        args.margin,
        log.len(),
        log_path.display()
    );
    let mut progress = ProgressLine::new();
    let book = oware_book::build(&options, &mut log, None, &mut |p| progress.show(p))?;
    progress.finish();
    let bytes = book.to_bytes();
    output.write(&bytes)?;
    let size = bytes.len();
    outln!(
        "wrote {}: {} positions, {} bytes; depth {}, {} plies, margin {:.2} seeds; \
         {} searched in {}",
        out.display(),
        book.len(),
        size,
        args.depth,
        args.plies,
        args.margin,
        progress.searched,
        Seconds(progress.elapsed),
    );
    Ok(())
}

/// The log beside a book file: `abapa.book.log`.
fn log_path(book: &Path) -> PathBuf {
    let mut name = book.as_os_str().to_owned();
    name.push(".log");
    PathBuf::from(name)
}

/// The build's progress on stderr: one line rewritten in place on a
/// terminal, or a line per ply finished otherwise.
struct ProgressLine {
    terminal: bool,
    searched: usize,
    elapsed: Duration,
}

impl ProgressLine {
    fn new() -> ProgressLine {
        ProgressLine {
            terminal: std::io::stderr().is_terminal(),
            searched: 0,
            elapsed: Duration::ZERO,
        }
    }

    fn show(&mut self, p: &Progress) {
        self.searched = p.searched;
        self.elapsed = p.elapsed;
        let line = format!(
            "ply {}/{}: {}/{} positions, {} in the book, {} searched, {}",
            p.ply + 1,
            p.plies,
            p.done,
            p.at_ply,
            p.positions,
            p.searched,
            Seconds(p.elapsed),
        );
        let mut err = std::io::stderr().lock();
        // Progress that cannot be shown is no reason to stop a long build.
        if self.terminal {
            let _ = write!(err, "\r\x1b[2K{line}");
            let _ = err.flush();
        } else if p.done == p.at_ply {
            let _ = writeln!(err, "{line}");
        }
    }

    fn finish(&self) {
        if self.terminal {
            eprintln!();
        }
    }
}

fn show(args: &ShowArgs) -> Result<()> {
    let Some(book) = open_book(args.book.as_deref(), args.rules)? else {
        outln!("no book for {} rules", args.rules);
        return Ok(());
    };
    outln!(
        "book: {} rules, {} positions, depth {}, {} plies, margin {:.2} seeds",
        book.rules(),
        book.len(),
        book.depth(),
        book.plies(),
        f32::from(book.margin()) / 100.0
    );
    let start = oware_core::Position::default();
    let game = start::game_from(start, args.rules, args.transcript.as_deref())?;
    match book_line(&book, &game) {
        Some(line) => outln!("{line}"),
        None => outln!("not in the book"),
    }
    Ok(())
}

/// `book: C (+0.81), E (+0.50)`, or `None` when the book has no move for the game.
pub(crate) fn book_line(book: &Book, game: &oware_core::Game) -> Option<String> {
    let moves = book.moves(game);
    (!moves.is_empty()).then(|| {
        let listed: Vec<String> = moves.iter().map(ToString::to_string).collect();
        format!("book: {}", listed.join(", "))
    })
}
