//! `oware uci`: the engine protocol over pipes, as the Aualé GUI drives it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use insta::assert_snapshot;
use oware_core::{House, Position};

use crate::oware;

/// A running `oware uci`, driven a command at a time as a GUI does.
pub(crate) struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    pub(crate) fn start() -> Engine {
        Engine::start_with_egdb(crate::NO_EGDB)
    }

    /// An engine whose default endgame database directory is `egdb`.
    pub(crate) fn start_with_egdb(egdb: &str) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_oware"))
            .arg("uci")
            .env("OWARE_EGDB", egdb)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the oware binary runs");
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if sender.send(line.expect("stdout is UTF-8")).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    pub(crate) fn send(&mut self, command: &str) {
        self.send_bytes(command.as_bytes());
    }

    /// Sends a line of any bytes (a newline is added).
    pub(crate) fn send_bytes(&mut self, line: &[u8]) {
        self.stdin
            .write_all(line)
            .and_then(|()| self.stdin.write_all(b"\n"))
            .expect("the engine reads its input");
    }

    /// The lines up to and including the first that starts with `end`.
    pub(crate) fn until(&mut self, end: &str) -> Vec<String> {
        self.until_any(&[end])
    }

    /// The lines up to and including the first that starts with one of `ends`.
    pub(crate) fn until_any(&mut self, ends: &[&str]) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            // Not a timing test: the bound only turns a hang into a failure.
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(120))
                .unwrap_or_else(|_| panic!("none of {ends:?} after {lines:?}"));
            let done = ends.iter().any(|end| line.starts_with(end));
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Sends `command` and returns its answer: up to `bestmove` (or an
    /// error) for a `go` with limits, else whatever it printed (a hidden
    /// `isready` marks the end).
    pub(crate) fn exchange(&mut self, command: &str) -> Vec<String> {
        self.send(command);
        let mut lines = Vec::new();
        if command.starts_with("go") && !command.contains("infinite") && !command.contains("ponder")
        {
            lines = self.until_any(&["bestmove", "info string error"]);
        }
        if command == "isready" {
            return self.until("readyok");
        }
        self.send("isready");
        lines.extend(self.until("readyok"));
        lines.pop();
        lines
    }

    /// Sends `quit` and waits for the engine to exit.
    pub(crate) fn quit(mut self) -> Vec<String> {
        self.send("quit");
        let status = self.child.wait().expect("the engine exits");
        assert!(status.success());
        self.lines.iter().collect()
    }
}

/// The move of a `bestmove H [ponder H]` line.
pub(crate) fn best_move(line: &str) -> &str {
    let words: Vec<&str> = line.split(' ').collect();
    assert!(
        matches!(words[..], ["bestmove", _] | ["bestmove", _, "ponder", _]),
        "{line}"
    );
    words[1]
}

/// A session as a GUI log reads: `>` what was sent, `<` what came back.
fn session(commands: &[&str]) -> String {
    let mut engine = Engine::start();
    let mut log = String::new();
    for command in commands {
        log.push_str(&format!("> {command}\n"));
        for line in engine.exchange(command) {
            log.push_str(&format!("< {line}\n"));
        }
    }
    for line in engine.quit() {
        log.push_str(&format!("< {line}\n"));
    }
    log
}

/// The search's numbers and choices vary as it improves: the snapshots keep
/// the protocol's shape and hide them.
fn search_filters() -> Vec<(&'static str, &'static str)> {
    vec![
        (
            r"info depth (\d+) score cp -?\d+ nodes \d+ nps \d+ time \d+ pv [A-Fa-f]+",
            "info depth $1 score cp [cp] nodes [n] nps [nps] time [ms] pv [pv]",
        ),
        (r"bestmove [A-Fa-f]\b", "bestmove [house]"),
        (r"ponder [A-Fa-f]\b", "ponder [house]"),
        (r"id name oware \S+", "id name oware [version]"),
        // The build time estimated for the machine the test runs on.
        (
            r"about \d+ (s|minutes) to build here \(estimated for \d+ cores?\)",
            "about [time] to build here (estimated for [n] cores)",
        ),
    ]
}

#[test]
fn a_session_with_mistakes_in_it() {
    let log = session(&[
        "uci",
        "isready",
        "ucinewgame",
        "position startpos moves Ec A b",
        "go depth 3",
        "position startpos moves EcE",
        "position startpos moves EcAx",
        "position fen 4-4-4",
        "position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-1-S",
        "position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-W",
        "go depth x",
        "go depth 2 mate 3",
        "setoption name Hash value 32",
        "setoption name Hash value lots",
        "setoption name Threads value 0",
        "setoption name Ponder value true",
        "setoption name OwnBook value maybe",
        "setoption name OwnBook value false",
        "setoption name Rules value oware",
        "setoption name Rules value abapa",
        "setoption name Contempt value 10",
        "ponderhit",
        "hello",
        "position fen 0-0-0-0-0-0-0-0-0-0-0-0-24-24-S",
        "go depth 3",
    ]);
    insta::with_settings!({ filters => search_filters() }, {
        assert_snapshot!(log);
    });
}

