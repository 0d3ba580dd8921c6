//! `oware puzzle build`: mine the puzzles of game files, resumably, with
//! progress on stderr.
//!
//! The games are taken in turn from each file (so a build stopped early
//! holds some of every file's rules). After every game the ones done are
//! appended to FILE.done, and every few games FILE is written again (a
//! temporary file renamed over it): stopped at any time, the same command
//! goes on from where it was. Two threads by default, each its own engine,
//! sharing the endgame databases built in memory at the start.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use oware_core::notation::Record;
use oware_core::{Game, Rules};
use oware_puzzle::{Prover, PuzzleSet, Settings, mine_game};

/// Build a puzzle file from game files (OGN), every puzzle proved.
///
/// Every position of every game is taken as a fresh game; where the side
/// to move can force a win (or, looking lost, a draw) with one move, and
/// the defender's best replies leave it one move each time, it becomes a
/// puzzle (two a game at most, unless --per-game). Stop it at any time and run the same
/// command again to go on: the games done are kept in FILE.done.
#[derive(clap::Args, Debug)]
pub(crate) struct BuildArgs {
    /// OGN files of games (docs/games/*.ogn, say).
    #[arg(required = true, value_name = "GAMES")]
    games: Vec<PathBuf>,
    /// The puzzle file to write (and to go on with, if it is there).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The depth of the proving searches, in plies.
    #[arg(long, value_name = "N", default_value_t = Settings::SHIPPED.depth, value_parser = clap::value_parser!(u8).range(2..=30))]
    depth: u8,
    /// The endgame database's seeds (built in memory) for database proofs.
    #[arg(long, value_name = "N", default_value_t = Settings::SHIPPED.egdb_seeds, value_parser = clap::value_parser!(u8).range(0..=18))]
    egdb_seeds: u8,
    /// Mine at most this many games in this run, of those not done
    /// (all, without it).
    #[arg(long, value_name = "N")]
    max_games: Option<usize>,
    /// The most puzzles taken from one game. A game mined before with
    /// another number is mined again (its puzzles found before are kept once).
    #[arg(long, value_name = "N", default_value_t = oware_puzzle::PER_GAME, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=20))]
    per_game: usize,
    /// Mine the moves that threw a forced result away instead: every
    /// position of each game where the side to move could force a win (or
    /// a draw) and played another move (slower: every position is searched).
    #[arg(long)]
    mistakes: bool,
    /// Threads, each mining its own games.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
}

/// One game to mine: where it is from (file and number) and the game.
struct Task {
    key: String,
    game: Game,
}

/// Reads every record of every file, taking one from each file in turn.
fn read_games(paths: &[PathBuf]) -> Result<Vec<Task>> {
    let mut per_file = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let mut games = Vec::new();
        for (n, record) in Record::read_each(&text).enumerate() {
            let record = record.with_context(|| format!("{}: game {}", path.display(), n + 1))?;
            if record.rules().name().is_some() {
                games.push(Task {
                    key: format!("{}#{}", path.display(), n + 1),
                    game: record.game().clone(),
                });
            }
        }
        per_file.push(games.into_iter());
    }
    let mut tasks = Vec::new();
    loop {
        let before = tasks.len();
        for games in &mut per_file {
            tasks.extend(games.next());
        }
        if tasks.len() == before {
            return Ok(tasks);
        }
    }
}

/// The line FILE.done holds for a game mined with `per_game`: its key,
/// with `@N` when N is not the default, and `!` when mined for mistakes.
fn done_key(key: &str, per_game: usize, mistakes: bool) -> String {
    let mut line = key.to_owned();
    if per_game != oware_puzzle::PER_GAME {
        line.push_str(&format!("@{per_game}"));
    }
    if mistakes {
        line.push('!');
    }
    line
}

fn done_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".done");
    PathBuf::from(name)
}

/// Writes `set` to `out` through a temporary file, sorted by id.
fn save(set: &PuzzleSet, out: &Path) -> Result<()> {
    let mut puzzles = set.puzzles().to_vec();
    puzzles.sort_by_key(oware_puzzle::Puzzle::id);
    let bytes = PuzzleSet::new(set.settings(), puzzles).to_bytes();
    let mut tmp = out.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, bytes).with_context(|| format!("cannot write {}", out.display()))?;
    std::fs::rename(&tmp, out).with_context(|| format!("cannot write {}", out.display()))
}

