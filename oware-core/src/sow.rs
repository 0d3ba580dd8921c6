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

/// The house the last of `sown` seeds sown from `house` falls into.
#[inline]
pub(crate) fn last_house(house: House, sown: u8) -> House {
    LAST[house.index()][usize::from(sown)]
}

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
    /// the count first, or use [`Position::play_abapa`](crate::Position::play_abapa).
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
    /// for house in Position::OPENING.legal_moves_abapa() {
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
            last: last_house(house, sown),
            sown,
        }
    }

    /// The board that sowing `sown` seeds from `house` turned into this one,
    /// before the sowing: `house` held the `sown` seeds, every other house
    /// held what it holds now less what the sowing dropped in it. `None`
    /// when no board does: `sown` is 0, `house` is not empty now (a sowing
    /// always empties its origin), or some house holds fewer seeds than the sowing
    /// would have dropped. The inverse of [`Board::sow`], by the same table.
    ///
    /// More seeds drop at least as many in every house, so once `sown`
    /// seeds fail, every larger count fails too.
    ///
    /// ```
    /// use oware_core::{Board, House};
    /// let sowing = Board::OPENING.sow(House::E);
    /// assert_eq!(sowing.board.unsow(House::E, 4), Some(Board::OPENING));
    /// // Five seeds would have dropped one in d, which holds only the
    /// // opening's four: possible, but not the opening.
    /// assert_ne!(sowing.board.unsow(House::E, 5), Some(Board::OPENING));
    /// // F is not empty, so it was not the house sown.
    /// assert_eq!(sowing.board.unsow(House::F, 1), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn unsow(self, house: House, sown: u8) -> Option<Board> {
        /// The top bit of each of the twelve house lanes.
        const TOP_BITS: u128 = 0x8080_8080_8080_8080_8080_8080;
        let origin = house.index();
        if self.seeds(house) != 0 || sown == 0 || usize::from(sown) > MAX_SEEDS {
            return None;
        }
        // Lane by lane: counts are at most 48, so each lane's top bit
        // absorbs a borrow, and a lane that loses it would go negative.
        let taken = (self.lanes() | TOP_BITS) - SOWN[origin][usize::from(sown)];
        if taken & TOP_BITS != TOP_BITS {
            return None;
        }
        let before = (taken & !TOP_BITS) | u128::from(sown) << (8 * origin);
        Some(Board::from_lanes(before))
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
