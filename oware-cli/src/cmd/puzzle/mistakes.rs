//! Learning from mistakes: the puzzles `oware analyze` finds where a move
//! threw away a result its player could force, kept in the data directory
//! next to the ratings (mistakes.bin, oware-puzzle's file format), and
//! `oware puzzle --mistakes`, which retries them one after another.
//!
//! The file is the queue, oldest first: `analyze` adds what it finds (a
//! puzzle already there is not added again), a puzzle solved without a
//! miss leaves it. Every write reads the file again and replaces it whole
//! (a temporary file renamed over it), so a kill never leaves half a file,
//! and a damaged file is never written over: the error names it and what
//! is wrong, and it stays as it was.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow};
use oware_puzzle::{Puzzle, PuzzleSet, Settings};

use super::solve::{self, Outcome};
use super::store::{self, Store};
use crate::output_file::{Existing, Output};

/// The file's name, in the ratings' directory.
const FILE_NAME: &str = "mistakes.bin";

/// The mistakes file: mistakes.bin beside the ratings file, or `None`
/// with no HOME and no XDG_DATA_HOME.
pub(crate) fn default_path() -> Option<PathBuf> {
    store::default_path().map(|ratings| ratings.with_file_name(FILE_NAME))
}

/// The mistakes kept at `path` (none for a missing file), proved with
/// `settings` when there are none yet.
///
/// # Errors
/// The file cannot be read, or is damaged: the error names the file and
/// what is wrong, and says it is left as it is.
pub(crate) fn read(path: &Path, settings: Settings) -> Result<PuzzleSet> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(PuzzleSet::new(settings, Vec::new()));
        }
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    PuzzleSet::from_bytes(&bytes).map_err(|e| {
        anyhow!(
            "{}: {e}; it is left as it is (move it away to start a new one)",
            path.display()
        )
    })
}

/// The mistakes file, checked before any long work: a place for it is
/// known, what is there reads, and its folder (made if need be) takes a
/// new file.
pub(crate) struct Queue {
    output: Output,
    settings: Settings,
}

impl Queue {
    /// Checks the mistakes file at `path` for puzzles proved with `settings`.
    ///
    /// # Errors
    /// The folder cannot be made or written, or the file there is damaged.
    pub(crate) fn check(path: &Path, settings: Settings) -> Result<Queue> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot make {}", dir.display()))?;
        }
        read(path, settings)?;
        let output = Output::check(path, "the mistakes file", Existing::Continue)?;
        Ok(Queue { output, settings })
    }

    /// The file's path.
    pub(crate) fn path(&self) -> &Path {
        self.output.path()
    }

    /// Adds `puzzle` to the file unless it is there; whether it was added.
    ///
    /// # Errors
    /// The file has become unreadable, or cannot be written.
    pub(crate) fn add(&self, puzzle: &Puzzle) -> Result<bool> {
        let set = read(self.path(), self.settings)?;
        // Puzzles proved before with other settings are kept: the file
        // takes today's settings, the ones the new puzzles were proved with.
        let mut set = PuzzleSet::new(self.settings, set.puzzles().to_vec());
        if !set.add(puzzle.clone()) {
            return Ok(false);
        }
        self.output.write(&set.to_bytes())?;
        Ok(true)
    }

    /// How many mistakes the file holds.
    ///
    /// # Errors
    /// The file has become unreadable.
    pub(crate) fn len(&self) -> Result<usize> {
        Ok(read(self.path(), self.settings)?.puzzles().len())
    }
}

/// Removes the puzzle `id` from the mistakes file at `path`.
fn remove(path: &Path, id: &str) -> Result<()> {
    let set = read(path, Settings::SHIPPED)?;
    let kept: Vec<Puzzle> = set
        .puzzles()
        .iter()
        .filter(|p| p.id() != id)
        .cloned()
        .collect();
    let output = Output::check(path, "the mistakes file", Existing::Continue)?;
    output.write(&PuzzleSet::new(set.settings(), kept).to_bytes())
}

