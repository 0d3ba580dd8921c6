//! Sowing: lifting a house and dropping its seeds one by one around the ring.

use crate::board::Board;
use crate::house::House;

/// What sowing a house did: the board afterwards (before any capture), the
/// house the last seed fell into, and how many seeds were sown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// The board after sowing, before any capture.
    pub board: Board,
    /// The house the final seed fell into.
    pub last: House,
    /// The number of seeds lifted and sown.
    pub sown: u8,
}

/// `STRETCH[o][k]`: one seed in each of the `k` houses after `o` (k ≤ 11, so
/// the origin is never reached).
const STRETCH: [[u128; 12]; 12] = {
    let mut table = [[0; 12]; 12];
    let mut origin = 0;
    while origin < 12 {
        let mut k = 1;
        while k < 12 {
            table[origin][k] = table[origin][k - 1] | 1 << (8 * ((origin + k) % 12));
            k += 1;
        }
        origin += 1;
    }
    table
};

/// `LAP[o]`: one seed in every house but `o`, the effect of one full lap.
const LAP: [u128; 12] = {
    let mut table = [0; 12];
    let mut origin = 0;
    while origin < 12 {
        table[origin] = STRETCH[origin][11];
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
    #[must_use]
    #[inline]
    pub fn sow_unchecked(self, house: House) -> Sowing {
        let origin = house.index();
        let sown = self.seeds(house);
        // A lap drops one seed in each of the other eleven houses, so `n`
        // seeds make `laps` full laps and a final stretch of 1..=11 houses
        // (a stretch of 11 rather than 0 when 11 divides n, so that "last" is
        // the house before the origin, where the hand actually stopped).
        let laps = sown.saturating_sub(1) / 11;
        let stretch = sown - 11 * laps;
        let lanes = self.lanes() & !(0xff << (8 * origin));
        let lanes = lanes + LAP[origin] * u128::from(laps) + STRETCH[origin][stretch as usize];
        Sowing {
            board: Board::from_lanes(lanes),
            last: House::ALL[(origin + stretch as usize) % 12],
            sown,
        }
    }
}
