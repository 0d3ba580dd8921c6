//! `cargo xtask api`: each published library crate's public API, held to
//! its snapshot in `api/CRATE.txt`.
//!
//! rustdoc writes each crate's documentation as JSON (an unstable output
//! of the stable toolchain, opened for this one command with
//! `RUSTC_BOOTSTRAP=1`, so no nightly is needed); [`render`] turns it into a
//! sorted line per public item. A line added, removed or changed fails the
//! check with the lines that differ, until someone who meant the change
//! runs `cargo xtask api --bless` and commits the snapshot with the code: a
//! change to the API is then seen in review, as a diff of `api/`.
//!
//! The listing is for this machine's target (x86-64 Linux in CI). The
//! libraries' public items differ only on wasm32 (no files, no threads), so
//! every native target lists the same API.

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::{Context, ensure};

use crate::package;
use crate::test::{cargo_with, workspace_root};

mod render;
mod signature;

/// The flags of `cargo xtask api`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Write each crate's public API as its snapshot, instead of checking it.
    #[arg(long)]
    pub(crate) bless: bool,
}

/// Where the snapshots are, from the workspace root.
const SNAPSHOTS: &str = "api";

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    let start = std::time::Instant::now();
    let root = workspace_root();
    let folder = root.join(SNAPSHOTS);
    let crates: Vec<String> = package::members(&root)?
        .into_iter()
        .filter(|member| member.publishable && member.library)
        .map(|member| member.name)
        .collect();
    let mut changed = Vec::new();
    for name in &crates {
        let now = listing(&root, name)?;
        let file = folder.join(format!("{name}.txt"));
        let before = std::fs::read_to_string(&file).unwrap_or_default();
        if now == before {
            continue;
        }
        if args.bless {
            std::fs::create_dir_all(&folder)
                .with_context(|| format!("could not create {}", folder.display()))?;
            std::fs::write(&file, &now)
                .with_context(|| format!("could not write {}", file.display()))?;
            println!("api: wrote {SNAPSHOTS}/{name}.txt");
        } else {
            changed.push(format!(
                "{SNAPSHOTS}/{name}.txt ({}):\n{}",
                if before.is_empty() {
                    "missing"
                } else {
                    "differs"
                },
                difference(&before, &now)
            ));
        }
    }
    let stale = stale_snapshots(&folder, &crates)?;
    if args.bless {
        for file in &stale {
            std::fs::remove_file(folder.join(file))
                .with_context(|| format!("could not remove {SNAPSHOTS}/{file}"))?;
            println!("api: removed {SNAPSHOTS}/{file}, no published library's");
        }
    } else {
        for file in &stale {
            changed.push(format!(
                "{SNAPSHOTS}/{file}: no published library crate has this name"
            ));
        }
    }
    ensure!(
        changed.is_empty(),
        "the public API differs from its snapshot (- in the snapshot only, + in the code only):\n\n{}\n\n\
         If the change is meant, run `cargo xtask api --bless` and commit {SNAPSHOTS}/ with it.",
        changed.join("\n\n")
    );
    println!(
        "api: the public API of {} crates is its snapshot ({:.0} s)",
        crates.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The public API of crate `name`, one item a line, as the snapshot holds it.
fn listing(root: &Path, name: &str) -> anyhow::Result<String> {
    // A target folder of its own: the JSON build's flags differ from the
    // workspace's builds, and would otherwise rebuild them.
    let target = root.join("target").join("api");
    let target_text = target.to_string_lossy();
    cargo_with(
        &[
            "rustdoc",
            "--quiet",
            "--package",
            name,
            "--lib",
            "--target-dir",
            &target_text,
            "--",
            "-Z",
            "unstable-options",
            "--output-format",
            "json",
        ],
        &[("RUSTC_BOOTSTRAP", "1")],
    )?;
    let file = target
        .join("doc")
        .join(format!("{}.json", name.replace('-', "_")));
    let text = std::fs::read_to_string(&file)
        .with_context(|| format!("rustdoc wrote no {}", file.display()))?;
    let doc: serde_json::Value =
        serde_json::from_str(&text).with_context(|| format!("{} is not JSON", file.display()))?;
    let lines = render::api(&doc).with_context(|| format!("could not read {}", file.display()))?;
    Ok(format!(
        "# The public API of {name}: `cargo xtask api` checks it, `cargo xtask api --bless` writes it.\n{}\n",
        lines.join("\n")
    ))
}

/// The snapshots in `folder` of no crate in `crates`.
fn stale_snapshots(folder: &Path, crates: &[String]) -> anyhow::Result<Vec<String>> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Ok(Vec::new());
    };
    let mut stale = Vec::new();
    for entry in entries {
        let file = entry?.file_name().to_string_lossy().into_owned();
        let known = file
            .strip_suffix(".txt")
            .is_some_and(|name| crates.iter().any(|krate| krate == name));
        if !known {
            stale.push(file);
        }
    }
    stale.sort();
    Ok(stale)
}

/// The lines only one side has, `-` for `before`'s and `+` for `now`'s,
/// in the listing's order (so a changed item's two lines stand together).
fn difference(before: &str, now: &str) -> String {
    let before: BTreeSet<&str> = before.lines().collect();
    let now: BTreeSet<&str> = now.lines().collect();
    let mut lines: Vec<(&str, char)> = before
        .difference(&now)
        .map(|line| (*line, '-'))
        .chain(now.difference(&before).map(|line| (*line, '+')))
        .collect();
    lines.sort();
    lines
        .iter()
        .map(|(line, sign)| format!("{sign} {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_line_shows_its_old_and_new_forms_together() {
        let before = "pub fn a::f(x: u8)\npub fn a::g()\npub struct a::S\n";
        let now = "pub fn a::f(x: u16)\npub fn a::g()\npub struct a::T\n";
        assert_eq!(
            difference(before, now),
            "+ pub fn a::f(x: u16)\n- pub fn a::f(x: u8)\n- pub struct a::S\n+ pub struct a::T"
        );
        assert_eq!(difference(now, now), "");
    }

    #[test]
    fn a_snapshot_of_no_published_library_is_stale() {
        let dir = std::env::temp_dir().join(format!("oware-api-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for file in ["a.txt", "b.txt", "notes.md"] {
            std::fs::write(dir.join(file), "").unwrap();
        }
        let stale = stale_snapshots(&dir, &["a".to_owned()]).unwrap();
        assert_eq!(stale, ["b.txt", "notes.md"]);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(stale_snapshots(&dir, &[]).unwrap().is_empty());
    }
}