/// What to type to get mistakes to retry.
const HOW_TO_GET_SOME: &str = "`oware analyze GAME.ogn` goes through a game of yours and saves the moves that threw away a win or a draw you could force, as puzzles to retry here.";

/// `oware puzzle --mistakes`: the saved mistakes solved at the prompt one
/// after another, each in the same session as any puzzle, reading `input`
/// and writing to `out`; one solved without a miss leaves the file.
/// `quit` or the end of the input stops, and the end says how many are left.
pub(crate) fn retry(day: i64, input: &mut impl BufRead, out: &mut impl Write) -> Result<()> {
    let path = default_path().context("no place for your mistakes: set HOME or XDG_DATA_HOME")?;
    let ratings = store::default_path()
        .context("no place for your puzzle rating: set HOME or XDG_DATA_HOME")?;
    store::check_path(&ratings)?;
    let set = read(&path, Settings::SHIPPED)?;
    if set.puzzles().is_empty() {
        writeln!(out, "No mistakes saved to retry. {HOW_TO_GET_SOME}")?;
        return Ok(());
    }
    let total = set.puzzles().len();
    let save = |store: &Store| store.write(&ratings);
    let mut solved = 0;
    for (n, puzzle) in set.puzzles().iter().enumerate() {
        writeln!(
            out,
            "Mistake {} of {total}: from a game you analysed, the move played here threw the result away.",
            n + 1
        )?;
        let session = solve::Session {
            settings: set.settings(),
            store: Store::read(&ratings)?,
            save: &save,
            day,
        };
        match solve::session(puzzle, session, input, out)? {
            Outcome::Solved { missed: false } => {
                remove(&path, &puzzle.id())?;
                solved += 1;
            }
            Outcome::Solved { missed: true } => writeln!(
                out,
                "It stays with your mistakes until you solve it without a miss."
            )?,
            Outcome::Stopped => {
                writeln!(out)?;
                break;
            }
        }
        writeln!(out)?;
    }
    let left = read(&path, set.settings())?.puzzles().len();
    let solved_words = match solved {
        1 => "1 mistake solved".to_owned(),
        n => format!("{n} mistakes solved"),
    };
    match left {
        0 => writeln!(out, "{solved_words}; none left to retry.")?,
        1 => writeln!(
            out,
            "{solved_words}; 1 left to retry (oware puzzle --mistakes)."
        )?,
        n => writeln!(
            out,
            "{solved_words}; {n} left to retry (oware puzzle --mistakes)."
        )?,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::{Position, Rules};
    use oware_puzzle::Prover;

    #[test]
    fn the_queue_adds_once_removes_and_keeps_a_damaged_file() {
        let dir = std::env::temp_dir().join(format!("oware-mistakes-queue-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("oware").join(FILE_NAME);
        let settings = Settings {
            depth: 6,
            egdb_seeds: 6,
            margin_centi: 200,
        };
        let start = Position::from_fen("0-1-0-0-0-1-2-0-0-0-0-1-22-21-S").unwrap();
        let puzzle = Prover::new(settings)
            .puzzle_at(start, Rules::ABAPA)
            .unwrap();
        let queue = Queue::check(&path, settings).unwrap();
        assert_eq!(queue.len().unwrap(), 0);
        assert!(queue.add(&puzzle).unwrap());
        assert!(!queue.add(&puzzle).unwrap());
        assert_eq!(queue.len().unwrap(), 1);
        assert_eq!(read(&path, settings).unwrap().settings(), settings);
        // A damaged file is refused, named, and left as it was.
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x40;
        std::fs::write(&path, &bytes).unwrap();
        let error = queue.add(&puzzle).unwrap_err().to_string();
        assert!(
            error.contains(&path.display().to_string()) && error.contains("checksum"),
            "{error}"
        );
        assert!(Queue::check(&path, settings).is_err());
        assert_eq!(std::fs::read(&path).unwrap(), bytes);
        // Sound again, the puzzle solved leaves it.
        bytes[last] ^= 0x40;
        std::fs::write(&path, &bytes).unwrap();
        remove(&path, &puzzle.id()).unwrap();
        assert_eq!(queue.len().unwrap(), 0);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
