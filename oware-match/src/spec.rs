//! Engines named on a command line, in the manner of cutechess-cli's
//! `-engine cmd=… name=… option.X=…`: comma-separated `key=value` pairs,
//! or `level:N` for a level of our own engine played in-process. A first
//! part without `=` is the command: `oware uci,name=A` is `cmd=oware uci,name=A`.
//!
//! ```text
//! cmd=oware uci,name=A,option.Hash=64,movetime=100
//! cmd=./my-engine --quiet,tc=10+0.1
//! cmd=oware uci,level=14          (the level's depth and time, over the protocol)
//! level:17                        (in-process, with the level's noise and limits)
//! level:9,name=weak,depth=3
//! ```

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

use oware_core::Rules;
use oware_player::Level;

use crate::control::Budget;
use crate::player::{Player, SearchPlayer};
use crate::process::{EngineCommand, ProcessPlayer};
use crate::tournament::Contestant;

/// What plays: a program, or a level of our engine in the runner's process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// A program speaking the engine protocol: the words of `cmd=`.
    Process(Vec<String>),
    /// Our engine at a level, without a process.
    Level(Level),
}

/// An engine as described on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// What plays.
    pub kind: EngineKind,
    /// `name=`, if given.
    pub name: Option<String>,
    /// `option.X=V` pairs, in order: sent as `setoption name X value V`.
    pub options: Vec<(String, String)>,
    /// `level=N` with `cmd=`: play under the level's depth and time.
    pub level: Option<Level>,
    /// `depth=`, `nodes=`, `movetime=` (ms) and `tc=`: the engine's own budget.
    pub budget: Budget,
}

/// Why an engine description was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// A part that is not `key=value` (nor `level:N` first).
    NotAPair(String),
    /// A key this runner does not know.
    UnknownKey(String),
    /// A key given a value it cannot take.
    BadValue {
        /// The key.
        key: String,
        /// The value.
        value: String,
        /// What it should be.
        expected: &'static str,
    },
    /// Neither `cmd=` nor `level:N`, or both.
    NoEngine(String),
    /// A key given twice where only one makes sense.
    Repeated(String),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::NotAPair(part) => write!(f, "`{part}` is not key=value"),
            SpecError::UnknownKey(key) => write!(
                f,
                "unknown key `{key}` (the keys are cmd, name, option.NAME, level, depth, nodes, movetime, tc)"
            ),
            SpecError::BadValue {
                key,
                value,
                expected,
            } => write!(f, "{key}=`{value}`: expected {expected}"),
            SpecError::Repeated(key) => write!(f, "`{key}` is given twice"),
            SpecError::NoEngine(spec) => write!(
                f,
                "`{spec}` names no engine: give cmd=PROGRAM ARGS… or level:N (not both)"
            ),
        }
    }
}

impl std::error::Error for SpecError {}

/// Parses `value` for `key`, or says what was expected.
fn value<T: FromStr>(key: &str, value: &str, expected: &'static str) -> Result<T, SpecError> {
    value.parse().map_err(|_| SpecError::BadValue {
        key: key.to_owned(),
        value: value.to_owned(),
        expected,
    })
}

/// [`value`], refusing 0.
fn positive<T: FromStr + Default + PartialEq>(
    key: &str,
    v: &str,
    expected: &'static str,
) -> Result<T, SpecError> {
    let n: T = value(key, v, expected)?;
    if n == T::default() {
        return Err(SpecError::BadValue {
            key: key.to_owned(),
            value: v.to_owned(),
            expected,
        });
    }
    Ok(n)
}

impl FromStr for EngineSpec {
    type Err = SpecError;

