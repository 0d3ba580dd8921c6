//! End-to-end tests: the real `oware` binary, run over pipes.
//!
//! Output a person reads is kept as insta snapshots (`snapshots/`), with
//! times and rates redacted; facts that depend on the search (its scores,
//! node counts, chosen moves) are asserted rather than snapshotted, so a
//! better search does not break these tests.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

mod analyze;
mod auale;
mod book;
mod build_figures;
mod damage;
mod docs;
mod egdb;
mod endgame;
mod errors;
mod faults;
mod fen;
mod files;
mod games;
mod help;
mod history;
mod live;
#[path = "match.rs"]
mod matches;
mod ogn;
mod perft;
mod pipe;
mod play;
mod practice;
mod puzzle;
mod show;
mod sizes;
mod tunable;
mod uci;
mod writing;

/// What a run of the binary gave.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    /// The run as a snapshot reads: the command, the exit code, both streams.
    fn transcript(&self, args: &[&str]) -> String {
        let mut text = format!("$ oware {}\nexit code {}\n", args.join(" "), self.code);
        text.push_str("--- stdout\n");
        text.push_str(&self.stdout);
        if !self.stderr.is_empty() {
            text.push_str("--- stderr\n");
            text.push_str(&self.stderr);
        }
        text
    }
}

/// A directory that holds no endgame database, as the default one in tests.
const NO_EGDB: &str = "/nonexistent/oware-egdb";

/// The `oware` binary with `args`, as every test runs it: no endgame
/// database unless a test names one, so that output stays the same on a
/// machine that has one in the default directory; and a data directory of
/// the tests' own, so that the mistakes `analyze` saves never reach the
/// tester's.
fn oware_command(args: &[&str]) -> Command {
    oware_command_with_egdb(args, NO_EGDB)
}

/// [`oware_command`] with `egdb` as the default endgame database directory.
fn oware_command_with_egdb(args: &[&str], egdb: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_oware"));
    let data = Path::new(env!("CARGO_TARGET_TMPDIR")).join("data");
    command
        .args(args)
        .env_remove("NO_COLOR")
        .env("OWARE_EGDB", egdb)
        .env("XDG_DATA_HOME", data);
    command
}

/// Runs `oware` with `args`, `input` on stdin, until it exits.
fn oware(args: &[&str], input: &str) -> Run {
    run(oware_command(args), input)
}

/// Runs `oware` in the folder `dir` (so file names in its output are the
/// short ones given) with `args`, `input` on stdin, until it exits.
fn oware_in(dir: &Path, args: &[&str], input: &str) -> Run {
    let mut command = oware_command(args);
    command.current_dir(dir);
    run(command, input)
}

/// [`oware`] with `egdb` as the default endgame database directory.
fn oware_with_egdb(args: &[&str], input: &str, egdb: &str) -> Run {
    run(oware_command_with_egdb(args, egdb), input)
}

/// Runs `command` with `input` on stdin, until it exits.
fn run(mut command: Command, input: &str) -> Run {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the oware binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_owned();
    // Write from another thread: a large input must not deadlock against a full stdout pipe.
    let writer = std::thread::spawn(move || {
        // The program may exit before reading everything (quit): that is fine.
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().expect("oware finishes");
    writer.join().expect("the writer thread ends");
    Run {
        code: output.status.code().expect("oware exits normally"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// Filters that hide what changes from run to run: times and rates.
fn timing_filters() -> Vec<(&'static str, &'static str)> {
    vec![
        (r"\d+(\.\d+)? (µs|ms|s)\b", "[time]"),
        (r"\d+(\.\d+)?[kMG]? leaves/s", "[rate] leaves/s"),
    ]
}

#[test]
fn every_command_has_help() {
    for command in [
        "play", "show", "analyze", "perft", "uci", "egdb", "book", "puzzle", "practice",
    ] {
        let run = oware(&[command, "--help"], "");
        assert_eq!(run.code, 0, "{command}: {}", run.stderr);
        assert!(
            run.stdout.contains(&format!("Usage: oware {command}")),
            "{}",
            run.stdout
        );
    }
    let run = oware(&["--help"], "");
    assert_eq!(run.code, 0);
    for command in [
        "play", "show", "analyze", "perft", "uci", "egdb", "book", "puzzle", "practice",
    ] {
        assert!(
            run.stdout.contains(&format!("\n  {command} ")),
            "{}",
            run.stdout
        );
    }
}
