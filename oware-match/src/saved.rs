//! Saved games read back: as they were played ([`read_games`]), and to
//! resume a match ([`read_saved`]). Each record of the file
//! [`write_game`](crate::write_game) wrote is read whole, its result
//! rebuilt: the winner from `Points`; the ending from the game replayed
//! when the rules ended it, else (a forfeit, an adjudication) from
//! `Termination`. To resume, each is also checked against the match — its
//! round within the games, the seats, the rules, the time control, the
//! opening, the ply limit.
//!
//! A match stopped while saving a game leaves its last record cut short:
//! that is refused too, naming the line to cut from, since playing on
//! after it would bury the damage in the middle of the file.

use core::fmt;

use oware_core::notation::{OgnError, ogn};
use oware_core::{BySeat, Game, House, Outcome, Position, Record, Rules, Seat, Transcript};

use crate::game::{self, Ending};
use crate::record::{half_points, time_control};
use crate::summary::Scored;
use crate::tournament::{Match, first_seat};

/// Why a saved game does not resume the match: the line its record begins
/// on, its round (where that much was read) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedError {
    /// The line (from 1) the record begins on.
    pub line: usize,
    /// The record's round (its game's number, from 1), if it was read.
    pub round: Option<usize>,
    /// What is wrong.
    pub kind: SavedErrorKind,
}

/// What is wrong with a saved game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavedErrorKind {
    /// The record is not OGN; `last` if no record follows it.
    Unreadable {
        /// The reader's error, its line counted in the whole file.
        error: OgnError,
        /// Whether it is the file's last record.
        last: bool,
    },
    /// The record's moves stop before its result; `last` as above.
    CutShort {
        /// Whether it is the file's last record.
        last: bool,
    },
    /// A tag the match writes is missing.
    MissingTag(&'static str),
    /// A tag holds what the match never writes there.
    BadTag {
        /// The tag.
        tag: &'static str,
        /// Its value.
        value: String,
    },
    /// The round is past the match's games.
    PastTheGames(usize),
    /// The round is saved already, in the record beginning on this line.
    Repeated(usize),
    /// Another rule set.
    Rules {
        /// The record's.
        found: Rules,
        /// The match's.
        expected: Rules,
    },
    /// Other contestants, or the contestants in other seats.
    Seats {
        /// The record's names by seat.
        found: BySeat<String>,
        /// The match's for the round.
        expected: BySeat<String>,
    },
    /// Another time control.
    TimeControl {
        /// The record's.
        found: String,
        /// The match's for the round.
        expected: String,
    },
    /// Another opening: each described as its moves and any set-up start.
    Opening {
        /// The record's.
        found: String,
        /// The match's for the round.
        expected: String,
    },
    /// Points other than the end of the game gives.
    Points {
        /// The record's.
        found: String,
        /// The game's end's.
        expected: &'static str,
    },
    /// A Termination that names no ending of a game the rules did not end.
    Termination(String),
    /// A game longer than this match's ply limit allows, or adjudicated at
    /// another limit.
    PlyLimit {
        /// The record's plies.
        plies: usize,
        /// Where this match adjudicates.
        limit: usize,
    },
}

impl fmt::Display for SavedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.line;
        match self.round {
            Some(round) => write!(f, "line {line} (round {round}): ")?,
            None => write!(f, "line {line}: ")?,
        }
        let damaged = |f: &mut fmt::Formatter<'_>, last: bool| {
            if last {
                write!(
                    f,
                    "; a match stopped while saving a game leaves its last record so: \
                     cut the file from line {line} to its end (that game is played again) \
                     and give --resume again"
                )
            } else {
                f.write_str(
                    "; other records follow it, so it is not a game cut short by a stopped match",
                )
            }
        };
        match &self.kind {
            SavedErrorKind::Unreadable { error, last } => {
                write!(f, "the record is damaged: {error}")?;
                damaged(f, *last)
            }
            SavedErrorKind::CutShort { last } => {
                f.write_str("the record stops before its result")?;
                damaged(f, *last)
            }
            SavedErrorKind::MissingTag(tag) => write!(f, "the record has no {tag} tag"),
            SavedErrorKind::BadTag { tag, value } => {
                write!(f, "its {tag} `{value}` is not one a match writes")
            }
            SavedErrorKind::PastTheGames(games) => {
                write!(f, "the round is past this match's {games} games")
            }
            SavedErrorKind::Repeated(first) => {
                write!(f, "the round is saved already, at line {first}")
            }
            SavedErrorKind::Rules { found, expected } => {
                write!(f, "its Variant is {found}, and this match plays {expected}")
            }
            SavedErrorKind::Seats { found, expected } => write!(
                f,
                "its South is `{}` and North `{}`; in this match they are `{}` and `{}`",
                found.south, found.north, expected.south, expected.north
            ),
            SavedErrorKind::TimeControl { found, expected } => write!(
                f,
                "its TimeControl is `{found}`, and this match's is `{expected}`"
            ),
            SavedErrorKind::Opening { found, expected } => write!(
                f,
                "its opening is {found}, and this match's is {expected} \
                 (are --seed, --random-plies and --openings the same?)"
            ),
            SavedErrorKind::Points { found, expected } => write!(
                f,
                "its Points are `{found}`, and the end of its game gives `{expected}`"
            ),
            SavedErrorKind::Termination(text) => write!(
                f,
                "its Termination `{text}` is no forfeit or adjudication, and the rules did not end its game"
            ),
            SavedErrorKind::PlyLimit { plies, limit } => write!(
                f,
                "its game has {plies} plies, and this match adjudicates at {limit} \
                 (is --max-plies the same?)"
            ),
        }
    }
}

