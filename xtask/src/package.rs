//! `cargo xtask package`: every published library crate as crates.io
//! would hold it, built and tested alone.
//!
//! `cargo package` packs each publishable crate (`publish = false` ones are
//! skipped and named); each library's `.crate` is unpacked into
//! `target/package-check/` and its tests, doc tests among them, run there,
//! where only the package's own files exist: a test or a doc that reaches
//! for a file outside its crate fails here and not first on a user's
//! machine. Each package must also hold both licence files.
//!
//! The unpacked crates depend on one another by version, as published
//! crates do (path dependencies are gone from a package, and a
//! path-only dev-dependency with them). A scratch workspace of the unpacked
//! crates points those versions at one another with `[patch.crates-io]`
//! (cargo takes them from there, not from crates.io); it keeps the
//! workspace's `Cargo.lock` (the same versions of everything else) and its
//! profiles (oware-egdb's tests are sized for an optimised build). Each
//! crate is tested on its own (`cargo test -p`), so its features are its
//! own and not the union of all of them.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, bail, ensure};
use serde_json::Value;

use crate::needs;
use crate::test::{cargo, workspace_root};

/// The licence files every published crate must hold (links in each crate
/// folder to the root's files, which `cargo package` follows).
const LICENCES: [&str; 2] = ["LICENSE-MIT", "LICENSE-APACHE"];

/// A workspace member, as `cargo metadata` describes it.
pub(crate) struct Member {
    /// Its package name.
    pub(crate) name: String,
    version: String,
    /// Whether `cargo publish` may publish it (no `publish = false`).
    pub(crate) publishable: bool,
    /// Whether it has a library target (and so a crate others build on).
    pub(crate) library: bool,
}