#[test]
fn each_depth_reports_a_pv_of_legal_moves_from_the_position() {
    let mut engine = Engine::start();
    engine.exchange("position startpos moves EcAb");
    let lines = engine.exchange("go depth 5");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 5, "{lines:?}");
    for (depth, info) in infos.iter().enumerate() {
        let words: Vec<&str> = info.split_whitespace().collect();
        assert_eq!(
            words[..5],
            ["info", "depth", &(depth + 1).to_string(), "score", "cp"]
        );
        assert!(words[5].parse::<i32>().is_ok(), "{info}");
        let pv = words.last().unwrap();
        let transcript = format!("EcAb{pv}");
        assert!(
            oware(&["show", &transcript], "").code == 0,
            "illegal pv in {info}"
        );
    }
    let best = best_move(lines.last().unwrap());
    assert!(infos[4].contains(&format!(" pv {best}")), "{lines:?}");
    engine.quit();
}

/// `go` (infinite or ponder) keeps reading, refuses another `go`, and
/// answers exactly once, at `stop`, with a move for North (to move after E).
fn answers_only_at_stop(go: &str) {
    let mut engine = Engine::start();
    engine.exchange("position startpos moves E");
    engine.send(go);
    // The engine answers while it thinks, and gives no move before `stop`.
    engine.send("isready");
    let before = engine.until("readyok");
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    // A second `go` is refused while the first runs.
    let busy = engine.exchange("go depth 1");
    assert_eq!(
        busy.iter()
            .filter(|l| l.starts_with("info string"))
            .collect::<Vec<_>>(),
        ["info string error: a search runs until stop: send stop before go"]
    );
    engine.send("stop");
    let after = engine.until("bestmove");
    let best = best_move(after.last().unwrap());
    assert!("abcdef".contains(best), "North to move: {best}");
    assert_eq!(engine.exchange("isready"), ["readyok"]);
    engine.quit();
}

#[test]
fn go_infinite_keeps_reading_and_answers_at_stop() {
    answers_only_at_stop("go infinite");
}

#[test]
fn go_ponder_keeps_reading_and_answers_at_stop() {
    answers_only_at_stop("go ponder");
}

#[test]
fn a_refused_position_leaves_the_last_one() {
    let mut engine = Engine::start();
    assert_eq!(
        engine.exchange("position startpos moves E"),
        Vec::<String>::new()
    );
    let error = engine.exchange("position startpos moves EE");
    assert_eq!(
        error,
        [
            "info string error: column 26: move 2, E, is illegal: house E is South's, and North is to move"
        ]
    );
    // Still after E: North to move.
    let answer = engine.exchange("go depth 2");
    let best = best_move(answer.last().unwrap());
    assert!("abcdef".contains(best), "{answer:?}");
    engine.quit();
}

#[test]
fn a_fen_with_north_to_move() {
    let mut engine = Engine::start();
    // North's f feeds South's empty row; a does not.
    engine.exchange("position fen 0-0-0-0-0-0-3-0-0-0-0-1-24-20-N");
    let answer = engine.exchange("go depth 3");
    assert_eq!(best_move(answer.last().unwrap()), "f");
    engine.quit();
}

#[test]
fn a_proven_score_says_what_it_proves_as_the_terminal_does() {
    let mut engine = Engine::start();
    // South's F sows into a, making 2: South captures them, reaching 26.
    engine.exchange("position fen 0-0-0-0-0-1-1-0-0-0-1-1-24-20-S");
    let answer = engine.exchange("go depth 3");
    let proven: Vec<&String> = answer
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(!proven.is_empty(), "{answer:?}");
    for line in proven {
        assert!(
            line.ends_with(" string South can force a win (within 1 ply with best play)"),
            "{line}"
        );
    }
    assert_eq!(best_move(answer.last().unwrap()), "F");
    // A heuristic score proves nothing: no string.
    engine.exchange("position startpos");
    let answer = engine.exchange("go depth 2");
    assert!(answer.iter().all(|l| !l.contains(" string ")), "{answer:?}");
    engine.quit();
}

#[test]
fn the_end_of_input_lets_a_search_with_limits_finish() {
    let run = oware(&["uci"], "position startpos\ngo depth 4\n");
    assert_eq!(run.code, 0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("info depth")).count(),
        4,
        "{lines:?}"
    );
    assert!(lines.last().unwrap().starts_with("bestmove "));
}

