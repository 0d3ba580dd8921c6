//! Issue 19, "exact means exact": `oware analyze` on a game whose history
//! decides it. The database's value is a fact about a game that starts
//! fresh; here an earlier position comes back and ends the game first.

use crate::oware;

/// The set-up: North to move, North's a 1 and f 2 (store 23), South's row
/// empty (store 22).
const SET_UP: &str = "[23]  2  0  0  0  0  1\n      0  0  0  0  0  0 [22]\n";

/// Twenty-one quiet moves from the set-up. South's only move then, F,
/// brings the set-up back: under Aualé's rule the game ends there, each
/// taking their own row, and North wins 26-22. From the same position with
/// no history the database (rightly) says South wins, +3.
const MOVES: &str = "fBaAbCcDdEeFaBbCcDdEe";

#[test]
fn analyze_does_not_claim_a_win_the_history_takes_away() {
    let dir = std::env::temp_dir().join(format!("oware-cli-history-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    crate::egdb::build(&dir, "abapa", "3");
    let board = dir.join("set-up.txt");
    std::fs::write(&board, SET_UP).unwrap();
    let run = oware(
        &[
            "analyze",
            "--rules",
            "auale",
            "--board",
            board.to_str().unwrap(),
            "--to-move",
            "north",
            "--egdb",
            dir.to_str().unwrap(),
            "--depth",
            "14",
            MOVES,
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        !run.stdout.contains("South can force a win"),
        "South cannot win this game:\n{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("North can force a win"),
        "North wins at the repetition:\n{}",
        run.stdout
    );
    std::fs::remove_dir_all(dir).unwrap();
}
