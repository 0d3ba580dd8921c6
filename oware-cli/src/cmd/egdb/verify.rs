//! `oware egdb verify`: every slice file of a database checked in full.

use std::path::Path;

use anyhow::{Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use oware_core::TOTAL_SEEDS;
use oware_egdb::{EgdbError, Extent, Ruleset, check_slice, slice_path};

use crate::numbers::Count;

/// Checks the databases of `rules` (each rule set whose slice 0 is there,
/// when `None`) in `dir` (the default when `None`).
pub(super) fn verify(rules: Option<Ruleset>, dir: Option<&Path>) -> Result<()> {
    let dir = crate::endgame::directory(dir)?;
    let rulesets: Vec<Ruleset> = match rules {
        Some(ruleset) => vec![ruleset],
        None => Ruleset::ALL
            .into_iter()
            .filter(|&ruleset| slice_path(&dir, ruleset, 0).exists())
            .collect(),
    };
    let mut damaged = Vec::new();
    for &ruleset in &rulesets {
        damaged.extend(verify_one(&dir, ruleset)?);
    }
    if rulesets.is_empty() {
        bail!(
            "no database in {} (build one with `{}`)",
            dir.display(),
            crate::endgame::install::build_command(Extent::DEFAULT.ruleset, None, Some(&dir))
        );
    }
    if !damaged.is_empty() {
        bail!(
            "{} damaged file{} in {}: {}",
            damaged.len(),
            if damaged.len() == 1 { "" } else { "s" },
            dir.display(),
            damaged.join("; ")
        );
    }
    Ok(())
}

/// Checks the slice files of `ruleset` in `dir`, from 0 seeds up to the
/// first one missing, a line each; what is wrong with each damaged one.
fn verify_one(dir: &Path, ruleset: Ruleset) -> Result<Vec<String>> {
    let lengths: Vec<u64> = (0..=TOTAL_SEEDS)
        .map_while(|seeds| std::fs::metadata(slice_path(dir, ruleset, seeds)).ok())
        .map(|metadata| metadata.len())
        .collect();
    if lengths.is_empty() {
        bail!("no {ruleset} database in {}", dir.display());
    }
    let bar = ProgressBar::new(lengths.iter().sum()).with_style(
        ProgressStyle::with_template(
            "{prefix} [{wide_bar}] {binary_bytes}/{binary_total_bytes}, {binary_bytes_per_sec}, eta {eta}",
        )
        .expect("the template is valid")
        .progress_chars("=> "),
    );
    let mut damaged = Vec::new();
    for seeds in 0..lengths.len() as u8 {
        let path = slice_path(dir, ruleset, seeds);
        bar.set_prefix(format!("{ruleset} {seeds:>2} seeds"));
        let line = match check_slice(dir, ruleset, seeds, &mut |bytes| bar.inc(bytes)) {
            Ok(Some(len)) => format!("{ruleset} {seeds:>2} seeds: sound, {}B", Count(len)),
            Ok(None) => format!("{ruleset} {seeds:>2} seeds: gone while verifying"),
            Err(EgdbError::Damaged { file, damage }) => {
                damaged.push(format!("{file}: {damage}"));
                format!("{ruleset} {seeds:>2} seeds: DAMAGED, {file}: {damage}")
            }
            Err(error) => {
                damaged.push(format!("{}: {error}", path.display()));
                format!("{ruleset} {seeds:>2} seeds: UNREADABLE, {error}")
            }
        };
        bar.suspend(|| println!("{line}"));
    }
    bar.finish_and_clear();
    let total: u64 = lengths.iter().sum();
    match damaged.len() {
        0 => println!(
            "the {ruleset} database in {} is sound: {} slices, 0 to {} seeds, {}B",
            dir.display(),
            lengths.len(),
            lengths.len() - 1,
            Count(total)
        ),
        n => println!(
            "the {ruleset} database in {} is DAMAGED: {n} of its {} slices",
            dir.display(),
            lengths.len()
        ),
    }
    Ok(damaged)
}
