//! The evaluation: captured-seed difference plus positional terms, from the
//! side to move's view, in [`SEED`](crate::score) units (1/32 of a seed).
//!
//! Terminal positions are never evaluated here: the search scores them
//! exactly (see `node.rs`). The weights come from a regression on positions
//! of self-play games (`cargo xtask tune`); [`Weights::TUNED`] records the result.

use oware_core::{Board, Position, Seat};

use crate::score::{SEED, Value};

/// The weights of the positional terms, in 1/32 of a seed, each applied to
/// (the side to move's count − the opponent's count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Weights {
    /// Per seed in the store (captured). Fixed at 32: one seed.
    pub store: i32,
    /// Per house big enough to lap the board (12 seeds or more).
    pub lap: i32,
    /// Per empty house.
    pub empty: i32,
    /// Per house of 1 or 2 seeds: exposed to capture.
    pub exposed: i32,
    /// Per seed in the row (seeds still on the player's side).
    pub row: i32,
    /// Per legal move (mobility).
    pub mobility: i32,
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
        mobility: 2,
        tempo: 4,
    };

    /// Only the captured-seed difference.
    pub const SEEDS_ONLY: Weights = Weights {
        store: SEED,
        lap: 0,
        empty: 0,
        exposed: 0,
        row: 0,
        mobility: 0,
        tempo: 0,
    };

    /// The weights as a list, in field order (for tuning tools).
    #[must_use]
    pub const fn to_array(self) -> [i32; 7] {
        [
            self.store,
            self.lap,
            self.empty,
            self.exposed,
            self.row,
            self.mobility,
            self.tempo,
        ]
    }

    /// The weights from a list in field order.
    #[must_use]
    pub const fn from_array(w: [i32; 7]) -> Weights {
        Weights {
            store: w[0],
            lap: w[1],
            empty: w[2],
            exposed: w[3],
            row: w[4],
            mobility: w[5],
            tempo: w[6],
        }
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::TUNED
    }
}

/// The features of a position, each as (side to move − opponent), in
/// [`Weights`] field order; the tempo feature is always 1.
#[must_use]
pub fn features(position: Position) -> [i32; 7] {
    let board = position.board();
    let me = position.to_move();
    let mine = side_features(board, me);
    let theirs = side_features(board, me.opponent());
    let mut out = [0; 7];
    for i in 0..5 {
        out[i] = mine[i] - theirs[i];
    }
    out[5] = position.legal_moves().len() as i32 - mobility(board, me.opponent());
    out[6] = 1;
    out
}

/// The evaluation of a position that is not over, from the side to move's view.
#[must_use]
#[inline]
pub fn evaluate(position: Position, weights: &Weights) -> Value {
    let f = features(position);
    let w = weights.to_array();
    let mut sum = 0;
    for i in 0..7 {
        sum += f[i] * w[i];
    }
    sum
}

/// Store, lap houses, empty houses, exposed houses, row seeds for `seat`.
#[inline]
fn side_features(board: Board, seat: Seat) -> [i32; 5] {
    let cells = board.to_cells();
    let first = seat.first_house_index();
    let (mut lap, mut empty, mut exposed) = (0, 0, 0);
    for &seeds in &cells[first..first + 6] {
        lap += i32::from(seeds >= 12);
        empty += i32::from(seeds == 0);
        exposed += i32::from(seeds == 1 || seeds == 2);
    }
    [
        i32::from(board.store(seat)),
        lap,
        empty,
        exposed,
        i32::from(board.seeds_on_side(seat)),
    ]
}

/// The houses `seat` could sow if it were to move (non-empty, feeding aside).
#[inline]
fn mobility(board: Board, seat: Seat) -> i32 {
    board.non_empty(seat).len() as i32
}
