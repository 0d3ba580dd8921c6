//! An engine that speaks the engine protocol and then misbehaves on
//! purpose, for testing a match runner or a GUI against the faults real
//! engines have. `oware`'s own match tests use it (tests/cli/match.rs).
//!
//! ```text
//! cargo run --example misbehaving_engine -- MODE
//! ```
//!
//! Modes of its own, answering the handshake properly first:
//! - `crash`: exits with status 3 when asked to move;
//! - `hang`: never answers a `go`;
//! - `illegal`: answers a house of the seat not to move;
//! - `garbage`: prints bytes that are not UTF-8 and a 200 kB line, then `bestmove Z?`;
//! - `quiet`: never finishes the handshake (no `uciok`).
//!
//! Modes wrapped round a real engine, `$OWARE uci` (the `oware` binary):
//! - `noisy`: after each `bestmove`, a 100 kB line of bytes that are not UTF-8;
//! - `slow`: holds each `bestmove` back 400 ms;
//! - `clock`: plays only when told both clocks (`go wtime … btime … winc …
//!   binc …`), then within 20 ms; any other `go` gets no answer.
//!
//! Plain Rust and std, so it runs wherever `oware` does.

use std::io::{BufRead, Write};
use std::process::{Command, ExitCode, Stdio};
use std::time::Duration;

fn main() -> ExitCode {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let result = match mode.as_str() {
        "crash" | "hang" | "illegal" | "garbage" | "quiet" => misbehave(&mode),
        "noisy" | "slow" | "clock" => wrap(&mode),
        _ => {
            eprintln!(
                "usage: misbehaving_engine MODE, where MODE is crash, hang, illegal, garbage, quiet, noisy, slow or clock"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(code) => code,
        // A closed pipe is how a match runner ends an engine it gave up on.
        Err(_) => ExitCode::SUCCESS,
    }
}

/// The modes of its own: a handshake, then the fault at the first `go`.
fn misbehave(mode: &str) -> std::io::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    // The count of moves played, which says whose turn it is.
    let mut moves = 0;
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let mut words = line.split_whitespace();
        match words.next() {
            Some("uci") if mode != "quiet" => writeln!(out, "id name {mode}\nuciok")?,
            Some("isready") => writeln!(out, "readyok")?,
            // `position startpos moves EcAb`: a transcript of four moves.
            Some("position") => {
                moves = words
                    .skip_while(|&word| word != "moves")
                    .nth(1)
                    .map_or(0, |transcript| transcript.chars().count());
            }
            Some("go") => match mode {
                "crash" => return Ok(ExitCode::from(3)),
                // South moves after an even count: answer North's house.
                "illegal" => writeln!(out, "bestmove {}", if moves % 2 == 0 { 'a' } else { 'A' })?,
                "garbage" => {
                    out.write_all(b"info \xff\xfe\xfd string\n")?;
                    out.write_all(&[b'x'; 200_000])?;
                    writeln!(out, "\nbestmove Z?")?;
                }
                _ => {}
            },
            Some("quit") => return Ok(ExitCode::SUCCESS),
            _ => {}
        }
        out.flush()?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The wrapped modes: `$OWARE uci` in between, its input or output altered.
fn wrap(mode: &str) -> std::io::Result<ExitCode> {
    let Some(oware) = std::env::var_os("OWARE") else {
        eprintln!("the {mode} mode wraps `$OWARE uci`: set OWARE to the oware binary");
        return Ok(ExitCode::from(2));
    };
    let mut engine = Command::new(oware)
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()?;
    let mut to_engine = engine.stdin.take().expect("piped");
    let from_engine = engine.stdout.take().expect("piped");
    let clock = mode == "clock";
    std::thread::spawn(move || -> std::io::Result<()> {
        for line in std::io::stdin().lock().lines() {
            let line = line?;
            let line = match line.strip_prefix("go") {
                Some(rest) if clock && has_both_clocks(rest) => "go movetime 20".to_owned(),
                Some(_) if clock => "go nonsense".to_owned(),
                _ => line,
            };
            writeln!(to_engine, "{line}")?;
        }
        Ok(())
    });
    let mut out = std::io::stdout().lock();
    let mut noise = Noise(0x9e37_79b9_7f4a_7c15);
    for line in std::io::BufReader::new(from_engine).lines() {
        let line = line?;
        let best = line.starts_with("bestmove");
        if best && mode == "slow" {
            std::thread::sleep(Duration::from_millis(400));
        }
        writeln!(out, "{line}")?;
        if best && mode == "noisy" {
            let bytes: Vec<u8> = (0..100_000).map(|_| noise.byte()).collect();
            out.write_all(&bytes)?;
            writeln!(out)?;
        }
        out.flush()?;
    }
    engine.wait()?;
    Ok(ExitCode::SUCCESS)
}

/// Whether a `go`'s arguments give both clocks and both increments.
fn has_both_clocks(arguments: &str) -> bool {
    let words: Vec<&str> = arguments.split_whitespace().collect();
    ["wtime", "btime", "winc", "binc"]
        .iter()
        .all(|name| words.contains(name))
}

/// Bytes for the noisy mode: xorshift, never a newline, many not UTF-8.
struct Noise(u64);

impl Noise {
    fn byte(&mut self) -> u8 {
        loop {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            let byte = (self.0 >> 56) as u8;
            if byte != b'\n' {
                return byte;
            }
        }
    }
}
