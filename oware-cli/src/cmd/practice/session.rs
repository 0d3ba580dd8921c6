//! A practice session at the prompt: the board, the player's moves judged
//! as the database proves them ([`Practice`]), the defence, hint, retry,
//! quit; Ctrl-C and the end of input stop it as in `oware play`.

use std::io::{BufRead, Write};

use anyhow::Result;
use oware_core::{BySeat, House, Seat, Winner};
use oware_egdb::Database;
use oware_puzzle::{Goal, Judgement, Practice, move_words};

use crate::board_view::{self, BoardView, seat_paint};
use crate::cmd::play::interrupt::{self, Interruptible};
use crate::input_file::{TypedLine, read_typed_line};
use crate::style::{Paint, Style};
use crate::thinking::Line;

/// What a session needs.
pub(super) struct Setup<'a> {
    pub(super) practice: Practice,
    pub(super) db: &'a Database,
    /// What is practised, e.g. `ending 4s2fmt, grade 1 (2 to 6 seeds)`.
    pub(super) name: &'a str,
    pub(super) style: Style,
    /// Input is not typed at a terminal: echo each line after its prompt.
    pub(super) echo: bool,
    /// Records the ending won; returns a line to say (the grade's count).
    pub(super) won: &'a mut dyn FnMut() -> Result<String>,
}

/// What a typed line asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Request {
    Move(House),
    Hint,
    Retry,
    Help,
    Quit,
}

/// `a-f` or `A-F`.
fn letters(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "A-F",
        Seat::North => "a-f",
    }
}

/// What `line` asks the player of `seat` for, or why it is not understood.
/// The player plays one seat, so a letter of either case names one of its
/// houses, as against the bot in `oware play`.
fn read_request(line: &str, seat: Seat) -> Result<Request, String> {
    let word = line.trim();
    match word.to_ascii_lowercase().as_str() {
        "hint" | "h" | "?" => return Ok(Request::Hint),
        "retry" | "r" => return Ok(Request::Retry),
        "help" => return Ok(Request::Help),
        "quit" | "q" | "exit" => return Ok(Request::Quit),
        _ => {}
    }
    let letters = letters(seat);
    let mut chars = word.chars();
    let own = |c: char| match seat {
        Seat::South => c.to_ascii_uppercase(),
        Seat::North => c.to_ascii_lowercase(),
    };
    match (chars.next(), chars.next()) {
        (Some(c), None) => match House::from_letter(own(c)) {
            Some(house) => Ok(Request::Move(house)),
            None => Err(format!(
                "`{word}` is not a house: you play {seat}, {letters} (or type hint, retry, quit)"
            )),
        },
        _ => Err(format!(
            "`{word}` is not a move or a command: type a house ({letters}), hint, retry, help or quit"
        )),
    }
}

/// `the win` or `the draw`.
fn goal_name(goal: Goal) -> &'static str {
    match goal {
        Goal::Win => "the win",
        Goal::Draw => "the draw",
    }
}

/// What the defender can now do, `now` being the result with best play.
fn now_words(now: Winner, defender: Seat) -> String {
    match now {
        Winner::Seat(seat) if seat == defender => format!("{defender} can force a win"),
        Winner::Seat(_) => "you can still win".to_owned(),
        Winner::Draw => format!("{defender} can hold a draw"),
    }
}

/// Plays the session, reading `input` and writing `out`.
pub(super) fn run(
    mut setup: Setup<'_>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<()> {
    let solver = setup.practice.solver();
    let defender = solver.opponent();
    let goal = setup.practice.goal();
    let players = BySeat {
        south: String::new(),
        north: String::new(),
    };
    let mut players = players;
    players[solver] = "you".to_owned();
    players[defender] = "the endgame database".to_owned();
    let rules = setup.practice.game().rules();
    writeln!(out, "Endgame practice, {rules} rules: {}.", setup.name)?;
    let task = match goal {
        Goal::Win => "win",
        Goal::Draw => "hold the draw",
    };
    writeln!(
        out,
        "{solver} to move and {task} against perfect defence: the endgame database defends."
    )?;
    writeln!(out, "Type a house letter, or hint, retry, quit.")?;
    let mut session = Session {
        setup: &mut setup,
        players,
        last: None,
        out,
    };
    session.board()?;
    interrupt::catch();
    let mut input = Interruptible(input);
    let result = session.play(&mut input);
    interrupt::end_as_interrupted();
    result
}

/// A session under way.
struct Session<'s, 'a, W> {
    setup: &'s mut Setup<'a>,
    players: BySeat<String>,
    /// The house just played.
    last: Option<House>,
    out: &'s mut W,
}

