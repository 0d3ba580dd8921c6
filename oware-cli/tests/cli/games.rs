//! Files of many game records, as `oware match --save` writes them: `show`
//! and `analyze` take one with `--game N`, `analyze` every one with
//! `--game all`, and without `--game` they say how many there are and how
//! to pick one.

use std::path::{Path, PathBuf};

use oware_core::Record;

use crate::{oware, oware_in};

/// A fresh folder holding `games.ogn`, four games of a match between two
/// built-in levels.
fn match_file(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-games-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let args = [
        "match",
        "--engine",
        "level:1",
        "--engine",
        "level:2",
        "--games",
        "4",
        "--save",
        "games.ogn",
    ];
    let run = oware_in(&dir, &args, "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    dir
}

/// The records in `path`.
fn records(path: &Path) -> Vec<Record> {
    Record::read_all(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_match_file_goes_through_show_and_analyze() {
    let dir = match_file("round-trip");
    let saved = records(&dir.join("games.ogn"));
    assert_eq!(saved.len(), 4);
    // Without --game: how many, and how to pick.
    let run = oware_in(&dir, &["show", "games.ogn"], "");
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "oware: error: games.ogn holds 4 games: pick one with --game N, from 1 to 4\n"
    );
    let run = oware_in(&dir, &["analyze", "--depth", "1", "games.ogn"], "");
    assert_eq!(
        run.stderr,
        "oware: error: games.ogn holds 4 games: pick one with --game N, from 1 to 4, or every one with --game all\n"
    );
    // Each game shown is the game saved, tags and all.
    for (number, record) in (1..).zip(&saved) {
        let n = number.to_string();
        let run = oware_in(
            &dir,
            &["show", "games.ogn", "--game", &n, "--format", "ogn"],
            "",
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert_eq!(run.stdout.parse::<Record>().unwrap(), *record, "game {n}");
        let fen = oware_in(
            &dir,
            &["show", "games.ogn", "--game", &n, "--format", "fen"],
            "",
        );
        assert_eq!(fen.stdout.trim(), record.game().position().to_fen());
    }
    let run = oware_in(&dir, &["show", "games.ogn", "--game", "5"], "");
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "oware: error: --game 5: games.ogn holds 4 games, numbered from 1\n"
    );
    let run = oware(&["show", "EcAb", "--game", "1"], "");
    assert_eq!(
        run.stderr,
        "oware: error: --game picks a game in a file of game records, and no record is given\n"
    );
    // show takes one game: its refusals name no `all`.
    for (game, message) in [
        ("0", "`0` is not a game's number (1 for the first)\n"),
        ("all", "this command takes one game: give its number\n"),
    ] {
        let run = oware(&["show", "-", "--game", game], "1. E *");
        assert_eq!(run.code, 2, "clap refuses it: {}", run.stderr);
        assert!(run.stderr.contains(message), "{}", run.stderr);
    }
    let run = oware(&["analyze", "-", "--game", "0"], "1. E *");
    assert!(
        run.stderr
            .contains("`0` is not a game's number (1 for the first) or `all`"),
        "{}",
        run.stderr
    );

    // One game analyzed: that game, annotated, alone.
    let args = ["analyze", "--depth", "2", "games.ogn", "--game", "3"];
    let third = oware_in(&dir, &args, "");
    assert_eq!(third.code, 0, "{}", third.stderr);
    assert!(
        third.stderr.contains("analyze: game 3 of 4, move 1 of "),
        "{}",
        third.stderr
    );
    let annotated: Record = third.stdout.parse().unwrap();
    assert_eq!(annotated.game(), saved[2].game());
    assert_eq!(annotated.tag("Round"), Some("3"));
    assert!(
        annotated
            .comments()
            .iter()
            .flatten()
            .any(|c| c.contains("[%oware "))
    );

    // Every game, to a file: read back as four annotated records, the
    // third the same as analyzed alone.
    let args = [
        "analyze",
        "--depth",
        "2",
        "games.ogn",
        "--game",
        "all",
        "--out",
        "all.ogn",
    ];
    let run = oware_in(&dir, &args, "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let all = records(&dir.join("all.ogn"));
    assert_eq!(all.len(), 4);
    for (annotated, record) in all.iter().zip(&saved) {
        assert_eq!(annotated.game(), record.game());
        assert!(
            annotated
                .tag("Annotator")
                .is_some_and(|a| a.starts_with("oware analyze"))
        );
    }
    assert_eq!(all[2], annotated);

    // In place, one game: the file keeps the other three as they were.
    let args = [
        "analyze",
        "--depth",
        "2",
        "games.ogn",
        "--game",
        "2",
        "--in-place",
    ];
    let run = oware_in(&dir, &args, "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let after = records(&dir.join("games.ogn"));
    assert_eq!(after.len(), 4);
    assert_eq!(after[1], all[1]);
    for index in [0, 2, 3] {
        assert_eq!(after[index], saved[index], "game {}", index + 1);
    }

    // A game continued: one game of a file, taken out first.
    let run = oware_in(&dir, &["play", "--humans", "--load", "games.ogn"], "quit\n");
    assert_eq!(
        run.stderr,
        "oware: error: --load: games.ogn holds 4 games, and one is continued: write the one to a file of its own with `oware show games.ogn --game N --format ogn > game.ogn`\n"
    );
}
