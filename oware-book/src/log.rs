//! The build's append-only log: one line per analysed position, written as
//! soon as its search ends, so an interrupted build continues where it
//! stopped. Plain text, for people too:
//!
//! ```text
//! oware book log 1: abapa rules, depth 16
//! EcAb A-12 B-250 C-19 D-88 E+156 F-188
//! ```
//!
//! A line is the transcript that reached the position (`-` for the opening)
//! and every legal move's score in hundredths of a seed for the mover. All
//! moves are logged, not only those within the margin, so the same log
//! serves a rebuild with another margin or more plies.

use core::fmt;
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Seek, Write};
use std::path::{Path, PathBuf};

use oware_core::{Game, House, Position, Rules, Transcript};

use crate::book::{Key, key};

/// Why a log cannot be used.
#[derive(Debug)]
pub enum LogError {
    /// The log could not be read or written.
    Io {
        /// The log file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The log was made with other settings than the build asks for.
    Settings {
        /// The log file.
        path: String,
        /// Its first line.
        found: String,
        /// The first line this build would write.
        wanted: String,
    },
    /// A line that cannot be read back.
    Line {
        /// The log file.
        path: String,
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        problem: String,
    },
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogError::Io { path, source } => write!(f, "{path}: {source}"),
            LogError::Settings {
                path,
                found,
                wanted,
            } => write!(
                f,
                "{path} was made by another build (`{found}`, this one is `{wanted}`): \
                 build with its settings, or delete it to start afresh"
            ),
            LogError::Line {
                path,
                line,
                problem,
            } => write!(f, "{path}, line {line}: {problem}"),
        }
    }
}

// The cause's message is already part of this error's own,
// so it is not handed on as `source()` too: a reporter that prints the
// chain (anyhow's `{:#}`) would print it twice.
impl std::error::Error for LogError {}

/// Every legal move's score at a position, in hundredths of a seed for the mover.
pub type Scores = Vec<(House, i32)>;

/// The log of a build: the positions analysed so far, and the file to add to.
pub struct Log {
    path: PathBuf,
    file: File,
    analysed: HashMap<Key, Scores>,
}

impl Log {
    /// Opens the log at `path` for a build under `rules` at `depth`,
    /// reading what it holds, or creates it. A last line cut short (the
    /// build was stopped while writing it) is dropped.
    ///
    /// # Errors
    /// When the file cannot be read or written, was made with other rules
    /// or depth, or has a line that is not a position and its scores.
    pub fn open(path: impl AsRef<Path>, rules: Rules, depth: u32) -> Result<Log, LogError> {
        let path = path.as_ref().to_path_buf();
        let name = path.display().to_string();
        let io = |source| LogError::Io {
            path: name.clone(),
            source,
        };
        let header = format!("oware book log 1: {rules} rules, depth {depth}");
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(&path)
            .map_err(io)?;
        let mut analysed = HashMap::new();
        let mut complete = 0u64;
        let mut reader = BufReader::new(&file);
        let mut text = String::new();
        let mut number = 0;
        loop {
            text.clear();
            let read = reader.read_line(&mut text).map_err(io)?;
            if read == 0 || !text.ends_with('\n') {
                break;
            }
            number += 1;
            let line = text.trim_end();
            if number == 1 {
                if line != header {
                    return Err(LogError::Settings {
                        path: name,
                        found: line.to_owned(),
                        wanted: header,
                    });
                }
            } else {
                let (position, scores) =
                    parse_line(line, rules).map_err(|problem| LogError::Line {
                        path: name.clone(),
                        line: number,
                        problem,
                    })?;
                analysed.insert(key(position), scores);
            }
            complete += read as u64;
        }
        drop(reader);
        // Drop a last line cut short, so new lines start on a line of their own.
        file.set_len(complete).map_err(io)?;
        file.seek(std::io::SeekFrom::End(0)).map_err(io)?;
        if complete == 0 {
            writeln!(file, "{header}").map_err(io)?;
        }
        Ok(Log {
            path,
            file,
            analysed,
        })
    }

    /// The scores logged for `position`, if it was analysed.
    #[must_use]
    pub fn get(&self, position: Position) -> Option<&Scores> {
        self.analysed.get(&key(position))
    }

