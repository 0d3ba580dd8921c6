//! A position is a position everywhere: `--fen` wherever `--board` is
//! taken, a fen in a `--board` file, and the fen printed by `show` and
//! `analyze`, all read and written by oware-core's one parser and printer.

use std::path::Path;

use insta::assert_snapshot;

use crate::{oware, oware_in};

/// South to move with 24 stored; the board of `analyze`'s blunder test.
const ENDGAME: &str = "1-0-0-0-0-1-1-0-1-0-0-0-24-20-S";

#[test]
fn show_prints_the_fen_and_reads_one() {
    let args = ["show", "--fen", ENDGAME, "F"];
    let run = oware(&args, "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_snapshot!(run.transcript(&args));
    let args = ["show", "--format", "fen", "EcAb"];
    let run = oware(&args, "");
    assert_eq!(run.stdout, "1-6-5-5-1-6-5-0-1-6-6-6-0-0-S\n");
    // What it prints is a start again.
    let again = oware(&["show", "--format", "fen", "--fen", run.stdout.trim()], "");
    assert_eq!(again.stdout, run.stdout);
}

#[test]
fn a_board_file_may_hold_a_fen() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-fen-board");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("position.txt"), format!("{ENDGAME}\n")).unwrap();
    let from_file = oware_in(&dir, &["show", "--board", "position.txt"], "");
    assert_eq!(from_file.code, 0, "{}", from_file.stderr);
    assert_eq!(
        from_file.stdout,
        oware(&["show", "--fen", ENDGAME], "").stdout
    );
    let from_stdin = oware(&["perft", "3", "--board", "-"], ENDGAME);
    let from_fen = oware(&["perft", "3", "--fen", ENDGAME], "");
    assert_eq!(from_fen.code, 0, "{}", from_fen.stderr);
    let leaves = |stdout: &str| stdout.split(" leaves in").next().unwrap().to_owned();
    assert_eq!(leaves(&from_stdin.stdout), leaves(&from_fen.stdout));
    // The fen names the seat to move: --to-move has no place beside it.
    let run = oware_in(
        &dir,
        &["show", "--board", "position.txt", "--to-move", "north"],
        "",
    );
    assert_eq!(
        run.stderr,
        "oware: error: the fen in position.txt names the seat to move: leave out --to-move\n"
    );
    let run = oware(&["show", "--fen", ENDGAME, "--to-move", "north"], "");
    assert_eq!(run.code, 2, "clap refuses the pair: {}", run.stderr);
}

#[test]
fn a_bad_fen_is_named_by_its_field() {
    let args = ["perft", "2", "--fen", "4-4-4-4-4-x-4-4-4-4-4-4-0-0-S"];
    let run = oware(&args, "");
    assert_eq!(run.code, 1);
    assert_snapshot!(run.transcript(&args));
    // Digits for more seeds than the game has: the count is too large,
    // which is not the same mistake as a field that is no count.
    let run = oware(
        &[
            "play",
            "--humans",
            "--fen",
            "99-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
        ],
        "quit\n",
    );
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "oware: error: --fen: field 1 of the fen, `99`, is more seeds than the game has (48)\n"
    );
}

#[test]
fn analyze_thinks_from_a_fen_and_prints_it() {
    let run = oware(&["analyze", "--depth", "3", "--fen", ENDGAME], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains(&format!("\nfen: {ENDGAME}\n")),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("best move: F"), "{}", run.stdout);
}

#[test]
fn play_starts_from_a_fen_and_saves_it() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-fen-play");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fen = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N";
    let run = oware_in(&dir, &["play", "--humans", "--fen", fen], "c\nquit\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains(&format!("replay it:  oware show --fen {fen} c\n")),
        "{}",
        run.stdout
    );
    let run = oware_in(
        &dir,
        &[
            "play", "--humans", "--fen", fen, "--moves", "c", "--save", "g.ogn",
        ],
        "A\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let saved = std::fs::read_to_string(dir.join("g.ogn")).unwrap();
    assert!(saved.contains(&format!("[FEN \"{fen}\"]")), "{saved}");
    assert!(saved.ends_with("\n\n1. c A *\n"), "{saved}");
}
