//! The capture chain: which houses a sowing takes, found before anything is taken.

use crate::board::Board;
use crate::house::{House, HouseSet};
use crate::lanes;
use crate::position::Position;
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
    ///
    /// ```
    /// use oware_core::{Board, Chain, House, Seat};
    /// // A's four seeds end in E, South's own house: nothing to take.
    /// let sowing = Board::OPENING.sow(House::A);
    /// assert_eq!(sowing.last, House::E);
    /// assert_eq!(sowing.board.capture_chain(Seat::South, sowing.last), Chain::EMPTY);
    /// assert_eq!(Chain::EMPTY.take(sowing.board, Seat::South), sowing.board);
    /// ```
    pub const EMPTY: Chain = Chain {
        houses: HouseSet::EMPTY,
    };

    /// The houses taken, in walk-back order: the last house sown first.
    ///
    /// ```
    /// use oware_core::{Board, House, Seat};
    /// // After sowing, a, b, c hold 2, 3, 2 and South's last seed fell in c.
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 0, 2, 3, 2, 4, 0, 0, 16, 16])?;
    /// let chain = board.capture_chain(Seat::South, House::c);
    /// assert_eq!(chain.houses().collect::<Vec<_>>(), [House::c, House::b, House::a]);
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    pub fn houses(self) -> impl ExactSizeIterator<Item = House> {
        self.houses.iter().rev()
    }

    /// The houses taken, as a set (in index order, unlike [`houses`](Chain::houses)).
    ///
    /// ```
    /// use oware_core::{Board, House, Seat};
    /// // After sowing, a, b, c hold 2, 3, 2 and South's last seed fell in c.
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 0, 2, 3, 2, 4, 0, 0, 16, 16])?;
    /// let chain = board.capture_chain(Seat::South, House::c);
    /// assert_eq!(chain.house_set().to_string(), "abc");
    /// assert!(!chain.house_set().contains(House::d)); // d holds 4
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn house_set(self) -> HouseSet {
        self.houses
    }

    /// How many houses the chain takes.
    ///
    /// ```
    /// use oware_core::{Board, House, Seat};
    /// // After sowing, a, b, c hold 2, 3, 2 and South's last seed fell in c.
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 0, 2, 3, 2, 4, 0, 0, 16, 16])?;
    /// let chain = board.capture_chain(Seat::South, House::c);
    /// assert_eq!(chain.len(), 3);
    /// // Had b held 4, the walk would have stopped there.
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 0, 2, 4, 2, 3, 0, 0, 16, 16])?;
    /// assert_eq!(board.capture_chain(Seat::South, House::c).len(), 1);
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn len(self) -> usize {
        self.houses.len()
    }

    /// Whether the chain takes nothing.
    ///
    /// ```
    /// use oware_core::{Board, House, Seat};
    /// // E's last seed makes c hold 5: not 2 or 3, so no capture.
    /// let sowing = Board::OPENING.sow(House::E);
    /// assert!(sowing.board.capture_chain(Seat::South, sowing.last).is_empty());
    /// ```
    #[must_use]
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.houses.is_empty()
    }

    /// The seeds the chain takes from `board` (the board after sowing).
    ///
    /// ```
    /// use oware_core::{Board, House, Seat};
    /// // After sowing, a, b, c hold 2, 3, 2 and South's last seed fell in c.
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 0, 2, 3, 2, 4, 0, 0, 16, 16])?;
    /// let chain = board.capture_chain(Seat::South, House::c);
    /// assert_eq!(chain.seeds(board), 2 + 3 + 2);
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn seeds(self, board: Board) -> u8 {
        lanes_sum(board.lanes() & self.byte_mask())
    }

    /// The board with the chain's houses emptied into `mover`'s store.
    ///
    /// ```
    /// use oware_core::{Board, House, Seat};
    /// // After sowing, a, b, c hold 2, 3, 2 and South's last seed fell in c.
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 0, 2, 3, 2, 4, 0, 0, 16, 16])?;
    /// let chain = board.capture_chain(Seat::South, House::c);
    /// let after = chain.take(board, Seat::South);
    /// assert_eq!(after.store(Seat::South), 16 + 7);
    /// assert_eq!(after.non_empty(Seat::North).to_string(), "d");
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
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
    /// Whether the move that led from `before` to this board captured: only
    /// a capture puts seeds in a store (a grand slam leaves them as they were).
    ///
    /// ```
    /// use oware_core::{Board, House, Position, Seat};
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 3, 1, 2, 1, 4, 0, 0, 16, 16])?;
    /// let before = Position::new(board, Seat::South);
    /// assert!(before.play_abapa(House::F)?.board().captured_since(board)); // a, b, c
    /// assert!(!before.play_abapa(House::A)?.board().captured_since(board));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn captured_since(self, before: Board) -> bool {
        // The stores are bytes 12 and 13: one compare of bits 96 to 111.
        ((self.lanes() ^ before.lanes()) >> 96) as u16 != 0
    }

    /// The chain `mover` captures when their last seed falls in `last`, on
    /// this board (the board after sowing).
    ///
    /// Starting at `last`, each house is taken while it is the opponent's and
    /// holds exactly 2 or 3; the walk goes to lower indices and stops at the
    /// first house that fails, or after the opponent's first house. A `last`
    /// in the mover's own row gives an empty chain.
    ///
    /// ```
    /// use oware_core::{Board, House, Seat};
    /// // North's last seed made A hold 2; f holds 2 too, but it is North's own
    /// // house, so the walk stops at A rather than wrapping round to f.
    /// let board = Board::from_cells([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 22, 22])?;
    /// let chain = board.capture_chain(Seat::North, House::A);
    /// assert_eq!(chain.houses().collect::<Vec<_>>(), [House::A]);
    /// // South's last seed in South's own row takes nothing.
    /// assert!(board.capture_chain(Seat::South, House::A).is_empty());
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
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

impl Position {
    /// The houses `house` captures when played here, the last sown first:
    /// empty when it captures nothing, and for a grand slam (which captures
    /// nothing under every rule set). `house` must be a legal move.
    ///
    /// ```
    /// use oware_core::{Board, House, Position, Seat};
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 3, 1, 2, 1, 4, 0, 0, 16, 16])?;
    /// let position = Position::new(board, Seat::South);
    /// let chain = position.captures(House::F); // a, b, c now hold 2, 3, 2
    /// assert_eq!(chain.houses().collect::<Vec<_>>(), [House::c, House::b, House::a]);
    /// assert!(position.captures(House::A).is_empty());
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    pub fn captures(self, house: House) -> Chain {
        let sowing = self.board().sow_unchecked(house);
        sowing
            .board
            .capture_chain(self.to_move(), sowing.last)
            .unless_grand_slam(sowing.board)
    }
}
