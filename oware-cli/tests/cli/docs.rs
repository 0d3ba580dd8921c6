//! The examples of README.md and docs/guide.md, run with the `oware` just
//! built (the conventions are described at the top of docs/guide.md):
//!
//! - every `console` block is a transcript: each `$ ` line is run and what
//!   it prints (stdout and stderr, as a terminal shows them) must be the
//!   text under it, times and rates elided on both sides ([`ELIDED`]), with
//!   snapbox's `...` (any lines) and `[..]` (any text in a line);
//! - every `sh runnable` block is run line by line, and every line must
//!   succeed (its comments are not compared);
//! - a block whose info string names `file=NAME` is written to NAME in the
//!   folder a transcript runs in, so that a transcript can read it.
//!
//! Each block runs in a fresh folder that is also its HOME (no endgame
//! database, no settings), so the output is the same on every machine.
//! `SNAPSHOTS=overwrite cargo test --release -p oware-cli --test cli docs`
//! writes what the commands print now into the pages, keeping `...` and
//! `[..]` where they still match.
//!
//! Why not trycmd, which reads `console` blocks too: it runs each `$ ` line
//! itself, split into words, with no shell and no stdin, and the pages'
//! transcripts are what a person types: moves piped into `play` and `uci`,
//! `2>/dev/null | tail`. So the lines run under `sh`, as the runnable
//! blocks always have, and snapbox (trycmd's matcher) compares.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::LazyLock;

use regex::Regex;
use snapbox::Data;
use snapbox::filter::NormalizeToExpected;

mod markdown;

/// The pages whose examples are run, from the workspace's root.
const PAGES: [&str; 2] = ["README.md", "docs/guide.md"];

/// What differs from run to run or machine to machine: a pattern, and what
/// stands for it in both the page and the output before they are compared.
const ELIDED: [(&str, &str); 5] = [
    (r"\b(in|about) \d+(\.\d+)? (µs|ms|s|minutes)\b", "$1 [time]"),
    (r"estimated for \d+ cores?\b", "estimated for [n] cores"),
    // The nodes/s column, before the line that ends a row of the search's table.
    (
        r"(?m)^( +\d+ .*?) +\d+(\.\d+)?[kMG]?( +[A-Fa-f]+)$",
        "$1 [rate]$3",
    ),
    (r"\bnps \d+\b", "nps [rate]"),
    (r"\btime \d+\b", "time [time]"),
];

/// `text` with what [`ELIDED`] names replaced.
fn elide(text: &str) -> String {
    static PATTERNS: LazyLock<Vec<(Regex, &str)>> = LazyLock::new(|| {
        ELIDED
            .iter()
            .map(|&(pattern, with)| (Regex::new(pattern).unwrap(), with))
            .collect()
    });
    let mut text = text.to_owned();
    for (pattern, with) in PATTERNS.iter() {
        text = pattern.replace_all(&text, *with).into_owned();
    }
    text
}

/// Whether `printed` is the `shown` output: `Err` with a diff when not.
fn compare(name: &str, shown: &str, printed: &str) -> Result<(), String> {
    let shown = Data::text(elide(shown.trim_end_matches('\n')));
    let printed = Data::text(elide(printed.trim_end_matches('\n')));
    snapbox::Assert::new()
        .try_eq(Some(&name), printed, shown)
        .map_err(|error| error.to_string())
}

/// What overwrite writes for `printed` where `shown` was: `printed`, with
/// the page's `...` and `[..]` kept where they match it, and the page's
/// line kept where only what is elided differs (a refresh changes only
/// what changed, not every time and rate).
fn refreshed(shown: &str, printed: &str) -> String {
    let normalized = NormalizeToExpected::new()
        .redact()
        .normalize(
            Data::text(printed.trim_end_matches('\n')),
            &Data::text(shown.trim_end_matches('\n')),
        )
        .render()
        .expect("text stays text");
    let shown: Vec<&str> = shown.lines().collect();
    let mut text = String::new();
    for (index, line) in normalized.lines().enumerate() {
        let same = |shown: &&&str| elide(shown) == elide(line);
        text.push_str(shown.get(index).filter(same).unwrap_or(&line));
        text.push('\n');
    }
    text
}

