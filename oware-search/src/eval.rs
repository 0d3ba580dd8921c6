//! The evaluation: captured-seed difference plus positional terms, from the
//! side to move's view, in value units of 1/32 seed.
//!
//! Terminal positions are never evaluated here: the search scores them
//! exactly (`line.rs`). The terms are linear in [`features`], so weights can
//! be fitted by regression; [`Weights::TUNED`] records the fitted values.
//! The search evaluates through an [`Evaluator`]: the same function folded
//! into one table lookup per house.
//!
//! Beside it, [`net`]: a learned evaluation, a small network trained by
//! `cargo lab train`, the default. [`Evaluation`] says which of the two
//! is used.

pub mod net;
// What the CPU offers, for the project's reports (`cargo xtask bench`):
// hidden, like the network's shape (see `net.rs`).
#[doc(hidden)]
pub mod simd;

use oware_core::{Position, Seat};

pub use net::Network;

use crate::score::{SEED, Value};

/// Which evaluation the search and [`minimax`](crate::minimax) use.
// The weights are copied once a search (the search builds its tables from
// them): being `Copy` is worth more than the 248 bytes.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// The linear model of [`features`] with these weights.
    Linear(Weights),
    /// A network ([`net`]).
    Net(&'static Network),
}

impl Evaluation {
    /// The evaluation games are played with: the checked-in network, the
    /// third trained (`nnue-3` in baselines.toml). The matches that chose
    /// it, and each network before it, are dated in docs/evaluation.md and
    /// docs/strength.md.
    pub const DEFAULT: Evaluation = Evaluation::NET;

    /// The checked-in network.
    pub const NET: Evaluation = Evaluation::Net(&Network::DEFAULT);

    /// The evaluation of a position that is not over, from the side to
    /// move's view: the reference form [`minimax`](crate::minimax) uses,
    /// equal to an [`Evaluator`]'s.
    #[must_use]
    pub fn evaluate(&self, position: Position) -> Value {
        match self {
            Evaluation::Linear(weights) => evaluate(position, weights),
            // The network has one form; its tests hold it to a dense one.
            Evaluation::Net(network) => network.evaluate(position),
        }
    }
}

impl Default for Evaluation {
    fn default() -> Evaluation {
        Evaluation::DEFAULT
    }
}

/// The seed-count classes of a house, as inclusive ranges: empty, 1, 2
/// and 3 (the counts a capture leaves or makes), then wider classes up to
/// the houses that lap the board (12 or more, in two classes).
pub const CLASSES: [(u8, u8); 9] = [
    (0, 0),
    (1, 1),
    (2, 2),
    (3, 3),
    (4, 5),
    (6, 8),
    (9, 11),
    (12, 17),
    (18, 48),
];

/// The number of features and weights: captured seeds, tempo, seeds per
/// house position (6), and a seed-count class per house position (6 × 9).
pub const FEATURES: usize = 2 + 6 + 6 * CLASSES.len();

/// The class of a house of `seeds` seeds (an index into [`CLASSES`]).
#[must_use]
pub const fn class_of(seeds: u8) -> usize {
    let mut i = 0;
    while i < CLASSES.len() - 1 && seeds > CLASSES[i].1 {
        i += 1;
    }
    i
}

/// The evaluation's weights, in 1/32 of a seed. Each applies to (the side
/// to move's count − the opponent's), with houses counted by their
/// position in their owner's row (0 = A or a, 5 = F or f).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Weights {
    /// Per seed in the store (captured): 32, one seed.
    pub store: i32,
    /// For having the move.
    pub tempo: i32,
    /// Per seed in the house at each row position.
    pub seeds: [i32; 6],
    /// For a house at each row position holding a count of each class of
    /// [`CLASSES`]: empty houses, houses of 1–2 exposed to capture, houses
    /// big enough to lap the board, and the rest.
    pub houses: [[i32; CLASSES.len()]; 6],
}

impl Weights {
    /// The weights in use: fitted to self-play games by `cargo lab tune`
    /// (logistic regression; the fits and their matches are in docs/performance.md).
    pub const TUNED: Weights = Weights {
        store: 32,
        tempo: -9,
        seeds: [3, 1, 3, 4, 3, 0],
        houses: [
            [-66, -18, -1, 34, 20, -21, -58, -31, 143],
            [-62, -9, 7, 32, 10, -11, -28, 3, 58],
            [-27, 16, 24, 43, 25, -14, -45, 21, -43],
            [-3, 28, 26, 27, 15, -19, -29, 26, -70],
            [-10, 19, 15, 15, -8, -16, 6, 54, -76],
            [-17, 10, -2, -23, -22, -16, 42, 82, -55],
        ],
    };

