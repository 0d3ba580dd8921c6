//! Endgame databases inside the search: the interface a database offers
//! ([`Endgame`]), which games it may be used in, where in a game its values
//! are facts, and how a probe is scored.
//!
//! The search never opens files: a front end opens a database and hands it
//! to the engine ([`Engine::set_endgame`](crate::Engine::set_endgame)).
//! `oware_egdb::Database` implements [`Endgame`] here (the `egdb` feature,
//! on by default).
//!
//! # Where a value is a fact
//! A database value is the value of a game that starts *fresh* at the
//! position: no earlier position since the last capture. Then a side that
//! keeps to the strategy behind its bound makes progress at every move and
//! never meets a position twice, so no repetition can end the game and the
//! bound holds whatever the opponent does. With earlier positions since the
//! last capture, a repetition can end the game sooner, at a position the
//! database never weighed (RULES.md, section 9, has an example). So the
//! search takes a value only at a node reached by a capture (or a root with
//! no quiet move behind it) and searches every other node; the front ends
//! state a database result only there ([`database_applies`],
//! [`probe_game`]).
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
//! the node is searched, and the bounds cut where they order against the
//! search's values: a mover held to 24 seeds at worst cannot lose (a value
//! of at least a draw, which cuts at a beta of 0 or less), one held to 24 at
//! best cannot win (at most a draw, which cuts at an alpha of 0 or more). A
//! bound below 24 says nothing the search can compare: every loss ranks
//! below every estimate.
//!
//! # When a database may be used
//! Which database's values are right under which rules is the database's
//! own answer ([`oware_egdb::Ruleset::fitting`]); the search takes a
//! database's values only in games whose rules it fits
//! ([`Endgame::fits`]).

use oware_core::{Game, Position, Rules, Seat, TOTAL_SEEDS, Winner};

use crate::score::{DRAW, ENDGAME_WIN, Value};

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

#[cfg(feature = "egdb")]
impl Endgame for oware_egdb::Database {
    #[inline]
    fn probe(&self, position: &Position) -> Option<EndgameValue> {
        oware_egdb::Database::probe(self, position).map(|b| EndgameValue { lo: b.lo, hi: b.hi })
    }

