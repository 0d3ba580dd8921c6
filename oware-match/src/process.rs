//! An engine in its own process, spoken to over the engine protocol
//! (the UCI dialect of `oware uci`; see oware-cli's `cmd/uci.rs`).
//!
//! Nothing the engine prints can hurt the runner: its output is read on a
//! thread of its own a bounded line at a time (longer lines are cut, bytes
//! that are not UTF-8 replaced), every wait has a deadline, and a write to
//! an engine that has gone is an error, not a signal.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::{Duration, Instant};

use oware_core::{Game, House, Position};

use crate::control::Go;
use crate::player::{Fault, Player};

/// The longest line kept from an engine, in bytes; the rest of a longer
/// line is read and dropped.
pub const MAX_LINE: usize = 4096;

/// Lines kept waiting between the reading thread and the player; the
/// thread blocks (and so does the engine's output) when they are not read.
const QUEUE: usize = 1024;

/// How to start an engine and set it up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineCommand {
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// `setoption name N value V` lines sent after the handshake, in order.
    pub options: Vec<(String, String)>,
    /// How long the handshake (`uci` … `uciok`, `isready` … `readyok`) may take.
    pub handshake: Duration,
}

/// A line from the engine, or the end of its output.
enum Line {
    Text(String),
    End,
}

/// A running engine process.
pub struct ProcessPlayer {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
    handshake: Duration,
}

impl ProcessPlayer {
    /// Starts the engine, says `uci`, sets its options and waits until it is ready.
    ///
    /// # Errors
    /// [`Fault::Start`] when the program cannot be run or the handshake
    /// does not finish in time.
    pub fn start(command: &EngineCommand) -> Result<ProcessPlayer, Fault> {
        let mut child = Command::new(&command.program)
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Fault::Start(format!("{}: {e}", command.program)))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = sync_channel(QUEUE);
        std::thread::spawn(move || read_lines(stdout, &sender));
        let mut player = ProcessPlayer {
            child,
            stdin,
            lines,
            handshake: command.handshake,
        };
        let started = player.send("uci").and_then(|()| player.expect("uciok"));
        let ready = started.and_then(|()| {
            for (name, value) in &command.options {
                player.set_option(name, value)?;
            }
            player.send("isready")?;
            player.expect("readyok")
        });
        ready.map_err(|fault| {
            let why = match fault {
                Fault::Crashed(why) | Fault::Start(why) => why,
                Fault::Hung { awaited, waited } => {
                    format!("no {awaited} within {} ms", waited.as_millis())
                }
                other => other.to_string(),
            };
            Fault::Start(format!("{}: {why}", command.program))
        })?;
        Ok(player)
    }

    /// Writes one line to the engine.
    fn send(&mut self, line: &str) -> Result<(), Fault> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| self.crashed(&format!("could not write to it ({e})")))
    }

    /// Drops what the engine printed since it was last read (a late
    /// answer, a flood of `info`), noticing if its output ended.
    fn drain(&mut self) -> Result<(), Fault> {
        while let Ok(line) = self.lines.try_recv() {
            if let Line::End = line {
                return Err(self.crashed("its output closed"));
            }
        }
        Ok(())
    }

    /// Waits for a line starting with `word` within the handshake time.
    fn expect(&mut self, word: &'static str) -> Result<(), Fault> {
        let wait = self.handshake;
        self.wait_for(word, wait, &mut |_| {}).map(|_| ())
    }

    /// Sets an option and waits until the engine has taken it: an option
    /// the engine refuses (`info string error …`, as `oware uci` answers a
    /// bad value or an unknown name) would make every game of the match
    /// other than asked, so it fails the start with the engine's words.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), Fault> {
        self.send(&format!("setoption name {name} value {value}"))?;
        self.send("isready")?;
        let mut refused = None;
        let wait = self.handshake;
        self.wait_for("readyok", wait, &mut |line| {
            if refused.is_none() {
                refused = line
                    .strip_prefix("info string error")
                    .map(|why| why.trim_start_matches(':').trim().to_owned());
            }
        })?;
        match refused {
            Some(why) => Err(Fault::Start(format!(
                "it refuses option.{name}={value}: {why}"
            ))),
            None => Ok(()),
        }
    }

    /// The first line whose first word is `word`, within `wait`; every
    /// line before it goes to `other`.
    fn wait_for(
        &mut self,
        word: &'static str,
        wait: Duration,
        other: &mut dyn FnMut(&str),
    ) -> Result<String, Fault> {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Line::Text(line)) => {
                    if line.split_whitespace().next() == Some(word) {
                        return Ok(line);
                    }
                    other(&line);
                }
                Ok(Line::End) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.crashed("its output closed"));
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(Fault::Hung {
                        awaited: word,
                        waited: wait,
                    });
                }
            }
        }
    }

    /// A crash fault, with the exit status if the process has ended.
    fn crashed(&mut self, what: &str) -> Fault {
        // Give a dying process a moment to be reaped, for its status.
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Fault::Crashed(format!("{what}; {status}"));
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        Fault::Crashed(what.to_owned())
    }
}