    /// Only the captured-seed difference.
    pub const SEEDS_ONLY: Weights = Weights::from_terms(0, 0, 0, 0, 0);

    /// Weights from five named terms, the same for every house position:
    /// per house that can lap the board (12+ seeds), per empty house, per
    /// house of 1 or 2 seeds (exposed to capture), per seed in the row, and
    /// for the tempo.
    #[must_use]
    pub const fn from_terms(lap: i32, empty: i32, exposed: i32, row: i32, tempo: i32) -> Weights {
        let mut houses = [[0; CLASSES.len()]; 6];
        let mut r = 0;
        while r < 6 {
            houses[r][0] = empty;
            houses[r][1] = exposed;
            houses[r][2] = exposed;
            houses[r][7] = lap;
            houses[r][8] = lap;
            r += 1;
        }
        Weights {
            store: SEED,
            tempo,
            seeds: [row; 6],
            houses,
        }
    }

    /// The weights as a list, in [`features`] order.
    #[must_use]
    pub fn to_array(self) -> [i32; FEATURES] {
        let mut w = [0; FEATURES];
        w[0] = self.store;
        w[1] = self.tempo;
        w[2..8].copy_from_slice(&self.seeds);
        for (r, row) in self.houses.iter().enumerate() {
            w[8 + r * CLASSES.len()..8 + (r + 1) * CLASSES.len()].copy_from_slice(row);
        }
        w
    }

    /// The weights from a list in [`features`] order.
    #[must_use]
    pub fn from_array(w: [i32; FEATURES]) -> Weights {
        let mut weights = Weights {
            store: w[0],
            tempo: w[1],
            seeds: [0; 6],
            houses: [[0; CLASSES.len()]; 6],
        };
        weights.seeds.copy_from_slice(&w[2..8]);
        for (r, row) in weights.houses.iter_mut().enumerate() {
            row.copy_from_slice(&w[8 + r * CLASSES.len()..8 + (r + 1) * CLASSES.len()]);
        }
        weights
    }

    /// The value, for its owner, of `seeds` seeds in the house at row
    /// position `r`.
    #[must_use]
    pub const fn house(&self, r: usize, seeds: u8) -> i32 {
        self.seeds[r] * seeds as i32 + self.houses[r][class_of(seeds)]
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::TUNED
    }
}

