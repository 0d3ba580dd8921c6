//! The capture chain: which houses a sowing takes, found before anything is taken.

use crate::board::Board;
use crate::house::{House, HouseSet};
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
    last: House,
    len: u8,
}

impl Chain {
    /// The houses taken, in walk-back order: the last house sown first.
    pub fn houses(self) -> impl ExactSizeIterator<Item = House> {
        (0..usize::from(self.len)).map(move |k| House::ALL[self.last.index() - k])
    }

    /// The houses taken, as a set.
    #[must_use]
    pub fn house_set(self) -> HouseSet {
        // The chain never wraps (it stops at the opponent's first house), so
        // it is `len` consecutive bits ending at `last`.
        let top = self.last.index() + 1;
        HouseSet::from_bits(((1u16 << self.len) - 1) << (top - usize::from(self.len)))
    }

    /// How many houses the chain takes.
    #[must_use]
    #[inline]
    pub const fn len(self) -> usize {
        self.len as usize
    }

    /// Whether the chain takes nothing.
    #[must_use]
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.len == 0
    }

    /// The seeds the chain takes from `board` (the board after sowing).
    #[must_use]
    #[inline]
    pub fn seeds(self, board: Board) -> u8 {
        board.lanes_sum(self.byte_mask())
    }

    /// Whether taking the chain would leave the opponent's row empty: a grand
    /// slam, which the rules turn into no capture at all (or forbid).
    #[must_use]
    #[inline]
    pub fn is_grand_slam(self, board: Board) -> bool {
        let opponent = self.last.seat();
        self.len > 0 && self.seeds(board) == board.seeds_on_side(opponent)
    }

    /// The board with the chain's houses emptied into `mover`'s store.
    #[must_use]
    #[inline]
    pub fn take(self, board: Board, mover: Seat) -> Board {
        let taken = self.seeds(board);
        let lanes = board.lanes() & !self.byte_mask();
        Board::from_lanes(lanes + (u128::from(taken) << (8 * mover.store_index())))
    }

    /// 0xff in the lanes of the chain's houses.
    #[inline]
    fn byte_mask(self) -> u128 {
        let top = 8 * (self.last.index() + 1);
        let width = 8 * u32::from(self.len);
        // `checked_shl` keeps a zero-length chain at mask 0 without a
        // special case for shifting by the full width.
        let ones = 1u128.checked_shl(width).map_or(u128::MAX, |b| b - 1);
        ones << (top - width as usize)
    }
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
        if last.seat() == mover {
            return Chain { last, len: 0 };
        }
        // `last` is in the opponent's row, so walking down to that row's
        // first house never wraps round the ring.
        let row_start = mover.opponent().first_house_index();
        let mut index = last.index();
        let mut len = 0;
        while matches!(self.cells_at(index), 2 | 3) {
            len += 1;
            if index == row_start {
                break;
            }
            index -= 1;
        }
        Chain { last, len }
    }

    #[inline]
    fn cells_at(self, index: usize) -> u8 {
        (self.lanes() >> (8 * index)) as u8
    }

    /// The sum of the lanes selected by `mask` (each lane 0 or 0xff).
    #[inline]
    fn lanes_sum(self, mask: u128) -> u8 {
        let v = self.lanes() & mask;
        // Lanes sum to at most 48, so the byte-sum multiply never carries.
        let halves = (v as u64).wrapping_add((v >> 64) as u64);
        (halves.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8
    }
}
