//! `oware play`'s offer to build the default endgame database: when a
//! game starts without one, or with one a stopped build left partial, to a
//! person at a terminal; what the offer says (its time measured on this
//! machine), the answer, the build on yes, and a no remembered (a file in
//! the database directory, [`DECLINED`]) so the question is not asked at
//! every game.

use std::io::{self, BufRead, Write};
use std::path::Path;
use std::sync::Arc;

use anyhow::Result;
use oware_core::Rules;
use oware_egdb::{Database, Extent, Ruleset};

use crate::cmd::egdb::EgdbArgs;
use crate::endgame::estimate::Speed;
use crate::endgame::install::{self, DiskSize, WORTH};
use crate::endgame::{self, on_stderr};
use crate::input_file::{TypedLine, read_typed_line};

/// The environment variable that turns `oware play`'s offer off when set
/// to anything but empty or `0`.
pub(crate) const NO_OFFER: &str = "OWARE_NO_EGDB_OFFER";

/// [`EgdbArgs::open`], and where that finds no database (or a partial
/// one), the offer to build the default one, when [`Start::offers`] says
/// so (`interactive`: stdin is a terminal). On yes it is built with a
/// progress bar, then opened; a build that fails or is refused leaves the
/// game with what there was. A no is remembered.
///
/// # Errors
/// As [`EgdbArgs::open`]'s, and stdin or stdout failing.
pub(super) fn open_or_offer(
    egdb: &EgdbArgs,
    rules: &Rules,
    interactive: bool,
) -> Result<Option<Arc<Database>>> {
    let db = egdb.open(rules)?;
    let default = Extent::DEFAULT;
    let dir = endgame::default_dir();
    let partial = db
        .as_deref()
        .filter(|db| db.ruleset() == default.ruleset && db.max_seeds() < default.max_seeds)
        .map(Database::max_seeds);
    let start = Start {
        interactive,
        no_egdb: egdb.no_egdb,
        dir_given: egdb.egdb.is_some(),
        no_offer: turned_off(std::env::var(NO_OFFER).ok().as_deref()),
        declined: dir.as_ref().is_some_and(|dir| dir.join(DECLINED).exists()),
        found: db.is_some(),
        partial,
        ruleset: oware_egdb::Ruleset::fitting(rules),
    };
    let dir = match dir {
        Some(dir) if start.offers() => dir,
        _ => return Ok(db),
    };
    let speed = Speed::measured(Some(&dir), default.ruleset);
    println!("{}", offer_text(&dir, partial, speed));
    let stdin = &mut std::io::stdin().lock();
    if !ask(QUESTION, stdin, &mut std::io::stdout())? {
        println!("{}", declined(&dir, partial));
        return Ok(db);
    }
    if let Err(error) = install::build_in(&dir, default, false) {
        on_stderr(&format!(
            "{error:#}; playing without the whole endgame database"
        ));
        return Ok(db);
    }
    egdb.open(rules)
}

/// The file in the database directory that says the offer was declined.
pub(crate) const DECLINED: &str = "offer-declined";

/// Remembers a no in `dir` ([`DECLINED`]), and says so and how to be asked
/// again; `partial`: the seeds of the database there, which the game uses.
fn declined(dir: &Path, partial: Option<u8>) -> String {
    let path = dir.join(DECLINED);
    let kept = std::fs::create_dir_all(dir).and_then(|()| {
        std::fs::write(
            &path,
            "oware play does not offer to build the endgame database while this file is here\n",
        )
    });
    let using = match partial {
        Some(seeds) => format!("Playing with the database up to {seeds} seeds."),
        None => "Playing without it.".to_owned(),
    };
    match kept {
        Ok(()) => format!(
            "{using} Not asked again: `oware egdb build` builds it any time, and removing {} has play ask again.",
            path.display()
        ),
        Err(error) => format!(
            "{using} (The answer is not remembered: {}: {error}; {NO_OFFER}=1 turns the question off.)",
            path.display()
        ),
    }
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
    /// Whether the offer was declined before ([`DECLINED`]).
    pub(crate) declined: bool,
    /// Whether a database was found for the rules.
    pub(crate) found: bool,
    /// The seeds of the default database found, when short of the
    /// default's: a build stopped before its end.
    pub(crate) partial: Option<u8>,
    /// The database the rules use, if any.
    pub(crate) ruleset: Option<Ruleset>,
}