    /// ```
    /// use oware_match::{EngineKind, EngineSpec};
    /// use std::time::Duration;
    /// let spec: EngineSpec = "cmd=oware uci,name=A,option.Hash=64,movetime=100".parse()?;
    /// assert_eq!(spec.kind, EngineKind::Process(vec!["oware".into(), "uci".into()]));
    /// assert_eq!(spec.options, [("Hash".to_owned(), "64".to_owned())]);
    /// assert_eq!(spec.budget.movetime, Some(Duration::from_millis(100)));
    /// let level: EngineSpec = "level:17".parse()?;
    /// assert_eq!(level.display_name(), "level 17");
    /// assert_eq!(
    ///     "level:20".parse::<EngineSpec>().unwrap_err().to_string(),
    ///     "level=`20`: expected a level from 1 to 19"
    /// );
    /// # Ok::<(), oware_match::SpecError>(())
    /// ```
    fn from_str(text: &str) -> Result<EngineSpec, SpecError> {
        let mut command: Option<Vec<String>> = None;
        let mut in_process = None;
        let mut spec = EngineSpec {
            kind: EngineKind::Process(Vec::new()),
            name: None,
            options: Vec::new(),
            level: None,
            budget: Budget::default(),
        };
        for (index, part) in text.split(',').map(str::trim).enumerate() {
            if index == 0
                && let Some(n) = part.strip_prefix("level:")
            {
                in_process = Some(value("level", n.trim(), "a level from 1 to 19")?);
                continue;
            }
            if index == 0 && !part.contains('=') {
                // A bare command first, as in `--engine "oware uci"`.
                command = Some(part.split_whitespace().map(str::to_owned).collect());
                continue;
            }
            let (key, v) = part
                .split_once('=')
                .ok_or_else(|| SpecError::NotAPair(part.to_owned()))?;
            let (key, v) = (key.trim(), v.trim());
            match key {
                "cmd" if command.is_some() => return Err(SpecError::Repeated(key.to_owned())),
                "cmd" => command = Some(v.split_whitespace().map(str::to_owned).collect()),
                "name" => spec.name = Some(v.to_owned()),
                "level" => spec.level = Some(value(key, v, "a level from 1 to 19")?),
                // A search of no plies or no nodes is no search: an engine
                // refuses it (oware-uci does), and would forfeit every game.
                "depth" => {
                    spec.budget.depth = Some(positive(key, v, "a number of plies, 1 or more")?);
                }
                "nodes" => {
                    spec.budget.nodes = Some(positive(key, v, "a number of nodes, 1 or more")?);
                }
                "movetime" => {
                    let ms: u64 = value(key, v, "milliseconds")?;
                    spec.budget.movetime = Some(Duration::from_millis(ms));
                }
                "tc" => {
                    spec.budget.clock = Some(value(key, v, "seconds+increment, such as 10+0.1")?);
                }
                _ => match key.strip_prefix("option.") {
                    Some(option) if !option.is_empty() => {
                        spec.options.push((option.to_owned(), v.to_owned()));
                    }
                    _ => return Err(SpecError::UnknownKey(key.to_owned())),
                },
            }
        }
        spec.kind = match (command, in_process) {
            (Some(words), None) if !words.is_empty() => EngineKind::Process(words),
            (None, Some(level)) => EngineKind::Level(level),
            _ => return Err(SpecError::NoEngine(text.to_owned())),
        };
        Ok(spec)
    }
}

impl EngineSpec {
    /// The name: `name=`, else the program's file name, else `level N`.
    #[must_use]
    pub fn display_name(&self) -> String {
        if let Some(name) = &self.name {
            return name.clone();
        }
        match &self.kind {
            EngineKind::Process(words) => std::path::Path::new(&words[0])
                .file_name()
                .map_or_else(|| words[0].clone(), |f| f.to_string_lossy().into_owned()),
            EngineKind::Level(level) => format!("level {level}"),
        }
    }

    /// The budget it plays under: its own if given; for a program with
    /// `level=N`, the level's depth and time; else the match's `default`.
    #[must_use]
    pub fn budget(&self, default: Budget) -> Budget {
        if !self.budget.is_empty() {
            return self.budget;
        }
        match (&self.kind, self.level) {
            (EngineKind::Process(_), Some(level)) => {
                let limits = level.limits();
                Budget {
                    movetime: limits.time,
                    depth: limits.depth,
                    ..Budget::default()
                }
            }
            _ => default,
        }
    }

