//! Game records (OGN) through the commands: `show` reads them and writes
//! them, `analyze` annotates them, `play --save/--load` keeps a game in one.

use std::path::{Path, PathBuf};

use insta::assert_snapshot;

use crate::oware;
use crate::show::FINISHED_GAME;

/// A record from oware-core's test data (hand-written in Aualé's style).
pub(crate) fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../oware-core/tests/data/ogn")
        .join(name);
    std::fs::read_to_string(path).expect("a data record")
}

/// A fresh path for a test's own file.
fn scratch(name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-ogn-{name}"));
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn show_replays_a_record_from_stdin_or_a_file() {
    let run = oware(&["show", "-"], &data("auale-finished.ogn"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_snapshot!(run.transcript(&["show", "-"]));
    let path = scratch("finished.ogn");
    std::fs::write(&path, data("auale-finished.ogn")).unwrap();
    let from_file = oware(&["show", path.to_str().unwrap()], "");
    assert_eq!(from_file.stdout, run.stdout);
}

#[test]
fn show_prints_a_transcript_as_a_record() {
    let args = ["show", "--format", "ogn", FINISHED_GAME];
    assert_snapshot!(oware(&args, "").transcript(&args));
    let args = [
        "show",
        "--format",
        "ogn",
        "--to-move",
        "north",
        "--rules",
        "awari",
        "cF",
    ];
    assert_snapshot!(oware(&args, "").transcript(&args));
}

#[test]
fn show_writes_a_record_back_with_its_variations() {
    let args = ["show", "--format", "ogn", "-"];
    let run = oware(&args, &data("variations.ogn"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_snapshot!(run.transcript(&args));
    // What is written reads back to the same record.
    let again = oware(&args, &run.stdout);
    assert_eq!(again.stdout, run.stdout);
}

#[test]
fn show_refuses_a_bad_record_with_its_place() {
    let bad = "[Event \"club\"]\n\n1. E c 2. D+1 f *\n";
    let run = oware(&["show", "-"], bad);
    assert_eq!(run.code, 1);
    assert!(run.stdout.is_empty());
    assert_snapshot!(run.transcript(&["show", "-"]));
    let illegal = "1. E c\n2. E\n";
    let run = oware(&["show", "--format", "ogn", "-"], illegal);
    assert_eq!(
        run.stderr,
        "oware: error: stdin is not a game record: line 2, column 4: move 2, `E` (South's), is illegal: house E is empty\n"
    );
    let run = oware(&["show", "--rules", "awari", "-"], "1. E *");
    assert_snapshot!(run.transcript(&["show", "--rules", "awari", "-"]));
    let run = oware(&["show", "missing.ogn"], "");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .starts_with("oware: error: cannot read the game file missing.ogn")
    );
}

#[test]
fn analyze_comments_every_move_and_writes_readable_ogn() {
    let args = ["analyze", "--depth", "6", "-"];
    let record = data("auale-unfinished.ogn");
    let run = oware(&args, &record);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // One progress line a move on stderr when it is not a terminal, then
    // the mistakes looked for, and what was found to retry: nothing.
    let progress = run.stderr.lines().filter(|l| l.starts_with("analyze: "));
    assert_eq!(progress.count(), 20);
    assert_eq!(run.stderr.lines().nth(3), Some("analyze: move 4 of 20 (e)"));
    assert!(
        run.stderr.ends_with(
            "\nNo mistakes to retry: no move threw away a win or a draw its player could force.\n"
        ),
        "{}",
        run.stderr
    );
    // Every move gets a comment with a score; the old comment stays first.
    let comments: Vec<&str> = run
        .stdout
        .split('{')
        .skip(1)
        .map(|rest| rest.split('}').next().unwrap())
        .collect();
    assert_eq!(comments.len(), 20, "{}", run.stdout);
    let score = regex_lite_score();
    for comment in &comments {
        assert!(score(comment), "no score in {comment:?}");
    }
    // The writer wraps long lines, so the comment's words are compared.
    let adjourned: Vec<&str> = comments[17].split_whitespace().collect();
    assert_eq!(
        adjourned[..3],
        ["adjourned", "here", "[%oware"],
        "{}",
        comments[17]
    );
    // The annotated record reads back with the same moves.
    let shown = oware(&["show", "-"], &run.stdout);
    let original = oware(&["show", "-"], &record);
    assert_eq!(shown.code, 0, "{}", shown.stderr);
    assert_eq!(shown.stdout, original.stdout);
    // The search's figures change as it improves (and with them where the
    // lines break): the snapshot keeps the shape.
    assert_snapshot!(without_comments(&run.stdout));
}

/// A record with every comment as `{…}` and the moves on one line.
fn without_comments(record: &str) -> String {
    let mut shape = String::new();
    let mut in_comment = false;
    for c in record.chars() {
        match c {
            '{' => {
                in_comment = true;
                shape.push_str("{…}");
            }
            '}' => in_comment = false,
            _ if in_comment => {}
            _ => shape.push(c),
        }
    }
    let (tags, moves) = shape.split_once("\n\n").expect("tags, then moves");
    let moves: Vec<&str> = moves.split_whitespace().collect();
    format!("{tags}\n\n{}\n", moves.join(" "))
}

/// Whether a comment holds a score as the engine prints one.
fn regex_lite_score() -> impl Fn(&str) -> bool {
    |comment: &str| {
        comment.split([' ', '\n', ';', ',', ']']).any(|word| {
            let signed = word.starts_with(['+', '-']) && word[1..].parse::<f32>().is_ok();
            signed || ["win", "loss", "draw"].contains(&word)
        })
    }
}

#[test]
fn analyze_marks_a_move_that_throws_a_win_away() {
    // South to move with 24 stored: F (one seed) onto North's lone 1 in a
    // makes 2 and wins at once (c keeps it from being a grand slam); A does not.
    let record = "[FEN \"1-0-0-0-0-1-1-0-1-0-0-0-24-20-S\"]\n\n1. A *\n";
    let run = oware(&["analyze", "--depth", "4", "-"], record);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("1. A {[%oware ?? "), "{}", run.stdout);
    assert!(run.stdout.contains("; best F win in 1]}"), "{}", run.stdout);
}

#[test]
fn analyze_refuses_a_bad_record() {
    let args = ["analyze", "-"];
    let run = oware(&args, "[FEN \"4-4-4\"]\n");
    assert_eq!(run.code, 1);
    assert_snapshot!(run.transcript(&args));
}

#[test]
fn play_saves_after_every_move_and_load_continues() {
    let path = scratch("saved.ogn");
    let file = path.to_str().unwrap();
    let run = oware(
        &["play", "--humans", "--save", file],
        "E\nc\nA\nundo\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains(&format!("saved: {file}")));
    let saved = std::fs::read_to_string(&path).unwrap();
    assert_snapshot!(saved);
    assert!(
        !scratch_exists(&format!("{file}.tmp")),
        "the temporary file is renamed"
    );

    // A comment written into the record survives loading and saving again.
    let commented = saved.replace("1. E c", "1. E {the usual} c");
    std::fs::write(&path, commented).unwrap();
    let run = oware(
        &["play", "--humans", "--load", file, "--save", file],
        "B\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(
        saved.ends_with("\n\n1. E {the usual} c 2. B *\n"),
        "{saved}"
    );

    // Loading shows the game where it stands.
    let run = oware(&["play", "--humans", "--load", file], "quit\n");
    assert!(
        run.stdout.contains("game stopped after 3 moves"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("transcript: EcB"), "{}", run.stdout);
}

#[test]
fn play_against_the_bot_names_it_in_the_record() {
    let path = scratch("bot.ogn");
    let file = path.to_str().unwrap();
    let run = oware(
        &["play", "--level", "1", "--seed", "3", "--save", file],
        "E\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(
        saved.contains("[South \"?\"]\n[North \"oware level 1\"]\n"),
        "{saved}"
    );
    // The bot's reply is saved too: two moves.
    assert!(saved.contains("\n\n1. E "), "{saved}");
    assert!(!saved.contains("2."), "{saved}");
}

#[test]
fn play_refuses_a_load_that_conflicts() {
    let path = scratch("conflict.ogn");
    std::fs::write(&path, "[Variant \"awari\"]\n\n1. E *\n").unwrap();
    let file = path.to_str().unwrap();
    let run = oware(&["play", "--load", file, "--rules", "abapa"], "");
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "oware: error: --rules abapa differs from the loaded game's rules, awari\n"
    );
    let run = oware(&["play", "--load", file, "--moves", "E"], "");
    assert_eq!(run.code, 2, "clap refuses the pair: {}", run.stderr);
}

fn scratch_exists(path: &str) -> bool {
    Path::new(path).exists()
}
