//! `oware uci`: the engine protocol of the Aualé GUI, on stdin and stdout.
//!
//! The main thread reads commands; `go` starts the search on its own thread,
//! which prints an `info` line per completed depth and then `bestmove`, so
//! `stop`, `isready` and `quit` are read and answered while it thinks.
//!
//! GUIs send nothing else while the engine thinks, but a script piped in
//! does (`position …`, `go depth 8`, `position …`, `go depth 8`): any other
//! command waits for a search with limits to end, so the answers come in
//! the order of the questions. During `go infinite` (which only `stop`
//! ends) `position` is taken for the next search, and `go`, `ucinewgame`
//! and `setoption` are refused.

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};

use anyhow::Result;
use oware_core::{Game, Rules};
use oware_search::{Engine, EngineOptions, Event, Iteration, Limits};

use crate::protocol::{self, Command, Go, SetPosition, Word};
use crate::thinking::Rate;

/// Speak the engine protocol of the Aualé GUI on stdin and stdout.
///
/// With it, `auale --engine="oware uci"` plays with this engine.
///
/// Commands: uci, isready, ucinewgame, position (startpos | fen
/// H0-…-H11-S-N-T) [moves …], go [depth N] [movetime MS] [nodes N]
/// [infinite], stop, setoption name Hash|Threads value N, quit. A malformed
/// line or an illegal move is answered with `info string error: …`, and the
/// position stays as it was.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The rules: abapa, sowing (abapa with a 100-move limit) or awari.
    #[arg(long, value_name = "R", default_value = "abapa")]
    rules: Rules,
}

/// The table sizes `setoption name Hash` accepts, in megabytes.
const HASH_MB: (usize, usize) = (1, 4096);
/// The thread counts `setoption name Threads` accepts.
const THREADS: (usize, usize) = (1, 64);

/// Writes one line to stdout at once (the search thread writes too).
fn send(line: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "{line}")?;
    out.flush()
}

/// A search running on its thread.
struct Running {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<Engine>,
    /// It runs until `stop`.
    infinite: bool,
}

/// The protocol's state between commands.
struct Uci {
    rules: Rules,
    game: Game,
    options: EngineOptions,
    /// The engine, while no search holds it.
    engine: Option<Engine>,
    search: Option<Running>,
}

/// Runs `oware uci`.
pub(crate) fn run(args: &Args) -> Result<()> {
    let options = EngineOptions::default();
    let mut engine = Engine::new(options);
    // Only the best move's score is reported: play mode is faster.
    engine.set_analysis(false);
    let mut uci = Uci {
        rules: args.rules,
        game: Game::new(args.rules),
        options,
        engine: Some(engine),
        search: None,
    };
    for line in io::stdin().lock().lines() {
        let line = line?;
        let keep_going = match protocol::parse(&line) {
            Ok(None) => true,
            Ok(Some(command)) => uci.handle(command)?,
            Err(error) => {
                send(&format!("info string error: {error}"))?;
                true
            }
        };
        if !keep_going {
            break;
        }
    }
    // At `quit`, stop thinking now. At the end of input (commands piped from
    // a file), let a search with limits finish first: its answer is the point.
    uci.wait_or_stop();
    Ok(())
}

