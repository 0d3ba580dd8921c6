//! Endgame practice against perfect defence: from a position the endgame
//! database decides, the defender plays by the database (the reply that
//! keeps it the most seeds: the longest resistance), and a move of the
//! player's that lets the result slip is known at once.
//!
//! The graded sets ([`GRADES`], [`PuzzleSet::endings`]) are a way in: the
//! starts of the set's puzzles with few seeds on the board, grouped by
//! how many, so a player begins with four seeds and works up to twenty.
//! Each is a position from a real game whose result is proved.
//!
//! A session's rules are [`Practice`]'s, the same for the terminal and the
//! page: the goal (the database's result at the start, taken as a fresh
//! game), each move of the player's judged where the database proves
//! something ([`Judgement`]: under repetition its value is a fact only
//! after a capture, so a quiet move is judged when a capture later lets
//! the database speak), the defence, a hint that makes progress, and retry
//! to the last position where the goal was proved in hand.

use core::fmt;

use oware_core::{Game, House, Position, Seat, TOTAL_SEEDS};
use oware_search::Endgame;

use crate::puzzle::Puzzle;
use crate::set::PuzzleSet;

mod session;

pub use session::{Judgement, NoPractice, Practice};

/// A graded set of endgame practice: the positions with `fewest` to `most`
/// seeds on the board (both counted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grade {
    /// The fewest seeds on the board.
    pub fewest: u8,
    /// The most seeds on the board.
    pub most: u8,
}

/// The graded sets, the fewest seeds first; together they cover 2 to 20
/// seeds on the board (the most a native database holds; the page's holds
/// 16, so its last grade needs a database it does not have).
pub const GRADES: [Grade; 5] = [
    Grade { fewest: 2, most: 6 },
    Grade { fewest: 7, most: 9 },
    Grade {
        fewest: 10,
        most: 12,
    },
    Grade {
        fewest: 13,
        most: 16,
    },
    Grade {
        fewest: 17,
        most: 20,
    },
];

impl Grade {
    /// Whether a position with `seeds` on the board is in the grade.
    #[must_use]
    pub const fn holds(self, seeds: u8) -> bool {
        self.fewest <= seeds && seeds <= self.most
    }

    /// The grade a position with `seeds` on the board is in, if any.
    #[must_use]
    pub fn of(seeds: u8) -> Option<Grade> {
        GRADES.into_iter().find(|grade| grade.holds(seeds))
    }
}

impl fmt::Display for Grade {
    /// `7 to 9 seeds`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} to {} seeds", self.fewest, self.most)
    }
}

/// The seeds still on the board of `position` (neither store's).
#[must_use]
pub fn seeds_on_board(position: &Position) -> u8 {
    let board = position.board();
    TOTAL_SEEDS - board.store(Seat::South) - board.store(Seat::North)
}

impl PuzzleSet {
    /// The practice endings of `grade`: the puzzles whose start has the
    /// grade's seeds on the board, the easiest (lowest rating) first, ties
    /// by id, so the order is the same everywhere. Played to the end, not
    /// only along the puzzle's line.
    #[must_use]
    pub fn endings(&self, grade: Grade) -> Vec<&Puzzle> {
        let mut endings: Vec<&Puzzle> = self
            .puzzles()
            .iter()
            .filter(|p| grade.holds(seeds_on_board(&p.start())))
            .collect();
        endings.sort_by_cached_key(|p| (p.rating(), p.id()));
        endings
    }
}

/// The database's reply for the side to move of `game`: the move whose
/// value for it (the seeds it captures, less the database's value of the
/// position after it for the opponent) is highest, the low bound first,
/// then the high one: the longest resistance. The values rank the moves,
/// whatever the history; they are claimed as results only where they are
/// facts ([`Practice`] judges the moves). `None` where the database does not hold every
/// position after a move.
#[must_use]
pub fn defence(endgame: &dyn Endgame, game: &Game) -> Option<House> {
    let position = game.position();
    let mover = position.to_move();
    let mut best: Option<(House, (i32, i32))> = None;
    for house in game.legal_moves().iter() {
        let child = position.play_under(house, &game.rules()).ok()?;
        let worth = worth(endgame, &position, &child, mover)?;
        if best.is_none_or(|(_, b)| worth > b) {
            best = Some((house, worth));
        }
    }
    best.map(|(house, _)| house)
}

/// What the move from `position` to `child` is worth to `mover` by the
/// database, as low and high bounds in seeds: what it captures, less the
/// value of `child` for the opponent. `None` where the database does not
/// hold `child`.
fn worth(
    endgame: &dyn Endgame,
    position: &Position,
    child: &Position,
    mover: Seat,
) -> Option<(i32, i32)> {
    let captured = i32::from(child.board().store(mover)) - i32::from(position.board().store(mover));
    let value = endgame.probe(child)?;
    Some((
        captured - i32::from(value.hi),
        captured - i32::from(value.lo),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::Rules;
    use oware_egdb::{Database, Ruleset};

    #[test]
    fn the_grades_cover_two_to_twenty_seeds_once_each() {
        for seeds in 0..=TOTAL_SEEDS {
            let grades = GRADES.iter().filter(|g| g.holds(seeds)).count();
            assert_eq!(
                grades,
                usize::from((2..=20).contains(&seeds)),
                "{seeds} seeds"
            );
        }
        assert_eq!(
            Grade::of(8).map(|g| g.to_string()).as_deref(),
            Some("7 to 9 seeds")
        );
    }

    #[test]
    fn every_grade_has_endings_from_the_shipped_set_easiest_first() {
        let set = PuzzleSet::shipped();
        for grade in GRADES {
            let endings = set.endings(grade);
            assert!(endings.len() >= 20, "{grade}: {} endings", endings.len());
            assert!(
                endings
                    .iter()
                    .all(|p| grade.holds(seeds_on_board(&p.start())))
            );
            assert!(endings.windows(2).all(|w| w[0].rating() <= w[1].rating()));
        }
    }

    #[test]
    fn the_database_defends() {
        let db = Database::build(Ruleset::Abapa, 6);
        // South's F makes a hold 3 (the 25th seed); B does not.
        let start = Position::from_fen("0-1-0-0-0-1-2-0-0-0-0-1-22-21-S").unwrap();
        let game = Game::from_position(start, Rules::ABAPA);
        assert_eq!(defence(&db, &game), Some(House::F));
        // North's row then holds a 2 and a 1: f feeds South, a does not
        // reach it; the database ranks North's moves all the same.
        let mut after = game.clone();
        after.play(House::B).unwrap();
        let reply = defence(&db, &after);
        assert!(reply.is_some_and(|h| after.legal_moves().contains(h)));
        // Outside the database (the opening: 48 seeds) nothing is said.
        assert_eq!(defence(&db, &Game::new(Rules::ABAPA)), None);
    }
}
