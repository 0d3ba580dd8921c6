//! The endings the player has won, kept in the data directory:
//! $XDG_DATA_HOME/oware/practice.txt, else ~/.local/share/oware/practice.txt
//! (beside the puzzle ratings).
//!
//! One line an ending won, `won ID` (the id `oware puzzle list` shows, or
//! for a position of the player's own, the same kind of id made from its
//! rules and start). Lines starting with `#` are comments.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

/// The file, or `None` with no HOME and no XDG_DATA_HOME.
pub(super) fn default_path() -> Option<PathBuf> {
    let var = |name| std::env::var_os(name).filter(|value| !value.is_empty());
    if let Some(data) = var("XDG_DATA_HOME") {
        return Some(PathBuf::from(data).join("oware/practice.txt"));
    }
    var("HOME").map(|home| PathBuf::from(home).join(".local/share/oware/practice.txt"))
}

/// The endings won.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Progress {
    pub(super) won: BTreeSet<String>,
}

impl Progress {
    /// Reads `text`, the file `path` held: a line that is not a comment,
    /// blank or `won ID` is refused, naming the file and the line.
    pub(super) fn parse(text: &str, path: &Path) -> Result<Progress> {
        let mut progress = Progress::default();
        for (n, line) in text.lines().enumerate() {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words[..] {
                [] => {}
                [first, ..] if first.starts_with('#') => {}
                ["won", id] => {
                    progress.won.insert(id.to_owned());
                }
                _ => bail!(
                    "{}, line {}: `{line}` is not a `won ID` record (the file keeps the endgame practice won; remove the line, or the file to start afresh)",
                    path.display(),
                    n + 1
                ),
            }
        }
        Ok(progress)
    }

    /// Reads the file at `path`; a missing file is a newcomer's.
    pub(super) fn read(path: &Path) -> Result<Progress> {
        if path.is_dir() {
            bail!(
                "{} is a directory, not the endgame practice file",
                path.display()
            );
        }
        match std::fs::read_to_string(path) {
            Ok(text) => Progress::parse(&text, path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Progress::default()),
            Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
        }
    }

    /// Writes the file at `path` whole (a temporary file renamed over it),
    /// making its directory if need be.
    pub(super) fn write(&self, path: &Path) -> Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot make {}", dir.display()))?;
        }
        let mut text = String::from("# oware endgame practice: the endings won, `won ID` a line\n");
        for id in &self.won {
            text.push_str(&format!("won {id}\n"));
        }
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", path.display()))?;
        std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_reads_comments_blanks_and_wins() {
        let path = Path::new("practice.txt");
        let read = Progress::parse("# comment\n\nwon abc234\n  won   xyz_99 \n", path).unwrap();
        assert_eq!(
            read.won.iter().map(String::as_str).collect::<Vec<_>>(),
            ["abc234", "xyz_99"]
        );
    }

    #[test]
    fn a_damaged_line_is_named_with_its_file() {
        let path = Path::new("/data/practice.txt");
        for bad in ["won", "won a b", "lost abc234", "abc234"] {
            let text = format!("won ok1234\n{bad}\n");
            let error = Progress::parse(&text, path).unwrap_err().to_string();
            assert!(
                error.starts_with(&format!("/data/practice.txt, line 2: `{bad}` is not")),
                "{error}"
            );
        }
    }

    #[test]
    fn the_file_is_written_whole_and_reads_back() {
        let dir = std::env::temp_dir().join(format!("oware-practice-{}", std::process::id()));
        let path = dir.join("oware/practice.txt");
        let mut progress = Progress::default();
        progress.won.insert("abc234".to_owned());
        progress.write(&path).unwrap();
        assert_eq!(Progress::read(&path).unwrap(), progress);
        assert!(!dir.join("oware/practice.txt.tmp").exists());
        let missing = Progress::read(&dir.join("none.txt")).unwrap();
        assert!(missing.won.is_empty());
        let error = Progress::read(&dir).unwrap_err().to_string();
        assert!(error.contains("is a directory"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
