//! The capture chain: which houses a sowing takes, found before anything is taken.

use crate::board::Board;
use crate::house::{House, HouseSet};
use crate::lanes;
use crate::seat::Seat;

/// The houses a move would capture: a run of the opponent's houses ending at
/// the last house sown, walked backwards. Found without being applied, so the
/// grand-slam rule can inspect it first.
///
/// ```
/// use oware_core::{Board, House, Seat};
/// // South sows D (3 seeds) into E, F, a; a then holds 2 and F belongs to South.
/// let mut cells = [0u8; 14];
/// cells[House::D.index()] = 3;
/// cells[House::a.index()] = 1;
/// cells[House::c.index()] = 2;
/// cells[12] = 42;
/// let board = Board::from_cells(cells)?;
/// let sowing = board.sow(House::D);
/// let chain = sowing.board.capture_chain(Seat::South, sowing.last);
/// assert_eq!(chain.houses().collect::<Vec<_>>(), [House::a]);
/// assert_eq!(chain.seeds(sowing.board), 2);
/// assert!(!chain.is_grand_slam(sowing.board)); // c still holds 2
/// # Ok::<(), oware_core::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chain {
    /// Consecutive houses of one row; empty, or ending at the last house sown.
    houses: HouseSet,
}

impl Chain {
    /// The chain that takes nothing.
    pub const EMPTY: Chain = Chain {
        houses: HouseSet::EMPTY,
    };

    /// The houses taken, in walk-back order: the last house sown first.
    pub fn houses(self) -> impl ExactSizeIterator<Item = House> {
        self.houses.iter().rev()
    }

    /// The houses taken, as a set.
    #[must_use]
    #[inline]
    pub const fn house_set(self) -> HouseSet {
        self.houses
    }

    /// How many houses the chain takes.
    #[must_use]
    #[inline]
    pub const fn len(self) -> usize {
        self.houses.len()
    }

    /// Whether the chain takes nothing.
    #[must_use]
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.houses.is_empty()
    }

    /// The seeds the chain takes from `board` (the board after sowing).
    #[must_use]
    #[inline]
    pub fn seeds(self, board: Board) -> u8 {
        lanes_sum(board.lanes() & self.byte_mask())
    }

    /// Whether taking the chain would leave the opponent's row empty: a grand
    /// slam, which the rules turn into no capture at all (or forbid).
    #[must_use]
    #[inline]
    pub fn is_grand_slam(self, board: Board) -> bool {
        let bits = self.houses.bits();
        // The chain lies in one row; every other non-empty house of that row
        // would keep its seeds.
        let row = if bits & 0x3f != 0 { 0x3f } else { 0xfc0 };
        // `&`, not `&&`: both sides are cheap, and a branch here mispredicts.
        (bits != 0) & (non_empty_houses(board.lanes()) & row & !bits == 0)
    }

    /// The board with the chain's houses emptied into `mover`'s store.
    #[must_use]
    #[inline]
    pub fn take(self, board: Board, mover: Seat) -> Board {
        let mask = self.byte_mask();
        let taken = u64::from(lanes_sum(board.lanes() & mask));
        // The stores are bytes 12 and 13: bits 32 and 40 of the high half.
        let store = u128::from(taken << (32 + 8 * mover.index())) << 64;
        Board::from_lanes((board.lanes() & !mask) + store)
    }

    /// 0xff in the lanes of the chain's houses.
    #[inline]
    fn byte_mask(self) -> u128 {
        let bits = usize::from(self.houses.bits());
        ROW_BYTES[bits & 0x3f] | ROW_BYTES[bits >> 6] << 48
    }
}

/// `ROW_BYTES[m]`: 0xff in lane `i` for each bit `i` of the 6-bit mask `m`.
const ROW_BYTES: [u128; 64] = {
    let mut table = [0; 64];
    let mut m = 0;
    while m < 64 {
        let mut i = 0;
        while i < 6 {
            if m & (1 << i) != 0 {
                table[m] |= 0xff << (8 * i);
            }
            i += 1;
        }
        m += 1;
    }
    table
};

/// The houses holding at least one seed.
#[inline(always)]
pub(crate) fn non_empty_houses(board_lanes: u128) -> u16 {
    lanes::at_least(board_lanes, lanes::ONES) & 0xfff
}

/// The sum of all lanes (at most 48 in all).
#[inline]
fn lanes_sum(lanes: u128) -> u8 {
    // Folding the halves adds lanes pairwise (at most 96 each); the byte-sum
    // multiply then gathers them in the top byte without carries.
    let halves = (lanes as u64).wrapping_add((lanes >> 64) as u64);
    (halves.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8
}

impl Board {
    /// The chain `mover` captures when their last seed falls in `last`, on
    /// this board (the board after sowing).
    ///
    /// Starting at `last`, each house is taken while it is the opponent's and
    /// holds exactly 2 or 3; the walk goes to lower indices and stops at the
    /// first house that fails, or after the opponent's first house. A `last`
    /// in the mover's own row gives an empty chain.
    #[must_use]
    #[inline]
    pub fn capture_chain(self, mover: Seat, last: House) -> Chain {
        let takeable =
            u32::from(lanes::two_or_three(self.lanes()) & mover.opponent().houses().bits());
        // Work one bit up, with a sentinel zero at bit 0: the walk back from
        // `last` is the run of ones ending at bit `last + 1`, and it stops
        // at the highest zero below — a house that is not takeable, the
        // mover's own row (never takeable), or the sentinel, so it never
        // wraps from A to f. A `last` that is not takeable is itself that
        // zero, giving an empty chain.
        let span = (4u32 << last.index()) - 1;
        let gaps = !(takeable << 1) & span;
        let stop = 31 - gaps.leading_zeros();
        let run = span & !((2 << stop) - 1);
        Chain {
            houses: HouseSet::from_bits((run >> 1) as u16),
        }
    }
}