impl std::error::Error for SavedError {}

/// A game read back from a file of saved games, as it was played.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedGame {
    /// The line (from 1) its record begins on.
    pub line: usize,
    /// Its round (its game's number in the match, from 1).
    pub round: usize,
    /// The contestants' names by seat.
    pub names: BySeat<String>,
    /// Its time control, as the record writes it.
    pub time_control: String,
    /// The game: its start, rules and every move, the opening's included.
    pub game: Game,
    /// The plies of its opening (the rest were played by the contestants).
    pub opening_plies: usize,
    /// Its winner; `None` for a draw.
    pub winner: Option<Seat>,
    /// How it ended, as the table's rows name it ([`Ending::kind`]).
    pub ending: String,
}

/// Reads back every game `text` holds (a file [`write_game`](crate::write_game)
/// wrote, perhaps stopped), each record checked whole: its tags, an
/// opening within its moves, and a result its game gives. A blank text
/// holds none. [`read_saved`] also checks them against a match;
/// `cargo lab train --matches` learns from them.
///
/// # Errors
/// A [`SavedError`] for the first record that is damaged, cut short, or
/// holds what a match never writes.
pub fn read_games(text: &str) -> Result<Vec<SavedGame>, SavedError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut records = Vec::new();
    let mut each = Record::read_each(text);
    loop {
        let line = each.line();
        match each.next() {
            None => break,
            Some(Ok(record)) => records.push((line, record)),
            Some(Err(error)) => {
                let last = !record_follows(&lines, error.line);
                let kind = SavedErrorKind::Unreadable { error, last };
                return Err(SavedError {
                    line,
                    round: None,
                    kind,
                });
            }
        }
    }
    let mut games = Vec::with_capacity(records.len());
    for (n, (line, record)) in records.iter().enumerate() {
        // The record's text runs to the line before the next one's.
        let end = records.get(n + 1).map_or(lines.len(), |(next, _)| next - 1);
        let text = &lines[line - 1..end];
        let error = |round, kind| SavedError {
            line: *line,
            round,
            kind,
        };
        let last = n + 1 == records.len();
        let round = read_round(record);
        // A record cut short still has all its tags: its round can be named.
        written_whole(record, text, last)
            .map_err(|kind| error(round.as_ref().ok().copied(), kind))?;
        let round = round.map_err(|kind| error(None, kind))?;
        let game = read_game(record, *line, round).map_err(|kind| error(Some(round), kind))?;
        games.push(game);
    }
    Ok(games)
}

/// Reads back the games `text` holds (a file [`write_game`](crate::write_game)
/// wrote during `m`, perhaps stopped) as the tally counts them, each
/// checked against `m`. A blank text holds none.
///
/// # Errors
/// A [`SavedError`] for the first record that is damaged, cut short, or not
/// of this match.
pub fn read_saved(text: &str, m: &Match) -> Result<Vec<Scored>, SavedError> {
    let games = read_games(text)?;
    let mut first_line = vec![None; m.games];
    let mut scored = Vec::with_capacity(games.len());
    for game in games {
        let round = game.round;
        let error = |kind| SavedError {
            line: game.line,
            round: Some(round),
            kind,
        };
        if round > m.games {
            return Err(error(SavedErrorKind::PastTheGames(m.games)));
        }
        check(&game, m).map_err(error)?;
        if let Some(first) = first_line[round - 1].replace(game.line) {
            return Err(error(SavedErrorKind::Repeated(first)));
        }
        let index = round - 1;
        scored.push(Scored {
            index,
            first_seat: first_seat(index),
            first_half_points: half_points(game.winner, first_seat(index)),
            plies: game.game.moves().len() - game.opening_plies,
            ending: game.ending,
        });
    }
    Ok(scored)
}

/// Whether a record begins after line `line` (from 1): a tag after a blank line.
fn record_follows(lines: &[&str], line: usize) -> bool {
    lines
        .windows(2)
        .skip(line.saturating_sub(1))
        .any(|pair| pair[0].trim().is_empty() && pair[1].starts_with('['))
}

/// The value of the tag `name`, which the match writes in every record.
fn tag<'a>(record: &'a Record, name: &'static str) -> Result<&'a str, SavedErrorKind> {
    record.tag(name).ok_or(SavedErrorKind::MissingTag(name))
}

