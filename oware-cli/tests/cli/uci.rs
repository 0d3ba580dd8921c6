//! `oware uci`: the engine protocol over pipes, as the Aualé GUI drives it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use insta::assert_snapshot;

use crate::oware;

/// A running `oware uci`, driven a command at a time as a GUI does.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_oware"))
            .arg("uci")
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

    fn send(&mut self, command: &str) {
        writeln!(self.stdin, "{command}").expect("the engine reads its input");
    }

    /// The lines up to and including the first that starts with `end`.
    fn until(&mut self, end: &str) -> Vec<String> {
        self.until_any(&[end])
    }

    /// The lines up to and including the first that starts with one of `ends`.
    fn until_any(&mut self, ends: &[&str]) -> Vec<String> {
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
    fn exchange(&mut self, command: &str) -> Vec<String> {
        self.send(command);
        let mut lines = Vec::new();
        if command.starts_with("go") && !command.contains("infinite") {
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
    fn quit(mut self) -> Vec<String> {
        self.send("quit");
        let status = self.child.wait().expect("the engine exits");
        assert!(status.success());
        self.lines.iter().collect()
    }
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
        (r"id name oware \S+", "id name oware [version]"),
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
        "go depth 2 wtime 1000",
        "setoption name Hash value 32",
        "setoption name Hash value lots",
        "setoption name Threads value 0",
        "setoption name Ponder value true",
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
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(infos[4].ends_with(&format!("pv {best}")) || infos[4].contains(&format!(" pv {best}")));
    engine.quit();
}

#[test]
fn go_infinite_keeps_reading_and_answers_at_stop() {
    let mut engine = Engine::start();
    engine.send("position startpos moves E");
    engine.send("go infinite");
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
    let best = after.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(
        ["a", "b", "c", "d", "e", "f"].contains(&best),
        "North to move: {best}"
    );
    engine.quit();
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
            "info string error: column 26: move 2, `E`, is illegal: house E is South's, and North is to move"
        ]
    );
    // Still after E: North to move.
    let answer = engine.exchange("go depth 2");
    let best = answer.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!("abcdef".contains(best), "{answer:?}");
    engine.quit();
}

#[test]
fn a_fen_with_north_to_move() {
    let mut engine = Engine::start();
    // North's f feeds South's empty row; a does not.
    engine.exchange("position fen 0-0-0-0-0-0-3-0-0-0-0-1-24-20-N");
    let answer = engine.exchange("go depth 3");
    assert_eq!(answer.last().unwrap(), "bestmove f");
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
    assert!(last.len() == 10 && last.starts_with("bestmove "), "{last}");
}