#[test]
fn times_rates_and_cores_are_elided() {
    let row = "    8      +2.19   -3.50   -5.09   -0.56   -1.44   +2.19   -3.38    11.6k    10.6M  EdCaBaEe";
    assert_eq!(
        elide(row),
        "    8      +2.19   -3.50   -5.09   -0.56   -1.44   +2.19   -3.38    11.6k [rate]  EdCaBaEe"
    );
    assert_eq!(
        elide("best move: E (score +0.94, depth 12; 79.6k nodes in 7.3 ms)"),
        "best move: E (score +0.94, depth 12; 79.6k nodes in [time])"
    );
    assert_eq!(
        elide("info depth 1 score cp 19 nodes 22 nps 100257 time 0 pv E"),
        "info depth 1 score cp 19 nodes 22 nps [rate] time [time] pv E"
    );
    assert_eq!(
        elide("about 4 minutes to build here (estimated for 1 core)"),
        "about [time] to build here (estimated for [n] cores)"
    );
    // Scores, nodes and moves are kept.
    assert_eq!(
        elide("   12      +0.06  E  83.3k"),
        "   12      +0.06  E  83.3k"
    );
}

#[test]
fn a_transcript_matches_only_what_it_shows() {
    let printed = "depth 1\n  1  +0.19  18  99.4k  E\nbest move: E (18 nodes in 1.00 s)\n";
    assert_eq!(
        compare(
            "t",
            "depth 1\n  1  +0.19  18  1.2M  E\nbest move: E (18 nodes in 7 µs)\n",
            printed
        ),
        Ok(())
    );
    assert_eq!(compare("t", "depth [..]\n...\n", printed), Ok(()));
    let error = compare("t", "depth 1\n  1  +0.18  18  1.2M  E\n...\n", printed).unwrap_err();
    assert!(
        error.contains("+0.18") && error.contains("+0.19"),
        "{error}"
    );
    assert_eq!(
        refreshed("depth [..]\n  1  -9  1  1k  D\n...\n", printed),
        "depth [..]\n  1  +0.19  18  99.4k  E\n...\n"
    );
    assert_eq!(
        refreshed(
            "depth 1\n  1  +0.19  18  1.2M  E\nbest move: E\nmore\n",
            printed
        ),
        "depth 1\n  1  +0.19  18  1.2M  E\nbest move: E (18 nodes in 1.00 s)\n"
    );
}

/// A fresh folder named `name` in the test's temporary folder.
fn fresh_folder(name: &str) -> PathBuf {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    folder
}

/// The PATH the examples run with: a folder holding only the `oware`
/// under test first (a hard link, or a copy where the file system has
/// none). `None` where there is no `sh` to run them, which is allowed
/// (Windows without Git's or MSYS2's `sh`), visibly, unless OWARE_NO_SKIP.
fn search_path() -> Option<OsString> {
    if Command::new("sh").args(["-c", "true"]).status().is_err() {
        let why = "the README's examples need `sh`, which is not on PATH";
        assert!(std::env::var_os("OWARE_NO_SKIP").is_none(), "{why}");
        let _ = std::io::Write::write_all(
            &mut std::io::stderr(),
            format!("skipped: {why}\n").as_bytes(),
        );
        return None;
    }
    static BIN: LazyLock<PathBuf> = LazyLock::new(|| {
        let folder = fresh_folder("docs-bin");
        let name = format!("oware{}", std::env::consts::EXE_SUFFIX);
        let oware = env!("CARGO_BIN_EXE_oware");
        if std::fs::hard_link(oware, folder.join(&name)).is_err() {
            std::fs::copy(oware, folder.join(&name)).unwrap();
        }
        folder
    });
    let mut paths = vec![BIN.clone()];
    if let Some(path) = std::env::var_os("PATH") {
        paths.extend(std::env::split_paths(&path));
    }
    Some(std::env::join_paths(paths).unwrap())
}

