//! `oware puzzle list` and `oware puzzle check`: a puzzle file, one puzzle
//! a line or counted by theme, rating band and proof; and every puzzle
//! proved again.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use oware_puzzle::{Prover, Puzzle, PuzzleSet, Theme};

/// One puzzle a line: id, rules, fen, goal, solution line, themes, rating,
/// how it was proved (and how its uniqueness is known).
#[derive(clap::Args, Debug)]
pub(crate) struct ListArgs {
    /// The puzzle file [default: the shipped set].
    #[arg(long, value_name = "FILE")]
    file: Option<PathBuf>,
    /// Your mistakes to retry, as `oware analyze` saved them
    /// (mistakes.bin beside your puzzle ratings), instead of a file.
    #[arg(long, conflicts_with = "file")]
    mistakes: bool,
    /// `text` (columns) or `jsonl` (a JSON object a line).
    #[arg(long, value_name = "F", default_value = "text", value_parser = ["text", "jsonl"])]
    format: String,
    /// Instead of the puzzles, their counts: per theme, per rating band
    /// and per kind of proof, as the guide's table.
    #[arg(long, conflicts_with = "format")]
    stats: bool,
}

/// Prove every puzzle of a file again, with the settings it was built
/// with; name each that fails, and fail if any does.
#[derive(clap::Args, Debug)]
pub(crate) struct CheckArgs {
    /// The puzzle file [default: the shipped set].
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
}

/// The set in `file`, or the shipped one.
pub(crate) fn open(file: Option<&PathBuf>) -> Result<PuzzleSet> {
    match file {
        Some(path) => PuzzleSet::open(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display())),
        None => Ok(PuzzleSet::shipped()),
    }
}

/// A string as JSON writes it.
fn json(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The puzzle as one JSON object.
pub(crate) fn to_json(puzzle: &Puzzle) -> String {
    let themes: Vec<String> = puzzle.themes().iter().map(|t| json(t.name())).collect();
    format!(
        "{{\"id\":{},\"rules\":{},\"fen\":{},\"goal\":{},\"line\":{},\"themes\":[{}],\"rating\":{},\"proof\":{},\"uniqueness\":{}}}",
        json(&puzzle.id()),
        json(&puzzle.rules().to_string()),
        json(&puzzle.start().to_fen()),
        json(puzzle.goal().name()),
        json(&puzzle.line_text()),
        themes.join(","),
        puzzle.rating(),
        json(puzzle.proof().name()),
        json(puzzle.uniqueness().name()),
    )
}

pub(crate) fn list(args: &ListArgs) -> Result<()> {
    let set = if args.mistakes {
        let path = super::mistakes::default_path()
            .context("no place for your mistakes: set HOME or XDG_DATA_HOME")?;
        super::mistakes::read(&path, PuzzleSet::shipped().settings())?
    } else {
        open(args.file.as_ref())?
    };
    // Written through the lock with errors handed back, so a reader that
    // goes away (`| head`) ends the command quietly.
    let out = &mut std::io::stdout().lock();
    if args.stats {
        write!(out, "{}", stats(&set))?;
        return Ok(());
    }
    for puzzle in set.puzzles() {
        if args.format == "jsonl" {
            writeln!(out, "{}", to_json(puzzle))?;
        } else {
            writeln!(
                out,
                "{} {:<6} {} {:<4} {:<11} {:>4} {}/{} {}",
                puzzle.id(),
                puzzle.rules().to_string(),
                puzzle.start().to_fen(),
                puzzle.goal().name(),
                puzzle.line_text(),
                puzzle.rating(),
                puzzle.proof().name(),
                puzzle.uniqueness().name(),
                puzzle.themes()
            )?;
        }
    }
    Ok(())
}

/// The rating bands of the counts.
const BANDS: [(u16, u16); 6] = [
    (0, 699),
    (700, 999),
    (1000, 1299),
    (1300, 1599),
    (1600, 1899),
    (1900, u16::MAX),
];

fn band_name((low, high): (u16, u16)) -> String {
    match (low, high) {
        (0, h) => format!("under {}", h + 1),
        (l, u16::MAX) => format!("{l} and over"),
        (l, h) => format!("{l}–{h}"),
    }
}

/// The counts as Markdown tables: per rules, theme, rating band and proof.
fn stats(set: &PuzzleSet) -> String {
    let puzzles = set.puzzles();
    let mut out = format!("{} puzzles.\n\n", puzzles.len());
    let mut table = |title: &str, rows: Vec<(String, usize)>| {
        out.push_str(&format!("| {title} | puzzles |\n|---|---:|\n"));
        for (name, count) in rows {
            out.push_str(&format!("| {name} | {count} |\n"));
        }
        out.push('\n');
    };
    let mut rules: BTreeMap<String, usize> = BTreeMap::new();
    for p in puzzles {
        *rules.entry(p.rules().to_string()).or_default() += 1;
    }
    table("rules", rules.into_iter().collect());
    table(
        "theme",
        Theme::ALL
            .iter()
            .map(|&t| {
                let n = puzzles.iter().filter(|p| p.themes().contains(t)).count();
                (t.name().to_owned(), n)
            })
            .collect(),
    );
    table(
        "starting rating",
        BANDS
            .iter()
            .map(|&(low, high)| {
                let n = puzzles
                    .iter()
                    .filter(|p| (low..=high).contains(&p.rating()))
                    .count();
                (band_name((low, high)), n)
            })
            .collect(),
    );
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    for p in puzzles {
        let kind = format!(
            "{}, {} uniqueness, {}",
            p.proof().name(),
            p.uniqueness().name(),
            p.goal().name()
        );
        *kinds.entry(kind).or_default() += 1;
    }
    table("proof, uniqueness, goal", kinds.into_iter().collect());
    let mut lengths: BTreeMap<usize, usize> = BTreeMap::new();
    for p in puzzles {
        *lengths.entry(p.line().len().div_ceil(2)).or_default() += 1;
    }
    table(
        "solver moves",
        lengths
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    );
    out
}

pub(crate) fn check(args: &CheckArgs) -> Result<()> {
    let set = open(args.file.as_ref())?;
    let mut prover = Prover::new(set.settings());
    let out = &mut std::io::stdout().lock();
    let started = Instant::now();
    let mut failed = 0;
    for (n, puzzle) in set.puzzles().iter().enumerate() {
        if let Err(error) = prover.check(puzzle) {
            failed += 1;
            writeln!(out, "{} fails: {error}", puzzle.id())?;
        }
        if (n + 1) % 100 == 0 {
            eprintln!("{}/{} checked", n + 1, set.puzzles().len());
        }
    }
    writeln!(
        out,
        "{} puzzles checked in {:.1} s: {} failed",
        set.puzzles().len(),
        started.elapsed().as_secs_f64(),
        failed
    )?;
    if failed > 0 {
        bail!(
            "{failed} of {} puzzles failed their proof",
            set.puzzles().len()
        );
    }
    Ok(())
}
