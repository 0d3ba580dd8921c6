//! Where the command writes: the folder is checked before any work, a file
//! of another kind is named and kept, and a symbolic link is written
//! through with the file's permissions kept (`oware-cli/src/output_file.rs`).

use crate::files::{folder, names};
use crate::ogn::data;
use crate::oware_in;

#[test]
fn analyze_checks_where_it_writes_before_it_thinks() {
    let dir = folder("out-first");
    std::fs::write(dir.join("g.ogn"), data("auale-unfinished.ogn")).unwrap();
    // Checked after the analysis, this would fail only after 300 ms a move,
    // and with the operating system's message.
    let args = [
        "analyze",
        "--time",
        "300",
        "g.ogn",
        "--out",
        "/nonexistent/x.ogn",
    ];
    let run = oware_in(&dir, &args, "");
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "oware: error: cannot save to /nonexistent/x.ogn: the folder /nonexistent does not exist\n",
        "no move was analyzed first"
    );
    assert_eq!(names(&dir), ["g.ogn"]);
}

#[test]
fn a_book_where_a_record_is_expected_is_named_and_kept() {
    let dir = folder("book-for-record");
    let built = oware_in(
        &dir,
        &[
            "book", "build", "--depth", "2", "--plies", "1", "--out", "x.book",
        ],
        "",
    );
    assert_eq!(built.code, 0, "{}", built.stderr);
    let book = std::fs::read(dir.join("x.book")).unwrap();
    let run = oware_in(&dir, &["play", "--humans", "--save", "x.book"], "E\nquit\n");
    assert_eq!(
        run.stderr,
        "oware: error: --save x.book: the file exists (it holds an opening book) and would be replaced; give --force to replace it, or continue it with --load x.book --save x.book\n"
    );
    let args = ["play", "--humans", "--load", "x.book", "--save", "x.book"];
    let run = oware_in(&dir, &args, "E\nquit\n");
    assert_eq!(
        run.stderr,
        "oware: error: --load: cannot read the record file x.book: it holds an opening book, not text\n"
    );
    let run = oware_in(
        &dir,
        &["analyze", "--depth", "2", "x.book", "--in-place"],
        "",
    );
    assert_eq!(
        run.stderr,
        "oware: error: cannot read the game file x.book: it holds an opening book, not text\n"
    );
    let run = oware_in(
        &dir,
        &[
            "match", "--engine", "level:1", "--engine", "level:2", "--save", "x.book",
        ],
        "",
    );
    assert_eq!(
        run.stderr,
        "oware: error: reading x.book: it holds an opening book, not text\n"
    );
    // Where a match cannot save is said before its first game.
    let run = oware_in(
        &dir,
        &[
            "match",
            "--engine",
            "level:1",
            "--engine",
            "level:2",
            "--save",
            "no/games.ogn",
        ],
        "",
    );
    assert_eq!(
        run.stderr,
        "oware: error: cannot save to no/games.ogn: the folder no does not exist\n"
    );
    assert!(!run.stdout.contains("game 1"), "{}", run.stdout);
    assert_eq!(std::fs::read(dir.join("x.book")).unwrap(), book);
    assert_eq!(names(&dir), ["x.book", "x.book.log"]);
}

#[cfg(unix)]
#[test]
fn saving_through_a_symbolic_link_writes_its_file_and_keeps_its_permissions() {
    use std::os::unix::fs::{PermissionsExt, symlink};

    let dir = folder("link");
    std::fs::create_dir(dir.join("sub")).unwrap();
    std::fs::write(dir.join("sub/real.ogn"), "1. E c *\n").unwrap();
    std::fs::set_permissions(
        dir.join("sub/real.ogn"),
        std::fs::Permissions::from_mode(0o600),
    )
    .unwrap();
    symlink("sub/real.ogn", dir.join("link.ogn")).unwrap();
    let args = [
        "play", "--humans", "--load", "link.ogn", "--save", "link.ogn",
    ];
    let run = oware_in(&dir, &args, "F\nquit\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let is_link = |name: &str| {
        std::fs::symlink_metadata(dir.join(name))
            .unwrap()
            .file_type()
            .is_symlink()
    };
    let mode = |name: &str| {
        std::fs::metadata(dir.join(name))
            .unwrap()
            .permissions()
            .mode()
            & 0o777
    };
    assert!(is_link("link.ogn"), "the link is kept");
    let real = std::fs::read_to_string(dir.join("sub/real.ogn")).unwrap();
    assert!(real.ends_with("1. E c 2. F *\n"), "{real}");
    assert_eq!(
        mode("sub/real.ogn"),
        0o600,
        "a private record stays private"
    );
    let run = oware_in(
        &dir,
        &["analyze", "--depth", "2", "link.ogn", "--in-place"],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(is_link("link.ogn"));
    let real = std::fs::read_to_string(dir.join("sub/real.ogn")).unwrap();
    assert!(real.contains("[%oware "), "{real}");
    assert_eq!(mode("sub/real.ogn"), 0o600);
    assert_eq!(names(&dir), ["link.ogn", "sub"]);
    assert_eq!(names(&dir.join("sub")), ["real.ogn"]);
}
