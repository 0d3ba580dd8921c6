//! A reader that closes stdout after one line (`oware … | head -1`) ends
//! every command quietly, with status 0, never with a panic.

use std::io::{BufRead, BufReader};
use std::process::Stdio;

use crate::oware_command;

/// Runs `oware args`, reads one line of its stdout, closes the pipe, and
/// returns the exit code and stderr.
fn first_line_only(args: &[&str]) -> (i32, String, String) {
    let mut child = oware_command(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the oware binary runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout is piped"))
        .read_line(&mut first)
        .expect("stdout reads");
    // The reader (and with it the pipe) is dropped here, before the rest is written.
    let output = child.wait_with_output().expect("oware finishes");
    let code = output
        .status
        .code()
        .expect("oware exits, not killed by a signal");
    (
        code,
        first,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    let dir = std::env::temp_dir().join(format!("oware-cli-pipe-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_str().unwrap();
    let commands: [&[&str]; 9] = [
        &["show", "EcAb"],
        &["analyze", "--depth", "12", "--no-book", "EcAb"],
        &["perft", "7"],
        &[
            "egdb",
            "build",
            "--rules",
            "awari",
            "--max-seeds",
            "10",
            "--dir",
            dir_arg,
        ],
        &["book", "show", "E"],
        &["match", "--help"],
        &["--help"],
        &["perft", "--help"],
        &["puzzle", "list"],
    ];
    for args in commands {
        let (code, first, stderr) = first_line_only(args);
        assert!(!first.is_empty(), "{args:?} printed nothing");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{args:?}: {stderr}");
        assert_eq!(code, 0, "{args:?}: {stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
