//! `oware egdb` (and `oware egdb status`): what the directory holds, what
//! is missing, and what building it would take and add.

use std::path::Path;

use anyhow::Result;
use oware_core::Rules;
use oware_egdb::{EgdbError, Extent, Ruleset, positions_up_to};

use crate::endgame::estimate::Speed;
use crate::endgame::install::{self, DiskSize};
use crate::stdout::outln;

/// Runs `oware egdb status` on `dir` (the default directory if `None`).
pub(super) fn status(dir: Option<&Path>) -> Result<()> {
    let given = dir;
    let dir = crate::endgame::directory(dir)?;
    for line in report(&dir, given) {
        outln!("{line}");
    }
    Ok(())
}

/// The rule sets of play that use `ruleset`'s database: `abapa, auale`.
fn used_under(ruleset: Ruleset) -> String {
    let names: Vec<&str> = Rules::PRESETS
        .iter()
        .filter(|(_, rules)| oware_egdb::Ruleset::fitting(rules) == Some(ruleset))
        .map(|(name, _)| *name)
        .collect();
    names.join(", ")
}

/// The report's lines: a heading, then for each rule set what is there,
/// each file refused and why, and what building the rest would take (in
/// `given`, the directory named with --dir, when there was one).
fn report(dir: &Path, given: Option<&Path>) -> Vec<String> {
    let mut lines = vec![format!("endgame databases in {}:", dir.display())];
    for ruleset in Ruleset::ALL {
        lines.extend(ruleset_report(dir, ruleset, given));
    }
    lines
}

/// What `dir` holds of `ruleset`'s database, in words.
fn ruleset_report(dir: &Path, ruleset: Ruleset, given: Option<&Path>) -> Vec<String> {
    let survey = oware_egdb::survey(dir, ruleset);
    // The slices a reader opens: from 0 up to the first without a file.
    let run = survey
        .iter()
        .zip(0..)
        .take_while(|((seeds, _), expected)| *seeds == *expected)
        .count();
    let refused: Vec<&(u8, Result<u64, EgdbError>)> =
        survey.iter().filter(|(_, state)| state.is_err()).collect();
    let usable = survey[..run].iter().all(|(_, state)| state.is_ok());
    let bytes: u64 = survey[..run]
        .iter()
        .filter_map(|(_, state)| state.as_ref().ok())
        .sum();
    let used = used_under(ruleset);
    let mut lines = Vec::new();
    let held = match run {
        0 => None,
        n => Some(survey[n - 1].0),
    };
    match (held, usable) {
        (None, _) => lines.push(format!("  {ruleset}: none (used under {used})")),
        (Some(max), true) => lines.push(format!(
            "  {ruleset}: up to {max} seeds, {} on disk (used under {used})",
            DiskSize(bytes)
        )),
        (Some(max), false) => lines.push(format!(
            "  {ruleset}: files up to {max} seeds, NOT USED: a file is refused (below)"
        )),
    }
    for (seeds, state) in &refused {
        if let Err(error) = state {
            let seeds = held.unwrap_or(*seeds).max(*seeds);
            let command = format!(
                "oware egdb build --rules {ruleset} --max-seeds {seeds}{}",
                given.map_or(String::new(), |dir| format!(
                    " --dir {}",
                    install::shell_word(&dir.display().to_string())
                ))
            );
            lines.push(format!("    {error}; `{command}` writes it again"));
        }
    }
    // Past a missing slice; a refused one there is named above already.
    let stranded = survey.iter().skip(run).filter(|(_, state)| state.is_ok());
    for (seeds, _) in stranded {
        lines.push(format!(
            "    {} is not used: the {}-seed slice before it is missing",
            oware_egdb::slice_path(dir, ruleset, *seeds).display(),
            run
        ));
    }
    let default = Extent::DEFAULT;
    let target = default.max_seeds;
    match held {
        None => lines.push(format!(
            "    {}",
            install::how_to_install(ruleset, given, Speed::known(Some(dir), ruleset))
        )),
        Some(max) if max < target && usable => {
            let more = Extent {
                ruleset,
                max_seeds: target,
            };
            let positions = more.positions() - positions_up_to(max);
            let worth = match ruleset == default.ruleset {
                true => format!("the default, worth {}", install::WORTH),
                false => "its worth is not measured".to_owned(),
            };
            let command = install::build_command(ruleset, None, given);
            lines.push(format!(
                "    `{command}` completes it to {target} seeds, {worth}: {} more on disk, {}",
                DiskSize(more.disk_len() - bytes),
                Speed::known(Some(dir), ruleset).describe(ruleset, positions),
            ));
        }
        Some(_) if usable && ruleset == default.ruleset => lines.push(format!(
            "    the default database, worth {}; `oware egdb verify` checks its data in full",
            install::WORTH
        )),
        Some(_) => {}
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_egdb::Database;
    use std::fs;
    use std::path::PathBuf;

    /// A fresh, empty directory for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("oware-cli-status-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a scratch directory");
        dir
    }

    #[test]
    fn an_empty_directory_says_what_to_build_and_what_it_is_worth() {
        let dir = scratch("empty");
        let lines = report(&dir, None);
        assert_eq!(lines[0], format!("endgame databases in {}:", dir.display()));
        assert_eq!(lines[1], "  abapa: none (used under abapa, auale)");
        assert!(
            lines[2].contains("`oware egdb build` installs abapa's up to 20 seeds: 452 MB on disk")
                && lines[2].contains(crate::endgame::install::WORTH),
            "{lines:?}"
        );
        assert_eq!(lines[3], "  awari: none (used under awari-split)");
        assert!(
            lines[4].contains(
                "`oware egdb build --rules awari` installs awari's up to 20 seeds: 226 MB"
            ) && lines[4].contains("not measured"),
            "{lines:?}"
        );
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_partial_database_is_sized_and_a_refused_file_named() {
        let dir = scratch("partial");
        Database::build(Ruleset::Abapa, 6).write_to(&dir).unwrap();
        let size = Extent {
            ruleset: Ruleset::Abapa,
            max_seeds: 6,
        }
        .disk_len();
        let lines = report(&dir, None);
        assert_eq!(
            lines[1],
            format!(
                "  abapa: up to 6 seeds, {} on disk (used under abapa, auale)",
                DiskSize(size)
            )
        );
        assert!(
            lines[2].starts_with(&format!(
                "    `oware egdb build` completes it to 20 seeds, the default, worth {}",
                crate::endgame::install::WORTH
            )),
            "{lines:?}"
        );
        // Slice 4 as another version of the program would have written it.
        let path = oware_egdb::slice_path(&dir, Ruleset::Abapa, 4);
        let mut bytes = fs::read(&path).unwrap();
        bytes[8..12].copy_from_slice(&2u32.to_le_bytes());
        fs::write(&path, bytes).unwrap();
        let lines = report(&dir, None);
        assert_eq!(
            lines[1],
            "  abapa: files up to 6 seeds, NOT USED: a file is refused (below)"
        );
        assert_eq!(
            lines[2],
            format!(
                "    {} is refused: its format version is 2; this program reads version 1; `oware egdb build --rules abapa --max-seeds 6` writes it again",
                path.display()
            )
        );
        fs::remove_dir_all(dir).unwrap();
    }
}
