//! Endgame databases inside the search: the interface a database offers
//! ([`Endgame`]), which games it may be used in, and how a probe is scored.
//!
//! The search never opens files: a front end opens a database and hands it
//! to the engine ([`Engine::set_endgame`](crate::Engine::set_endgame)).
//! `oware_egdb::Database` implements [`Endgame`] here.
//!
//! # How a probe is scored
//! A database gives the net seeds the mover collects from the `n` on the
//! board, as bounds `lo <= hi` (endless play giving the seeds left to the
//! opponent, or to the mover). The mover ends with `store + (n + v) / 2`
//! for a `v` between them. When both bounds lead to the same result (both
//! 25 or more, both 23 or fewer, both exactly 24) the result is proven: a
//! win or loss scores in a band just below the mate scores
//! (`ENDGAME_WIN - ply`, like a chess engine's tablebase wins: no distance
//! to the end is known, only to the database), a draw scores 0. Otherwise
//! the position scores the stores' difference plus the bounds' midpoint, in
//! seeds: what the mover is expected to finish ahead by.
//!
//! # When a database may be used
//! Only under rules whose grand slam captures nothing and which have no
//! move limit (abapa, Aualé's ending), with a database solved under those
//! rules: a move limit can cut short a line the bounds assume is played
//! out, and an awari database scores endless play 0, which is not how
//! [`Rules::AWARI`] ends it (repetition, each taking their own row).
//! Repetition, under any count, ends a game with each player taking their
//! own row, which lies between the two bounds.

use oware_core::{GrandSlam, Position, Rules, Seat};

use crate::score::{DRAW, ENDGAME_WIN, SEED, Value};

/// A position's value from an endgame database, for the side to move: the
/// net seeds it collects from those on the board, between `lo` (endless
/// play gives the seeds left to the opponent) and `hi` (to the mover).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EndgameValue {
    /// The value if endless play gives the seeds left to the mover's opponent.
    pub lo: i8,
    /// The value if endless play gives the seeds left to the mover.
    pub hi: i8,
}

/// What the search needs of an endgame database.
pub trait Endgame: Send + Sync {
    /// The value of `position` for its side to move; `None` if the
    /// database does not hold it (too many seeds).
    fn probe(&self, position: &Position) -> Option<EndgameValue>;

    /// Whether the values are right for games played under `rules`.
    fn fits(&self, rules: &Rules) -> bool;
}

/// Whether a database solved under abapa's rules (a grand slam captures
/// nothing, endless play kept as bounds) is right for `rules`: the same
/// grand slam, and no move limit.
#[must_use]
pub fn abapa_fits(rules: &Rules) -> bool {
    rules.grand_slam == GrandSlam::CapturesNothing && rules.move_limit.is_none()
}

impl Endgame for oware_egdb::Database {
    #[inline]
    fn probe(&self, position: &Position) -> Option<EndgameValue> {
        oware_egdb::Database::probe(self, position).map(|b| EndgameValue { lo: b.lo, hi: b.hi })
    }

    fn fits(&self, rules: &Rules) -> bool {
        self.ruleset() == oware_egdb::Ruleset::Abapa && abapa_fits(rules)
    }
}

/// What a database value means for the mover's game, given the stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndgameResult {
    /// The mover can force a win.
    Win,
    /// The mover's opponent can force a win.
    Loss,
    /// Both can force at least a draw.
    Draw,
    /// The result hangs on how endless play would end: the mover finishes
    /// with between `lo` and `hi` seeds.
    Open {
        /// The mover's final seeds if endless play gives the rest away.
        lo: u8,
        /// The mover's final seeds if endless play gives the rest to it.
        hi: u8,
    },
}

/// The seeds the mover of `position` ends the game with for a value `v`.
fn final_seeds(position: &Position, v: i8) -> u8 {
    let board = position.board();
    let n =
        i32::from(board.seeds_on_side(Seat::South)) + i32::from(board.seeds_on_side(Seat::North));
    let own = i32::from(board.store(position.to_move()));
    (own + (n + i32::from(v)) / 2).clamp(0, 48) as u8
}

impl EndgameValue {
    /// The result for the mover of `position` (whose stores count).
    #[must_use]
    pub fn result(self, position: &Position) -> EndgameResult {
        let lo = final_seeds(position, self.lo);
        let hi = final_seeds(position, self.hi);
        match (lo, hi) {
            (25.., _) => EndgameResult::Win,
            (_, ..=23) => EndgameResult::Loss,
            (24, 24) => EndgameResult::Draw,
            _ => EndgameResult::Open { lo, hi },
        }
    }
}

/// The search value of a database position at `ply`, as the module docs describe.
#[inline]
pub(crate) fn value(value: EndgameValue, position: &Position, ply: usize) -> Value {
    match value.result(position) {
        EndgameResult::Win => ENDGAME_WIN - ply as Value,
        EndgameResult::Loss => -ENDGAME_WIN + ply as Value,
        EndgameResult::Draw => DRAW,
        EndgameResult::Open { .. } => {
            let board = position.board();
            let mover = position.to_move();
            let stores = i32::from(board.store(mover)) - i32::from(board.store(mover.opponent()));
            // Twice the seeds, so the midpoint stays whole.
            let twice = 2 * stores + i32::from(value.lo) + i32::from(value.hi);
            twice * SEED / 2
        }
    }
}
