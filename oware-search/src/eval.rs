//! The evaluation: captured-seed difference plus positional terms, from the
//! side to move's view, in value units of 1/32 seed.
//!
//! Terminal positions are never evaluated here: the search scores them
//! exactly (`ends.rs`). The terms are linear in [`features`], so weights can
//! be fitted by regression; [`Weights::TUNED`] records the fitted values.
//! The search evaluates through an [`Evaluator`]: the same function folded
//! into one table lookup per house.

use oware_core::{Position, Seat};

use crate::score::{SEED, Value};

/// The number of features and weights.
pub const FEATURES: usize = 6;

/// The weights of the evaluation terms, in 1/32 of a seed, each applied to
/// (the side to move's count − the opponent's count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Weights {
    /// Per seed in the store (captured): 32, one seed.
    pub store: i32,
    /// Per house big enough to lap the board (12 seeds or more).
    pub lap: i32,
    /// Per empty house.
    pub empty: i32,
    /// Per house of 1 or 2 seeds: exposed to capture.
    pub exposed: i32,
    /// Per seed in the row (still on the player's side).
    pub row: i32,
    /// For having the move.
    pub tempo: i32,
}

impl Weights {
    /// The weights in use: the result of the tuning run recorded in the README.
    pub const TUNED: Weights = Weights {
        store: SEED,
        lap: 8,
        empty: -4,
        exposed: -6,
        row: 2,
        tempo: 4,
    };

    /// Only the captured-seed difference.
    pub const SEEDS_ONLY: Weights = Weights {
        store: SEED,
        lap: 0,
        empty: 0,
        exposed: 0,
        row: 0,
        tempo: 0,
    };

    /// The weights as a list, in [`features`] order.
    #[must_use]
    pub const fn to_array(self) -> [i32; FEATURES] {
        [
            self.store,
            self.lap,
            self.empty,
            self.exposed,
            self.row,
            self.tempo,
        ]
    }

    /// The weights from a list in [`features`] order.
    #[must_use]
    pub const fn from_array(w: [i32; FEATURES]) -> Weights {
        Weights {
            store: w[0],
            lap: w[1],
            empty: w[2],
            exposed: w[3],
            row: w[4],
            tempo: w[5],
        }
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::TUNED
    }
}

/// The features of a position, each as (side to move − opponent), in
/// [`Weights`] field order: captured seeds, lap houses, empty houses,
/// exposed houses, row seeds, and the tempo (always 1). The evaluation is
/// their dot product with the weights.
#[must_use]
pub fn features(position: Position) -> [i32; FEATURES] {
    let board = position.board();
    let side = |seat: Seat| {
        let mut f = [i32::from(board.store(seat)), 0, 0, 0, 0];
        for house in seat.houses().iter() {
            let seeds = board[house];
            f[1] += i32::from(seeds >= 12);
            f[2] += i32::from(seeds == 0);
            f[3] += i32::from(seeds == 1 || seeds == 2);
            f[4] += i32::from(seeds);
        }
        f
    };
    let me = side(position.to_move());
    let them = side(position.to_move().opponent());
    [
        me[0] - them[0],
        me[1] - them[1],
        me[2] - them[2],
        me[3] - them[3],
        me[4] - them[4],
        1,
    ]
}

/// The evaluation of a position that is not over, from the side to move's
/// view: [`features`] dotted with `weights`. The reference form, used by
/// [`minimax`](crate::minimax); the search uses an [`Evaluator`].
#[must_use]
pub fn evaluate(position: Position, weights: &Weights) -> Value {
    features(position)
        .iter()
        .zip(weights.to_array())
        .map(|(f, w)| f * w)
        .sum()
}

/// The evaluation folded into tables: every term but the tempo is a sum
/// over houses of a value that depends only on the house's owner and seed
/// count, so it is one lookup per house.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// `houses[i][n]`: the value for South of `n` seeds in house `i`
    /// (negative for North's houses).
    houses: [[i16; 64]; 12],
    store: i32,
    tempo: i32,
}

impl Evaluator {
    /// The evaluator of `weights`.
    #[must_use]
    pub fn new(weights: &Weights) -> Evaluator {
        let mut houses = [[0i16; 64]; 12];
        for (index, row) in houses.iter_mut().enumerate() {
            let sign = if index < 6 { 1 } else { -1 };
            for (seeds, value) in row.iter_mut().enumerate() {
                let v = weights.lap * i32::from(seeds >= 12)
                    + weights.empty * i32::from(seeds == 0)
                    + weights.exposed * i32::from(seeds == 1 || seeds == 2)
                    + weights.row * seeds as i32;
                *value = (sign * v) as i16;
            }
        }
        Evaluator {
            houses,
            store: weights.store,
            tempo: weights.tempo,
        }
    }

    /// The evaluation of a position that is not over, from the side to
    /// move's view; equal to [`evaluate`] with the same weights.
    #[must_use]
    #[inline(always)]
    pub fn evaluate(&self, position: Position) -> Value {
        let lanes = position.board().lanes();
        let mut south = 0i32;
        for (index, row) in self.houses.iter().enumerate() {
            south += i32::from(row[((lanes >> (8 * index)) & 63) as usize]);
        }
        let stores = (lanes >> 96) as u16;
        south += self.store * (i32::from(stores as u8) - i32::from((stores >> 8) as u8));
        let mine = if position.to_move() == Seat::South {
            south
        } else {
            -south
        };
        mine + self.tempo
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::{Board, House};

    #[test]
    fn the_table_form_equals_the_reference_form() {
        let weights = [
            Weights::TUNED,
            Weights::SEEDS_ONLY,
            Weights::from_array([32, -7, 3, 11, -5, 9]),
        ];
        let mut position = Position::OPENING;
        let mut x = 7u64;
        for _ in 0..3000 {
            for w in &weights {
                assert_eq!(
                    Evaluator::new(w).evaluate(position),
                    evaluate(position, w),
                    "{position:?}"
                );
            }
            let moves: Vec<House> = position.legal_moves().iter().collect();
            if moves.is_empty() {
                position = Position::OPENING;
                continue;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            position = position.play_unchecked(moves[(x % moves.len() as u64) as usize]);
        }
    }

    #[test]
    fn features_count_each_side() {
        let mut cells = [0u8; 14];
        cells[House::B.index()] = 30; // South: one lap house, five empty
        cells[House::c.index()] = 2; // North: one exposed
        cells[House::f.index()] = 1; // North: another exposed
        cells[12] = 15;
        let board = Board::from_cells(cells).unwrap();
        let south = Position::new(board, Seat::South);
        assert_eq!(features(south), [15, 1, 5 - 4, -2, 30 - 3, 1]);
        let north = Position::new(board, Seat::North);
        assert_eq!(features(north), [-15, -1, -1, 2, -27, 1]);
    }
}
