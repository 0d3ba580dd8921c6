//! The person's turn in `oware play`: the prompt, what a typed line asks
//! for (a house, or a command), and the commands that change the game or
//! say how to play (undo, help).

use std::io::Write;

use anyhow::Result;
use oware_core::{House, HouseSet, IllegalMove, Seat};

use super::Session;
use crate::board_view::{self, seat_paint};
use crate::input_file::{TypedLine, read_typed_line};
use crate::style::Paint;
use crate::thinking::Line;

/// What a line typed by a player asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Request {
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
pub(super) fn read_request(
    line: &str,
    to_move: Seat,
    against_bot: bool,
) -> Result<Request, String> {
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
    /// Asks the seat to move for a line; `None` at the end of input (or
    /// Ctrl-C). The line is read as bytes, bounded ([`read_typed_line`]).
    pub(super) fn prompt(&mut self) -> Result<Option<TypedLine>> {
        let to_move = self.game.position().to_move();
        let legal = board_view::spaced(self.game.legal_moves());
        write!(
            self.out,
            "{} to move ({legal}) > ",
            self.style.paint(seat_paint(to_move), to_move)
        )?;
        self.out.flush()?;
        let line = read_typed_line(&mut self.input)?;
        if self.echo {
            match &line {
                Some(TypedLine::Text(text)) => writeln!(self.out, "{}", text.trim_end())?,
                Some(TypedLine::TooLong(bytes)) => {
                    writeln!(self.out, "(a line of {bytes} bytes)")?;
                }
                None => {}
            }
        }
        Ok(line)
    }

    /// Says what was wrong with a line typed, in the colour of errors.
    pub(super) fn complain(&mut self, message: &str) -> Result<()> {
        writeln!(self.out, "{}", self.style.paint(Paint::Error, message))?;
        Ok(())
    }

    /// Lists the commands, in the words of the seat to move.
    pub(super) fn help(&mut self) -> Result<()> {
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

    /// Takes back moves until it is again the turn of the person who asked,
    /// before their last move (with two people: the last move).
    pub(super) fn undo(&mut self) -> Result<()> {
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
}

/// An illegal move's reason, with the houses that are legal: the game's
/// legal moves under its rules, the same set the prompt offers.
pub(super) fn explain(error: IllegalMove, legal: HouseSet) -> String {
    let legal = board_view::spaced(legal);
    format!("{error}; legal: {legal}")
}

#[cfg(test)]
mod tests {
    use super::*;

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