pub(crate) fn run() -> anyhow::Result<()> {
    let start = std::time::Instant::now();
    let root = workspace_root();
    let members = members(&root)?;
    let skipped: Vec<&str> = members
        .iter()
        .filter(|member| !member.publishable)
        .map(|member| member.name.as_str())
        .collect();
    let published: Vec<&Member> = members.iter().filter(|member| member.publishable).collect();
    println!(
        "package: not published (publish = false), skipped: {}",
        skipped.join(", ")
    );

    // Packed together, so that cargo resolves each crate's lock file
    // against the others' new packages rather than crates.io.
    let mut args = vec!["package", "--no-verify", "--allow-dirty"];
    for member in &published {
        args.extend(["--package", member.name.as_str()]);
    }
    cargo(&args)?;

    let packaged = root.join("target").join("package");
    let scratch = root.join("target").join("package-check");
    std::fs::create_dir_all(&scratch)
        .with_context(|| format!("could not create {}", scratch.display()))?;
    let mut libraries = Vec::new();
    for member in &published {
        let folder = format!("{}-{}", member.name, member.version);
        let file = packaged.join(format!("{folder}.crate"));
        let listed = list(&file)?;
        for licence in LICENCES {
            ensure!(
                listed
                    .iter()
                    .any(|path| path == &format!("{folder}/{licence}")),
                "{} holds no {licence}: link the root's into {}/ (as the other crates do)",
                file.display(),
                member.name
            );
        }
        if member.library {
            let unpacked = scratch.join(&folder);
            if unpacked.exists() {
                std::fs::remove_dir_all(&unpacked)
                    .with_context(|| format!("could not clear {}", unpacked.display()))?;
            }
            unpack(&file, &scratch)?;
            libraries.push((member.name.as_str(), folder));
        } else {
            println!(
                "package: {} packaged with its licences; not a library, so its tests are the \
                 repository's (they run the commands README.md and docs/guide.md show)",
                member.name
            );
        }
    }

    let manifest = scratch_manifest(
        &libraries,
        &std::fs::read_to_string(root.join("Cargo.toml"))?,
    );
    std::fs::write(scratch.join("Cargo.toml"), manifest)
        .context("could not write the scratch workspace")?;
    std::fs::copy(root.join("Cargo.lock"), scratch.join("Cargo.lock"))
        .context("could not copy Cargo.lock")?;
    let manifest_path = scratch.join("Cargo.toml");
    let manifest_path = manifest_path.to_string_lossy();
    // The workspace's target folder: what `cargo test --workspace` built
    // from crates.io (criterion, proptest, insta…) is not built again. The
    // unpacked crates are other packages (another source path), so their
    // builds stand beside the workspace's, not over them.
    let target = root.join("target");
    let target = target.to_string_lossy();
    for (name, _) in &libraries {
        cargo(&[
            "test",
            "--manifest-path",
            &manifest_path,
            "--target-dir",
            &target,
            "--package",
            name,
        ])?;
    }
    println!(
        "package: {} crates packaged, {} unpacked and tested alone ({:.0} s)",
        published.len(),
        libraries.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The workspace's members, from `cargo metadata`.
pub(crate) fn members(root: &Path) -> anyhow::Result<Vec<Member>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(&cargo)
        .args(["metadata", "--no-deps", "--format-version", "1"])
        .current_dir(root)
        .output()
        .with_context(|| format!("could not run {cargo} metadata"))?;
    ensure!(
        output.status.success(),
        "`cargo metadata` failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: Value =
        serde_json::from_slice(&output.stdout).context("`cargo metadata` printed no JSON")?;
    read_members(&metadata)
}

/// The members of `cargo metadata`'s answer.
fn read_members(metadata: &Value) -> anyhow::Result<Vec<Member>> {
    let Some(packages) = metadata["packages"].as_array() else {
        bail!("`cargo metadata`'s answer has no packages");
    };
    let mut members = Vec::new();
    for package in packages {
        let text = |key: &str| {
            package[key]
                .as_str()
                .map(str::to_owned)
                .with_context(|| format!("a package of `cargo metadata` has no {key}"))
        };
        // `publish` is null when any registry may have it, a list of
        // registries otherwise: the empty list is `publish = false`.
        let publishable = package["publish"]
            .as_array()
            .is_none_or(|registries| !registries.is_empty());
        let library = package["targets"].as_array().is_some_and(|targets| {
            targets.iter().any(|target| {
                target["kind"]
                    .as_array()
                    .is_some_and(|kinds| kinds.iter().any(|kind| kind == "lib"))
            })
        });
        members.push(Member {
            name: text("name")?,
            version: text("version")?,
            publishable,
            library,
        });
    }
    members.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(members)
}

/// The scratch workspace's manifest: the unpacked crates (`libraries`, as
/// (name, folder)) as members, each published version patched to its
/// folder, and the workspace's profiles (`[profile…]` tables of `root`, the
/// root manifest's text).
fn scratch_manifest(libraries: &[(&str, String)], root: &str) -> String {
    let mut text = String::from(
        "# Written by `cargo xtask package`: the unpacked packages, built alone.\n\
         [workspace]\nresolver = \"3\"\nmembers = [\n",
    );
    for (_, folder) in libraries {
        text.push_str(&format!("    \"{folder}\",\n"));
    }
    text.push_str("]\n\n[patch.crates-io]\n");
    for (name, folder) in libraries {
        text.push_str(&format!("{name} = {{ path = \"{folder}\" }}\n"));
    }
    let mut in_profile = false;
    for line in root.lines() {
        if line.starts_with('[') {
            in_profile = line.starts_with("[profile.");
            if in_profile {
                text.push('\n');
            }
        }
        if in_profile && !line.starts_with('#') && !line.trim().is_empty() {
            text.push_str(line);
            text.push('\n');
        }
    }
    text
}

/// The paths a `.crate` (a gzipped tarball) holds.
fn list(file: &Path) -> anyhow::Result<Vec<String>> {
    let output = Command::new("tar")
        .arg("-tzf")
        .arg(file)
        .output()
        .with_context(|| format!("could not run tar -tzf {}", file.display()))?;
    ensure!(
        output.status.success(),
        "tar could not list {}: {}",
        file.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    Ok(String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| line.trim_end_matches('/').to_owned())
        .collect())
}

/// Unpacks a `.crate` into `into` (its files land in `NAME-VERSION/`).
fn unpack(file: &Path, into: &Path) -> anyhow::Result<()> {
    // tar is on Linux, macOS and Windows 10 and later alike.
    needs::run(
        Command::new("tar")
            .arg("-xzf")
            .arg(file)
            .arg("-C")
            .arg(into),
        &format!("tar -xzf {} -C {}", file.display(), into.display()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_are_told_publishable_and_library_from_metadata() {
        let metadata: Value = serde_json::from_str(
            r#"{"packages": [
                {"name": "b-tool", "version": "0.1.0", "publish": [],
                 "targets": [{"kind": ["bin"]}]},
                {"name": "a-lib", "version": "0.2.0", "publish": null,
                 "targets": [{"kind": ["lib"]}, {"kind": ["test"]}]},
                {"name": "c-cmd", "version": "1.0.0", "publish": ["crates-io"],
                 "targets": [{"kind": ["bin"]}]}
            ]}"#,
        )
        .unwrap();
        let members = read_members(&metadata).unwrap();
        let seen: Vec<(&str, &str, bool, bool)> = members
            .iter()
            .map(|m| {
                (
                    m.name.as_str(),
                    m.version.as_str(),
                    m.publishable,
                    m.library,
                )
            })
            .collect();
        assert_eq!(
            seen,
            [
                ("a-lib", "0.2.0", true, true),
                ("b-tool", "0.1.0", false, false),
                ("c-cmd", "1.0.0", true, false),
            ]
        );
        let broken: Value = serde_json::from_str(r#"{"packages": [{"version": "1"}]}"#).unwrap();
        let error = read_members(&broken).err().unwrap().to_string();
        assert_eq!(error, "a package of `cargo metadata` has no name");
    }

    #[test]
    fn the_scratch_workspace_patches_every_crate_and_keeps_the_profiles() {
        let root = "[workspace]\nmembers = [\"a\"]\n\n[profile.release]\n# why\ndebug = 1\n\n\
                    [workspace.lints.rust]\nmissing_docs = \"warn\"\n\n\
                    [profile.dev.package.a]\nopt-level = 3\n";
        let libraries = [("a", "a-0.1.0".to_owned()), ("b", "b-0.1.0".to_owned())];
        let text = scratch_manifest(&libraries, root);
        assert_eq!(
            text,
            "# Written by `cargo xtask package`: the unpacked packages, built alone.\n\
             [workspace]\nresolver = \"3\"\nmembers = [\n    \"a-0.1.0\",\n    \"b-0.1.0\",\n]\n\n\
             [patch.crates-io]\na = { path = \"a-0.1.0\" }\nb = { path = \"b-0.1.0\" }\n\n\
             [profile.release]\ndebug = 1\n\n[profile.dev.package.a]\nopt-level = 3\n"
        );
    }
}