    fn fits(&self, rules: &Rules) -> bool {
        self.ruleset().fits(rules)
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
    /// with between `lo` and `hi` seeds (rounded down: an odd number split
    /// evenly under awari leaves a half seed each).
    Open {
        /// The mover's final seeds if endless play gives the rest away.
        lo: u8,
        /// The mover's final seeds if endless play gives the rest to it.
        hi: u8,
    },
}

impl EndgameResult {
    /// Who can force a win, for `mover` to move, or that both can force a
    /// draw; `None` while open.
    #[must_use]
    pub fn winner(self, mover: Seat) -> Option<Winner> {
        match self {
            EndgameResult::Win => Some(Winner::Seat(mover)),
            EndgameResult::Loss => Some(Winner::Seat(mover.opponent())),
            EndgameResult::Draw => Some(Winner::Draw),
            EndgameResult::Open { .. } => None,
        }
    }
}

/// Twice the seeds the mover of `position` ends the game with for a value
/// `v`: under awari an odd number of seeds split evenly gives each player a
/// half seed, so the count is kept in halves.
fn twice_final(position: &Position, v: i8) -> i32 {
    let board = position.board();
    let n =
        i32::from(board.seeds_on_side(Seat::South)) + i32::from(board.seeds_on_side(Seat::North));
    let own = i32::from(board.store(position.to_move()));
    (2 * own + n + i32::from(v)).clamp(0, 2 * TOTAL)
}

/// All the seeds of a game.
const TOTAL: i32 = TOTAL_SEEDS as i32;

impl EndgameValue {
    /// The result for the mover of `position` (whose stores count): a win
    /// when even the low bound leaves it more than half the seeds, a loss
    /// when even the high bound leaves it less, a draw when both leave it
    /// exactly half.
    #[must_use]
    pub fn result(self, position: &Position) -> EndgameResult {
        let (lo, hi) = (
            twice_final(position, self.lo),
            twice_final(position, self.hi),
        );
        if lo > TOTAL {
            EndgameResult::Win
        } else if hi < TOTAL {
            EndgameResult::Loss
        } else if lo == TOTAL && hi == TOTAL {
            EndgameResult::Draw
        } else {
            EndgameResult::Open {
                lo: (lo / 2) as u8,
                hi: (hi / 2) as u8,
            }
        }
    }
}

/// Whether an endgame database's value for `game`'s current position is a
/// fact about the game: nothing but this position since the last capture
/// (it was reached by a capture, or no quiet move has been played since the
/// start or set-up), so no earlier position can come back and end the game
/// by a repetition the database never weighed. See the module docs for why.
///
/// ```
/// use oware_core::{Game, House, Rules};
/// let mut game = Game::new(Rules::AUALE);
/// assert!(oware_search::database_applies(&game));
/// game.play(House::E)?;
/// // E captured nothing: the opening could come back.
/// assert!(!oware_search::database_applies(&game));
/// # Ok::<(), oware_core::IllegalMove>(())
/// ```
#[must_use]
pub fn database_applies(game: &Game) -> bool {
    game.rules().repetition().is_none() || game.moves_without_capture() == 0
}

/// The database value of `game`'s current position where it is a fact about
/// the game: `None` when the database does not hold the position, does not
/// fit the game's rules, the game is over, or an earlier position can come
/// back ([`database_applies`]). What a front end may state as the database's.
#[must_use]
pub fn probe_game(endgame: &dyn Endgame, game: &Game) -> Option<EndgameValue> {
    if !endgame.fits(&game.rules()) || game.outcome().is_some() || !database_applies(game) {
        return None;
    }
    endgame.probe(&game.position())
}

/// For each legal move of `game`, the database value for the mover of the
/// position after it (what the move captures counted in, the child's bounds
/// swapped), where that value is a fact ([`probe_game`] of the game after
/// the move); `None` for a move whose position the database cannot speak for.
#[must_use]
pub fn probe_game_moves(
    endgame: &dyn Endgame,
    game: &Game,
) -> Vec<(oware_core::House, Option<EndgameValue>)> {
    let position = game.position();
    let mover = position.to_move();
    game.legal_moves()
        .iter()
        .map(|house| {
            let mut after = game.clone();
            let value = after.play(house).ok().and_then(|()| {
                let child = after.position();
                let captured = i32::from(child.board().store(mover))
                    - i32::from(position.board().store(mover));
                let seeds = |v: i8| (captured - i32::from(v)) as i8;
                // A move that ends the game leaves nothing to come back.
                let child_value = match after.outcome() {
                    Some(_) if endgame.fits(&after.rules()) => endgame.probe(&child),
                    _ => probe_game(endgame, &after),
                };
                child_value.map(|child| EndgameValue {
                    lo: seeds(child.hi),
                    hi: seeds(child.lo),
                })
            });
            (house, value)
        })
        .collect()
}

/// What a probe says at a search node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NodeValue {
    /// The result is decided: a proven value.
    Result(Value),
    /// The result hangs on how endless play would end. When one bound
    /// leads to exactly 24 seeds, one side is held to a draw at best: the
    /// mover cannot lose (`at_least_draw`) or cannot win (`at_most_draw`).
    Between {
        /// The mover finishes with 24 or more: the value is at least a draw.
        at_least_draw: bool,
        /// The mover finishes with 24 or fewer: the value is at most a draw.
        at_most_draw: bool,
    },
}

