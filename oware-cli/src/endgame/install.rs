//! The default endgame database ([`Extent::DEFAULT`], in the default
//! directory) in words (what it is, its size on disk, its build time here,
//! what it is worth) for `oware egdb`, `oware uci` and `oware play`; and
//! the build that installs a database, which `oware egdb build` and `oware
//! play`'s offer run.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use oware_egdb::{BuildEvent, Extent, Ruleset, SliceReport};

use super::estimate::{self, Needs, Speed};
use super::on_stderr;
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
        } else if mb < 1e6 {
            write!(f, "{:.1} GB", mb / 1000.0)
        } else {
            write!(f, "{:.1} TB", mb / 1e6)
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

/// `abapa's up to 20 seeds: 452 MB on disk, about 60 s to build here
/// (estimated for 2 cores)`, at `speed`.
pub(crate) fn describe(extent: Extent, speed: Speed) -> String {
    format!(
        "{}'s up to {} seeds: {} on disk, {}",
        extent.ruleset,
        extent.max_seeds,
        DiskSize(extent.disk_len()),
        speed.describe(extent.ruleset, extent.positions()),
    )
}

/// How to install the database of `ruleset` that is missing, in `dir`
/// when one was given (else the default directory), and what it adds at
/// `speed`: the line `oware uci` and `oware egdb` give.
pub(crate) fn how_to_install(ruleset: Ruleset, dir: Option<&Path>, speed: Speed) -> String {
    let default = Extent::DEFAULT;
    let command = build_command(ruleset, None, dir);
    if ruleset == default.ruleset {
        return format!(
            "`{command}` installs {}; it is worth {WORTH}",
            describe(default, speed)
        );
    }
    let extent = Extent {
        ruleset,
        max_seeds: default.max_seeds,
    };
    format!(
        "`{command}` installs {}; its worth is not measured",
        describe(extent, speed)
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

/// Builds (or completes) the database of `extent` in `dir`, with one
/// progress bar on stderr for the whole build (every seed count still to
/// solve, its time left from the speed measured so far) and a line a
/// slice on stdout; then saves the build's speed in `dir` for the next
/// estimate. A build past the disk free or the memory is refused, naming
/// both, unless `force`. Stopped (Ctrl-C), it leaves whole slices and at
/// most one `.part` file, which no reader opens and the next build
/// overwrites.
pub(crate) fn build_in(dir: &Path, extent: Extent, force: bool) -> Result<()> {
    let Extent { ruleset, max_seeds } = extent;
    let plan = Plan::of(dir, extent);
    if !force
        && let Some(short) = Needs::of(extent, plan.present_bytes).refusal(
            dir,
            estimate::free_disk(dir),
            estimate::memory(),
        )
    {
        bail!(
            "the {ruleset} database up to {max_seeds} seeds does not fit here: it needs {short}; give --force to build it anyway, or fewer --max-seeds"
        );
    }
    let style = ProgressStyle::with_template(
        "{prefix} [{wide_bar}] {human_pos}/{human_len} positions, {rate}, eta {eta}",
    )
    .expect("the template is valid")
    .with_key("rate", crate::numbers::progress_rate("positions"))
    .progress_chars("=> ");
    let bar = ProgressBar::new(plan.positions).with_style(style);
    // The positions of the slices finished, before the one under way.
    let finished = AtomicU64::new(0);
    let started = Instant::now();
    let show = |event: BuildEvent| match event {
        BuildEvent::Started { seeds, .. } => {
            bar.set_prefix(format!("{ruleset} {seeds:>2}/{max_seeds} seeds"));
        }
        // Each position counts twice: once forward, once in the levels.
        BuildEvent::Advanced { done, .. } => {
            bar.set_position(finished.load(Ordering::Relaxed) + done / 2);
        }
        BuildEvent::Finished(report) => {
            let total = finished.fetch_add(report.positions, Ordering::Relaxed) + report.positions;
            bar.set_position(total);
            bar.suspend(|| outln!("{}", SliceLine(ruleset, report)));
        }
        BuildEvent::Loaded { .. } => {}
        BuildEvent::Damaged { seeds, damage } => {
            // Found only when the data is read in full: the bar grows by it.
            bar.inc_length(oware_egdb::slice_len(seeds));
            bar.suspend(|| {
                println!(
                    "{} is damaged ({damage}): building it again",
                    oware_egdb::slice_path(dir, ruleset, seeds).display()
                );
            });
        }
    };
    let summary = oware_egdb::build_dir(dir, ruleset, max_seeds, &show)
        .with_context(|| format!("cannot build the {ruleset} database"));
    bar.finish_and_clear();
    let summary = summary?;
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
        // The largest slice's speed is the one a larger build meets; a
        // small slice's says little (its threads barely start).
        if let Some(largest) = summary.built.iter().max_by_key(|r| r.positions)
            && largest.positions >= MEASURED_POSITIONS
        {
            let speed = largest.positions as f64 / largest.elapsed.as_secs_f64().max(1e-3);
            if let Err(error) = estimate::save_speed(dir, ruleset, speed) {
                on_stderr(&format!(
                    "the build's speed is not kept for the next estimate: {}: {error}",
                    dir.join(estimate::SPEED_FILE).display()
                ));
            }
        }
    }
    Ok(())
}

/// The fewest positions of a slice whose build speed is kept: 9 seeds'
/// slice, 167,960 positions, has them.
const MEASURED_POSITIONS: u64 = 100_000;

/// What a build of an extent in a directory has to do.
struct Plan {
    /// The positions of the slices missing or refused.
    positions: u64,
    /// The bytes of the slice files there that look sound (their data is
    /// checked in full by the build).
    present_bytes: u64,
}

impl Plan {
    fn of(dir: &Path, extent: Extent) -> Plan {
        let survey = oware_egdb::survey(dir, extent.ruleset);
        let sound = |seeds: u8| {
            survey
                .iter()
                .find(|(at, _)| *at == seeds)
                .and_then(|(_, state)| state.as_ref().ok().copied())
        };
        let mut plan = Plan {
            positions: 0,
            present_bytes: 0,
        };
        for seeds in 0..=extent.max_seeds {
            match sound(seeds) {
                Some(bytes) => plan.present_bytes += bytes,
                None => plan.positions += oware_egdb::slice_len(seeds),
            }
        }
        plan
    }
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
        assert_eq!(DiskSize(2_798_700_000_000).to_string(), "2.8 TB");
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