pub(crate) fn run(args: &BuildArgs) -> Result<()> {
    let settings = Settings {
        depth: args.depth,
        egdb_seeds: args.egdb_seeds,
        ..Settings::SHIPPED
    };
    let mut set = if args.out.exists() {
        let set = PuzzleSet::open(&args.out)
            .map_err(|e| anyhow::anyhow!("{}: {e}", args.out.display()))?;
        if set.settings() != settings {
            bail!(
                "{} was built with other settings ({:?}); give the same, or another --out",
                args.out.display(),
                set.settings()
            );
        }
        set
    } else {
        PuzzleSet::new(settings, Vec::new())
    };
    let done_file = done_path(&args.out);
    let done: HashSet<String> = std::fs::read_to_string(&done_file)
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect();
    let mut tasks: Vec<Task> = read_games(&args.games)?
        .into_iter()
        .filter(|t| !done.contains(&done_key(&t.key, args.per_game, args.mistakes)))
        .collect();
    if let Some(max) = args.max_games {
        tasks.truncate(max);
    }
    let total = tasks.len();
    eprintln!(
        "{} games to mine ({} done before), {} puzzles so far; building the endgame database ({} seeds)…",
        total,
        done.len(),
        set.puzzles().len(),
        settings.egdb_seeds
    );
    let mut prover = Prover::new(settings);
    prover.prepare(Rules::ABAPA);
    let queue = Arc::new(Mutex::new(tasks.into_iter()));
    let (per_game, mistakes) = (args.per_game, args.mistakes);
    let (sender, receiver) = mpsc::channel();
    let workers: Vec<_> = (0..args.threads)
        .map(|_| {
            let mut prover = prover.fork();
            let queue = Arc::clone(&queue);
            let sender = sender.clone();
            std::thread::spawn(move || {
                loop {
                    let task = queue.lock().expect("no thread panics holding it").next();
                    let Some(task) = task else { break };
                    let found = if mistakes {
                        let mut found: Vec<_> = oware_puzzle::mistakes(&mut prover, &task.game)
                            .into_iter()
                            .map(|(_, puzzle)| puzzle)
                            .collect();
                        found.truncate(per_game);
                        found
                    } else {
                        mine_game(&mut prover, &task.game, per_game)
                    };
                    if sender
                        .send((done_key(&task.key, per_game, mistakes), found))
                        .is_err()
                    {
                        break;
                    }
                }
            })
        })
        .collect();
    drop(sender);
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&done_file)
        .with_context(|| format!("cannot write {}", done_file.display()))?;
    let started = Instant::now();
    // The games mined since the file was last written: noted as done only
    // once their puzzles are in it.
    let mut pending = Vec::new();
    let mut flush = |set: &PuzzleSet, pending: &mut Vec<String>| -> Result<()> {
        save(set, &args.out)?;
        for key in pending.drain(..) {
            writeln!(log, "{key}")
                .with_context(|| format!("cannot write {}", done_file.display()))?;
        }
        Ok(())
    };
    for (n, (key, found)) in receiver.iter().enumerate() {
        for puzzle in found {
            set.add(puzzle);
        }
        pending.push(key);
        if pending.len() >= 10 {
            flush(&set, &mut pending)?;
        }
        let secs = started.elapsed().as_secs_f64();
        let rate = (n + 1) as f64 / secs.max(0.001);
        eprintln!(
            "game {}/{total}: {} puzzles, {:.2} games/s, {:.0} s left",
            n + 1,
            set.puzzles().len(),
            rate,
            (total - n - 1) as f64 / rate
        );
    }
    for worker in workers {
        worker.join().ok().context("a mining thread failed")?;
    }
    flush(&set, &mut pending)?;
    eprintln!(
        "{}: {} puzzles, {} bytes, in {:.0} s",
        args.out.display(),
        set.puzzles().len(),
        std::fs::metadata(&args.out).map(|m| m.len()).unwrap_or(0),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
