//! `oware uci`: the engine protocol of the Aualé GUI, on stdin and stdout.
//!
//! The main thread reads commands; `go` starts the search on its own thread,
//! which prints an `info` line per completed depth and then `bestmove`, so
//! `stop`, `ponderhit`, `isready` and `quit` are read and answered while it
//! thinks.
//!
//! GUIs send nothing else while the engine thinks, but a script piped in
//! does (`position …`, `go depth 8`, `position …`, `go depth 8`): any other
//! command waits for a search with limits to end, so the answers come in
//! the order of the questions. During `go infinite` and `go ponder` (which
//! only `stop` or `ponderhit` end) `position` is taken for the next search,
//! and `go`, `ucinewgame` and `setoption` are refused.
//!
//! Pondering: `go ponder` searches the position after the move the GUI
//! expects, without limits. `stop` answers with its best move. `ponderhit`
//! (the move was played) starts the search again on the same position
//! under the limits of the `go`: the table still holds what the ponder
//! search found, so the depths it reached come back at once.
//!
//! On a clock, the time the GUI charged for each move is set against the
//! time the move took, to learn the lag the GUI adds (`clock.rs`).

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use anyhow::Result;
use oware_book::Book;
use oware_core::{Game, Rules};
use oware_player::Bot;
use oware_player::Level;
use oware_search::experiment::Knobs;
use oware_search::{Engine, EngineOptions, Limits};
use oware_uci::{Answer, Command, Go, Located, Reader, SetPosition, excerpt};

mod answers;
mod clock;
mod identify;
mod knobs;
mod think;

use answers::{best_move, busy, refuse, say, send, to_gui};
use clock::{LagMeter, limits_for};
use identify::{identify, missing};
use think::think;

use crate::ranges;

/// Speak the engine protocol of the Aualé GUI on stdin and stdout.
///
/// With it, `auale --engine="oware uci"` plays with this engine.
///
/// Commands: uci, debug [on|off] (accepted; there is nothing more to
/// say), isready, ucinewgame, position (startpos | fen
/// H0-…-H11-S-N-T) [moves …], go [ponder] [depth N] [movetime MS] [nodes N]
/// [infinite] [wtime MS btime MS winc MS binc MS movestogo N], stop,
/// ponderhit, setoption name Hash|Threads|Rules|EgdbPath|OwnBook|Ponder
/// (with --tunable also the search's knobs) value V, quit. EgdbPath names
/// the endgame database directory (default: as for `oware egdb build`,
/// used if it holds one). A malformed line or an illegal move is answered
/// with `info string error: …`, and the position stays as it was. What an
/// option's setting has to say (`info string OwnBook: …`) waits for the
/// next go.
// The comment above is `--help`'s text, where brackets mark what is optional.
#[allow(rustdoc::broken_intra_doc_links)]
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The rules (RULES.md section 7): auale (Aualé's: the first repetition
    /// ends the game), abapa (the third does), sowing (abapa with a 100-move
    /// limit), awari or awari-split (awari, a repetition splitting the seeds
    /// left evenly).
    #[arg(long, value_name = "R", default_value = "auale", value_parser = crate::rule_names::rules())]
    rules: Rules,
    /// Also offer the search's knobs (lmr_depth, aspiration, soft_time, …)
    /// as spin options, for tuning them (`cargo lab tune --spsa`); not for
    /// play: they change whenever the search does.
    #[arg(long)]
    tunable: bool,
}

/// The refusal of a `setoption` while a search runs until `stop`.
const BUSY: &str = "a search runs until stop: send stop before setoption";

/// An option's value as written in `setoption`, and its column.
struct Value<'a> {
    text: &'a str,
    column: usize,
}

/// What ends a running search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Its limits (or `stop`); other commands wait for it.
    Limited,
    /// `stop` only: `go infinite`, or a `go` without limits.
    UntilStop,
    /// `stop`, or `ponderhit`, which searches again under these limits.
    Ponder(Limits),
}