impl Start {
    /// Whether to offer to build the default database: only to a person
    /// at a terminal, who turned neither the database nor the offer off
    /// and did not decline it before, playing rules the default serves,
    /// with no database found or a partial one.
    pub(crate) fn offers(self) -> bool {
        self.interactive
            && !self.no_egdb
            && !self.dir_given
            && !self.no_offer
            && !self.declined
            && (!self.found || self.partial.is_some())
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

/// The offer: what the default database is and costs (its time at
/// `speed`), or what completing the `partial` one there adds, and that it
/// can be stopped and resumed; [`QUESTION`] follows.
pub(crate) fn offer_text(dir: &Path, partial: Option<u8>, speed: Speed) -> String {
    let default = Extent::DEFAULT;
    let what = match partial {
        None => format!(
            "No usable endgame database was found in {}.\n\
             The engine plays stronger with one: {WORTH}.\n\
             The default is {}.",
            dir.display(),
            install::describe(default, speed),
        ),
        Some(seeds) => {
            let held = Extent {
                ruleset: default.ruleset,
                max_seeds: seeds,
            };
            format!(
                "The endgame database in {} goes up to {seeds} of the default's {} seeds (a build stopped before its end?); the engine uses what is there.\n\
                 Completing it adds {} on disk, {}; the whole is worth {WORTH}.",
                dir.display(),
                default.max_seeds,
                DiskSize(default.disk_len() - held.disk_len()),
                speed.describe(default.ruleset, default.positions() - held.positions()),
            )
        }
    };
    format!(
        "{what}\nCtrl-C stops the build; `oware egdb build` resumes it later, and {NO_OFFER}=1 or --no-egdb turns this question off."
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
        let answer = match read_typed_line(input)? {
            None => {
                writeln!(output)?;
                return Ok(false);
            }
            Some(TypedLine::Text(line)) => parse_answer(&line),
            Some(TypedLine::TooLong(_)) => None,
        };
        match answer {
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
                "declined before",
                Start {
                    declined: true,
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
        // A partial database found is offered to be completed.
        assert!(
            Start {
                found: true,
                partial: Some(12),
                ..fresh()
            }
            .offers()
        );
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
        let answer = ask("Build? ", &mut &b"what\n\xe9\nn\n"[..], &mut output).unwrap();
        assert!(!answer);
        assert_eq!(
            String::from_utf8(output).unwrap(),
            "Build? please answer y or n\nBuild? please answer y or n\nBuild? "
        );
        let mut output = Vec::new();
        assert!(ask("Build? ", &mut "\n".as_bytes(), &mut output).unwrap());
        let mut output = Vec::new();
        assert!(!ask("Build? ", &mut "".as_bytes(), &mut output).unwrap());
    }

    #[test]
    fn the_offer_says_what_it_is_its_size_its_time_and_how_to_stop() {
        let speed = Speed::LastBuild(1_000_000.0);
        let text = offer_text(Path::new("/data/egdb"), None, speed) + QUESTION;
        for part in [
            "/data/egdb",
            "abapa's up to 20 seeds",
            "452 MB on disk",
            "about 4 minutes to build here (at the last build's speed here, 1.00M positions/s)",
            WORTH,
            "Ctrl-C",
            "`oware egdb build` resumes it",
            "OWARE_NO_EGDB_OFFER=1",
            "--no-egdb",
            "[Y/n]",
        ] {
            assert!(text.contains(part), "{part:?} in {text}");
        }
        let text = offer_text(Path::new("/data/egdb"), Some(12), speed);
        assert!(
            text.starts_with(
                "The endgame database in /data/egdb goes up to 12 of the default's 20 seeds (a build stopped before its end?); the engine uses what is there.\n\
                 Completing it adds 446 MB on disk, about 4 minutes to build here"
            ),
            "{text}"
        );
    }

    #[test]
    fn a_no_is_remembered_in_the_directory() {
        let dir = std::env::temp_dir().join(format!("oware-declined-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let said = declined(&dir.join("egdb"), Some(12));
        let file = dir.join("egdb").join(DECLINED);
        assert!(file.exists());
        assert_eq!(
            said,
            format!(
                "Playing with the database up to 12 seeds. Not asked again: `oware egdb build` builds it any time, and removing {} has play ask again.",
                file.display()
            )
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
