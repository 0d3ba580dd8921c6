//! Solving a puzzle at the prompt: a house letter to play, `hint` for the
//! house to sow, `solution` for the line replayed with the proof's words,
//! `retry` to start again, `quit` (or the end of the input) to stop. The
//! first try counts for the rating: a wrong move, a hint or the solution
//! makes it a miss.

use std::io::{BufRead, Write};

use anyhow::Result;
use oware_core::{Game, House, Seat};
use oware_puzzle::{Glicko, Goal, Puzzle, Settings, goal_words, move_words, proof_words};

use super::store::Store;

/// What the session needs besides the puzzle: the set's settings (for the
/// proof's words), the player's store and where it is kept, and the day.
pub(crate) struct Session<'a> {
    pub(crate) settings: Settings,
    pub(crate) store: Store,
    pub(crate) save: &'a dyn Fn(&Store) -> Result<()>,
    pub(crate) day: i64,
}

fn board(out: &mut impl Write, game: &Game) -> Result<()> {
    writeln!(out, "{}", game.position().board())?;
    Ok(())
}

const HELP: &str = "a house letter, or hint, solution, retry, quit";

/// How a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The line played to its end; `missed` if a wrong move, a hint or
    /// the solution came first in this session (a miss, as the rating
    /// counts one).
    Solved { missed: bool },
    /// `quit`, or the end of the input.
    Stopped,
}

/// Plays `puzzle` with the player reading `input`, writing to `out`.
pub(crate) fn session(
    puzzle: &Puzzle,
    mut session: Session<'_>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Outcome> {
    let id = puzzle.id();
    let solver = puzzle.solver();
    let rating = session
        .store
        .tried(&id)
        .map_or(Glicko::puzzle(puzzle.rating()), |t| t.rating);
    writeln!(
        out,
        "Puzzle {id} ({}), rated {:.0}. {}.",
        puzzle.rules(),
        rating.rating,
        goal_words(puzzle)
    )?;
    if let Some(tried) = session.store.tried(&id) {
        let result = if tried.solved { "solved" } else { "missed" };
        writeln!(
            out,
            "You {result} it before; this try does not change the ratings."
        )?;
    }
    let record = |session: &mut Session<'_>, solved: bool, out: &mut dyn Write| -> Result<()> {
        if session.store.tried(&id).is_some() {
            return Ok(());
        }
        session.store.record(&id, rating, solved, session.day);
        (session.save)(&session.store)?;
        writeln!(
            out,
            "Your puzzle rating: {:.0} (±{:.0}); streak {}.",
            session.store.player.rating,
            2.0 * session.store.player.deviation,
            session.store.streak()
        )?;
        Ok(())
    };
    let mut game = puzzle.game();
    let mut step = 0;
    let mut missed = false;
    board(out, &game)?;
    loop {
        write!(out, "{solver} to move ({HELP}): ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(Outcome::Stopped);
        }
        let word = line.trim();
        match word {
            "" => {}
            "quit" | "q" => return Ok(Outcome::Stopped),
            "retry" | "r" => {
                game = puzzle.game();
                step = 0;
                writeln!(out, "From the start again.")?;
                board(out, &game)?;
            }
            "hint" => {
                writeln!(out, "Hint: sow house {}.", puzzle.line()[step])?;
                missed = true;
                record(&mut session, false, out)?;
            }
            "solution" => {
                missed = true;
                record(&mut session, false, out)?;
                let mut replay = puzzle.game();
                writeln!(out, "The solution, {}:", puzzle.line_text())?;
                for &house in puzzle.line() {
                    let words = move_words(&replay, house);
                    replay.play(house)?;
                    writeln!(out, "{words}.")?;
                    board(out, &replay)?;
                }
                writeln!(out, "{}", proof_words(puzzle, session.settings))?;
                writeln!(out, "Type retry to try it again, or quit.")?;
            }
            _ => {
                let mut chars = word.chars();
                let (Some(house), None) = (chars.next().and_then(House::from_letter), chars.next())
                else {
                    writeln!(
                        out,
                        "`{word}` is not a house letter nor a command: type {HELP}."
                    )?;
                    continue;
                };
                if step >= puzzle.line().len() {
                    writeln!(
                        out,
                        "The puzzle is solved: type retry to play it again, or quit."
                    )?;
                    continue;
                }
                if house.seat() != solver {
                    writeln!(
                        out,
                        "house {house} is {}'s: you play {solver} ({})",
                        house.seat(),
                        letters(solver)
                    )?;
                    continue;
                }
                if let Err(error) = game.clone().play(house) {
                    writeln!(out, "{error}")?;
                    continue;
                }
                if house != puzzle.line()[step] {
                    let keeps = match puzzle.goal() {
                        Goal::Win => "the win",
                        Goal::Draw => "the draw",
                    };
                    writeln!(
                        out,
                        "{house} is not it: it does not keep {keeps}. Try again, or type hint, solution, retry or quit."
                    )?;
                    missed = true;
                    record(&mut session, false, out)?;
                    continue;
                }
                let words = move_words(&game, house);
                game.play(house)?;
                step += 1;
                writeln!(out, "Right: {words}.")?;
                if step == puzzle.line().len() {
                    board(out, &game)?;
                    writeln!(out, "Solved! {}", proof_words(puzzle, session.settings))?;
                    writeln!(out, "Themes: {}.", puzzle.themes())?;
                    record(&mut session, true, out)?;
                    return Ok(Outcome::Solved { missed });
                }
                let reply = puzzle.line()[step];
                let words = move_words(&game, reply);
                game.play(reply)?;
                step += 1;
                writeln!(out, "{words}.")?;
                board(out, &game)?;
            }
        }
    }
}

/// The letters of a seat's houses.
fn letters(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "A–F",
        Seat::North => "a–f",
    }
}
