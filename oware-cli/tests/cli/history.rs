//! Exact means exact in the game being played: `oware analyze` on a game whose history
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

/// Whether `stdout` claims only what holds: North's win, never South's.
fn claims_north_only(stdout: &str) -> bool {
    !stdout.contains("South can force a win") && stdout.contains("North can force a win")
}

#[test]
fn analyze_does_not_claim_a_win_the_history_takes_away() {
    let dir = std::env::temp_dir().join(format!("oware-cli-history-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    crate::egdb::build(&dir, "abapa", "3");
    let board = dir.join("set-up.txt");
    std::fs::write(&board, SET_UP).unwrap();
    let egdb = dir.to_str().unwrap();
    // With the database and without it, the search proves North's win.
    for database in [&["--egdb", egdb][..], &["--no-egdb"][..]] {
        let mut args = vec!["analyze", "--rules", "auale", "--depth", "14"];
        args.extend_from_slice(&["--board", board.to_str().unwrap(), "--to-move", "north"]);
        args.extend_from_slice(database);
        args.push(MOVES);
        let run = oware(&args, "");
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(claims_north_only(&run.stdout), "{args:?}:\n{}", run.stdout);
    }
    // The game as a record, continued in `oware play`: the database is
    // silent under the board, and nobody is said to force a win.
    let record = dir.join("comes-back.ogn");
    let text = format!(
        "[Variant \"auale\"]\n[FEN \"0-0-0-0-0-0-1-0-0-0-0-2-22-23-N\"]\n\n{} *\n",
        "1. f B 2. a A 3. b C 4. c D 5. d E 6. e F 7. a B 8. b C 9. c D 10. d E 11. e"
    );
    std::fs::write(&record, text).unwrap();
    let args = [
        "play",
        "--egdb",
        egdb,
        "--load",
        record.to_str().unwrap(),
        "--seat",
        "south",
    ];
    let run = oware(&args, "quit\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stdout.contains("can force a win"), "{}", run.stdout);
    assert!(
        run.stdout.contains("endgame database: no claim here"),
        "{}",
        run.stdout
    );
    std::fs::remove_dir_all(dir).unwrap();
}
