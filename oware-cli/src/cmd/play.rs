// tidy: long because the session's commands (move, hint, undo, save, the
// board and what is known of it) share one state and read best together.
//! `oware play`: a game in the terminal, against the bot or another person.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result};
use oware_book::Book;
use oware_core::{
    BySeat, Game, House, HouseSet, IllegalMove, Position, Record, Rules, Seat, Winner,
};
use oware_egdb::Database;
use oware_player::{Bot, BotMove, Verdict};
use oware_search::{Engine, EngineOptions, Level, SearchResult};

use crate::board_view::{self, BoardView, seat_paint};
use crate::cmd::book::{BookArgs, book_line};
use crate::cmd::egdb::EgdbArgs;
use crate::endgame;
use crate::input_file;
use crate::numbers::{Count, Seconds};
use crate::output_file::{Existing, Output};
use crate::start::{self, StartArgs};
use crate::style::{Paint, Style};
use crate::thinking::{Line, Table};

mod offer;

/// Play a game in the terminal, against the bot or another person.
///
/// Type a house letter to sow it (A-F for South, a-f for North; against
/// the bot either case names your own house, so South may type `c` for C),
/// `hint` for the bot's advice, `undo` to take your last move back, `quit`
/// to stop. Moves may be piped on stdin, one per line.
/// At the end the transcript is printed, to replay with `oware show`.
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
    /// refused unless it is the --load record or --force is given.
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
    let saved = output.map(|output| {
        let mut record = record;
        if let Some(bot) = bot {
            let tag = bot.to_string();
            let game = record.game();
            let moved = game.positions()[..game.moves().len()]
                .iter()
                .any(|position| position.to_move() == bot);
            let named = bot_tag(record.tag(&tag), level, moved);
            record.set_tag(&tag, &named);
            // The seed, where it matters, so that a game continued plays
            // on as it began.
            if level.noise() > 0.0 {
                record.set_tag(SEED_TAG, &seed.to_string());
            }
        }
        // A record continued is on disk as it is: rewritten at the first change.
        Saved {
            output,
            record,
            on_disk: continuing,
        }
    });
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
        input: stdin.lock(),
    };
    session.play()
}

/// The tag in which `--save` writes the seed of the bot's deliberate
/// mistakes.
const SEED_TAG: &str = "BotSeed";

/// The seed of the bot's deliberate mistakes: --seed, or continuing a
/// record (`loaded`: its file and record), the one its BotSeed tag names
/// (a --seed that differs is refused, as the mistakes of the moves already
/// played came from it), else one from the clock.
fn seed(args: &Args, loaded: Option<(&std::path::Path, &Record)>) -> Result<u64> {
    let Some((path, value)) = loaded.and_then(|(path, record)| Some((path, record.tag(SEED_TAG)?)))
    else {
        return Ok(args.seed.unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64 % 1_000_000)
        }));
    };
    let file = path.display();
    let Ok(recorded) = value.trim().parse::<u64>() else {
        anyhow::bail!(
            "--load {file}: its {SEED_TAG} tag, `{value}`, is not a seed (a whole number)"
        );
    };
    match args.seed {
        Some(given) if given != recorded => anyhow::bail!(
            "--seed {given}: {file}'s bot played with seed {recorded} (its {SEED_TAG} tag): leave out --seed to play on with it"
        ),
        _ => Ok(recorded),
    }
}

/// The level the bot plays at when neither --level nor a record says.
const DEFAULT_LEVEL: u8 = 10;

/// Who plays which seat, from the options and, continuing a record, its
/// South and North tags: a record's players are kept, never swapped.
struct Seating {
    /// The seat the bot plays, or `None` when two people play.
    bot: Option<Seat>,
    /// The bot's level.
    level: Level,
    /// Where the seats came from, when a record's tags gave them: said at
    /// the start.
    told: Option<String>,
}

