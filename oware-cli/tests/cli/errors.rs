//! Errors from the operating system are printed once, after what failed;
//! and `oware book build` works from any directory.

use crate::{oware, oware_command};

/// How often the operating system's reason appears in `stderr`.
fn os_errors(stderr: &str) -> usize {
    stderr.matches("(os error").count()
}

#[test]
fn a_book_that_cannot_be_written_says_why_once() {
    let run = oware(
        &[
            "book",
            "build",
            "--out",
            "/nonexistent/dir/x.book",
            "--depth",
            "2",
            "--plies",
            "1",
        ],
        "",
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    // Found before the build begins, by the check every written file has.
    assert_eq!(
        run.stderr,
        "oware: error: cannot save to /nonexistent/dir/x.book: the folder /nonexistent/dir does not exist\n"
    );
}

#[test]
fn a_database_that_cannot_be_written_says_why_once() {
    let args = [
        "egdb",
        "build",
        "--rules",
        "awari",
        "--max-seeds",
        "2",
        "--dir",
        "/proc/no-such-dir",
    ];
    let run = oware(&args, "");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("/proc/no-such-dir"), "{}", run.stderr);
    assert_eq!(os_errors(&run.stderr), 1, "{}", run.stderr);
}

#[test]
fn a_board_of_49_seeds_says_why_once() {
    let board = "[ 0]  4  4  4  4  4  4\n      4  4  4  4  4  5 [ 0]\n";
    let run = oware(&["show", "--board", "-"], board);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let reason = "the board holds 49 seeds";
    assert_eq!(run.stderr.matches(reason).count(), 1, "{}", run.stderr);
}

#[test]
fn book_build_writes_rules_dot_book_in_the_current_directory() {
    let dir = std::env::temp_dir().join(format!("oware-cli-book-cwd-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let output = oware_command(&[
        "book", "build", "--rules", "awari", "--depth", "2", "--plies", "1", "--hash", "1",
    ])
    .current_dir(&dir)
    .output()
    .expect("the oware binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.starts_with("wrote awari.book: "), "{stdout}");
    assert!(dir.join("awari.book").is_file());
    assert!(dir.join("awari.book.log").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}
