//! An engine in its own process, spoken to over the engine protocol
//! (oware-uci's commands written, its answers read): the conversation
//! (handshake, options, a move asked and awaited) with its deadlines.
//!
//! Nothing the engine prints can hurt the runner: its output is read on a
//! thread of its own a bounded line at a time (longer lines are cut, bytes
//! that are not UTF-8 replaced), every wait has a deadline, and a write to
//! an engine that has gone is an error, not a signal.

use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::{Duration, Instant};

use oware_core::{Game, House, Seat};
use oware_uci::{BestMove, Command, Go, Info, SetOption, SetPosition, read_bounded_line};

use crate::control::Turn;
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
        let mut child = std::process::Command::new(&command.program)
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
        let started = player
            .send(&Command::Uci)
            .and_then(|()| player.expect("uciok"));
        let ready = started.and_then(|()| {
            for (name, value) in &command.options {
                player.set_option(name, value)?;
            }
            player.send(&Command::IsReady)?;
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

    /// Writes one command to the engine.
    fn send(&mut self, command: &Command) -> Result<(), Fault> {
        writeln!(self.stdin, "{command}")
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
        self.send(&Command::SetOption(SetOption {
            name: name.to_owned(),
            value: Some(value.to_owned()),
        }))?;
        self.send(&Command::IsReady)?;
        let mut refused = None;
        let wait = self.handshake;
        self.wait_for("readyok", wait, &mut |line| {
            if refused.is_none()
                && let Ok(Info {
                    string: Some(text), ..
                }) = line.parse::<Info>()
            {
                refused = text
                    .strip_prefix("error")
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
        self.send(&Command::NewGame)?;
        self.send(&Command::IsReady)?;
        self.expect("readyok")
    }

    fn choose(&mut self, game: &Game, turn: &Turn, wait: Duration) -> Result<House, Fault> {
        self.drain()?;
        self.send(&Command::Position(SetPosition {
            start: game.start(),
            moves: game.moves().to_vec(),
        }))?;
        let go = go(turn, game.position().to_move());
        self.send(&Command::Go(go))?;
        let line = self.wait_for("bestmove", wait, &mut |_| {})?;
        match line.parse::<BestMove>() {
            Ok(BestMove {
                house: Some(house), ..
            }) => Ok(house),
            _ => Err(Fault::Garbage(shorten(&line))),
        }
    }
}

/// The protocol's `go` for `turn` with `mover` to move: the limits as they
/// are, and both clocks (`wtime` is South's) when the mover plays on one.
fn go(turn: &Turn, mover: Seat) -> Go {
    let Turn { limits, opponent } = *turn;
    let mut go = Go {
        depth: limits.depth,
        nodes: limits.nodes,
        movetime: limits.time,
        ..Go::default()
    };
    if let (Some(own), Some(other)) = (limits.clock, opponent) {
        let (south, north) = match mover {
            Seat::South => (own, other),
            Seat::North => (other, own),
        };
        (go.wtime, go.winc) = (Some(south.remaining), Some(south.increment));
        (go.btime, go.binc) = (Some(north.remaining), Some(north.increment));
    }
    go
}

impl Drop for ProcessPlayer {
    fn drop(&mut self) {
        // Ask politely, then make sure: a hung engine must not outlive the game.
        let _ = writeln!(self.stdin, "{}", Command::Quit).and_then(|()| self.stdin.flush());
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
    while let Ok(Some(_)) = read_bounded_line(&mut reader, &mut bytes, MAX_LINE) {
        let text = String::from_utf8_lossy(&bytes);
        let text = text.trim_end_matches('\r').to_owned();
        if sender.send(Line::Text(text)).is_err() {
            return;
        }
    }
    let _ = sender.send(Line::End);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_shortened_for_a_message() {
        assert_eq!(shorten(&"é".repeat(100)).chars().count(), 81);
        assert_eq!(shorten("bestmove Z?"), "bestmove Z?");
    }

    #[test]
    fn a_turn_is_told_as_go_with_both_clocks_south_first() {
        use oware_search::{Limits, SeatClock};
        let clock = |ms: u64, inc: u64| SeatClock {
            remaining: Duration::from_millis(ms),
            increment: Duration::from_millis(inc),
            moves_to_go: None,
        };
        let turn = Turn {
            limits: Limits {
                clock: Some(clock(1000, 50)),
                ..Limits::default()
            },
            opponent: Some(clock(750, 0)),
        };
        assert_eq!(
            go(&turn, Seat::North).to_string(),
            "go wtime 750 btime 1000 winc 0 binc 50"
        );
        assert_eq!(
            go(&turn, Seat::South).to_string(),
            "go wtime 1000 btime 750 winc 50 binc 0"
        );
        let turn = Turn {
            limits: Limits {
                depth: Some(8),
                time: Some(Duration::from_millis(100)),
                ..Limits::default()
            },
            opponent: None,
        };
        assert_eq!(
            go(&turn, Seat::South).to_string(),
            "go depth 8 movetime 100"
        );
    }
}