/// The flags the main thread raises for the search thread.
#[derive(Default)]
struct Signals {
    /// Stop thinking.
    stop: AtomicBool,
    /// Give no `bestmove` (the search is restarted after `ponderhit`).
    silent: AtomicBool,
}

/// A search running on its thread, which gives back the engine and when it
/// wrote `bestmove` (if it did).
struct Running {
    signals: Arc<Signals>,
    thread: JoinHandle<(Engine, Option<Instant>)>,
    mode: Mode,
    /// The game it searches.
    game: Game,
    /// When the command that started it (`go` or `ponderhit`) was read.
    started: Instant,
}

impl Running {
    /// Waits for the search to end, raising `stop` first if `stop`.
    /// Gives back the engine and how long the move took, from the command
    /// to `bestmove` (none without a `bestmove`).
    fn finish(self, stop: bool) -> (Engine, Option<Duration>) {
        if stop {
            self.signals.stop.store(true, Ordering::Relaxed);
            self.thread.thread().unpark();
        }
        let (engine, answered) = self.thread.join().expect("the search thread panicked");
        (engine, answered.map(|at| at - self.started))
    }
}

/// The protocol's state between commands.
struct Uci {
    rules: Rules,
    game: Game,
    options: EngineOptions,
    /// The engine, while no search holds it.
    engine: Option<Engine>,
    search: Option<Running>,
    /// The opening book, while `OwnBook` is on and one fits the rules.
    book: Option<Book>,
    /// What the GUI's clocks charged for each seat's moves, and the lag it adds.
    lag_meter: LagMeter,
    /// What setting options had to say (the book or database now in use),
    /// held for the next `go`: a GUI may take an `info` line before any
    /// search for a fault (Aualé's client does), so none is sent then.
    notes: Vec<String>,
    /// The endgame database directory named with `EgdbPath`, if any (else
    /// the default one is used).
    egdb_dir: Option<std::path::PathBuf>,
    /// What `uci` says while the rules' database is not found ([`missing`]).
    missing: Option<String>,
    /// The search's knobs, offered as options (`--tunable`); `None` when not.
    knobs: Option<Knobs>,
}

