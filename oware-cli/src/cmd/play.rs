//! `oware play`: a game in the terminal, against the bot or another person.
//!
//! Here are the options, the session's start and its loop (the intro, the
//! board, the end); the rest is split by concern: who sits where and the
//! bot's seed ([`seating`]), the person's turn and commands ([`commands`]),
//! the bot's turn and its hints ([`bot`]), the record `--save` keeps
//! ([`saving`]), the offer to build the endgame database ([`offer`]), and
//! Ctrl-C, which ends the game as the end of input does ([`interrupt`]).

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result};
use oware_book::Book;
use oware_core::{BySeat, Game, House, Position, Record, Rules, Seat, Winner};
use oware_egdb::Database;
use oware_player::Level;
use oware_search::{Engine, EngineOptions};

use crate::board_view::BoardView;
use crate::cmd::book::BookArgs;
use crate::cmd::egdb::EgdbArgs;
use crate::endgame;
use crate::input_file::{self, TypedLine};
use crate::output_file::{Existing, Output};
use crate::start::{self, StartArgs};
use crate::style::{Paint, Style};

mod bot;
mod commands;
pub(crate) mod interrupt;
mod offer;
mod saving;
mod seating;

use commands::{Request, explain, read_request};
use interrupt::Interruptible;
use saving::Saved;
use seating::{Seating, player_name, seed};

/// Play a game in the terminal, against the bot or another person.
///
/// Type a house letter to sow it (A-F for South, a-f for North; against
/// the bot either case names your own house, so South may type `c` for C),
/// `hint` for the bot's advice, `undo` to take your last move back, `quit`
/// to stop (Ctrl-D or Ctrl-C stop too). Moves may be piped on stdin, one
/// per line. At the end the transcript is printed, to replay with `oware
/// show`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The bot's level: 1 (a beginner can beat it) to 19 (full strength, 1 s
    /// a move) [default: 10; a record loaded, the level its tags name].
    #[arg(long, value_name = "1..19")]
    level: Option<Level>,
    /// Your seat: south moves first, north second [default: south; a record
    /// loaded, the seat its tags do not give the bot].
    #[arg(long, value_name = "SEAT")]
    seat: Option<Seat>,
    /// Two people take turns at the keyboard; no bot plays (so no --level
    /// or --seed either).
    #[arg(long, conflicts_with_all = ["level", "seed"])]
    humans: bool,
    /// The rules (RULES.md section 7) [default: abapa; a record loaded gives
    /// its own].
    #[arg(long, value_name = "R", value_parser = crate::rule_names::rules())]
    rules: Option<Rules>,
    /// Start after these moves from the start (the opening, --board or
    /// --fen), e.g. `EcAb`.
    #[arg(long, value_name = "TRANSCRIPT")]
    moves: Option<String>,
    /// Set up the start: a board or a fen, and the seat to move.
    #[command(flatten)]
    start: StartArgs,
    /// Continue the game in this OGN record: its start, rules and moves (its
    /// tags, comments and variations are kept when saving). Its South and
    /// North tags say who played: the seat named `oware level N` is the
    /// bot's, at that level, and you take the other; a --seat, --level or
    /// --humans that says otherwise is refused. The tag of a seat the bot
    /// takes over names it too (`Aualé, then oware level 10`).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["moves", "board", "fen", "to_move"])]
    load: Option<PathBuf>,
    /// Save the game to this OGN record at the start and after every move
    /// (and undo), whole each time: written beside it, then renamed over it
    /// (through a symbolic link, its permissions kept). An existing file is
    /// refused unless it is the --load record or --force is given. A save
    /// that fails (a full disk) is said, and tried again after the next
    /// move; the game goes on.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Let --save replace a file that is not the record loaded.
    #[arg(long, requires = "save")]
    force: bool,
    /// Seed of the bot's deliberate mistakes at levels 1-9: the same seed and
    /// moves give the same game [default: a record loaded, the seed its
    /// BotSeed tag names; else from the clock]. --save writes it in the
    /// BotSeed tag.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Levels 15-19 open from a book (the one shipped for the rules, by default).
    #[command(flatten)]
    book: BookArgs,
    #[command(flatten)]
    egdb: EgdbArgs,
}
/// Runs `oware play`.
pub(crate) fn run(args: &Args) -> Result<()> {
    for (option, path) in [("--board", &args.start.board), ("--load", &args.load)] {
        if path.as_deref() == Some(std::path::Path::new("-")) {
            anyhow::bail!(
                "{option} - names stdin, where play reads the moves, and stdin can be read only once: give a file"
            );
        }
    }
    // Continuing a record writes back over it; anything else the file holds
    // is someone's work.
    let continuing = match (&args.load, &args.save) {
        (Some(load), Some(save)) => input_file::same_file(load, save),
        _ => false,
    };
    let output = match &args.save {
        Some(save) => {
            let way_out = format!(
                ", or continue it with --load {0} --save {0}",
                save.display()
            );
            let existing = match continuing {
                true => Existing::Continue,
                false => Existing::Refuse {
                    force: args.force,
                    way_out: &way_out,
                },
            };
            Some(Output::check(save, "--save", existing)?)
        }
        None => None,
    };
    let record = match &args.load {
        Some(path) => {
            let record = input_file::read_record(path).context("--load")?;
            if let Some(rules) = args.rules {
                anyhow::ensure!(
                    rules == record.rules(),
                    "--rules {rules} differs from the loaded game's rules, {}",
                    record.rules()
                );
            }
            record
        }
        None => {
            let start = args.start.position()?;
            let mut game = Game::from_position(start, args.rules.unwrap_or_default());
            if let Some(moves) = &args.moves {
                let transcript =
                    start::parse_transcript(moves, start.to_move()).context("--moves")?;
                game.play_all(&transcript).context("--moves")?;
            }
            Record::new(game)
        }
    };
    let seating = Seating::of(args, args.load.as_deref().map(|path| (path, &record)))?;
    let game = record.game().clone();
    // At a terminal, without a database, the offer to build the default one.
    let db = offer::open_or_offer(&args.egdb, &game.rules(), io::stdin().is_terminal())?;
    let mut engine = Engine::new(EngineOptions::default());
    engine.set_endgame(endgame::for_search(db.as_ref()));
    let seed = seed(args, args.load.as_deref().map(|path| (path, &record)))?;
    let Seating { bot, level, told } = seating;
    let book = args.book.load(game.rules())?.filter(|_| level.plays_book());
    let players = BySeat {
        south: player_name(bot, Seat::South, level),
        north: player_name(bot, Seat::North, level),
    };
    let saved = output.map(|output| Saved::new(output, record, bot, level, seed, continuing));
    let stdin = io::stdin();
    // Moves piped in make a log, not a screen: plain lines, no escape codes.
    let echo = !stdin.is_terminal();
    let style = if echo {
        Style::PLAIN
    } else {
        Style::for_stdout()
    };
    let mut session = Session {
        last: game.moves().last().copied(),
        game,
        bot,
        told,
        level,
        seed,
        engine,
        book,
        db,
        style,
        echo,
        players,
        saved,
        announced: None,
        out: io::stdout().lock(),
        input: Interruptible(stdin.lock()),
    };
    interrupt::catch();
    session.play()?;
    session.out.flush()?;
    interrupt::end_as_interrupted();
    Ok(())
}

