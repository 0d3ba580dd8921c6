//! `cargo lab baseline [NAME|REV]`: a frozen engine to play against.
//!
//! A baseline is the `oware` binary of one commit, built once into a cache
//! outside the work tree (one folder per full commit hash) and found there
//! on every later call. Only the binary's path goes to stdout, so
//! `$(cargo lab baseline)` can stand in a command line:
//!
//! ```sh
//! oware match --engine "cmd=$(cargo lab baseline) uci,name=base" \
//!             --engine "cmd=target/release/oware uci,name=new" --movetime 100
//! ```
//!
//! Names come from `baselines.toml` at the workspace root (`NAME = "COMMIT"`
//! lines, oldest first, the last the default); any other argument is a git
//! revision. Everything else the task says goes to stderr.
//!
//! Every baseline is built portably: for the target's baseline CPU, with no
//! `-C target-cpu`, whatever the commit's own `.cargo/config.toml` (older
//! commits asked for `native`) or the caller's `RUSTFLAGS` say. So a
//! baseline built on one machine runs, and means the same, on another; the
//! flags and the compiler are written beside the binary in `build.txt`.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail, ensure};

/// The file naming the baselines, at the workspace root.
const NAMES_FILE: &str = "baselines.toml";

/// The workspace root, whose `baselines.toml` names the baselines and
/// whose git repository holds their commits: the parent of this crate's
/// folder.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("lab sits in the workspace root")
        .to_owned()
}

/// The flags of `cargo lab baseline`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// A name from baselines.toml or any git revision; the newest name if left out.
    baseline: Option<String>,
    /// Print each name, its commit and whether it is built, and build nothing.
    #[arg(long, conflicts_with = "baseline")]
    list: bool,
}

/// One line of the names file: a name and the commit it stands for.
#[derive(Debug, PartialEq, Eq)]
struct Named {
    name: String,
    commit: String,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    let root = workspace_root();
    let names_path = root.join(NAMES_FILE);
    let text = std::fs::read_to_string(&names_path)
        .with_context(|| format!("could not read {}", names_path.display()))?;
    let names = parse_names(&text).with_context(|| format!("in {}", names_path.display()))?;
    let cache = cache_dir(|key| std::env::var_os(key))?;
    if args.list {
        for Named { name, commit } in &names {
            let binary = binary_path(&cache, commit);
            let state = if binary.is_file() {
                format!("built: {}", binary.display())
            } else {
                "not built".to_owned()
            };
            println!("{name}  {commit}  {state}");
        }
        return Ok(());
    }
    let commit = resolve(args.baseline.as_deref(), &names, |rev| {
        rev_parse(&root, rev)
    })?;
    let binary = binary_path(&cache, &commit);
    if !binary.is_file() {
        build(&root, &cache, &commit)?;
    }
    println!("{}", binary.display());
    Ok(())
}

/// Reads the names file: `NAME = "COMMIT"` lines, blank lines and `#`
/// comments, each name once, each commit a full 40-digit hash (so a name
/// cannot drift when the history grows an ambiguous prefix).
fn parse_names(text: &str) -> anyhow::Result<Vec<Named>> {
    let mut names: Vec<Named> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((name, value)) = line.split_once('=') else {
            bail!("line {number}: expected NAME = \"COMMIT\", found `{line}`");
        };
        let name = name.trim();
        let valid_name = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
        ensure!(
            valid_name,
            "line {number}: `{name}` is not a name (letters, digits, `-`, `_` and `.` only)"
        );
        let commit = value
            .trim()
            .strip_prefix('"')
            .and_then(|rest| rest.strip_suffix('"'))
            .with_context(|| format!("line {number}: the commit must be in double quotes"))?;
        ensure!(
            commit.len() == 40 && commit.chars().all(|c| c.is_ascii_hexdigit()),
            "line {number}: `{commit}` is not a full 40-digit commit hash"
        );
        ensure!(
            names.iter().all(|named| named.name != name),
            "line {number}: `{name}` is named twice"
        );
        names.push(Named {
            name: name.to_owned(),
            commit: commit.to_ascii_lowercase(),
        });
    }
    Ok(names)
}

