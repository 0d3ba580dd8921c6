//! `oware show`: replays, boards read from stdin, and illegal moves.

use insta::assert_snapshot;

use crate::oware;

/// A whole game (North wins by capturing 25), played by the bot at level 1
/// against a player who tries A to F in turn.
pub(crate) const FINISHED_GAME: &str = "AaBbCbDdEbFfAcBbCfDcEeFfAaBdCfDcEcFdAfBeCcDfEbFeBaEd";

fn show(args: &[&str], input: &str) -> String {
    let mut full = vec!["show"];
    full.extend_from_slice(args);
    oware(&full, input).transcript(&full)
}

#[test]
fn the_opening() {
    assert_snapshot!(show(&[], ""));
}

#[test]
fn a_few_moves() {
    assert_snapshot!(show(&["EcAb"], ""));
}

#[test]
fn a_finished_game_gives_its_outcome() {
    assert_snapshot!(show(&[FINISHED_GAME], ""));
}

#[test]
fn an_illegal_move_is_named_by_its_place_and_fails() {
    // E empties house E, so the third move cannot sow it.
    let run = oware(&["show", "EcE"], "");
    assert_eq!(run.code, 1);
    assert!(run.stdout.is_empty());
    assert_snapshot!(run.transcript(&["show", "EcE"]));
}

#[test]
fn a_move_after_the_end_is_illegal() {
    let moves = format!("{FINISHED_GAME}A");
    let run = oware(&["show", &moves], "");
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        format!("oware: error: the transcript: move 53, A, is illegal: the game is over\n")
    );
}

#[test]
fn a_bad_transcript_names_the_character() {
    assert_snapshot!(show(&["EcAx"], ""));
    assert_snapshot!(show(&["EE"], ""));
}

#[test]
fn a_board_from_stdin_with_north_to_move() {
    // Copied from a game, with a caption: lines without digits are ignored.
    let board = "a board from somewhere\n     f  e  d  c  b  a\n[17]  0  0  1  2  0  3\n      0  2  2  0  0  1 [20]\n      A  B  C  D  E  F\n";
    assert_snapshot!(show(&["--board", "-", "--to-move", "north", "d"], board));
}

#[test]
fn a_bad_board_names_the_line_and_column() {
    let board = "[ 0]  4  4  4  4  4  4\n      4  4  x  4  4  4 [ 0]\n";
    assert_snapshot!(show(&["--board", "-"], board));
}

#[test]
fn the_board_reads_back() {
    let first = oware(&["show", "EcAbFa"], "");
    let again = oware(&["show", "--board", "-"], &first.stdout);
    assert_eq!(again.code, 0);
    assert_eq!(again.stdout, first.stdout);
}

#[test]
fn unknown_rules_and_seats_are_refused_by_name() {
    let run = oware(&["show", "--rules", "kalah"], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unknown rule set `kalah`"),
        "{}",
        run.stderr
    );
    let run = oware(&["show", "--to-move", "west"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("unknown seat `west`"), "{}", run.stderr);
}

#[test]
fn awari_split_shares_a_repetition_evenly() {
    // South: A 2, F 1, store 23; North's row empty, store 22. The 61 moves
    // below bring a position round a third time, three seeds in North's row.
    let board = "[22]  0  0  0  0  0  0\n      2  0  0  0  0  1 [23]\n";
    let moves = "FaAbBcCdDeEaFfAaBbCcDdEeFfAaBbCcDdEeFfAaBbCcDdEeFfAaBbCcDdEeF";
    let end = |rules| {
        let run = oware(&["show", "--rules", rules, "--board", "-", moves], board);
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout.lines().last().unwrap_or_default().to_owned()
    };
    // Split evenly, 1½ each: the larger store wins.
    assert_eq!(
        end("awari-split"),
        "game over: South wins 24½–23½ (third repetition, the seeds left split evenly)"
    );
    // Each taking their own row, North adds all three.
    assert_eq!(
        end("awari"),
        "game over: North wins 23–25 (third repetition)"
    );
    let help = oware(&["show", "--help"], "");
    assert!(
        help.stdout
            .contains("[possible values: abapa, sowing, awari, awari-split, auale]"),
        "{}",
        help.stdout
    );
}