/// Runs `oware uci`.
pub(crate) fn run(args: &Args) -> Result<()> {
    let options = EngineOptions::default();
    let mut engine = Engine::new(options);
    // The default database directory, if it holds one for the rules;
    // EgdbPath names another.
    let (endgame, egdb_note) = match oware_egdb::Ruleset::fitting(&args.rules) {
        Some(ruleset) => crate::endgame::open_default(ruleset, to_gui),
        None => (None, None),
    };
    engine.set_endgame(crate::endgame::for_search(endgame.as_ref()));
    let mut uci = Uci {
        missing: missing(&args.rules, endgame.is_none() && egdb_note.is_none()),
        rules: args.rules,
        game: Game::new(args.rules),
        options,
        engine: Some(engine),
        search: None,
        book: None,
        lag_meter: LagMeter::default(),
        notes: egdb_note.into_iter().collect(),
        egdb_dir: None,
        knobs: args.tunable.then_some(Knobs::DEFAULT),
    };
    let mut input = Reader::new(io::stdin().lock());
    while let Some(line) = input.next_command()? {
        let keep_going = match line {
            Ok(located) => uci.handle(located)?,
            Err(error) => {
                refuse(error)?;
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
    fn handle(&mut self, located: Located) -> io::Result<bool> {
        let Located {
            command,
            moves,
            value,
        } = located;
        if !matches!(
            command,
            Command::Stop | Command::PonderHit | Command::IsReady | Command::Quit
        ) {
            self.wait_if_limited();
        }
        match command {
            Command::Uci => identify(self.rules, self.missing.as_deref(), self.knobs.is_some())?,
            // Nothing more is said in debug mode: there is nothing to add.
            Command::Debug(_) => {}
            Command::IsReady => send(&Answer::ReadyOk)?,
            Command::NewGame => match self.idle_engine() {
                Some(engine) => {
                    engine.new_game();
                    self.lag_meter.new_game();
                }
                None => busy("ucinewgame")?,
            },
            Command::Position(set) => {
                if let Err(message) = self.set_position(&set, &moves) {
                    refuse(message)?;
                }
            }
            Command::Go(go) => match self.idle_engine().is_some() {
                true => self.go(go),
                false => busy("go")?,
            },
            Command::Stop => self.stop(),
            Command::PonderHit => {
                if let Err(message) = self.ponder_hit() {
                    refuse(message)?;
                }
            }
            Command::SetOption(option) => {
                let value = option.value.as_deref().zip(value);
                let value = value.map(|(text, column)| Value { text, column });
                match self.set_option(&option.name, value.as_ref()) {
                    Ok(Some(note)) => self.notes.push(note),
                    Ok(None) => {}
                    Err(message) => refuse(message)?,
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
    /// only if every move is legal. `columns` are where the moves were read.
    fn set_position(&mut self, set: &SetPosition, columns: &[usize]) -> Result<(), String> {
        self.game = Game::replay(set.start, self.rules, &set.moves)
            .map_err(|error| format!("column {}: {error}", columns[error.number - 1]))?;
        Ok(())
    }

    /// Sets an option; `Ok(Some(note))` when there is something to say.
    fn set_option(
        &mut self,
        name: &str,
        value: Option<&Value<'_>>,
    ) -> Result<Option<String>, String> {
        let shown = excerpt(name);
        let Some(value) = value else {
            return Err(format!(
                "option `{shown}` needs a value: setoption name {shown} value V"
            ));
        };
        if name.eq_ignore_ascii_case("rules") {
            return self.set_rules(value).map(|()| None);
        }
        if name.eq_ignore_ascii_case("ownbook") {
            self.book = None;
            if !check(value)? {
                return Ok(None);
            }
            // The shipped book was built under abapa. Aualé's rule differs
            // only once a position repeats, which no line of the book's ten
            // plies can do (seeds only move forward without a capture), so
            // its scores hold there too.
            let book_rules = match self.rules == Rules::AUALE {
                true => Rules::ABAPA,
                false => self.rules,
            };
            self.book = Book::shipped(book_rules);
            return Ok(Some(match &self.book {
                Some(book) => format!(
                    "OwnBook: {} positions, the first plies play from it",
                    book.len()
                ),
                None => format!(
                    "OwnBook: no book for {} rules, so it searches every move",
                    self.rules
                ),
            }));
        }
        if name.eq_ignore_ascii_case("egdbpath") {
            return self.set_egdb_path(value).map(Some);
        }
        if name.eq_ignore_ascii_case("ponder") {
            // Pondering is the GUI's to start (`go ponder`): nothing to set.
            return check(value).map(|_| None);
        }
        if let Some(knob) = knobs::named(name) {
            return self.set_knob(knob, value).map(|()| None);
        }
        let size = if name.eq_ignore_ascii_case("hash") {
            ranges::HASH_MB
        } else if name.eq_ignore_ascii_case("threads") {
            ranges::THREADS
        } else {
            let knobs = if self.knobs.is_some() {
                let names: Vec<&str> = Knobs::ALL.iter().map(|knob| knob.name).collect();
                format!(", and the search's knobs {}", names.join(", "))
            } else {
                String::new()
            };
            return Err(format!(
                "unknown option `{shown}` (the options are Hash, Threads, Rules, EgdbPath, OwnBook and Ponder{knobs})"
            ));
        };
        let n = size
            .parse(value.text)
            .map(|n| n as usize)
            .map_err(|reason| format!("column {}: {shown} {reason}", value.column))?;
        let mut options = self.options;
        if name.eq_ignore_ascii_case("hash") {
            options.hash_mb = n;
        } else {
            options.threads = n;
        }
        let Some(engine) = self.idle_engine() else {
            return Err(BUSY.to_owned());
        };
        engine
            .set_options(options)
            .map_err(|error| format!("{shown}: {error}"))?;
        self.options = options;
        Ok(None)
    }

    /// `setoption name EgdbPath value DIR`: opens the endgame database in
    /// DIR that is right for the rules (abapa's, or awari's under
    /// awari-split) for the searches to come; the engine keeps the one it
    /// had if DIR holds none.
    fn set_egdb_path(&mut self, value: &Value<'_>) -> Result<String, String> {
        if self.idle_engine().is_none() {
            return Err(BUSY.to_owned());
        }
        let dir = std::path::PathBuf::from(value.text);
        let ruleset = oware_egdb::Ruleset::fitting(&self.rules)
            .ok_or_else(|| format!("no endgame database is right for {}", self.rules))?;
        let db = crate::endgame::open_dir(&dir, ruleset, to_gui)
            .map_err(|error| format!("{error:#}"))?;
        let note = format!(
            "endgame database: {ruleset}, up to {} seeds, from {}",
            db.max_seeds(),
            dir.display()
        );
        let engine = self.idle_engine().expect("checked above");
        engine.set_endgame(crate::endgame::for_search(Some(&db)));
        self.egdb_dir = Some(dir);
        self.missing = None;
        Ok(note)
    }

    /// After a change of rules: the endgame database right for them, from
    /// the directory `EgdbPath` named or the default one (none if there is
    /// none, or none is right), said at the next `go`.
    fn reopen_endgame(&mut self) {
        let db = oware_egdb::Ruleset::fitting(&self.rules).and_then(|ruleset| {
            let (db, note) = match &self.egdb_dir {
                Some(dir) => match crate::endgame::open_dir(dir, ruleset, to_gui) {
                    Ok(db) => (Some(db), None),
                    Err(error) => (None, Some(format!("{error:#}"))),
                },
                None => crate::endgame::open_default(ruleset, to_gui),
            };
            self.notes.extend(note);
            db
        });
        self.missing = missing(&self.rules, db.is_none() && self.egdb_dir.is_none());
        if let Some(engine) = self.idle_engine() {
            engine.set_endgame(crate::endgame::for_search(db.as_ref()));
        }
    }

    /// `setoption name Rules value R`: the game so far is played again under
    /// the new rules, which are taken only if all its moves stay legal.
    fn set_rules(&mut self, value: &Value<'_>) -> Result<(), String> {
        // A name is short, so its excerpt is itself; a long word is no name,
        // and the error quotes only its start.
        let rules = excerpt(value.text)
            .parse::<Rules>()
            .map_err(|error| format!("column {}: {error}", value.column))?;
        if self.idle_engine().is_none() {
            return Err(BUSY.to_owned());
        }
        let game = Game::replay(self.game.start(), rules, self.game.moves()).map_err(|error| {
            format!(
                "under {rules}, in the current position's moves, {error}; the rules stay {}",
                self.rules
            )
        })?;
        let changed =
            oware_egdb::Ruleset::fitting(&rules) != oware_egdb::Ruleset::fitting(&self.rules);
        self.rules = rules;
        self.game = game;
        if changed {
            self.reopen_endgame();
        }
        Ok(())
    }

    /// The engine, or `None` while a search without limits holds it.
    fn idle_engine(&mut self) -> Option<&mut Engine> {
        self.wait_if_limited();
        self.engine.as_mut()
    }

    /// Waits for a search with limits to end (see the module's docs).
    fn wait_if_limited(&mut self) {
        if self
            .search
            .as_ref()
            .is_some_and(|s| s.mode == Mode::Limited)
        {
            self.wait_or_stop();
        }
    }

    /// Waits for a search with limits to end; stops one without.
    fn wait_or_stop(&mut self) {
        if let Some(running) = self.search.take() {
            let stop = running.mode != Mode::Limited;
            self.finish(running, stop);
        }
    }

    /// Ends `running` (see [`Running::finish`]), takes the engine back and
    /// notes how long a move on the clock took. A search until `stop` or
    /// a ponder search that was stopped was not on the GUI's clock.
    fn finish(&mut self, running: Running, stop: bool) {
        let seat = running.game.position().to_move();
        let mode = running.mode;
        let (engine, thought) = running.finish(stop);
        self.engine = Some(engine);
        match (mode, thought) {
            (Mode::Limited, Some(thought)) => self.lag_meter.answered(seat, thought),
            _ => self.lag_meter.forget(seat),
        }
    }

    /// Starts thinking on the current game.
    fn go(&mut self, go: Go) {
        let started = Instant::now();
        for note in self.notes.drain(..) {
            let _ = say(note);
        }
        let engine = self
            .engine
            .as_mut()
            .expect("go is read with the engine idle");
        if let Some(note) = self
            .lag_meter
            .observe(&go, &self.game, engine.overhead_mut())
        {
            let _ = say(note);
        }
        if !go.ponder
            && !go.infinite
            && let Some(result) = self.book_move()
        {
            let house = result.best.expect("a book move has a house");
            let _ = say(format!("book move {house} ({})", result.score));
            // The book's best answer is the reply to ponder on, as a
            // search's second move would be.
            let _ = send(&Answer::BestMove(best_move(&result)));
            let seat = self.game.position().to_move();
            self.lag_meter.answered(seat, started.elapsed());
            return;
        }
        let limits = match go.infinite {
            true => Limits::default(),
            false => limits_for(&go, self.game.position().to_move()),
        };
        let mode = if go.ponder {
            Mode::Ponder(limits)
        } else if limits == Limits::default() {
            // No limit at all is as good as `infinite`: it ends only at `stop`.
            Mode::UntilStop
        } else {
            Mode::Limited
        };
        let searched = match go.ponder {
            true => Limits::default(),
            false => limits,
        };
        self.start(self.game.clone(), searched, mode, started);
    }

    /// The book's move for the current game, if `OwnBook` is on and the
    /// book holds the position (read as abapa's: see `set_option`), with
    /// the book's best reply to it as the line's second move.
    fn book_move(&self) -> Option<oware_search::SearchResult> {
        let book = self.book.as_ref()?;
        let as_built = Game::from_position(self.game.position(), book.rules());
        // Games differ: the choice among near-equal moves follows the clock.
        let random = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        // The bot at full strength, as `oware play` and the page open.
        Bot::new(Level::MAX, Some(book)).book_move(&as_built, random)
    }

    /// Starts the engine searching `game` under `limits` on its thread,
    /// for the command read at `started`.
    fn start(&mut self, game: Game, limits: Limits, mode: Mode, started: Instant) {
        let engine = self.engine.take().expect("a search needs the idle engine");
        let signals = Arc::new(Signals::default());
        let flags = Arc::clone(&signals);
        let searched = game.clone();
        let wait = mode != Mode::Limited;
        let thread = thread::spawn(move || think(engine, &searched, &limits, &flags, wait));
        self.search = Some(Running {
            signals,
            thread,
            mode,
            game,
            started,
        });
    }

    /// Stops the search, if any, and waits for its `bestmove`.
    fn stop(&mut self) {
        if let Some(running) = self.search.take() {
            self.finish(running, true);
        }
    }

    /// The pondered move was played: the ponder search ends without an
    /// answer and the same position is searched under the `go`'s limits.
    fn ponder_hit(&mut self) -> Result<(), String> {
        // The GUI's clock runs from here.
        let started = Instant::now();
        let Some(Mode::Ponder(limits)) = self.search.as_ref().map(|s| s.mode) else {
            return Err("ponderhit, but there is no go ponder to hit".to_owned());
        };
        let running = self.search.take().expect("a ponder search runs");
        running.signals.silent.store(true, Ordering::Relaxed);
        let game = running.game.clone();
        // Not `finish`: the move on the clock is the search to come.
        self.engine = Some(running.finish(true).0);
        let mode = match limits == Limits::default() {
            true => Mode::UntilStop,
            false => Mode::Limited,
        };
        self.start(game, limits, mode, started);
        Ok(())
    }
}

/// A `check` option's value: `true` or `false`.
fn check(value: &Value<'_>) -> Result<bool, String> {
    match value.text.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!(
            "column {}: the value must be true or false, found `{}`",
            value.column,
            excerpt(value.text)
        )),
    }
}