impl Seating {
    /// The seating `args` ask for, continuing `loaded` (its file and
    /// record) if given. A seat whose tag names the bot (`oware level N`,
    /// as `--save` writes it) is the bot's at that level; an option that
    /// contradicts the tags is refused, since the saved record would then
    /// credit one player's moves to another.
    fn of(args: &Args, loaded: Option<(&std::path::Path, &Record)>) -> Result<Seating> {
        let default_level = || Level::new(DEFAULT_LEVEL).expect("a level");
        let free = |seat: Option<Seat>| Seating {
            bot: (!args.humans).then(|| seat.unwrap_or(Seat::South).opponent()),
            level: args.level.unwrap_or_else(default_level),
            told: None,
        };
        let Some((path, record)) = loaded else {
            return Ok(free(args.seat));
        };
        let file = path.display();
        let tagged: Vec<(Seat, Level, &str)> = Seat::ALL
            .into_iter()
            .filter_map(|seat| {
                let value = record.tag(&seat.to_string())?;
                tagged_level(value).map(|level| (seat, level, value))
            })
            .collect();
        let (bot, tagged_level, value) = match tagged[..] {
            [] => return Ok(free(args.seat)),
            [one] => one,
            _ => anyhow::bail!(
                "--load {file}: its South and North tags both name the bot, so there is no seat for you; edit the tags to continue it"
            ),
        };
        let human = bot.opponent();
        if args.humans {
            anyhow::bail!(
                "--humans: {file}'s {bot} tag names the bot (`{value}`), which played {bot}'s moves: leave out --humans to play on against it as {human}"
            );
        }
        if let Some(seat) = args.seat
            && seat != human
        {
            anyhow::bail!(
                "--seat {}: {file}'s {bot} tag names the bot (`{value}`), so you played {human}: leave out --seat to play on as {human}",
                seat.to_string().to_lowercase()
            );
        }
        if let Some(level) = args.level
            && level != tagged_level
        {
            anyhow::bail!(
                "--level {level}: {file}'s bot played at level {tagged_level} (its {bot} tag, `{value}`): leave out --level to play on at level {tagged_level}"
            );
        }
        let told =
            (args.seat.is_none() || args.level.is_none()).then(|| format!("as {file}'s tags say"));
        Ok(Seating {
            bot: Some(bot),
            level: tagged_level,
            told,
        })
    }
}

/// The level a seat's tag names the bot at: `oware level N`, as `--save`
/// writes it, alone or after the player it took over from
/// (`Aualé, then oware level N`); `None` for any other player.
fn tagged_level(value: &str) -> Option<Level> {
    value
        .strip_prefix(BOT_TAG)
        .or_else(|| {
            value
                .rsplit_once(&format!(", then {BOT_TAG}"))
                .map(|(_, level)| level)
        })?
        .parse()
        .ok()
}

/// What a seat's tag says of the bot, before its level.
const BOT_TAG: &str = "oware level ";

/// The tag of the seat the bot plays at `level`, whose tag was `old` and
/// which has `moved` in the record already: the bot alone when it is the
/// bot already or the seat has not moved under an unknown player, else the
/// player it takes over from (`?` if unknown), then the bot.
fn bot_tag(old: Option<&str>, level: Level, moved: bool) -> String {
    let bot = format!("{BOT_TAG}{level}");
    match old.map(str::trim) {
        Some(old) if tagged_level(old) == Some(level) => old.to_owned(),
        None | Some("" | "?") if !moved => bot,
        None | Some("") => format!("?, then {bot}"),
        Some(old) => format!("{old}, then {bot}"),
    }
}

/// "you", "bot, level 10" or, with two people, "player".
fn player_name(bot: Option<Seat>, seat: Seat, level: Level) -> String {
    match bot {
        None => "player".to_owned(),
        Some(bot) if bot == seat => format!("bot, level {level}"),
        Some(_) => "you".to_owned(),
    }
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
    input: io::StdinLock<'a>,
}

/// A game record saved after every move.
struct Saved {
    output: Output,
    record: Record,
    /// Whether the file holds the record as it stands.
    on_disk: bool,
}

impl Saved {
    /// Brings the record to `game` (taking back the moves undone, adding the
    /// moves played, so comments and variations on the moves kept stay) and
    /// writes it, unless the file holds it already.
    fn save(&mut self, game: &Game) -> Result<()> {
        let common = self
            .record
            .game()
            .moves()
            .iter()
            .zip(game.moves())
            .take_while(|(a, b)| a == b)
            .count();
        let changed = self.record.game().moves().len() > common || game.moves().len() > common;
        if self.on_disk && !changed {
            return Ok(());
        }
        while self.record.game().moves().len() > common {
            self.record.undo();
        }
        for &house in &game.moves()[common..] {
            self.record
                .play(house)
                .context("the record refused a move of the game")?;
        }
        self.output.write(self.record.to_string().as_bytes())?;
        self.on_disk = true;
        Ok(())
    }
}

