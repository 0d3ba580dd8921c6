//! `oware book` and the book options of `play` and `analyze`: a small book
//! built, resumed, shown and played from; damaged and foreign books refused.

use std::path::PathBuf;

use crate::oware;

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oware-cli-book-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// A scratch directory holding a freshly built small book, and the book's path.
fn small_book(name: &str) -> (PathBuf, String) {
    let dir = scratch(name);
    let path = dir
        .join("small.book")
        .to_str()
        .expect("a UTF-8 path")
        .to_owned();
    build(&path);
    (dir, path)
}

/// Builds a depth-4, 3-ply book at `path`, with `more` options; returns
/// the summary line.
fn build_with(path: &str, more: &[&str]) -> String {
    let args = [
        "book", "build", "--out", path, "--depth", "4", "--plies", "3", "--margin", "1", "--hash",
        "1",
    ];
    let run = oware(&[&args[..], more].concat(), "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("ply 3/3: "), "{}", run.stderr);
    run.stdout
}

/// Builds a new book at `path`: [`build_with`] and no more options.
fn build(path: &str) -> String {
    build_with(path, &[])
}

/// The number before `word` in `text`: `12 positions` gives 12.
fn number_before(text: &str, word: &str) -> usize {
    let words: Vec<&str> = text.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| w.trim_end_matches([',', ';']) == word)
        .unwrap_or_else(|| panic!("no `{word}` in {text}"));
    words[at - 1].parse().expect("a number")
}