/// The features of a position, each as (side to move − opponent), in
/// [`Weights::to_array`] order: captured seeds, the tempo (always 1), seeds
/// per row position, then for each row position one indicator per class.
/// The evaluation is their dot product with the weights.
#[must_use]
pub fn features(position: Position) -> [i32; FEATURES] {
    let board = position.board();
    let me = position.to_move();
    let mut f = [0; FEATURES];
    f[0] = i32::from(board.store(me)) - i32::from(board.store(me.opponent()));
    f[1] = 1;
    for seat in Seat::ALL {
        let sign = if seat == me { 1 } else { -1 };
        for (r, house) in seat.houses().iter().enumerate() {
            let seeds = board[house];
            f[2 + r] += sign * i32::from(seeds);
            f[8 + r * CLASSES.len() + class_of(seeds)] += sign;
        }
    }
    f
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

/// The evaluation as the search computes it: the linear model folded into
/// tables (every term but the tempo is a sum over houses of a value that
/// depends only on the house's owner and seed count, so it is one lookup
/// per house), or the network.
#[derive(Clone, Debug)]
pub enum Evaluator {
    /// The linear model's tables.
    Tables(Box<Tables>),
    /// The network.
    Net(&'static Network),
}

/// The linear model folded into one table per house.
#[derive(Clone, Debug)]
pub struct Tables {
    /// `houses[i][n]`: the value for South of `n` seeds in house `i`
    /// (negative for North's houses).
    houses: [[i16; 64]; 12],
    store: i32,
    tempo: i32,
}

impl Tables {
    /// The tables of `weights`.
    #[must_use]
    pub fn new(weights: &Weights) -> Tables {
        let mut houses = [[0i16; 64]; 12];
        for (index, row) in houses.iter_mut().enumerate() {
            let sign = if index < 6 { 1 } else { -1 };
            for (seeds, value) in row.iter_mut().enumerate().take(49) {
                *value = (sign * weights.house(index % 6, seeds as u8)) as i16;
            }
        }
        Tables {
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
        let cells = position.board().to_cells();
        let mut south = 0i32;
        for (row, &seeds) in self.houses.iter().zip(&cells) {
            south += i32::from(row[usize::from(seeds & 63)]);
        }
        south += self.store * (i32::from(cells[12]) - i32::from(cells[13]));
        let mine = if position.to_move() == Seat::South {
            south
        } else {
            -south
        };
        mine + self.tempo
    }
}

impl Evaluator {
    /// The evaluator of `evaluation`.
    #[must_use]
    pub fn new(evaluation: &Evaluation) -> Evaluator {
        match evaluation {
            Evaluation::Linear(weights) => Evaluator::Tables(Box::new(Tables::new(weights))),
            Evaluation::Net(network) => Evaluator::Net(network),
        }
    }

    /// The evaluation of a position that is not over, from the side to
    /// move's view; equal to [`Evaluation::evaluate`]. Allocates nothing.
    #[must_use]
    #[inline(always)]
    pub fn evaluate(&self, position: Position) -> Value {
        match self {
            Evaluator::Tables(tables) => tables.evaluate(position),
            Evaluator::Net(network) => network.evaluate(position),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::{Board, House};

    #[test]
    fn each_count_falls_in_its_class_and_any_larger_one_in_the_last() {
        for (class, &(low, high)) in CLASSES.iter().enumerate() {
            for seeds in low..=high {
                assert_eq!(class_of(seeds), class, "{seeds} seeds");
            }
        }
        // A count no house holds still has a class: the last.
        assert_eq!(class_of(u8::MAX), CLASSES.len() - 1);
    }

    #[test]
    fn the_table_form_equals_the_reference_form() {
        let mut varied = [0; FEATURES];
        for (i, w) in varied.iter_mut().enumerate() {
            *w = (i as i32 * 37 % 23) - 11;
        }
        let weights = [
            Weights::TUNED,
            Weights::SEEDS_ONLY,
            Weights::from_array(varied),
        ];
        let mut position = Position::OPENING;
        let mut x = 7u64;
        for _ in 0..3000 {
            for w in &weights {
                assert_eq!(
                    Evaluator::new(&Evaluation::Linear(*w)).evaluate(position),
                    evaluate(position, w),
                    "{position:?}"
                );
            }
            let moves: Vec<House> = position.legal_moves_abapa().iter().collect();
            if moves.is_empty() {
                position = Position::OPENING;
                continue;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            position = position.play_unchecked(moves[(x % moves.len() as u64) as usize]);
        }
        assert_eq!(Weights::from_array(varied).to_array(), varied);
    }

    #[test]
    fn the_named_terms_count_each_side() {
        let mut cells = [0u8; 14];
        cells[House::B.index()] = 30; // South: one lap house, five empty
        cells[House::c.index()] = 2; // North: one exposed
        cells[House::f.index()] = 1; // North: another exposed
        cells[12] = 15;
        let board = Board::from_cells(cells).unwrap();
        // lap, empty, exposed, row, tempo one at a time.
        let terms = |lap, empty, exposed, row, tempo| {
            let w = Weights::from_terms(lap, empty, exposed, row, tempo);
            let south = evaluate(Position::new(board, Seat::South), &w);
            let north = evaluate(Position::new(board, Seat::North), &w);
            (south - 32 * 15, north + 32 * 15)
        };
        assert_eq!(terms(1, 0, 0, 0, 0), (1, -1));
        assert_eq!(terms(0, 1, 0, 0, 0), (5 - 4, -1));
        assert_eq!(terms(0, 0, 1, 0, 0), (-2, 2));
        assert_eq!(terms(0, 0, 0, 1, 0), (30 - 3, -27));
        assert_eq!(terms(0, 0, 0, 0, 1), (1, 1));
        assert_eq!(class_of(0), 0);
        assert_eq!(class_of(3), 3);
        assert_eq!(class_of(11), 6);
        assert_eq!(class_of(12), 7);
        assert_eq!(class_of(48), 8);
    }
}
