//! The endgame database in analyze and uci: exact values shown inside it,
//! and a clear error for a directory named that holds none.

use std::path::PathBuf;

use crate::oware;
use crate::uci::Engine;

/// South holds 24 and its F takes North's a: a win the database knows.
const WON: &str = "[21]  1  0  0  0  0  1\n      0  0  0  0  0  1 [24]\n";
/// The same position as the protocol writes it.
const WON_FEN: &str = "0-0-0-0-0-1-1-0-0-0-0-1-24-21-S";

/// A fresh directory holding the abapa database up to 6 seeds.
fn database(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oware-cli-endgame-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    crate::egdb::build(&dir, "abapa", "6");
    dir
}

#[test]
fn analyze_shows_the_database_values_and_the_verdict() {
    let dir = database("analyze");
    let path = dir.to_str().unwrap();
    let run = oware(
        &["analyze", "--egdb", path, "--board", "-", "--depth", "4"],
        WON,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("endgame database: South can force a win (value +3 of 3 for South)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("endgame database, each move: F +3"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("best move: F"), "{}", run.stdout);
    assert!(
        run.stdout.contains("South can force a win"),
        "{}",
        run.stdout
    );
    // Without it, nothing is said of the database.
    let off = oware(
        &["analyze", "--no-egdb", "--board", "-", "--depth", "4"],
        WON,
    );
    assert!(!off.stdout.contains("endgame database"), "{}", off.stdout);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_named_directory_without_a_database_is_an_error() {
    let run = oware(
        &[
            "analyze",
            "--egdb",
            "/nonexistent/named",
            "--board",
            "-",
            "--depth",
            "2",
        ],
        WON,
    );
    assert_ne!(run.code, 0);
    assert!(run.stderr.contains("/nonexistent/named"), "{}", run.stderr);
    let dir = database("rules");
    let path = dir.to_str().unwrap();
    let run = oware(
        &[
            "analyze", "--rules", "sowing", "--egdb", path, "--depth", "2",
        ],
        "",
    );
    assert_ne!(run.code, 0);
    assert!(
        run.stderr
            .contains("no endgame database is right for sowing")
            && run
                .stderr
                .contains("abapa's under abapa and auale, awari's under awari-split"),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn uci_takes_the_database_by_egdb_path() {
    let dir = database("uci");
    let path = dir.to_str().unwrap();
    let mut engine = Engine::start();
    let hello = engine.exchange("uci");
    assert!(
        hello
            .iter()
            .any(|l| l == "option name EgdbPath type string default /nonexistent/oware-egdb"),
        "{hello:?}"
    );
    engine.send("setoption name EgdbPath value /nonexistent/named");
    engine.send(&format!("setoption name EgdbPath value {path}"));
    engine.send(&format!("position fen {WON_FEN}"));
    engine.send("go depth 4");
    let lines = engine.until("bestmove");
    assert!(
        lines[0].starts_with(
            "info string error: cannot open the abapa endgame database in /nonexistent/named"
        ),
        "{lines:?}"
    );
    assert_eq!(
        lines[1],
        format!("info string endgame database: abapa, up to 6 seeds, from {path}")
    );
    assert_eq!(
        lines.last().unwrap().split_whitespace().nth(1),
        Some("F"),
        "{lines:?}"
    );
    engine.quit();
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_missing_database_is_said_before_uciok_and_a_present_one_is_not() {
    // None in the default directory: one line, before `uciok`, naming it
    // and the command that installs it.
    let mut engine = Engine::start();
    let hello = engine.exchange("uci");
    let at = hello.len() - 1;
    assert_eq!(hello[at], "uciok");
    assert!(
        hello[at - 1].starts_with(&format!(
            "info string no abapa endgame database in {}: the engine plays without one; `oware egdb build` installs abapa's up to 20 seeds: 452 MB on disk",
            crate::NO_EGDB
        )),
        "{hello:?}"
    );
    assert_eq!(
        hello.iter().filter(|l| l.starts_with("info")).count(),
        1,
        "{hello:?}"
    );
    // A game goes on without it, and says nothing more of it.
    engine.exchange("position startpos");
    let lines = engine.exchange("go depth 2");
    assert!(
        lines.iter().all(|l| !l.starts_with("info string")),
        "{lines:?}"
    );
    engine.quit();

    // A database there: `uci` says nothing of it...
    let dir = std::env::temp_dir().join(format!("oware-cli-uci-{}-present", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    crate::egdb::build(&dir, "abapa", "6");
    let mut engine = Engine::start_with_egdb(dir.to_str().unwrap());
    let hello = engine.exchange("uci");
    assert!(hello.iter().all(|l| !l.starts_with("info")), "{hello:?}");
    // ...until the rules want the database it does not hold: awari's.
    engine.exchange("setoption name Rules value awari-split");
    let hello = engine.exchange("uci");
    assert!(
        hello.iter().any(
            |l| l.starts_with("info string no awari endgame database in ")
                && l.contains("`oware egdb build --rules awari` installs")
        ),
        "{hello:?}"
    );
    engine.exchange("setoption name Rules value auale");
    let hello = engine.exchange("uci");
    assert!(hello.iter().all(|l| !l.starts_with("info")), "{hello:?}");
    engine.quit();
    std::fs::remove_dir_all(dir).unwrap();
}