#[test]
fn a_build_writes_the_book_and_resumes_from_its_log() {
    let dir = scratch("build");
    let book = dir.join("small.book");
    let path = book.to_str().expect("a UTF-8 path");
    let first = build(path);
    let positions = number_before(&first, "positions");
    assert!(positions > 3, "{first}");
    assert_eq!(number_before(&first, "searched"), positions);
    let bytes = std::fs::read(&book).expect("the book is written");
    assert_eq!(number_before(&first, "bytes"), bytes.len());

    // Run again: everything is in the log, nothing is searched. The book
    // there is replaced only when told.
    let refused = oware(&["book", "build", "--out", path, "--depth", "4"], "");
    assert_eq!(refused.code, 1);
    assert_eq!(
        refused.stderr,
        format!(
            "oware: error: --out {path}: the file exists (it holds an opening book) and would be replaced; give --force to replace it, or name another --out\n"
        )
    );
    let again = build_with(path, &["--force"]);
    assert_eq!(number_before(&again, "searched"), 0, "{again}");
    assert_eq!(std::fs::read(&book).expect("rewritten"), bytes);

    // Stopped after two positions, with a line cut short: the rest is searched again.
    let log = dir.join("small.book.log");
    let text = std::fs::read_to_string(&log).expect("the log");
    let mut kept: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
    kept.push_str("EcA A+1");
    std::fs::write(&log, kept).expect("written");
    let resumed = build_with(path, &["--force"]);
    assert_eq!(
        number_before(&resumed, "searched"),
        positions - 2,
        "{resumed}"
    );
    assert_eq!(std::fs::read(&book).expect("rewritten"), bytes);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_build_never_replaces_a_game_record_and_checks_its_folder_first() {
    let dir = scratch("record");
    let game = dir.join("mygame.ogn");
    let record = "[Event \"club\"]\n\n1. E c *\n";
    std::fs::write(&game, record).unwrap();
    let path = game.to_str().expect("a UTF-8 path");
    let run = oware(
        &[
            "book", "build", "--depth", "4", "--plies", "2", "--out", path,
        ],
        "",
    );
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        format!(
            "oware: error: --out {path}: the file exists (it holds a game record) and would be replaced; give --force to replace it, or name another --out\n"
        )
    );
    assert_eq!(std::fs::read_to_string(&game).unwrap(), record);
    // A folder that is not there is said before the build begins: no
    // progress, no log.
    let run = oware(
        &[
            "book",
            "build",
            "--depth",
            "4",
            "--plies",
            "2",
            "--out",
            "/nonexistent/x.book",
        ],
        "",
    );
    assert_eq!(
        run.stderr,
        "oware: error: cannot save to /nonexistent/x.book: the folder /nonexistent does not exist\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn show_describes_its_own_options() {
    let run = oware(&["book", "show", "--help"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("The book file to look into"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("Play from"), "{}", run.stdout);
    assert!(!run.stdout.contains("--no-book"), "{}", run.stdout);
    let run = oware(&["book", "show", "--no-book"], "");
    assert_eq!(run.code, 2, "clap refuses it: {}", run.stderr);
}

#[test]
fn show_lists_a_positions_book_moves() {
    let (dir, path) = small_book("show");
    let path = path.as_str();
    let run = oware(&["book", "show", "--book", path], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(
        lines[0].starts_with("book: abapa rules, ") && lines[0].contains("depth 4, 3 plies"),
        "{}",
        run.stdout
    );
    // `book: E (+0.81), C (+0.50)`: legal opening moves, best first.
    let moves = lines[1].strip_prefix("book: ").expect(lines[1]);
    let scores: Vec<f32> = moves
        .split(", ")
        .map(|m| {
            assert!("ABCDEF".contains(&m[..1]), "{m}");
            m[3..m.len() - 1].parse().expect("a score")
        })
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{moves}");
    assert!(scores[0] - scores[scores.len() - 1] <= 1.0, "{moves}");

    // Three plies in: beyond a 3-ply book, which covers plies 0 to 2.
    let out = oware(&["book", "show", "--book", path, "AaB"], "");
    assert_eq!(out.stdout.lines().nth(1), Some("not in the book"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_bot_opens_from_the_book_at_level_15_and_up() {
    let (dir, path) = small_book("play");
    let path = path.as_str();
    let listed = oware(&["book", "show", "--book", path], "").stdout;
    let opening = listed
        .lines()
        .nth(1)
        .expect("the opening's moves")
        .to_owned();
    let from_book = |level: &str| {
        let run = oware(
            &[
                "play", "--level", level, "--seat", "north", "--book", path, "--seed", "3",
            ],
            "quit\n",
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout
            .lines()
            .find(|l| l.starts_with("South plays"))
            .expect("the bot moves")
            .to_owned()
    };
    let line = from_book("15");
    let suffix = format!(" from the opening {opening}");
    assert!(line.ends_with(&suffix), "{line}\n{opening}");
    let house = &line["South plays ".len()..][..1];
    assert!(opening.contains(&format!("{house} (")), "{line}");
    // Level 14 searches instead.
    assert!(!from_book("14").contains("opening book"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn analyze_lists_the_shipped_books_moves_unless_told_not_to() {
    let run = oware(&["analyze", "--depth", "2"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let after = run
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("fen: "))
        .nth(1)
        .expect("a line after the seat to move and the fen");
    assert!(after.starts_with("book: "), "{}", run.stdout);
    let run = oware(&["analyze", "--depth", "2", "--no-book"], "");
    assert!(!run.stdout.contains("book: "), "{}", run.stdout);
}

#[test]
fn damaged_and_foreign_books_are_refused_with_the_reason() {
    let (dir, path) = small_book("damaged");
    let path = path.as_str();
    let mut bytes = std::fs::read(path).expect("the book");
    let last = bytes.len() - 1;
    bytes[last] ^= 0x10;
    let damaged = dir.join("damaged.book");
    std::fs::write(&damaged, &bytes).expect("written");
    let damaged = damaged.to_str().expect("a UTF-8 path");
    let run = oware(&["play", "--level", "15", "--book", damaged], "quit\n");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.starts_with(&format!(
            "oware: error: --book {damaged}: damaged book: checksum"
        )),
        "{}",
        run.stderr
    );

    let run = oware(&["analyze", "--depth", "1", "--book", "Cargo.toml"], "");
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("not a book file"), "{}", run.stderr);

    let run = oware(&["play", "--rules", "awari", "--book", path], "quit\n");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("the book is for abapa rules, and the game is played under awari"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}