    /// The contestant: a [`ProcessPlayer`] told the match's rules (as
    /// `setoption name Rules value R`, unless an `option.Rules` is given)
    /// with `handshake` to answer `uci` and `isready`; or a
    /// [`SearchPlayer`] seeded with `seed`.
    #[must_use]
    pub fn contestant(
        &self,
        default: Budget,
        rules: Rules,
        seed: u64,
        handshake: Duration,
    ) -> Contestant {
        let start: crate::tournament::Start = match &self.kind {
            EngineKind::Process(words) => {
                let mut options = self.options.clone();
                if let Some(name) = rules.name()
                    && !options.iter().any(|(o, _)| o.eq_ignore_ascii_case("rules"))
                {
                    options.push(("Rules".to_owned(), name.to_owned()));
                }
                let command = EngineCommand {
                    program: words[0].clone(),
                    args: words[1..].to_vec(),
                    options,
                    handshake,
                };
                Box::new(move || {
                    ProcessPlayer::start(&command).map(|p| Box::new(p) as Box<dyn Player>)
                })
            }
            &EngineKind::Level(level) => {
                Box::new(move || Ok(Box::new(SearchPlayer::new(level, seed)) as Box<dyn Player>))
            }
        };
        Contestant {
            name: self.display_name(),
            budget: self.budget(default),
            start,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        text.parse::<EngineSpec>().unwrap_err().to_string()
    }

    #[test]
    fn budgets_come_from_the_spec_the_level_or_the_match() {
        let default = Budget {
            movetime: Some(Duration::from_millis(50)),
            ..Budget::default()
        };
        let own: EngineSpec = "cmd=e,depth=5,tc=1+0.5".parse().unwrap();
        assert_eq!(own.budget(default).depth, Some(5));
        assert_eq!(own.budget(default).movetime, None);
        let level: EngineSpec = "cmd=oware uci,level=14".parse().unwrap();
        assert_eq!(level.budget(default).depth, Some(14));
        assert_eq!(level.budget(default).movetime, Some(Duration::from_secs(1)));
        let plain: EngineSpec = "level:3,name=three".parse().unwrap();
        assert_eq!(plain.budget(default), default);
        assert_eq!(plain.display_name(), "three");
        let path: EngineSpec = "cmd=/usr/bin/engine --x".parse().unwrap();
        assert_eq!(path.display_name(), "engine");
        let bare: EngineSpec = "oware uci,movetime=20".parse().unwrap();
        assert_eq!(
            bare.kind,
            EngineKind::Process(vec!["oware".into(), "uci".into()])
        );
        assert_eq!(bare, "cmd=oware uci,movetime=20".parse().unwrap());
    }

    #[test]
    fn bad_descriptions_say_what_is_wrong() {
        assert_eq!(error("cmd=e,hash"), "`hash` is not key=value");
        assert_eq!(error("e,cmd=f"), "`cmd` is given twice");
        assert_eq!(
            error("cmd=e,colour=red"),
            "unknown key `colour` (the keys are cmd, name, option.NAME, level, depth, nodes, movetime, tc)"
        );
        assert_eq!(
            error("cmd=e,movetime=fast"),
            "movetime=`fast`: expected milliseconds"
        );
        assert_eq!(
            error("cmd=e,depth=0"),
            "depth=`0`: expected a number of plies, 1 or more"
        );
        assert_eq!(
            error("cmd=e,nodes=0"),
            "nodes=`0`: expected a number of nodes, 1 or more"
        );
        assert_eq!(
            error("cmd=e,tc=10+"),
            "tc=`10+`: expected seconds+increment, such as 10+0.1"
        );
        assert_eq!(
            error("name=x"),
            "`name=x` names no engine: give cmd=PROGRAM ARGS… or level:N (not both)"
        );
        assert_eq!(
            error("level:3,cmd=e"),
            "`level:3,cmd=e` names no engine: give cmd=PROGRAM ARGS… or level:N (not both)"
        );
        assert_eq!(
            error("cmd="),
            "`cmd=` names no engine: give cmd=PROGRAM ARGS… or level:N (not both)"
        );
        assert_eq!(
            error("cmd=e,option.=1"),
            "unknown key `option.` (the keys are cmd, name, option.NAME, level, depth, nodes, movetime, tc)"
        );
    }
}