/// A game in progress and everything needed to show it.
struct Session<'a> {
    game: Game,
    /// The seat the bot plays, or `None` when two people play.
    bot: Option<Seat>,
    /// Where the seats came from, if a record's tags gave them.
    told: Option<String>,
    level: Level,
    seed: u64,
    engine: Engine,
    /// The opening book the bot plays from (levels 15-19).
    book: Option<Book>,
    /// The endgame database, shown under the board inside it.
    db: Option<Arc<Database>>,
    style: Style,
    /// Input is not typed at a terminal: echo each line after its prompt, so
    /// the output reads as a game.
    echo: bool,
    players: BySeat<String>,
    /// The record kept up to date with the game, and its file (`--save`).
    saved: Option<Saved>,
    /// The last proven result announced, so it is said once.
    announced: Option<Winner>,
    /// The house just played.
    last: Option<House>,
    out: io::StdoutLock<'a>,
    input: Interruptible<io::StdinLock<'a>>,
}

impl Session<'_> {
    /// The game, from the first board to the end (or the end of input).
    fn play(&mut self) -> Result<()> {
        self.intro()?;
        self.save()?;
        self.board()?;
        while !self.game.is_over() {
            if interrupt::happened() {
                writeln!(self.out, "\n(interrupted)")?;
                return self.finish();
            }
            let to_move = self.game.position().to_move();
            if self.bot == Some(to_move) {
                self.bot_move()?;
                self.board()?;
                continue;
            }
            let line = match self.prompt()? {
                Some(TypedLine::Text(line)) => line,
                Some(TypedLine::TooLong(bytes)) => {
                    self.complain(&format!(
                        "{}: not a move; type a house, hint, undo, help or quit",
                        TypedLine::too_long(bytes)
                    ))?;
                    continue;
                }
                None => {
                    writeln!(self.out, "\n({})", interrupt::why_input_ended())?;
                    return self.finish();
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            match read_request(&line, to_move, self.bot.is_some()) {
                Ok(Request::Move(house)) => match self.game.play(house) {
                    Ok(()) => {
                        self.last = Some(house);
                        self.save()?;
                        self.board()?;
                    }
                    Err(error) => self.complain(&explain(error, self.game.legal_moves()))?,
                },
                Ok(Request::Hint) => self.hint()?,
                Ok(Request::Undo) => self.undo()?,
                Ok(Request::Help) => self.help()?,
                Ok(Request::Quit) => return self.finish(),
                Err(message) => self.complain(&message)?,
            }
        }
        self.finish()
    }

    /// Says who plays what, under which rules, and how to move.
    fn intro(&mut self) -> Result<()> {
        let rules = self.game.rules();
        match self.bot {
            Some(bot) => {
                // The seed matters only at the levels that make deliberate mistakes.
                let seed = if self.level.noise() > 0.0 {
                    format!(" (seed {})", self.seed)
                } else {
                    String::new()
                };
                let told = match &self.told {
                    Some(told) => format!(", {told}"),
                    None => String::new(),
                };
                writeln!(
                    self.out,
                    "Oware ({rules} rules): you play {} against the bot at level {}{seed}{told}.",
                    bot.opponent(),
                    self.level,
                )?;
            }
            None => writeln!(
                self.out,
                "Oware ({rules} rules): two players at one keyboard."
            )?,
        }
        writeln!(
            self.out,
            "Type a house letter to sow it, or hint, undo, help, quit."
        )?;
        Ok(())
    }

    /// Draws the board, and under it what the endgame database knows.
    fn board(&mut self) -> Result<()> {
        let view = BoardView {
            position: self.game.position(),
            last: self.last,
            legal: self.game.legal_moves(),
            players: &self.players,
            style: self.style,
        };
        writeln!(self.out, "\n{view}")?;
        self.endgame()
    }

    /// Under the board, what the endgame database knows of the position,
    /// and who can force a win (or that best play draws) the first time the
    /// database says so.
    fn endgame(&mut self) -> Result<()> {
        let Some((line, verdict)) = self
            .db
            .as_deref()
            .and_then(|db| endgame::under_board(db, &self.game))
        else {
            return Ok(());
        };
        writeln!(self.out, "{line}")?;
        if let Some(verdict) = verdict.filter(|v| self.announced != Some(v.winner)) {
            self.announced = Some(verdict.winner);
            let sentence = self.style.paint(Paint::Good, verdict);
            writeln!(self.out, "{sentence}")?;
        }
        Ok(())
    }

    /// Says how the game ended and how to replay it.
    fn finish(&mut self) -> Result<()> {
        // A save that failed is tried once more; whatever it gives, the
        // transcript is printed, so the game is never lost.
        self.save()?;
        if let Some(outcome) = self.game.outcome() {
            writeln!(
                self.out,
                "{}",
                self.style
                    .paint(Paint::Good, format!("game over: {outcome}"))
            )?;
        } else {
            let moves = self.game.moves().len();
            let plural = if moves == 1 { "" } else { "s" };
            writeln!(self.out, "game stopped after {moves} move{plural}")?;
        }
        let transcript = self.game.transcript();
        if let Some(saved) = self.saved.as_ref().filter(|saved| saved.holds_game()) {
            if !transcript.is_empty() {
                writeln!(self.out, "transcript: {transcript}")?;
            }
            let path = saved.output.path().display();
            writeln!(self.out, "saved: {path}")?;
            writeln!(self.out, "replay it:  oware show {path}")?;
            return Ok(());
        }
        if let Some(saved) = &self.saved {
            let path = saved.output.path().display();
            writeln!(
                self.out,
                "not saved: {path} does not hold the game (see above)"
            )?;
        }
        if transcript.is_empty() {
            writeln!(self.out, "transcript: (no moves)")?;
            return Ok(());
        }
        writeln!(self.out, "transcript: {transcript}")?;
        let rules = match self.game.rules() {
            Rules::ABAPA => String::new(),
            rules => format!("--rules {rules} "),
        };
        // A transcript replays from the opening, or from the fen of a set-up start.
        let start = match self.game.start() {
            Position::OPENING => String::new(),
            start => format!("--fen {} ", start.to_fen()),
        };
        writeln!(
            self.out,
            "replay it:  oware show {rules}{start}{transcript}"
        )?;
        Ok(())
    }
}