/// The commit an argument stands for: the newest name when there is none, a
/// name from the file, or else a git revision as `rev_parse` resolves it.
fn resolve(
    arg: Option<&str>,
    names: &[Named],
    rev_parse: impl FnOnce(&str) -> anyhow::Result<String>,
) -> anyhow::Result<String> {
    let Some(arg) = arg else {
        let newest = names
            .last()
            .with_context(|| format!("{NAMES_FILE} names no baseline; give a revision"))?;
        return Ok(newest.commit.clone());
    };
    if let Some(named) = names.iter().find(|named| named.name == arg) {
        return Ok(named.commit.clone());
    }
    rev_parse(arg).with_context(|| {
        let known: Vec<&str> = names.iter().map(|named| named.name.as_str()).collect();
        format!(
            "`{arg}` is neither a baseline name ({}) nor a commit",
            known.join(", ")
        )
    })
}

/// The full hash of the commit `rev` names, by `git rev-parse` in `root`.
fn rev_parse(root: &Path, rev: &str) -> anyhow::Result<String> {
    let output = Command::new("git")
        .args(["rev-parse", "--verify", "--quiet", "--end-of-options"])
        .arg(format!("{rev}^{{commit}}"))
        .current_dir(root)
        .stderr(Stdio::inherit())
        .output()
        .context("could not run git")?;
    ensure!(output.status.success(), "git knows no commit `{rev}`");
    Ok(String::from_utf8(output.stdout)
        .context("git printed a hash that is not UTF-8")?
        .trim()
        .to_owned())
}

