//! The default endgame database ([`Extent::DEFAULT`], in the default
//! directory) in words (what it is, its size on disk, its build time here,
//! what it is worth) for `oware egdb`, `oware uci` and `oware play`; and
//! the build that installs a database, which `oware egdb build` and `oware
//! play`'s offer run.

use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use oware_egdb::{BuildEvent, Extent, Ruleset, SliceReport};

use crate::numbers::{Count, Rate, Seconds};
use crate::stdout::outln;

/// What the default database is worth, as measured: the figure every
/// message cites (docs/endgames.md records how; a message names no file
/// the binary alone does not ship).
pub(crate) const WORTH: &str =
    "+80 ± 24 Elo in self-play at 100 ms a move under Aualé's rule over 400 games";

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

/// How to install the database of `ruleset` that is missing, in `dir`
/// when one was given (else the default directory), and what it adds: the
/// line `oware uci` and `oware egdb` give.
pub(crate) fn how_to_install(ruleset: Ruleset, dir: Option<&Path>) -> String {
    let default = Extent::DEFAULT;
    let command = build_command(ruleset, None, dir);
    if ruleset == default.ruleset {
        return format!(
            "`{command}` installs {}; it is worth {WORTH}",
            describe(default)
        );
    }
    let extent = Extent {
        ruleset,
        max_seeds: default.max_seeds,
    };
    format!(
        "`{command}` installs {}; its worth is not measured",
        describe(extent)
    )
}

/// The command that builds `ruleset`'s database up to `max_seeds` (the
/// default's seeds when `None`) in `dir` (the default directory when
/// `None`), each option only where it is not the default: advice that
/// builds where the database was looked for.
pub(crate) fn build_command(ruleset: Ruleset, max_seeds: Option<u8>, dir: Option<&Path>) -> String {
    let mut command = "oware egdb build".to_owned();
    if ruleset != Extent::DEFAULT.ruleset {
        command.push_str(&format!(" --rules {ruleset}"));
    }
    if let Some(seeds) = max_seeds.filter(|&seeds| seeds != Extent::DEFAULT.max_seeds) {
        command.push_str(&format!(" --max-seeds {seeds}"));
    }
    if let Some(dir) = dir {
        command.push_str(&format!(
            " --dir {}",
            shell_word(&dir.display().to_string())
        ));
    }
    command
}

/// `word` as a shell reads it back: as it is when it holds nothing the
/// shell treats specially, else in single quotes.
pub(crate) fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+,:@=%~".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Builds (or completes) the database of `extent` in `dir`, with a
/// progress bar on stderr and a line a slice on stdout. Stopped (Ctrl-C),
/// it leaves whole slices and at most one `.part` file, which no reader
/// opens and the next build overwrites.
pub(crate) fn build_in(dir: &Path, extent: Extent) -> Result<()> {
    let Extent { ruleset, max_seeds } = extent;
    let bar: Mutex<Option<ProgressBar>> = Mutex::new(None);
    let style = ProgressStyle::with_template(
        "{prefix} [{wide_bar}] {human_pos}/{human_len} positions, {rate}, eta {eta}",
    )
    .expect("the template is valid")
    .with_key("rate", crate::numbers::progress_rate("positions"))
    .progress_chars("=> ");
    let started = Instant::now();
    let show = |event: BuildEvent| {
        let mut bar = bar.lock().expect("no progress update panics");
        match event {
            BuildEvent::Started { seeds, positions } => {
                let new = ProgressBar::new(positions)
                    .with_style(style.clone())
                    .with_prefix(format!("{ruleset} {seeds:>2} seeds"));
                *bar = Some(new);
            }
            // Each position counts twice: once forward, once in the levels.
            BuildEvent::Advanced { done, .. } => {
                if let Some(bar) = bar.as_ref() {
                    bar.set_position(done / 2);
                }
            }
            BuildEvent::Finished(report) => {
                if let Some(bar) = bar.take() {
                    bar.finish_and_clear();
                }
                outln!("{}", SliceLine(ruleset, report));
            }
            BuildEvent::Loaded { .. } => {}
            BuildEvent::Damaged { seeds, damage } => println!(
                "{} is damaged ({damage}): building it again",
                oware_egdb::slice_path(dir, ruleset, seeds).display()
            ),
        }
    };
    let summary = oware_egdb::build_dir(dir, ruleset, max_seeds, &show)
        .with_context(|| format!("cannot build the {ruleset} database"))?;
    let built: u64 = summary.built.iter().map(|r| r.positions).sum();
    if summary.built.is_empty() {
        outln!(
            "the {} database up to {} seeds is already complete in {}",
            ruleset,
            max_seeds,
            dir.display()
        );
    } else {
        let elapsed = started.elapsed();
        outln!(
            "the {} database up to {} seeds is complete in {}: {} positions solved in {} ({} positions/s)",
            ruleset,
            max_seeds,
            dir.display(),
            built,
            Seconds(elapsed),
            Rate::per_second(built, elapsed),
        );
    }
    Ok(())
}

/// One slice's line in the build's output.
struct SliceLine(Ruleset, SliceReport);

impl std::fmt::Display for SliceLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let SliceLine(ruleset, report) = *self;
        write!(
            f,
            "{ruleset} {:>2} seeds: {} positions in {} ({} positions/s)",
            report.seeds,
            report.positions,
            Seconds(report.elapsed),
            Rate::per_second(report.positions, report.elapsed),
        )?;
        if ruleset == Ruleset::Abapa {
            let share = report.exact as f64 / report.positions as f64;
            write!(f, ", {:.2}% exact", 100.0 * share)?;
        }
        let bytes = report.positions * if ruleset == Ruleset::Abapa { 2 } else { 1 } + 32;
        write!(f, ", file {}B", Count(bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn the_build_command_names_only_what_is_not_the_default() {
        assert_eq!(
            build_command(Ruleset::Abapa, None, None),
            "oware egdb build"
        );
        assert_eq!(
            build_command(Ruleset::Awari, Some(12), Some(Path::new("/data/egdb"))),
            "oware egdb build --rules awari --max-seeds 12 --dir /data/egdb"
        );
        assert_eq!(
            build_command(Ruleset::Abapa, Some(20), Some(Path::new("my dbs/it's"))),
            r"oware egdb build --dir 'my dbs/it'\''s'"
        );
    }
}