/// The search value of a database position at `ply`, as the module docs
/// describe. A bound that does not decide the result is a bound on the
/// search's value only where it is the draw line: a mover held to 22 seeds
/// at worst may still lose, and every loss is below every estimate, so
/// only "at least 24" (no loss) and "at most 24" (no win) order against
/// the values the search compares.
#[inline]
pub(crate) fn node_value(value: EndgameValue, position: &Position, ply: usize) -> NodeValue {
    match value.result(position) {
        EndgameResult::Win => NodeValue::Result(ENDGAME_WIN - ply as Value),
        EndgameResult::Loss => NodeValue::Result(-ENDGAME_WIN + ply as Value),
        EndgameResult::Draw => NodeValue::Result(DRAW),
        EndgameResult::Open { .. } => NodeValue::Between {
            at_least_draw: twice_final(position, value.lo) >= TOTAL,
            at_most_draw: twice_final(position, value.hi) <= TOTAL,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_names_who_can_force_a_win() {
        for mover in [Seat::South, Seat::North] {
            assert_eq!(EndgameResult::Win.winner(mover), Some(Winner::Seat(mover)));
            assert_eq!(
                EndgameResult::Loss.winner(mover),
                Some(Winner::Seat(mover.opponent()))
            );
            assert_eq!(EndgameResult::Draw.winner(mover), Some(Winner::Draw));
            assert_eq!(EndgameResult::Open { lo: 23, hi: 26 }.winner(mover), None);
        }
    }

    /// South to move with `south` in its store, `north` in North's, and the
    /// rest on the board (South's a holds them all).
    fn position(south: u8, north: u8) -> Position {
        let board = oware_core::Board::from_cells([
            48 - south - north,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            south,
            north,
        ])
        .unwrap();
        Position::new(board, Seat::South)
    }

    #[test]
    fn bounds_are_read_against_the_stores() {
        // 20 and 22 in the stores, 6 on the board: South ends with 20 plus
        // half of 6 plus the net, in seeds.
        let p = position(20, 22);
        let value = |lo, hi| EndgameValue { lo, hi }.result(&p);
        assert_eq!(value(4, 6), EndgameResult::Win); // 25 at least
        assert_eq!(value(-4, -2), EndgameResult::Loss); // 23 at most
        assert_eq!(value(2, 2), EndgameResult::Draw); // 24 exactly
        // 23 to 25, and (odd nets halve down) 24 to 26.
        assert_eq!(value(0, 4), EndgameResult::Open { lo: 23, hi: 25 });
        assert_eq!(value(1, 5), EndgameResult::Open { lo: 23, hi: 25 });
        assert_eq!(value(2, 6), EndgameResult::Open { lo: 24, hi: 26 });
        // 16 on the board: a net of -8 leaves South 20 + (16 - 8) / 2 = 24.
        let richer = position(20, 12);
        assert_eq!(
            EndgameValue { lo: -8, hi: -8 }.result(&richer),
            EndgameResult::Draw
        );
    }

    #[test]
    fn a_node_value_is_a_result_at_its_ply_or_a_bound_on_the_draw_line() {
        let p = position(20, 22);
        let node = |lo, hi, ply| node_value(EndgameValue { lo, hi }, &p, ply);
        assert_eq!(node(4, 6, 3), NodeValue::Result(ENDGAME_WIN - 3));
        assert_eq!(node(-4, -2, 5), NodeValue::Result(-ENDGAME_WIN + 5));
        assert_eq!(node(2, 2, 7), NodeValue::Result(DRAW));
        // 24 to 26: no loss; 22 to 24: no win; 23 to 25: either.
        assert_eq!(
            node(2, 6, 1),
            NodeValue::Between {
                at_least_draw: true,
                at_most_draw: false
            }
        );
        assert_eq!(
            node(-2, 2, 1),
            NodeValue::Between {
                at_least_draw: false,
                at_most_draw: true
            }
        );
        assert_eq!(
            node(0, 4, 1),
            NodeValue::Between {
                at_least_draw: false,
                at_most_draw: false
            }
        );
    }
}