impl Uci {
    /// Carries out one command; `false` to quit.
    fn handle(&mut self, command: Command) -> io::Result<bool> {
        if !matches!(command, Command::Stop | Command::IsReady | Command::Quit) {
            self.wait_if_limited();
        }
        match command {
            Command::Uci => {
                send(&format!("id name oware {}", env!("CARGO_PKG_VERSION")))?;
                send("id author The oware developers")?;
                send(&format!(
                    "option name Hash type spin default {} min {} max {}",
                    EngineOptions::default().hash_mb,
                    HASH_MB.0,
                    HASH_MB.1
                ))?;
                send(&format!(
                    "option name Threads type spin default {} min {} max {}",
                    EngineOptions::default().threads,
                    THREADS.0,
                    THREADS.1
                ))?;
                send("uciok")?;
            }
            Command::IsReady => send("readyok")?,
            Command::NewGame => match self.idle_engine() {
                Some(engine) => engine.new_game(),
                None => busy("ucinewgame")?,
            },
            Command::Position(set) => {
                if let Err(message) = self.set_position(&set) {
                    send(&format!("info string error: {message}"))?;
                }
            }
            Command::Go(go) => match self.idle_engine().is_some() {
                true => self.go(go),
                false => busy("go")?,
            },
            Command::Stop => self.stop(),
            Command::SetOption { name, value } => {
                if let Err(message) = self.set_option(&name, value.as_ref()) {
                    send(&format!("info string error: {message}"))?;
                }
            }
            Command::Quit => {
                self.stop();
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Plays the moves from the start on a new game; the game is replaced
    /// only if every move is legal.
    fn set_position(&mut self, set: &SetPosition) -> Result<(), String> {
        let mut game = Game::from_position(set.start, self.rules);
        for (index, m) in set.moves.iter().enumerate() {
            game.play(m.house).map_err(|reason| {
                format!(
                    "column {}: move {}, `{}`, is illegal: {reason}",
                    m.column,
                    index + 1,
                    m.house
                )
            })?;
        }
        self.game = game;
        Ok(())
    }

    fn set_option(&mut self, name: &str, value: Option<&Word>) -> Result<(), String> {
        let (range, unit) = if name.eq_ignore_ascii_case("hash") {
            (HASH_MB, "megabytes")
        } else if name.eq_ignore_ascii_case("threads") {
            (THREADS, "threads")
        } else {
            return Err(format!(
                "unknown option `{name}` (the options are Hash and Threads)"
            ));
        };
        let Some(value) = value else {
            return Err(format!(
                "option `{name}` needs a value: setoption name {name} value N"
            ));
        };
        let n = value
            .text
            .parse::<usize>()
            .ok()
            .filter(|n| (range.0..=range.1).contains(n))
            .ok_or_else(|| {
                format!(
                    "column {}: {name} must be {} to {} {unit}, found `{}`",
                    value.column, range.0, range.1, value.text
                )
            })?;
        let mut options = self.options;
        if name.eq_ignore_ascii_case("hash") {
            options.hash_mb = n;
        } else {
            options.threads = n;
        }
        let Some(engine) = self.idle_engine() else {
            return Err("a search runs until stop: send stop before setoption".to_owned());
        };
        engine.set_options(options);
        self.options = options;
        Ok(())
    }

    /// The engine, or `None` while an infinite search holds it.
    fn idle_engine(&mut self) -> Option<&mut Engine> {
        self.wait_if_limited();
        self.engine.as_mut()
    }

    /// Waits for a search with limits to end (see the module's docs).
    fn wait_if_limited(&mut self) {
        if self.search.as_ref().is_some_and(|s| !s.infinite) {
            self.wait_or_stop();
        }
    }

    /// Waits for a search with limits to end; stops one without.
    fn wait_or_stop(&mut self) {
        if let Some(running) = self.search.take() {
            if running.infinite {
                running.stop.store(true, Ordering::Relaxed);
                running.thread.thread().unpark();
            }
            self.engine = Some(running.thread.join().expect("the search thread panicked"));
        }
    }

    /// Starts thinking on the current game.
    fn go(&mut self, go: Go) {
        let engine = self.engine.take().expect("go needs the idle engine");
        let limits = Limits {
            depth: go.depth,
            nodes: go.nodes,
            time: go.movetime,
        };
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let game = self.game.clone();
        // No limit at all is as good as `infinite`: it ends only at `stop`.
        let infinite = go.infinite || limits == Limits::default();
        let thread = thread::spawn(move || think(engine, &game, &limits, &flag, go.infinite));
        self.search = Some(Running {
            stop,
            thread,
            infinite,
        });
    }

    /// Stops the search, if any, and waits for its `bestmove`.
    fn stop(&mut self) {
        if let Some(running) = self.search.take() {
            running.stop.store(true, Ordering::Relaxed);
            running.thread.thread().unpark();
            self.engine = Some(running.thread.join().expect("the search thread panicked"));
        }
    }
}

fn busy(command: &str) -> io::Result<()> {
    send(&format!(
        "info string error: a search runs until stop: send stop before {command}"
    ))
}

/// The search thread: `info` per depth, then `bestmove` (after `stop` when
/// `infinite`). Gives the engine back.
fn think(
    mut engine: Engine,
    game: &Game,
    limits: &Limits,
    stop: &AtomicBool,
    infinite: bool,
) -> Engine {
    let result = engine.search(game, limits, stop, &mut |event| {
        if let Event::Iteration(it) = event {
            // A closed stdout means the GUI is gone; the main thread will see it too.
            let _ = send(&info(it));
        }
    });
    // UCI: after `go infinite` the answer waits for `stop`, even when the
    // search has nothing left to do.
    while infinite && !stop.load(Ordering::Relaxed) {
        thread::park();
    }
    let best = result.best.or_else(|| game.legal_moves().first());
    let _ = send(&match best {
        Some(house) => format!("bestmove {house}"),
        None => "bestmove 0000".to_owned(),
    });
    engine
}

/// `info depth D score cp X nodes N nps N time MS pv LETTERS`.
fn info(it: &Iteration) -> String {
    let pv: String = it.pv.iter().map(|h| h.letter()).collect();
    format!(
        "info depth {} score cp {} nodes {} nps {} time {} pv {pv}",
        it.depth,
        it.score.to_centi(),
        it.nodes,
        Rate::per_second(it.nodes, it.elapsed).whole(),
        it.elapsed.as_millis(),
    )
}
