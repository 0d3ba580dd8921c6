//! The default endgame database ([`Extent::DEFAULT`], in the default
//! directory) in words (what it is, its size on disk, its build time here,
//! what it is worth) for `oware egdb`, `oware uci` and `oware play`; and
//! `oware play`'s offer to build it: when to make it, and the answer.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use oware_egdb::{Extent, Ruleset};

/// The environment variable that turns `oware play`'s offer off when set
/// to anything but empty or `0`.
pub(crate) const NO_OFFER: &str = "OWARE_NO_EGDB_OFFER";

/// What the default database is worth, as measured: the figure every
/// message cites, with where it is recorded.
pub(crate) const WORTH: &str = "+80 ± 24 Elo in self-play at 100 ms a move under Aualé's rule over 400 games (docs/endgames.md)";

/// A size on disk as a person reads it: `452 MB`, `11.1 GB`.
pub(crate) struct DiskSize(pub(crate) u64);

impl std::fmt::Display for DiskSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mb = self.0 as f64 / 1e6;
        if mb < 10.0 {
            write!(f, "{mb:.1} MB")
        } else if mb < 1000.0 {
            write!(f, "{mb:.0} MB")
        } else {
            write!(f, "{:.1} GB", mb / 1000.0)
        }
    }
}

/// A build time as an estimate reads: `about 90 s`, `about 4 minutes`.
pub(crate) struct About(pub(crate) Duration);

impl std::fmt::Display for About {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let seconds = self.0.as_secs_f64();
        match seconds < 120.0 {
            true => write!(
                f,
                "about {} s",
                (seconds / 10.0).ceil().max(1.0) as u64 * 10
            ),
            false => write!(f, "about {} minutes", (seconds / 60.0).ceil() as u64),
        }
    }
}

/// The cores a build here uses: all of them.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The time to build `positions` positions of `ruleset` here: `about 60 s
/// to build here (estimated for 2 cores)`.
pub(crate) fn build_time(ruleset: Ruleset, positions: u64) -> String {
    let cores = cores();
    let estimate = About(oware_egdb::build_estimate(ruleset, positions, cores));
    let cores = match cores {
        1 => "1 core".to_owned(),
        n => format!("{n} cores"),
    };
    format!("{estimate} to build here (estimated for {cores})")
}

/// `abapa's up to 20 seeds: 452 MB on disk, about 60 s to build here
/// (estimated for 2 cores)`.
pub(crate) fn describe(extent: Extent) -> String {
    format!(
        "{}'s up to {} seeds: {} on disk, {}",
        extent.ruleset,
        extent.max_seeds,
        DiskSize(extent.disk_len()),
        build_time(extent.ruleset, extent.positions()),
    )
}

/// How to install the database of `ruleset` that is missing, and what it
/// adds: the line `oware uci` and `oware egdb` give.
pub(crate) fn how_to_install(ruleset: Ruleset) -> String {
    let default = Extent::DEFAULT;
    if ruleset == default.ruleset {
        return format!(
            "`oware egdb build` installs {}; it is worth {WORTH}",
            describe(default)
        );
    }
    let extent = Extent {
        ruleset,
        max_seeds: default.max_seeds,
    };
    format!(
        "`oware egdb build --rules {ruleset}` installs {}; its worth is not measured",
        describe(extent)
    )
}

/// What `oware play` knows when it starts without an endgame database.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Start {
    /// Whether stdin is a terminal: piped moves never meet a question.
    pub(crate) interactive: bool,
    /// `--no-egdb`: no database at all.
    pub(crate) no_egdb: bool,
    /// `--egdb DIR`: the database was named, so its absence is an error
    /// already, not a question.
    pub(crate) dir_given: bool,
    /// Whether [`NO_OFFER`] turns the offer off ([`turned_off`]).
    pub(crate) no_offer: bool,
    /// Whether a database was found for the rules.
    pub(crate) found: bool,
    /// The database the rules use, if any.
    pub(crate) ruleset: Option<Ruleset>,
}

impl Start {
    /// Whether to offer to build the default database: only to a person
    /// at a terminal, who turned neither the database nor the offer off,
    /// playing rules the default serves, with no database found.
    pub(crate) fn offers(self) -> bool {
        self.interactive
            && !self.no_egdb
            && !self.dir_given
            && !self.no_offer
            && !self.found
            && self.ruleset == Some(Extent::DEFAULT.ruleset)
    }
}

/// Whether [`NO_OFFER`]'s value (`None` when unset) turns the offer off:
/// any value but empty or `0`.
pub(crate) fn turned_off(value: Option<&str>) -> bool {
    value.is_some_and(|value| !value.is_empty() && value != "0")
}

/// The answer to a yes-or-no question: Enter alone is yes (the question
/// shows `[Y/n]`); `None` for anything else.
pub(crate) fn parse_answer(line: &str) -> Option<bool> {
    match line.trim().to_ascii_lowercase().as_str() {
        "" | "y" | "yes" => Some(true),
        "n" | "no" => Some(false),
        _ => None,
    }
}

