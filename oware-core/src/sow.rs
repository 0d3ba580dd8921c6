//! Sowing: lifting a house and dropping its seeds one by one around the ring.

use crate::board::Board;
use crate::house::House;

/// What sowing a house did: the board afterwards (before any capture), the
/// house the last seed fell into, and how many seeds were sown.
///
/// ```
/// use oware_core::{Board, House};
/// // Twelve seeds in A: one in each of the other eleven houses, then,
/// // skipping A, a second one in B.
/// let board = Board::from_cells([12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 18, 18])?;
/// let sowing = board.sow(House::A);
/// assert_eq!(sowing.sown, 12);
/// assert_eq!(sowing.last, House::B);
/// assert_eq!(sowing.board[House::A], 0);
/// assert_eq!(sowing.board[House::B], 2);
/// assert_eq!(sowing.board[House::f], 1);
/// # Ok::<(), oware_core::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// The board after sowing, before any capture.
    pub board: Board,
    /// The house the final seed fell into.
    pub last: House,
    /// The number of seeds lifted and sown.
    pub sown: u8,
}

/// The most seeds a house can hold.
const MAX_SEEDS: usize = 48;

/// `SOWN[o][n]`: what sowing `n` seeds from house `o` adds to each house,
/// one byte lane per house, so that sowing is one table load and one add.
///
/// A lap drops one seed in each of the other eleven houses, so `n` seeds make
/// `(n - 1) / 11` full laps and a final stretch of 1 to 11 houses (11 rather
/// than 0 when 11 divides `n`: the hand stops on the house before the origin).
/// 12 × 49 entries of 16 bytes: 9.4 KiB, resident in L1.
static SOWN: [[u128; MAX_SEEDS + 1]; 12] = {
    let mut table = [[0; MAX_SEEDS + 1]; 12];
    let mut origin = 0;
    while origin < 12 {
        let mut n = 1;
        while n <= MAX_SEEDS {
            // Seed number n lands `n + (n - 1) / 11` steps on: every lap
            // skips the origin once.
            let steps = n + (n - 1) / 11;
            table[origin][n] = table[origin][n - 1] + (1 << (8 * ((origin + steps) % 12)));
            n += 1;
        }
        origin += 1;
    }
    table
};

/// `LAST[o][n]`: the house the `n`th seed sown from `o` falls into (`o` itself for `n = 0`).
static LAST: [[House; MAX_SEEDS + 1]; 12] = {
    let mut table = [[House::A; MAX_SEEDS + 1]; 12];
    let mut origin = 0;
    while origin < 12 {
        table[origin][0] = House::ALL[origin];
        let mut n = 1;
        while n <= MAX_SEEDS {
            table[origin][n] = House::ALL[(origin + n + (n - 1) / 11) % 12];
            n += 1;
        }
        origin += 1;
    }
    table
};

/// `LIFT[o]`: every lane but house `o`'s, to empty the origin.
const LIFT: [u128; 12] = {
    let mut table = [0; 12];
    let mut origin = 0;
    while origin < 12 {
        table[origin] = !(0xff << (8 * origin));
        origin += 1;
    }
    table
};

impl Board {
    /// Sows `house`: lifts its seeds and drops one in each following house
    /// in ascending index order (modulo 12, never into a store), skipping the
    /// origin every time the hand comes round. No capture is made.
    ///
    /// # Panics
    /// When `house` is empty: sowing nothing is a programmer error. Check
    /// the count first, or use [`Position::play`](crate::Position::play).
    ///
    /// ```
    /// use oware_core::{Board, House};
    /// let sowing = Board::OPENING.sow(House::E);
    /// assert_eq!(sowing.last, House::c);
    /// assert_eq!(sowing.sown, 4);
    /// assert_eq!(sowing.board[House::E], 0);
    /// assert_eq!(sowing.board[House::F], 5);
    /// ```
    #[must_use]
    #[track_caller]
    pub fn sow(self, house: House) -> Sowing {
        assert!(
            self.seeds(house) > 0,
            "cannot sow house {house}: it is empty"
        );
        self.sow_unchecked(house)
    }

    /// [`Board::sow`] without the emptiness check: the hot path.
    ///
    /// Sowing an empty house leaves the board unchanged and reports the house
    /// itself as last; callers must not rely on that.
    ///
    /// ```
    /// use oware_core::{Board, House, Position};
    /// // Houses taken from the legal moves are never empty.
    /// for house in Position::OPENING.legal_moves() {
    ///     assert_eq!(Board::OPENING.sow_unchecked(house).sown, 4);
    /// }
    /// // F's four seeds cross into North's row: a, b, c, d.
    /// let sowing = Board::OPENING.sow_unchecked(House::F);
    /// assert_eq!(sowing.last, House::d);
    /// assert_eq!(sowing.board[House::a], 5);
    /// ```
    #[must_use]
    #[inline]
    pub fn sow_unchecked(self, house: House) -> Sowing {
        let origin = house.index();
        let sown = self.seeds(house);
        let lanes = (self.lanes() & LIFT[origin]) + SOWN[origin][usize::from(sown)];
        Sowing {
            board: Board::from_lanes(lanes),
            last: LAST[origin][usize::from(sown)],
            sown,
        }
    }

    /// The houses `house`'s seeds fall into, in order: one per seed, every
    /// following house round the ring, the origin skipped each time the hand
    /// passes it. Empty for an empty house. No allocation.
    ///
    /// ```
    /// use oware_core::{Board, House};
    /// let path: Vec<House> = Board::OPENING.sowing_path(House::E).collect();
    /// assert_eq!(path, [House::F, House::a, House::b, House::c]);
    /// // Twelve seeds go round once, skip the origin, and end in B.
    /// let board = Board::from_cells([12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 18, 18])?;
    /// let path: Vec<House> = board.sowing_path(House::A).collect();
    /// assert_eq!(path.len(), 12);
    /// assert!(!path.contains(&House::A));
    /// assert_eq!(path.last(), Some(&House::B));
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    pub fn sowing_path(self, house: House) -> impl ExactSizeIterator<Item = House> + use<> {
        let origin = &LAST[house.index()];
        (0..usize::from(self.seeds(house))).map(move |n| origin[n + 1])
    }
}