/// The cache's folder: `$OWARE_BASELINE_CACHE`, else
/// `$XDG_CACHE_HOME/oware/baselines`, else `~/.cache/oware/baselines`
/// (empty variables count as unset, as the XDG specification says).
fn cache_dir(var: impl Fn(&str) -> Option<OsString>) -> anyhow::Result<PathBuf> {
    let var = |key: &str| {
        var(key)
            .filter(|value| !value.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var("OWARE_BASELINE_CACHE") {
        return Ok(dir);
    }
    if let Some(cache_home) = var("XDG_CACHE_HOME") {
        return Ok(cache_home.join("oware").join("baselines"));
    }
    let home =
        var("HOME").context("no cache folder: set OWARE_BASELINE_CACHE, XDG_CACHE_HOME or HOME")?;
    Ok(home.join(".cache").join("oware").join("baselines"))
}

/// Where the binary of `commit` lives in the cache: in a `portable`
/// folder, so binaries cached before baselines were built portably (at
/// `<commit>/oware`) are never taken for one.
fn binary_path(cache: &Path, commit: &str) -> PathBuf {
    cache.join(commit).join("portable").join("oware")
}

/// Builds `commit`'s `oware` into the cache: its tree exported into a
/// scratch folder, built with the target folder every baseline shares (so
/// the dependencies are compiled once), the binary copied in and renamed
/// into place (so a half-written one is never found), the scratch removed.
fn build(root: &Path, cache: &Path, commit: &str) -> anyhow::Result<()> {
    // The tree is this process's own, so two builds at once do not unpack
    // over each other; cargo's lock on the target folder makes the second
    // wait, and each renames a complete binary into place.
    let scratch = cache
        .join("build")
        .join(format!("tree-{commit}-{}", std::process::id()));
    let target = cache.join("build").join("target");
    std::fs::create_dir_all(&scratch)
        .with_context(|| format!("could not create {}", scratch.display()))?;
    eprintln!("baseline: exporting {commit} into {}", scratch.display());
    export_tree(root, commit, &scratch)?;
    eprintln!(
        "baseline: building oware at {commit} (target folder {})",
        target.display()
    );
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(&cargo)
        .args([
            "build",
            "--release",
            "--locked",
            "--package",
            "oware-cli",
            "--bin",
            "oware",
        ])
        .arg("--target-dir")
        .arg(&target)
        .current_dir(&scratch)
        // Empty flags take precedence over RUSTFLAGS and over the commit's
        // `target.*.rustflags` (cargo reads the first of those it finds).
        .env("CARGO_ENCODED_RUSTFLAGS", "")
        // Cargo's output is the build's story, not the answer: stdout is kept for the path.
        .stdout(std::io::stderr())
        .status()
        .with_context(|| format!("could not run {cargo}"))?;
    ensure!(
        status.success(),
        "building {commit} failed ({status}); its output is above, its tree in {}",
        scratch.display()
    );
    let binary = binary_path(cache, commit);
    let folder = binary.parent().expect("the binary is in a folder");
    std::fs::create_dir_all(folder)
        .with_context(|| format!("could not create {}", folder.display()))?;
    std::fs::write(folder.join("build.txt"), build_record(commit))
        .with_context(|| format!("could not write {}", folder.join("build.txt").display()))?;
    let partial = folder.join(format!("oware.partial-{}", std::process::id()));
    let built = target.join("release").join("oware");
    std::fs::copy(&built, &partial)
        .with_context(|| format!("could not copy {} into the cache", built.display()))?;
    std::fs::rename(&partial, &binary)
        .with_context(|| format!("could not move the binary to {}", binary.display()))?;
    std::fs::remove_dir_all(&scratch)
        .with_context(|| format!("could not remove {}", scratch.display()))?;
    eprintln!("baseline: built {}", binary.display());
    Ok(())
}

/// What `build.txt` says of a baseline: its commit, its flags, its compiler.
fn build_record(commit: &str) -> String {
    let rustc = Command::new("rustc")
        .arg("--version")
        .output()
        .ok()
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_owned())
        .unwrap_or_else(|| "unknown".to_owned());
    format!(
        "commit: {commit}\n\
         flags: none (CARGO_ENCODED_RUSTFLAGS empty: the target's baseline CPU)\n\
         profile: release, --locked\n\
         compiler: {rustc}\n"
    )
}

/// Writes `commit`'s tree into `dir`: `git archive` piped into `tar`.
///
/// The files are dated now, not at the commit (`tar -m`): cargo judges the
/// shared target folder's workspace crates fresh by date alone, and an
/// older commit built after a newer one would otherwise reuse the newer
/// one's compiled crates. Registry dependencies, which never change under
/// a version, are still compiled once.
fn export_tree(root: &Path, commit: &str, dir: &Path) -> anyhow::Result<()> {
    let mut archive = Command::new("git")
        .args(["archive", "--format=tar", commit])
        .current_dir(root)
        .stdout(Stdio::piped())
        .spawn()
        .context("could not run git archive")?;
    let tar_input = archive.stdout.take().context("git archive has no output")?;
    let tar = Command::new("tar")
        .args(["-x", "-m"])
        .arg("-C")
        .arg(dir)
        .stdin(tar_input)
        .status()
        .context("could not run tar")?;
    let archived = archive.wait().context("git archive did not finish")?;
    ensure!(
        archived.success(),
        "git archive {commit} failed ({archived})"
    );
    ensure!(tar.success(), "tar could not unpack {commit} ({tar})");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HASH_0: &str = "d6762d0badfe09628a7a186a445aa6e4451612c0";
    const HASH_1: &str = "426924f000000000000000000000000000000000";

    fn names() -> Vec<Named> {
        parse_names(&format!(
            "# two names\n\nbaseline-0 = \"{HASH_0}\"\n  # the next\nbaseline-1 = \"{HASH_1}\"\n"
        ))
        .unwrap()
    }

    fn no_git(rev: &str) -> anyhow::Result<String> {
        bail!("git knows no commit `{rev}`")
    }

    #[test]
    fn the_names_file_is_read_in_order() {
        let names = names();
        assert_eq!(names.len(), 2);
        assert_eq!(
            (names[0].name.as_str(), names[0].commit.as_str()),
            ("baseline-0", HASH_0)
        );
        assert_eq!(
            (names[1].name.as_str(), names[1].commit.as_str()),
            ("baseline-1", HASH_1)
        );
    }

    #[test]
    fn the_repository_names_file_parses_and_names_baseline_0() {
        let text = std::fs::read_to_string(workspace_root().join(NAMES_FILE)).unwrap();
        let names = parse_names(&text).unwrap();
        assert_eq!(
            names[0],
            Named {
                name: "baseline-0".into(),
                commit: HASH_0.into()
            }
        );
    }

    #[test]
    fn malformed_lines_are_refused_with_their_number() {
        let cases = [
            (
                "baseline-0 \"d6762d0\"",
                "line 1: expected NAME = \"COMMIT\"",
            ),
            (
                &format!("# c\nbad name = \"{HASH_0}\""),
                "line 2: `bad name` is not a name",
            ),
            (&format!("\n\n = \"{HASH_0}\""), "line 3: `` is not a name"),
            (
                &format!("b = {HASH_0}"),
                "line 1: the commit must be in double quotes",
            ),
            (
                "b = \"d6762d0\"",
                "line 1: `d6762d0` is not a full 40-digit commit hash",
            ),
            (
                &format!("b = \"{}\"", "g".repeat(40)),
                "is not a full 40-digit commit hash",
            ),
            (
                &format!("b = \"{HASH_0}\"\nb = \"{HASH_1}\""),
                "line 2: `b` is named twice",
            ),
        ];
        for (text, expected) in cases {
            let error = parse_names(text).unwrap_err().to_string();
            assert!(error.contains(expected), "{text:?}: {error}");
        }
    }

    #[test]
    fn no_argument_is_the_newest_name() {
        assert_eq!(resolve(None, &names(), no_git).unwrap(), HASH_1);
        let error = resolve(None, &[], no_git).unwrap_err().to_string();
        assert!(error.contains("names no baseline"), "{error}");
    }

    #[test]
    fn a_name_comes_before_a_revision() {
        let rev_parse = |_: &str| -> anyhow::Result<String> { panic!("a name needs no git") };
        assert_eq!(
            resolve(Some("baseline-0"), &names(), rev_parse).unwrap(),
            HASH_0
        );
    }

    #[test]
    fn other_arguments_are_revisions() {
        let rev_parse = |rev: &str| -> anyhow::Result<String> {
            assert_eq!(rev, "HEAD~2");
            Ok(HASH_1.to_owned())
        };
        assert_eq!(
            resolve(Some("HEAD~2"), &names(), rev_parse).unwrap(),
            HASH_1
        );
        let error = format!(
            "{:#}",
            resolve(Some("baseline-9"), &names(), no_git).unwrap_err()
        );
        assert!(
            error.contains(
                "`baseline-9` is neither a baseline name (baseline-0, baseline-1) nor a commit"
            ),
            "{error}"
        );
    }

    #[test]
    fn git_resolves_revisions_to_full_hashes_and_refuses_others() {
        let head = rev_parse(&workspace_root(), "HEAD").unwrap();
        assert!(
            head.len() == 40 && head.chars().all(|c| c.is_ascii_hexdigit()),
            "{head}"
        );
        assert!(rev_parse(&workspace_root(), "no-such-revision-anywhere").is_err());
        assert!(rev_parse(&workspace_root(), "--help").is_err());
    }

    #[test]
    fn the_cache_folder_follows_the_variables_in_order() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |key: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == key)
                    .map(|(_, v)| OsString::from(v))
            }
        };
        let all = env(&[
            ("OWARE_BASELINE_CACHE", "/c"),
            ("XDG_CACHE_HOME", "/x"),
            ("HOME", "/h"),
        ]);
        assert_eq!(cache_dir(all).unwrap(), PathBuf::from("/c"));
        let xdg = env(&[
            ("OWARE_BASELINE_CACHE", ""),
            ("XDG_CACHE_HOME", "/x"),
            ("HOME", "/h"),
        ]);
        assert_eq!(cache_dir(xdg).unwrap(), PathBuf::from("/x/oware/baselines"));
        let home = env(&[("XDG_CACHE_HOME", ""), ("HOME", "/h")]);
        assert_eq!(
            cache_dir(home).unwrap(),
            PathBuf::from("/h/.cache/oware/baselines")
        );
        assert!(cache_dir(env(&[])).is_err());
        assert_eq!(
            binary_path(Path::new("/c"), HASH_0),
            PathBuf::from(format!("/c/{HASH_0}/portable/oware"))
        );
    }
}