/// What a line typed by a player asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Request {
    /// Sow this house.
    Move(House),
    /// Ask the bot for advice.
    Hint,
    /// Take back the last move (and the bot's reply).
    Undo,
    /// List the commands.
    Help,
    /// Stop and print the transcript.
    Quit,
}

/// What the human typed, or why it is not understood.
///
/// Against the bot the person plays one seat, so a letter of either case
/// names one of their own houses (South may type `c` for C, North `C` for
/// c): nothing else could be meant. Two people at one keyboard share it,
/// and there the case says whose house it is, so the other seat's letter
/// is refused with the reason. `against_bot` also words the advice for one
/// person rather than two.
fn read_request(line: &str, to_move: Seat, against_bot: bool) -> Result<Request, String> {
    let word = line.trim();
    match word.to_ascii_lowercase().as_str() {
        "hint" | "h" | "?" => return Ok(Request::Hint),
        "undo" | "u" => return Ok(Request::Undo),
        "help" => return Ok(Request::Help),
        "quit" | "q" | "exit" => return Ok(Request::Quit),
        _ => {}
    }
    let letters = letters(to_move);
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => match House::from_letter(own_case(c, to_move, against_bot)) {
            Some(house) if house.seat() == to_move => Ok(Request::Move(house)),
            Some(house) => Err(format!(
                "{house} is {}'s house; {to_move} is to move: {letters}",
                house.seat()
            )),
            None => Err(format!(
                "`{word}` is not a house: {to_move} plays {letters} (or type hint, undo, quit)"
            )),
        },
        (Some(_), Some(_)) if word.chars().all(|c| House::from_letter(c).is_some()) => Err(
            format!("one house at a time, please: type a single letter, {letters}"),
        ),
        _ => Err(format!(
            "`{word}` is not a move or a command: type a house ({letters}), hint, undo, help or quit"
        )),
    }
}

/// `letter` in the case of `seat`'s houses when the person plays that seat
/// alone (see [`read_request`]); as typed otherwise.
fn own_case(letter: char, seat: Seat, against_bot: bool) -> char {
    match (against_bot, seat) {
        (false, _) => letter,
        (true, Seat::South) => letter.to_ascii_uppercase(),
        (true, Seat::North) => letter.to_ascii_lowercase(),
    }
}

/// `A-F` or `a-f`.
fn letters(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "A-F",
        Seat::North => "a-f",
    }
}

