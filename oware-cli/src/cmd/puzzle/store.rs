//! The player's puzzle rating and history, kept in the data directory:
//! $XDG_DATA_HOME/oware/puzzles.txt, else ~/.local/share/oware/puzzles.txt
//! (the endgame database's directory's parent).
//!
//! One line a record, words separated by spaces: `player R RD σ` for the
//! player's Glicko-2 rating, and `puzzle ID R RD σ RESULT DAY` for each
//! puzzle tried (its rating after the first try, `solved` or `failed`,
//! the day as days since 1970). Lines starting with `#` are comments.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use oware_puzzle::Glicko;

/// The file, or `None` with no HOME and no XDG_DATA_HOME.
pub(crate) fn default_path() -> Option<PathBuf> {
    let var = |name| std::env::var_os(name).filter(|value| !value.is_empty());
    if let Some(data) = var("XDG_DATA_HOME") {
        return Some(PathBuf::from(data).join("oware/puzzles.txt"));
    }
    var("HOME").map(|home| PathBuf::from(home).join(".local/share/oware/puzzles.txt"))
}

/// A puzzle the player has tried.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Tried {
    pub(crate) id: String,
    pub(crate) rating: Glicko,
    pub(crate) solved: bool,
    pub(crate) day: i64,
}

/// The player's rating and the puzzles tried, oldest first.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Store {
    pub(crate) player: Glicko,
    pub(crate) tried: Vec<Tried>,
}

impl Default for Store {
    fn default() -> Store {
        Store {
            player: Glicko::NEWCOMER,
            tried: Vec::new(),
        }
    }
}

fn glicko(words: &[&str]) -> Option<Glicko> {
    let [r, rd, vol] = words else { return None };
    let g = Glicko {
        rating: r.parse().ok()?,
        deviation: rd.parse().ok()?,
        volatility: vol.parse().ok()?,
    };
    (g.rating.is_finite() && g.deviation > 0.0 && g.volatility > 0.0).then_some(g)
}

impl Store {
    /// Reads the store at `path`; a missing file is a newcomer's.
    pub(crate) fn read(path: &Path) -> Result<Store> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Store::default()),
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        let mut store = Store::default();
        for (n, line) in text.lines().enumerate() {
            let words: Vec<&str> = line.split_whitespace().collect();
            let bad = || {
                anyhow::anyhow!(
                    "{}, line {}: `{line}` is not a `player` or `puzzle` record",
                    path.display(),
                    n + 1
                )
            };
            match words.first() {
                None => {}
                Some(w) if w.starts_with('#') => {}
                Some(&"player") => store.player = glicko(&words[1..]).ok_or_else(bad)?,
                Some(&"puzzle") if words.len() == 7 => store.tried.push(Tried {
                    id: words[1].to_owned(),
                    rating: glicko(&words[2..5]).ok_or_else(bad)?,
                    solved: match words[5] {
                        "solved" => true,
                        "failed" => false,
                        _ => return Err(bad()),
                    },
                    day: words[6].parse().map_err(|_| bad())?,
                }),
                _ => return Err(bad()),
            }
        }
        Ok(store)
    }

    /// Writes the store to `path` (a temporary file renamed over it),
    /// making its directory if need be.
    pub(crate) fn write(&self, path: &Path) -> Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot make {}", dir.display()))?;
        }
        let g = |g: Glicko| format!("{:.2} {:.2} {:.6}", g.rating, g.deviation, g.volatility);
        let mut text = String::from(
            "# oware puzzle ratings (Glicko-2): player R RD volatility; puzzle ID R RD volatility result day\n",
        );
        text.push_str(&format!("player {}\n", g(self.player)));
        for t in &self.tried {
            let result = if t.solved { "solved" } else { "failed" };
            text.push_str(&format!(
                "puzzle {} {} {result} {}\n",
                t.id,
                g(t.rating),
                t.day
            ));
        }
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", path.display()))?;
        std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
    }

    /// The record of puzzle `id`, if tried.
    pub(crate) fn tried(&self, id: &str) -> Option<&Tried> {
        self.tried.iter().find(|t| t.id == id)
    }

    /// The streak: puzzles solved in a row, the last first.
    pub(crate) fn streak(&self) -> usize {
        self.tried.iter().rev().take_while(|t| t.solved).count()
    }

    /// Records a first try at a puzzle rated `puzzle` (a later try at the
    /// same puzzle changes nothing: only the first counts).
    pub(crate) fn record(&mut self, id: &str, puzzle: Glicko, solved: bool, day: i64) {
        if self.tried(id).is_some() {
            return;
        }
        let (player, rating) = oware_puzzle::attempt(self.player, puzzle, solved);
        self.player = player;
        self.tried.push(Tried {
            id: id.to_owned(),
            rating,
            solved,
            day,
        });
    }
}

/// Refuses a store path that is a directory, so a mistake is caught before play.
pub(crate) fn check_path(path: &Path) -> Result<()> {
    if path.is_dir() {
        bail!(
            "{} is a directory, not the puzzle ratings file",
            path.display()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_store_reads_back_and_counts_only_first_tries() {
        let dir = std::env::temp_dir().join(format!("oware-puzzle-store-{}", std::process::id()));
        let path = dir.join("puzzles.txt");
        let mut store = Store::default();
        store.record("abc234", Glicko::puzzle(1500), true, 20_000);
        let after = store.player;
        store.record("abc234", Glicko::puzzle(1500), false, 20_001);
        assert_eq!(store.player, after);
        assert!(after.rating > 1500.0);
        store.write(&path).unwrap();
        let read = Store::read(&path).unwrap();
        assert_eq!(read.tried.len(), 1);
        assert!((read.player.rating - after.rating).abs() < 0.01);
        std::fs::write(&path, "player 1500 x 0.06\n").unwrap();
        let error = Store::read(&path).unwrap_err().to_string();
        assert!(error.contains("line 1"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