impl<W: Write> Session<'_, '_, W> {
    fn board(&mut self) -> Result<()> {
        let game = self.setup.practice.game();
        let view = BoardView {
            position: game.position(),
            last: self.last,
            legal: game.legal_moves(),
            players: &self.players,
            style: self.setup.style,
        };
        writeln!(self.out, "\n{view}")?;
        Ok(())
    }

    fn complain(&mut self, message: &str) -> Result<()> {
        let style = self.setup.style;
        writeln!(self.out, "{}", style.paint(Paint::Error, message))?;
        Ok(())
    }

    /// The loop: a prompt, a line, what it asks.
    fn play(&mut self, input: &mut impl BufRead) -> Result<()> {
        loop {
            let practice = &self.setup.practice;
            let over = practice.game().outcome().is_some();
            let seat = practice.solver();
            let legal = board_view::spaced(practice.game().legal_moves());
            let prompt = if over {
                "retry or quit".to_owned()
            } else {
                format!(
                    "{} to move ({legal})",
                    self.setup.style.paint(seat_paint(seat), seat)
                )
            };
            write!(self.out, "{prompt} > ")?;
            self.out.flush()?;
            let line = match read_typed_line(input)? {
                Some(TypedLine::Text(line)) => line,
                Some(TypedLine::TooLong(bytes)) => {
                    if self.setup.echo {
                        writeln!(self.out, "(a line of {bytes} bytes)")?;
                    }
                    self.complain(&format!(
                        "{}: not a move; type a house, hint, retry or quit",
                        TypedLine::too_long(bytes)
                    ))?;
                    continue;
                }
                None => {
                    writeln!(self.out, "\n({})", interrupt::why_input_ended())?;
                    return self.stopped();
                }
            };
            if self.setup.echo {
                writeln!(self.out, "{}", line.trim_end())?;
            }
            if line.trim().is_empty() {
                continue;
            }
            match read_request(&line, seat) {
                Ok(Request::Move(_)) if over => {
                    self.complain("the game is over: type retry to go back, or quit")?;
                }
                Ok(Request::Move(house)) => {
                    if self.sow(house)? {
                        return Ok(());
                    }
                }
                Ok(Request::Hint) if over => {
                    self.complain("the game is over: type retry or quit")?;
                }
                Ok(Request::Hint) => match self.setup.practice.hint(self.setup.db) {
                    Some(house) => writeln!(self.out, "Hint: sow {house}, the database's move.")?,
                    None => self.complain("the database cannot give a move here")?,
                },
                Ok(Request::Retry) => self.retry()?,
                Ok(Request::Help) => {
                    let letters = letters(seat);
                    writeln!(self.out, "  {letters}   sow that house (either case)")?;
                    writeln!(self.out, "  hint  the database's move")?;
                    writeln!(
                        self.out,
                        "  retry back to the last position where the result was proved in hand"
                    )?;
                    writeln!(self.out, "  quit  stop here")?;
                }
                Ok(Request::Quit) => return self.stopped(),
                Err(message) => self.complain(&message)?,
            }
        }
    }

    /// Plays the player's `house`, judged, and the defence; `true` when
    /// the session is done (the ending won against perfect defence).
    fn sow(&mut self, house: House) -> Result<bool> {
        let before = self.setup.practice.game().clone();
        let judgement = match self.setup.practice.play(self.setup.db, house) {
            Ok(judgement) => judgement,
            Err(error) => {
                let legal = board_view::spaced(before.legal_moves());
                self.complain(&format!("{error}; legal: {legal}"))?;
                return Ok(false);
            }
        };
        self.last = Some(house);
        writeln!(self.out, "{}.", move_words(&before, house))?;
        self.say(judgement, house, None)?;
        if self.setup.practice.game().outcome().is_none() {
            let game = self.setup.practice.game().clone();
            match self.setup.practice.defend(self.setup.db) {
                Some((reply, judgement)) => {
                    self.last = Some(reply);
                    writeln!(self.out, "{}.", move_words(&game, reply))?;
                    self.say(judgement, house, Some(reply))?;
                }
                None => self.complain("the database cannot rank the defence here")?,
            }
        }
        self.board()?;
        self.end()
    }