impl Session<'_> {
    fn play(&mut self) -> Result<()> {
        self.intro()?;
        self.save()?;
        self.board()?;
        while !self.game.is_over() {
            let to_move = self.game.position().to_move();
            if self.bot == Some(to_move) {
                self.bot_move()?;
                self.board()?;
                continue;
            }
            let Some(line) = self.prompt()? else {
                writeln!(self.out, "\n(end of input)")?;
                return self.finish();
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

    /// Asks the seat to move for a line; `None` at the end of input.
    fn prompt(&mut self) -> Result<Option<String>> {
        let to_move = self.game.position().to_move();
        let legal = board_view::spaced(self.game.legal_moves());
        write!(
            self.out,
            "{} to move ({legal}) > ",
            self.style.paint(seat_paint(to_move), to_move)
        )?;
        self.out.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        // Moves piped from a file saved on Windows start with a byte-order
        // mark, which is no part of the first move.
        let line = input_file::without_bom(line);
        if self.echo {
            writeln!(self.out, "{}", line.trim_end())?;
        }
        Ok(Some(line))
    }

    fn complain(&mut self, message: &str) -> Result<()> {
        writeln!(self.out, "{}", self.style.paint(Paint::Error, message))?;
        Ok(())
    }

    fn help(&mut self) -> Result<()> {
        let to_move = self.game.position().to_move();
        let undo = match self.bot {
            Some(_) => "take back your last move and the bot's reply",
            None => "take back the last move",
        };
        match self.bot {
            Some(_) => writeln!(
                self.out,
                "  {}   sow that house (either case: you play {to_move}, so `{}` is {})",
                letters(to_move),
                own_case('c', to_move.opponent(), true),
                own_case('c', to_move, true),
            )?,
            None => writeln!(self.out, "  {}   sow that house", letters(to_move))?,
        }
        writeln!(
            self.out,
            "  hint  ask the bot for advice (1 s at full strength)"
        )?;
        writeln!(self.out, "  undo  {undo}")?;
        writeln!(self.out, "  quit  stop here and print the transcript")?;
        Ok(())
    }

    /// The bot's move, or at full strength and without the book a hint:
    /// a search shows its thinking as a table that updates (a score under
    /// every house), a book move comes at once and shows nothing.
    fn think(&mut self, hint: bool) -> Result<BotMove> {
        let to_move = self.game.position().to_move();
        let who = if hint {
            "a hint for"
        } else {
            "the bot thinks for"
        };
        let heading = format!(
            "{who} {}, scores in seeds for {to_move}:",
            self.style.paint(seat_paint(to_move), to_move),
        );
        let bot = match hint {
            true => Bot::new(Level::MAX, None),
            false => Bot::new(self.level, self.book.as_ref()),
        };
        let mut table = Table::new(to_move, self.game.legal_moves(), self.style, false);
        let stop = AtomicBool::new(false);
        let mut failed = None;
        let mut started = false;
        let out = &mut self.out;
        // The heading and the table's header wait for the search's first
        // event: a book move has none.
        let mut on_event = |event: &_| {
            if failed.is_none() {
                let mut show = || -> io::Result<()> {
                    if !started {
                        started = true;
                        writeln!(out, "{heading}")?;
                        table.start(out)?;
                    }
                    table.event(out, event)
                };
                failed = show().err();
                stop.store(failed.is_some(), Ordering::Relaxed);
            }
        };
        let chosen = bot.scoring_every_move().choose(
            &mut self.engine,
            &self.game,
            None,
            self.seed,
            &stop,
            &mut on_event,
        );
        if let Some(error) = failed {
            return Err(error.into());
        }
        if started {
            table.finish(&mut self.out)?;
        }
        Ok(chosen)
    }

    fn bot_move(&mut self) -> Result<()> {
        let to_move = self.game.position().to_move();
        // The bot at its level, as the page and `oware match` play it: from
        // its book where it holds the position, else a search.
        let BotMove { result, from_book } = self.think(false)?;
        let house = result
            .best
            .or_else(|| self.game.legal_moves().first())
            .expect("a game that is not over has a move");
        let opening = match (from_book, &self.book) {
            (true, Some(book)) => book_line(book, &self.game),
            _ => None,
        };
        self.game
            .play(house)
            .context("the bot chose an illegal move")?;
        self.last = Some(house);
        self.save()?;
        if let Some(line) = opening {
            writeln!(
                self.out,
                "{} plays {} from the opening {line}",
                self.style.paint(seat_paint(to_move), to_move),
                self.style.paint(Paint::Bold, house),
            )?;
            return Ok(());
        }
        writeln!(
            self.out,
            "{} plays {}   (score {}, depth {}, {} nodes in {})",
            self.style.paint(seat_paint(to_move), to_move),
            self.style.paint(Paint::Bold, house),
            result.score,
            result.depth,
            Count(result.nodes),
            Seconds(result.elapsed),
        )?;
        // Once the game is over its outcome says it all.
        if self.game.is_over() {
            return Ok(());
        }
        self.announce(&result, to_move)
    }

    fn hint(&mut self) -> Result<()> {
        let to_move = self.game.position().to_move();
        let result = self.think(true)?.result;
        if let Some(house) = result.best {
            writeln!(
                self.out,
                "hint: {} {}   (score {}, depth {}, pv {})",
                to_move,
                self.style.paint(Paint::Bold, format!("plays {house}")),
                result.score,
                result.depth,
                Line(&result.pv),
            )?;
        }
        self.announce(&result, to_move)
    }

    /// Says who can force a win, or that best play draws, when a search has
    /// proved it and it was not said already.
    fn announce(&mut self, result: &SearchResult, mover: Seat) -> Result<()> {
        if let Some(verdict) = Verdict::of(result.score, mover)
            && self.announced != Some(verdict.winner)
        {
            self.announced = Some(verdict.winner);
            writeln!(self.out, "{}", self.style.paint(Paint::Good, verdict))?;
        }
        Ok(())
    }

    /// Takes back moves until it is again the turn of the person who asked,
    /// before their last move (with two people: the last move).
    fn undo(&mut self) -> Result<()> {
        let human = self.game.position().to_move();
        let moves = self.game.moves().len();
        let positions = self.game.positions();
        let target = if self.bot.is_none() {
            moves.checked_sub(1)
        } else {
            // Back to before the last move of the seat now to move.
            (0..moves).rev().find(|&i| positions[i].to_move() == human)
        };
        let Some(target) = target else {
            return self.complain("nothing to undo");
        };
        let mut taken = Vec::new();
        while self.game.moves().len() > target {
            taken.push(self.game.undo().expect("moves remain"));
        }
        taken.reverse();
        self.last = self.game.moves().last().copied();
        self.announced = None;
        self.save()?;
        writeln!(self.out, "took back {}", Line(&taken))?;
        self.board()
    }

    /// Writes the record, with `--save`.
    fn save(&mut self) -> Result<()> {
        match &mut self.saved {
            Some(saved) => saved.save(&self.game),
            None => Ok(()),
        }
    }

    fn finish(&mut self) -> Result<()> {
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
        if let Some(saved) = &self.saved {
            let path = saved.output.path().display();
            writeln!(self.out, "saved: {path}")?;
            writeln!(self.out, "replay it:  oware show {path}")?;
            return Ok(());
        }
        let transcript = self.game.transcript();
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

/// An illegal move's reason, with the houses that are legal: the game's
/// legal moves under its rules, the same set the prompt offers.
fn explain(error: IllegalMove, legal: HouseSet) -> String {
    let legal = board_view::spaced(legal);
    format!("{error}; legal: {legal}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bots_tag_names_whom_it_took_over_from() {
        let level = Level::new(3).unwrap();
        assert_eq!(bot_tag(None, level, false), "oware level 3");
        assert_eq!(bot_tag(Some("?"), level, false), "oware level 3");
        assert_eq!(bot_tag(Some("?"), level, true), "?, then oware level 3");
        assert_eq!(bot_tag(None, level, true), "?, then oware level 3");
        assert_eq!(bot_tag(Some("oware level 3"), level, true), "oware level 3");
        assert_eq!(
            bot_tag(Some("Ama, then oware level 3"), level, true),
            "Ama, then oware level 3"
        );
        assert_eq!(
            bot_tag(Some("Ama"), level, false),
            "Ama, then oware level 3"
        );
        for (tag, read) in [
            ("oware level 3", Some(3)),
            ("?, then oware level 19", Some(19)),
            ("oware level 30", None),
            ("Aualé (expert)", None),
            ("level 3", None),
        ] {
            assert_eq!(tagged_level(tag).map(Level::get), read, "{tag}");
        }
    }

    #[test]
    fn requests_keep_specs_letters_and_say_whose_they_are() {
        let read = |line, seat| read_request(line, seat, true);
        assert_eq!(read(" E \n", Seat::South), Ok(Request::Move(House::E)));
        assert_eq!(read("c", Seat::North), Ok(Request::Move(House::c)));
        assert_eq!(read("HINT", Seat::North), Ok(Request::Hint));
        assert_eq!(read("undo", Seat::South), Ok(Request::Undo));
        assert_eq!(read("q", Seat::South), Ok(Request::Quit));
        // Against the bot either case names the player's own house.
        assert_eq!(read("e", Seat::South), Ok(Request::Move(House::E)));
        assert_eq!(read("C", Seat::North), Ok(Request::Move(House::c)));
        // Between two people the case says whose house it is.
        assert_eq!(
            read_request("e", Seat::South, false),
            Err("e is North's house; South is to move: A-F".to_owned())
        );
        assert_eq!(
            read_request("B", Seat::North, false),
            Err("B is South's house; North is to move: a-f".to_owned())
        );
        assert_eq!(
            read("G", Seat::South),
            Err("`G` is not a house: South plays A-F (or type hint, undo, quit)".to_owned())
        );
        assert_eq!(
            read("Ec", Seat::South),
            Err("one house at a time, please: type a single letter, A-F".to_owned())
        );
        assert_eq!(
            read("play E", Seat::South),
            Err(
                "`play E` is not a move or a command: type a house (A-F), hint, undo, help or quit"
                    .to_owned()
            )
        );
    }
}