/// Runs `command` with `sh` in `folder`, which is also its HOME (so the
/// default endgame database directory is empty), stdin empty, and stderr
/// where stdout goes: the exit status and what it printed.
fn shell(command: &str, folder: &Path, path: &OsString) -> (std::process::ExitStatus, String) {
    let output = Command::new("sh")
        .args(["-c", &format!("exec 2>&1\n{command}")])
        .current_dir(folder)
        .env("PATH", path)
        .env("HOME", folder)
        .env_remove("XDG_DATA_HOME")
        .env_remove("OWARE_EGDB")
        .env_remove("OWARE_NO_EGDB_OFFER")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    let printed = String::from_utf8_lossy(&output.stdout);
    let home = folder.to_string_lossy();
    (output.status, printed.replace(home.as_ref(), "~"))
}

/// The text of `page`, a path from the workspace's root.
fn page_text(page: &str) -> (PathBuf, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(page);
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text)
}

#[test]
fn the_transcripts_of_the_readme_and_the_guide_print_what_they_show() {
    let Some(path) = search_path() else {
        return;
    };
    let overwrite = std::env::var_os("SNAPSHOTS").is_some_and(|v| v == "overwrite");
    let mut failures = Vec::new();
    let mut compared = 0;
    for page in PAGES {
        let (file, text) = page_text(page);
        let blocks = markdown::read(&text).unwrap_or_else(|error| panic!("{page}, {error}"));
        let mut outputs = Vec::new();
        for transcript in &blocks.transcripts {
            let name = format!("docs-{}-{}", page.replace(['/', '.'], "-"), transcript.line);
            let folder = fresh_folder(&name);
            for (name, contents) in &blocks.files {
                std::fs::write(folder.join(name), contents).unwrap();
            }
            for step in &transcript.steps {
                let (status, printed) = shell(&step.command, &folder, &path);
                let name = format!("{page}:{} `{}`", step.line, step.command);
                if !status.success() {
                    failures.push(format!("{name} failed ({status}):\n{printed}"));
                } else if let Err(diff) = compare(&name, &step.output, &printed) {
                    match overwrite {
                        true => outputs
                            .push((step.output_lines.clone(), refreshed(&step.output, &printed))),
                        false => failures.push(diff),
                    }
                }
                compared += 1;
            }
        }
        if !outputs.is_empty() {
            let refreshed = outputs.len();
            std::fs::write(&file, markdown::replace_outputs(&text, outputs)).unwrap();
            eprintln!("{page}: {refreshed} outputs written");
        }
    }
    assert!(
        failures.is_empty(),
        "{}\nwhere the command is right, write its output into the page with \
         SNAPSHOTS=overwrite cargo test --release -p oware-cli --test cli docs",
        failures.join("\n")
    );
    assert!(
        compared >= 7,
        "only {compared} transcript commands compared"
    );
}

#[test]
fn the_runnable_examples_of_the_readme_and_the_guide_run_as_written() {
    let Some(path) = search_path() else {
        return;
    };
    let mut run = 0;
    for page in PAGES {
        let (_, text) = page_text(page);
        let blocks = markdown::read(&text).unwrap_or_else(|error| panic!("{page}, {error}"));
        assert!(
            page != "README.md" || blocks.runnable.len() >= 2,
            "README.md's command and endgame examples are marked runnable"
        );
        for block in blocks.runnable {
            let name = format!("docs-{}-{}", page.replace(['/', '.'], "-"), block.line);
            let folder = fresh_folder(&name);
            for command in &block.commands {
                let (status, printed) = shell(command, &folder, &path);
                assert!(
                    status.success(),
                    "{page}, the block at line {}: `{command}` failed ({status}):\n{printed}",
                    block.line,
                );
                run += 1;
            }
        }
    }
    assert!(run >= 10, "only {run} commands run");
}