/// The record's round, from 1.
fn read_round(record: &Record) -> Result<usize, SavedErrorKind> {
    let value = tag(record, "Round")?;
    let round: usize = value
        .parse()
        .ok()
        .filter(|&round| round > 0)
        .ok_or_else(|| SavedErrorKind::BadTag {
            tag: "Round",
            value: value.to_owned(),
        })?;
    Ok(round)
}

/// Checks that the record, whose lines in the file are `text`, ends with
/// its result, as every record a match writes does: one cut short in its
/// moves still reads, as a shorter game.
fn written_whole(record: &Record, text: &[&str], last: bool) -> Result<(), SavedErrorKind> {
    let result = tag(record, "Result")?;
    let end = text.iter().rev().find(|line| !line.trim().is_empty());
    if end.is_some_and(|line| line.trim_end().ends_with(result)) {
        Ok(())
    } else {
        Err(SavedErrorKind::CutShort { last })
    }
}

/// The game of a whole record of round `round`, which begins on `line`.
fn read_game(record: &Record, line: usize, round: usize) -> Result<SavedGame, SavedErrorKind> {
    let names = BySeat::new(
        tag(record, "South")?.to_owned(),
        tag(record, "North")?.to_owned(),
    );
    let time_control = tag(record, "TimeControl")?.to_owned();
    let game = record.game().clone();
    let value = tag(record, "OpeningPlies")?;
    let opening_plies = value
        .parse()
        .ok()
        .filter(|&plies| plies <= game.moves().len())
        .ok_or_else(|| SavedErrorKind::BadTag {
            tag: "OpeningPlies",
            value: value.to_owned(),
        })?;
    let (winner, ending) = result_of(record)?;
    Ok(SavedGame {
        line,
        round,
        names,
        time_control,
        game,
        opening_plies,
        winner,
        ending,
    })
}

/// Checks a saved game against the match: its game (its round less one)
/// of `m` has the same rules, seats, time control and opening, and ends
/// within the match's ply limit.
fn check(saved: &SavedGame, m: &Match) -> Result<(), SavedErrorKind> {
    let index = saved.round - 1;
    let opening = m.opening(index);
    let game = &saved.game;
    if game.rules() != opening.rules() {
        return Err(SavedErrorKind::Rules {
            found: game.rules(),
            expected: opening.rules(),
        });
    }
    let expected = m.names(index);
    if saved.names != expected {
        return Err(SavedErrorKind::Seats {
            found: saved.names.clone(),
            expected,
        });
    }
    let expected = time_control(m.budgets(index));
    if saved.time_control != expected {
        return Err(SavedErrorKind::TimeControl {
            found: saved.time_control.clone(),
            expected,
        });
    }
    let moves = &game.moves()[..saved.opening_plies];
    if game.start() != opening.start() || moves != opening.moves() {
        return Err(SavedErrorKind::Opening {
            found: describe(game.start(), moves),
            expected: describe(opening.start(), opening.moves()),
        });
    }
    // A game stops at the ply limit (or at once, if its opening is longer):
    // a longer one, or one adjudicated elsewhere, was played under another.
    if let Some(most) = m.settings.max_plies {
        let limit = most.max(saved.opening_plies);
        let plies = game.moves().len();
        let adjudicated = saved.ending == Ending::Adjudicated { plies }.kind();
        if plies > limit || (adjudicated && plies != limit) {
            return Err(SavedErrorKind::PlyLimit { plies, limit });
        }
    }
    Ok(())
}

/// The winner (`None`: a draw) and the kind of ending of a saved game,
/// checked against each other.
fn result_of(record: &Record) -> Result<(Option<Seat>, String), SavedErrorKind> {
    let points = tag(record, "Points")?;
    let winner = game::Result::winner_of_score(points)
        .ok_or_else(|| SavedErrorKind::BadTag {
            tag: "Points",
            value: points.to_owned(),
        })?
        .seat();
    let game = record.game();
    let (kind, expected) = match game.outcome() {
        Some(outcome) => (Ending::Rules(outcome.reason).kind(), outcome.winner),
        None => {
            let termination = tag(record, "Termination")?;
            let plies = game.moves().len();
            let (kind, forfeited) = Ending::kind_of_text(termination, plies)
                .ok_or_else(|| SavedErrorKind::Termination(termination.to_owned()))?;
            let expected = match forfeited {
                Some(seat) => Some(seat.opponent()),
                None => Outcome::adjudicate(game.position().board()),
            };
            (kind, expected)
        }
    };
    if winner != expected {
        return Err(SavedErrorKind::Points {
            found: points.to_owned(),
            expected: ogn::points(expected),
        });
    }
    Ok((winner, kind))
}

/// An opening as a person reads it: `` `EcAb` ``, with its start if set up.
fn describe(start: Position, moves: &[House]) -> String {
    let moves = match moves {
        [] => "no moves".to_owned(),
        _ => format!("`{}`", Transcript::from(moves.to_vec())),
    };
    if start == Position::OPENING {
        moves
    } else {
        format!("{moves} from `{}`", start.to_fen())
    }
}

#[cfg(test)]
mod tests;
