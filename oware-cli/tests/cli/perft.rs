//! `oware perft`: the reference figures, and the split by first move.

use insta::assert_snapshot;

use crate::{oware, timing_filters};

#[test]
fn the_opening_to_depth_six() {
    let run = oware(&["perft", "6"], "");
    assert_eq!(run.code, 0);
    insta::with_settings!({ filters => timing_filters() }, {
        assert_snapshot!(run.transcript(&["perft", "6"]));
    });
}

#[test]
fn divide_adds_up_to_the_total() {
    let run = oware(&["perft", "4", "--divide"], "");
    assert_eq!(run.code, 0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 7);
    let sum: u64 = lines[..6]
        .iter()
        .map(|line| {
            line.split_whitespace()
                .nth(1)
                .unwrap()
                .parse::<u64>()
                .unwrap()
        })
        .sum();
    assert_eq!(sum, 1014);
    assert!(
        lines[6].starts_with("perft 4: 1014 leaves in "),
        "{}",
        lines[6]
    );
    insta::with_settings!({ filters => timing_filters() }, {
        assert_snapshot!(run.transcript(&["perft", "4", "--divide"]));
    });
}

#[test]
fn from_a_board_on_stdin() {
    // South's row is empty: of North's f and a, only f feeds it; then South has A.
    let board = "[20]  1  0  0  0  0  3\n      0  0  0  0  0  0 [24]\n";
    let run = oware(&["perft", "2", "--board", "-", "--to-move", "north"], board);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("perft 2: 1 leaves in "),
        "{}",
        run.stdout
    );
}

#[test]
fn the_rules_given_decide_which_moves_count() {
    // South's F would capture North's whole row: abapa sows it (capturing
    // nothing), awari forbids it while E is legal.
    let fen = "0-0-0-0-1-2-1-1-0-0-0-0-20-23-S";
    for (rules, leaves) in [("abapa", 2), ("auale", 2), ("awari", 1), ("awari-split", 1)] {
        let run = oware(&["perft", "1", "--fen", fen, "--rules", rules], "");
        assert_eq!(run.code, 0, "{}", run.stderr);
        let expected = format!("perft 1: {leaves} leaves in ");
        assert!(run.stdout.starts_with(&expected), "{rules}: {}", run.stdout);
    }
    let run = oware(&["perft", "1", "--rules", "chess"], "");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("chess"), "{}", run.stderr);
}