/// The question that follows [`offer_text`], asked again until answered.
pub(crate) const QUESTION: &str = "Build it now? [Y/n] ";

/// The offer: what the default database is and costs, and that it can be
/// stopped and resumed; [`QUESTION`] follows.
pub(crate) fn offer_text(dir: &std::path::Path) -> String {
    format!(
        "No usable endgame database was found in {}.\n\
         The engine plays stronger with one: {WORTH}.\n\
         The default is {}.\n\
         Ctrl-C stops the build; `oware egdb build` resumes it later, and {NO_OFFER}=1 or --no-egdb turns this question off.",
        dir.display(),
        describe(Extent::DEFAULT),
    )
}

/// Asks `question` on `output` until `input` gives an answer; the end of
/// input is no.
pub(crate) fn ask(
    question: &str,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> io::Result<bool> {
    loop {
        write!(output, "{question}")?;
        output.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(output)?;
            return Ok(false);
        }
        match parse_answer(&line) {
            Some(answer) => return Ok(answer),
            None => writeln!(output, "please answer y or n")?,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A person at a terminal, playing abapa with no database found.
    fn fresh() -> Start {
        Start {
            interactive: true,
            ruleset: Some(Ruleset::Abapa),
            ..Start::default()
        }
    }

    #[test]
    fn the_offer_is_made_to_a_person_without_a_database_only() {
        assert!(fresh().offers());
        let cases = [
            (
                "piped stdin",
                Start {
                    interactive: false,
                    ..fresh()
                },
            ),
            (
                "--no-egdb",
                Start {
                    no_egdb: true,
                    ..fresh()
                },
            ),
            (
                "--egdb DIR",
                Start {
                    dir_given: true,
                    ..fresh()
                },
            ),
            (
                "the variable",
                Start {
                    no_offer: true,
                    ..fresh()
                },
            ),
            (
                "a database found",
                Start {
                    found: true,
                    ..fresh()
                },
            ),
            (
                "awari-split's database",
                Start {
                    ruleset: Some(Ruleset::Awari),
                    ..fresh()
                },
            ),
            (
                "rules no database serves",
                Start {
                    ruleset: None,
                    ..fresh()
                },
            ),
        ];
        for (case, start) in cases {
            assert!(!start.offers(), "{case}");
        }
        // The variable unset, set empty or to 0 leaves the offer on.
        for value in [None, Some(""), Some("0")] {
            assert!(!turned_off(value), "{NO_OFFER}={value:?}");
        }
        for value in ["1", "yes", "true"] {
            assert!(turned_off(Some(value)), "{NO_OFFER}={value:?}");
        }
    }

    #[test]
    fn answers_are_read_as_people_type_them() {
        for yes in ["", "\n", "y", "Y\n", " yes ", "YES"] {
            assert_eq!(parse_answer(yes), Some(true), "{yes:?}");
        }
        for no in ["n", "N\n", "no", " No "] {
            assert_eq!(parse_answer(no), Some(false), "{no:?}");
        }
        for other in ["maybe", "yes please", "0", "q"] {
            assert_eq!(parse_answer(other), None, "{other:?}");
        }
    }

    #[test]
    fn the_question_is_asked_again_until_answered_and_the_end_is_no() {
        let mut output = Vec::new();
        let answer = ask("Build? ", &mut "what\nn\n".as_bytes(), &mut output).unwrap();
        assert!(!answer);
        assert_eq!(
            String::from_utf8(output).unwrap(),
            "Build? please answer y or n\nBuild? "
        );
        let mut output = Vec::new();
        assert!(ask("Build? ", &mut "\n".as_bytes(), &mut output).unwrap());
        let mut output = Vec::new();
        assert!(!ask("Build? ", &mut "".as_bytes(), &mut output).unwrap());
    }

    #[test]
    fn the_offer_says_what_it_is_its_size_its_time_and_how_to_stop() {
        let text = offer_text(std::path::Path::new("/data/egdb")) + QUESTION;
        for part in [
            "/data/egdb",
            "abapa's up to 20 seeds",
            "452 MB on disk",
            "to build here (estimated for",
            WORTH,
            "Ctrl-C",
            "`oware egdb build` resumes it",
            "OWARE_NO_EGDB_OFFER=1",
            "--no-egdb",
            "[Y/n]",
        ] {
            assert!(text.contains(part), "{part:?} in {text}");
        }
    }

    #[test]
    fn estimates_read_in_seconds_then_minutes() {
        assert_eq!(
            About(Duration::from_secs_f64(89.6)).to_string(),
            "about 90 s"
        );
        assert_eq!(About(Duration::from_secs(3)).to_string(), "about 10 s");
        assert_eq!(
            About(Duration::from_secs(150)).to_string(),
            "about 3 minutes"
        );
        assert_eq!(DiskSize(451_586_352).to_string(), "452 MB");
        assert_eq!(DiskSize(11_058_116_888).to_string(), "11.1 GB");
        assert_eq!(DiskSize(1_234_567).to_string(), "1.2 MB");
    }
}