    /// Says a slip the database proved: after the player's `house`, or
    /// after the defender's `reply` to it.
    fn say(&mut self, judgement: Judgement, house: House, reply: Option<House>) -> Result<()> {
        let Judgement::Slipped { now, this_move } = judgement else {
            return Ok(());
        };
        let practice = &self.setup.practice;
        // A game over says how it ended, the slip with it.
        if practice.game().outcome().is_some() {
            return Ok(());
        }
        let goal = goal_name(practice.goal());
        let defender = practice.solver().opponent();
        let now = now_words(now, defender);
        // A house letter's case is its seat's: no sentence starts with one.
        let sentence = match (this_move, reply) {
            (true, None) => format!("Your {house} lets {goal} slip: after it {now}."),
            (true, Some(reply)) => {
                format!(
                    "Your {house} let {goal} slip: {defender}'s reply {reply} proves it; {now}."
                )
            }
            (false, _) => format!(
                "{} has slipped: {now}, after one of your moves since the last position where it was proved in hand.",
                capitalised(goal)
            ),
        };
        let style = self.setup.style;
        writeln!(self.out, "{}", style.paint(Paint::Error, sentence))?;
        writeln!(self.out, "Type retry to go back, or play on.")?;
        Ok(())
    }

    /// Takes the game back to the last position where the goal was in hand.
    fn retry(&mut self) -> Result<()> {
        let taken = self.setup.practice.retry();
        if taken.is_empty() {
            writeln!(
                self.out,
                "Nothing to take back: {} is in hand here.",
                goal_name(self.setup.practice.goal())
            )?;
            return Ok(());
        }
        self.last = self.setup.practice.game().moves().last().copied();
        writeln!(
            self.out,
            "Took back {}: {} was in hand here.",
            Line(&taken),
            goal_name(self.setup.practice.goal())
        )?;
        self.board()
    }

    /// At the end of the game, says how it went; `true` when the ending is
    /// won against perfect defence (and recorded).
    fn end(&mut self) -> Result<bool> {
        let practice = &self.setup.practice;
        let Some(outcome) = practice.game().outcome() else {
            return Ok(false);
        };
        let solver = practice.solver();
        let mine = outcome.seeds[solver];
        let theirs = outcome.seeds[solver.opponent()];
        let moves = practice.solver_moves();
        let plural = if moves == 1 { "" } else { "s" };
        let result = match Winner::from(outcome.winner) {
            Winner::Seat(seat) if seat == solver => format!("Won {mine}–{theirs}"),
            Winner::Seat(_) => format!("Lost {mine}–{theirs}"),
            Winner::Draw => format!("Drew {mine}–{theirs}"),
        };
        let goal = goal_name(practice.goal());
        match (practice.reached(), practice.slipped()) {
            (Some(true), false) => {
                let held = match (practice.goal(), outcome.winner) {
                    (Goal::Draw, None) => format!("Held the draw {mine}–{theirs}"),
                    _ => result,
                };
                let style = self.setup.style;
                writeln!(
                    self.out,
                    "{}",
                    style.paint(
                        Paint::Good,
                        format!("{held} against perfect defence in {moves} move{plural}.")
                    )
                )?;
                let line = (self.setup.won)()?;
                if !line.is_empty() {
                    writeln!(self.out, "{line}")?;
                }
                Ok(true)
            }
            (Some(true), true) => {
                writeln!(
                    self.out,
                    "{result} ({}), but after {goal} slipped: type retry to win it against perfect defence, or quit.",
                    outcome.reason
                )?;
                Ok(false)
            }
            _ => {
                writeln!(
                    self.out,
                    "{result} ({}): {goal} slipped. Type retry to go back to where it was in hand, or quit.",
                    outcome.reason
                )?;
                Ok(false)
            }
        }
    }

    /// Stopped before the end: said, nothing recorded.
    fn stopped(&mut self) -> Result<()> {
        if self.setup.practice.game().outcome().is_some() {
            return Ok(());
        }
        let moves = self.setup.practice.solver_moves();
        let plural = if moves == 1 { "" } else { "s" };
        writeln!(self.out, "Stopped after {moves} move{plural} of yours.")?;
        Ok(())
    }
}

/// `text` (a sentence's words, no house letter) with its first letter a
/// capital.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_a_house_of_the_players_seat_or_a_command() {
        assert_eq!(
            read_request(" c \n", Seat::South),
            Ok(Request::Move(House::C))
        );
        assert_eq!(read_request("C", Seat::North), Ok(Request::Move(House::c)));
        assert_eq!(read_request("RETRY", Seat::North), Ok(Request::Retry));
        assert_eq!(read_request("hint", Seat::South), Ok(Request::Hint));
        assert_eq!(read_request("q", Seat::South), Ok(Request::Quit));
        assert_eq!(
            read_request("g", Seat::South),
            Err("`g` is not a house: you play South, A-F (or type hint, retry, quit)".to_owned())
        );
        assert_eq!(
            read_request("play c", Seat::North),
            Err("`play c` is not a move or a command: type a house (a-f), hint, retry, help or quit".to_owned())
        );
    }
}