#[test]
fn quit_stops_an_infinite_search_with_an_answer() {
    let run = oware(&["uci"], "go infinite\nquit\n");
    assert_eq!(run.code, 0);
    let last = run.stdout.lines().last().unwrap();
    assert_eq!(best_move(last).len(), 1, "{last}");
}

#[test]
fn bad_bytes_long_lines_and_unknown_commands_are_answered_and_the_engine_goes_on() {
    let mut engine = Engine::start();
    engine.send_bytes(b"position startpos moves E\xffc");
    let not_utf8 = engine.exchange("isready");
    // The error line and the `readyok`: nothing else.
    assert_eq!(
        not_utf8,
        [
            "info string error: column 26: the line is not UTF-8: `position startpos moves E\u{fffd}c`",
            "readyok"
        ]
    );
    let long = format!("go {}", "depth 1 ".repeat(20_000));
    let answer = engine.exchange(&long);
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(
        answer[0].starts_with(
            "info string error: column 1: the line is 160003 bytes long, over the limit of 65536: `go depth 1 depth 1 "
        ) && answer[0].len() < 200,
        "{answer:?}"
    );
    let unknown = engine.exchange(&"nonsense".repeat(1000));
    assert_eq!(unknown.len(), 1, "{unknown:?}");
    assert!(unknown[0].len() < 250, "{unknown:?}");
    // The position before the bad line stands: the opening, South to move.
    let answer = engine.exchange("go depth 2");
    assert!("ABCDEF".contains(best_move(answer.last().unwrap())));
    assert!(engine.quit().is_empty());
}