impl Player for ProcessPlayer {
    fn new_game(&mut self, _index: usize) -> Result<(), Fault> {
        self.drain()?;
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.expect("readyok")
    }

    fn choose(&mut self, game: &Game, go: &Go, wait: Duration) -> Result<House, Fault> {
        self.drain()?;
        self.send(&position_command(game))?;
        self.send(&go.command())?;
        let line = self.wait_for("bestmove", wait, &mut |_| {})?;
        let answer = line.split_whitespace().nth(1).unwrap_or("");
        let mut letters = answer.chars();
        match (letters.next().and_then(House::from_letter), letters.next()) {
            (Some(house), None) => Ok(house),
            _ => Err(Fault::Garbage(shorten(&line))),
        }
    }
}

impl Drop for ProcessPlayer {
    fn drop(&mut self) {
        // Ask politely, then make sure: a hung engine must not outlive the game.
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `position startpos moves EcAb`, or `position fen …` for a set-up start.
fn position_command(game: &Game) -> String {
    let start = game.start();
    let mut line = if start == Position::OPENING {
        String::from("position startpos")
    } else {
        format!("position fen {}", start.to_fen())
    };
    if !game.moves().is_empty() {
        line += " moves ";
        line.extend(game.moves().iter().map(|h| h.letter()));
    }
    line
}

/// A line cut to 80 characters for a message.
fn shorten(line: &str) -> String {
    const MOST: usize = 80;
    match line.char_indices().nth(MOST) {
        Some((end, _)) => format!("{}…", &line[..end]),
        None => line.to_owned(),
    }
}

/// The reading thread: bounded lines until the output ends or nobody listens.
fn read_lines(stdout: impl Read, sender: &SyncSender<Line>) {
    let mut reader = BufReader::new(stdout);
    let mut bytes = Vec::new();
    while let Ok(true) = read_bounded_line(&mut reader, &mut bytes) {
        let text = String::from_utf8_lossy(&bytes);
        let text = text.trim_end_matches('\r').to_owned();
        if sender.send(Line::Text(text)).is_err() {
            return;
        }
    }
    let _ = sender.send(Line::End);
}

/// Reads one line into `line` (without its `\n`), keeping at most
/// [`MAX_LINE`] bytes of it; `false` at the end of the input.
fn read_bounded_line(reader: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<bool> {
    line.clear();
    let mut read_any = false;
    loop {
        let available = reader.fill_buf()?;
        if available.is_empty() {
            return Ok(read_any);
        }
        read_any = true;
        let (chunk, used, done) = match available.iter().position(|&b| b == b'\n') {
            Some(end) => (&available[..end], end + 1, true),
            None => (available, available.len(), false),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        reader.consume(used);
        if done {
            return Ok(true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_bounded_and_need_not_be_utf8() {
        let mut input = vec![b'x'; 3 * MAX_LINE];
        input.extend_from_slice(b"\nbest\xffmove\r\nlast");
        let mut reader = BufReader::with_capacity(100, &input[..]);
        let mut line = Vec::new();
        assert!(read_bounded_line(&mut reader, &mut line).unwrap());
        assert_eq!(line.len(), MAX_LINE);
        assert!(read_bounded_line(&mut reader, &mut line).unwrap());
        assert_eq!(String::from_utf8_lossy(&line), "best\u{fffd}move\r");
        assert!(read_bounded_line(&mut reader, &mut line).unwrap());
        assert_eq!(line, b"last");
        assert!(!read_bounded_line(&mut reader, &mut line).unwrap());
    }

    #[test]
    fn positions_are_sent_from_the_opening_or_as_a_fen() {
        let mut game = Game::new(oware_core::Rules::ABAPA);
        assert_eq!(position_command(&game), "position startpos");
        game.play(House::E).unwrap();
        game.play(House::c).unwrap();
        assert_eq!(position_command(&game), "position startpos moves Ec");
        let start = Position::new(oware_core::Board::OPENING, oware_core::Seat::North);
        let game = Game::from_position(start, oware_core::Rules::ABAPA);
        assert_eq!(
            position_command(&game),
            "position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-N"
        );
        assert_eq!(shorten(&"é".repeat(100)).chars().count(), 81);
    }
}