    /// How many positions the log holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.analysed.len()
    }

    /// Whether the log holds no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.analysed.is_empty()
    }

    /// Adds the game's position with its scores, written through at once.
    ///
    /// # Errors
    /// When the line cannot be written.
    pub fn append(&mut self, game: &Game, scores: Scores) -> Result<(), LogError> {
        let mut line = game.transcript().to_string();
        if line.is_empty() {
            line.push('-');
        }
        for (house, centi) in &scores {
            line.push_str(&format!(" {house}{centi:+}"));
        }
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .map_err(|source| LogError::Io {
                path: self.path.display().to_string(),
                source,
            })?;
        self.analysed.insert(key(game.position()), scores);
        Ok(())
    }
}

/// A log line read back: the position its transcript reaches, and the scores,
/// one for each legal move there.
fn parse_line(line: &str, rules: Rules) -> Result<(Position, Scores), String> {
    let mut words = line.split(' ');
    let moves = words.next().unwrap_or_default();
    let transcript: Transcript = match moves {
        "-" => Transcript::default(),
        _ => moves
            .parse()
            .map_err(|e| format!("transcript `{moves}`: {e}"))?,
    };
    let game = Game::replay(oware_core::Position::OPENING, rules, &transcript)
        .map_err(|e| format!("transcript `{moves}`: {e}"))?;
    let mut scores = Vec::new();
    for word in words {
        let bad = || format!("`{word}` is not a house and a score such as `E+156`");
        let mut chars = word.chars();
        let house = chars.next().and_then(House::from_letter).ok_or_else(bad)?;
        let centi: i32 = chars.as_str().parse().map_err(|_| bad())?;
        if !game.legal_moves().contains(house) || scores.iter().any(|&(h, _)| h == house) {
            return Err(format!(
                "`{word}`: {house} is not a legal move there, or twice"
            ));
        }
        scores.push((house, centi));
    }
    if scores.len() != game.legal_moves().len() {
        return Err(format!(
            "{} scores for {} legal moves",
            scores.len(),
            game.legal_moves().len()
        ));
    }
    Ok((game.position(), scores))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temporary(name: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("oware-book-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    fn scores_of(game: &Game) -> Scores {
        game.legal_moves()
            .iter()
            .enumerate()
            .map(|(i, h)| (h, i as i32 * 10 - 25))
            .collect()
    }

    #[test]
    fn a_log_reads_back_and_drops_a_line_cut_short() {
        let path = temporary("resume.log");
        let mut game = Game::new(Rules::ABAPA);
        {
            let mut log = Log::open(&path, Rules::ABAPA, 9).expect("a new log");
            log.append(&game, scores_of(&game)).expect("written");
            game.play(House::E).expect("legal");
            log.append(&game, scores_of(&game)).expect("written");
        }
        // A build stopped in the middle of a line.
        let mut file = OpenOptions::new().append(true).open(&path).expect("open");
        file.write_all(b"EcA A+1 B").expect("written");
        drop(file);

        let mut log = Log::open(&path, Rules::ABAPA, 9).expect("the log reads");
        assert_eq!(log.len(), 2);
        assert_eq!(log.get(game.position()), Some(&scores_of(&game)));
        game.play(House::c).expect("legal");
        log.append(&game, scores_of(&game)).expect("written");
        drop(log);
        let text = std::fs::read_to_string(&path).expect("read");
        assert_eq!(
            text,
            "oware book log 1: abapa rules, depth 9\n\
             - A-25 B-15 C-5 D+5 E+15 F+25\n\
             E a-25 b-15 c-5 d+5 e+15 f+25\n\
             Ec A-25 B-15 C-5 D+5 F+15\n"
        );
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn a_log_of_other_settings_or_a_bad_line_is_refused() {
        let path = temporary("settings.log");
        drop(Log::open(&path, Rules::ABAPA, 9).expect("a new log"));
        let error = Log::open(&path, Rules::ABAPA, 12).err().expect("refused");
        assert!(error.to_string().contains("was made by another build"));

        let header = "oware book log 1: abapa rules, depth 9\n";
        for (line, problem) in [
            ("EE A+1", "transcript `EE`: "),
            ("- A+1 B+2", "2 scores for 6 legal moves"),
            (
                "E a+1 b c+3",
                "`b` is not a house and a score such as `E+156`",
            ),
            ("E A+1", "`A+1`: A is not a legal move there, or twice"),
        ] {
            std::fs::write(
                &path,
                format!("{header}- A+1 B+2 C+3 D+4 E+5 F+6\n{line}\n"),
            )
            .expect("written");
            let error = Log::open(&path, Rules::ABAPA, 9).err().expect("refused");
            let prefix = format!("{}, line 3: {problem}", path.display());
            assert!(error.to_string().starts_with(&prefix), "{error}");
        }
        let _ = std::fs::remove_file(&path);
    }
}