#[test]
fn ponderhit_searches_on_under_the_limits_of_the_go() {
    let mut engine = Engine::start();
    engine.exchange("position startpos moves Ec");
    engine.send("go ponder depth 5");
    engine.send("isready");
    engine.until("readyok");
    engine.send("ponderhit");
    let lines = engine.until("bestmove");
    assert!(
        "ABCDEF".contains(best_move(lines.last().unwrap())),
        "{lines:?}"
    );
    // The search after `ponderhit` keeps to depth 5; it answers once.
    let depths: Vec<u32> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .map(|rest| rest.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(
        depths
            .iter()
            .rev()
            .take(5)
            .rev()
            .copied()
            .collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    assert_eq!(engine.exchange("isready"), ["readyok"]);
    // Without a ponder search, `ponderhit` is an error.
    assert_eq!(
        engine.exchange("ponderhit"),
        ["info string error: ponderhit, but there is no go ponder to hit"]
    );
    engine.quit();
}

#[test]
fn go_with_clocks_answers_with_a_move_for_the_seat_to_move() {
    let mut engine = Engine::start();
    engine.exchange("position startpos moves E");
    // North to move: `btime` is its clock; a tenth of a second in all.
    let answer = engine.exchange("go wtime 600000 btime 100 winc 0 binc 0");
    assert!(
        "abcdef".contains(best_move(answer.last().unwrap())),
        "{answer:?}"
    );
    let answer = engine.exchange("go wtime 100 btime 100 movestogo 1");
    assert!(
        "abcdef".contains(best_move(answer.last().unwrap())),
        "{answer:?}"
    );
    engine.quit();
}

#[test]
fn a_number_out_of_range_is_refused_and_a_clock_below_zero_plays_at_once() {
    let mut engine = Engine::start();
    engine.exchange("position startpos moves EcAb");
    for (go, error) in [
        (
            "go depth 0",
            "info string error: column 10: `depth` needs a whole number from 1 to 4294967295, found `0`",
        ),
        (
            "go depth 999999999999",
            "info string error: column 10: `depth` needs a whole number from 1 to 4294967295, found `999999999999`",
        ),
        (
            "go nodes 0 movetime 100",
            "info string error: column 10: `nodes` needs a whole number from 1 to 2^64-1, found `0`",
        ),
    ] {
        assert_eq!(engine.exchange(go), [error], "{go}");
    }
    // A GUI whose clock ran out sends how far over it is: no time left,
    // and a move at once (depth 1 is always searched).
    let answer = engine.exchange("go wtime -5 btime 10");
    assert!(
        "ABCDEF".contains(best_move(answer.last().unwrap())),
        "{answer:?}"
    );
    assert!(
        answer.iter().all(|line| !line.starts_with("info string")),
        "{answer:?}"
    );
    engine.quit();
}

#[test]
fn a_clock_charging_more_than_the_engine_took_is_noted_as_lag() {
    let mut engine = Engine::start();
    let clock = |south: u32| format!("go wtime {south} btime 10000 winc 100 binc 100");
    engine.exchange("ucinewgame");
    engine.exchange("position startpos");
    let first = engine.exchange(&clock(10_000));
    let south = best_move(first.last().unwrap()).to_owned();
    assert!(
        !first.iter().any(|line| line.contains("clock:")),
        "{first:?}"
    );
    // The same game two plies on, South's clock down by 5.1 s (with the
    // increment): far more than the engine took, which is under 2 s.
    engine.exchange(&format!("position startpos moves {south} a"));
    let second = engine.exchange(&clock(5_000));
    let noted: Vec<&String> = second
        .iter()
        .filter(|line| line.starts_with("info string clock: move 1 was charged 5100 ms, "))
        .collect();
    assert_eq!(noted.len(), 1, "{second:?}");
    let lag: u64 = noted[0]
        .split(", ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|ms| ms.parse().ok())
        .unwrap_or_else(|| panic!("{}", noted[0]));
    assert!((3_100..5_100).contains(&lag), "{}", noted[0]);
    assert!(
        noted[0].ends_with(&format!("each move now allows for {lag} ms")),
        "{}",
        noted[0]
    );
    // A game that does not continue the last one by two plies teaches
    // nothing, however low the clock.
    engine.exchange("ucinewgame");
    engine.exchange("position startpos");
    engine.exchange(&clock(10_000));
    engine.exchange("position startpos moves A a B b");
    let other = engine.exchange(&clock(1_000));
    assert!(
        !other.iter().any(|line| line.contains("clock:")),
        "{other:?}"
    );
    assert_eq!(best_move(other.last().unwrap()).len(), 1, "{other:?}");
    engine.quit();
}

#[test]
fn the_rules_option_switches_and_refuses_what_the_game_forbids() {
    let mut engine = Engine::start();
    // South's F would take all of North's row (a, b, c): a grand slam,
    // playable under abapa and auale, forbidden under awari while A is legal.
    engine.exchange("position fen 5-0-0-0-0-3-1-2-1-0-0-0-16-20-S moves F");
    let refused = engine.exchange("setoption name Rules value awari");
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(
        refused[0].starts_with(
            "info string error: under awari, in the current position's moves, move 1, F, is illegal: "
        ) && refused[0].ends_with("; the rules stay auale"),
        "{refused:?}"
    );
    // The game after F stands: North to move.
    let answer = engine.exchange("go depth 2");
    assert!(
        "abcdef".contains(best_move(answer.last().unwrap())),
        "{answer:?}"
    );
    assert_eq!(
        engine.exchange("setoption name Rules value abapa"),
        Vec::<String>::new()
    );
    assert_eq!(
        engine.exchange("setoption name Rules value AUALE"),
        Vec::<String>::new()
    );
    engine.quit();
}

#[test]
fn own_book_plays_the_opening_from_the_shipped_book() {
    let mut engine = Engine::start();
    // Nothing is said outside a search but the missing database, before
    // `uciok`, where Aualé's client drops `info` lines: after it, its client
    // takes one for a fault. The note waits for `go`.
    let hello = engine.exchange("uci");
    let said: Vec<&String> = hello.iter().filter(|l| l.starts_with("info")).collect();
    assert!(
        said.len() == 1 && said[0].starts_with("info string no abapa endgame database in "),
        "{hello:?}"
    );
    for command in ["setoption name OwnBook value true", "ucinewgame", "isready"] {
        let answer = engine.exchange(command);
        assert!(
            answer.iter().all(|l| !l.starts_with("info")),
            "{command}: {answer:?}"
        );
    }
    engine.exchange("position startpos");
    let lines = engine.exchange("go movetime 5000");
    // From the book: no search, so no `info depth`, and at once.
    assert!(
        lines.iter().all(|l| !l.starts_with("info depth")),
        "{lines:?}"
    );
    assert!(
        lines[0].starts_with("info string OwnBook: ") && lines[0].contains("positions"),
        "{lines:?}"
    );
    assert!(lines[1].starts_with("info string book move "), "{lines:?}");
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    let house = House::from_letter(best.chars().next().unwrap()).unwrap();
    assert!(
        Position::OPENING.legal_moves_abapa().contains(house),
        "{best}"
    );
    // Said once: the next go has no note.
    engine.exchange("position startpos moves E");
    let lines = engine.exchange("go movetime 5000");
    assert!(
        lines.iter().all(|l| !l.starts_with("info string OwnBook")),
        "{lines:?}"
    );
    // Off: the engine searches again.
    assert_eq!(
        engine.exchange("setoption name OwnBook value false"),
        Vec::<String>::new()
    );
    let lines = engine.exchange("go depth 2");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 2")),
        "{lines:?}"
    );
}
