//! The board: twelve houses and two stores in one 16-byte value.

use core::fmt;
use core::ops::Index;

use crate::house::{House, HouseSet};
use crate::lanes;
use crate::seat::{BySeat, Seat};

/// Seeds in play at every moment of every game, houses and stores together.
///
/// ```
/// use oware_core::{Board, House, Position, Seat, TOTAL_SEEDS};
/// assert_eq!(TOTAL_SEEDS, 12 * 4); // four in each house at the opening
/// // South's F makes a, b, c hold 2, 3, 2 and takes all 7: the seeds move to
/// // South's store, and the total stays.
/// let board = Board::from_cells([5, 0, 0, 0, 0, 3, 1, 2, 1, 4, 0, 0, 16, 16])?;
/// let after = Position::new(board, Seat::South).play_abapa(House::F)?;
/// assert_eq!(after.board().store(Seat::South), 23);
/// assert_eq!(after.board().total(), u32::from(TOTAL_SEEDS));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const TOTAL_SEEDS: u8 = 48;

/// Twelve houses and two stores, copied by value: sixteen bytes that fit one
/// vector register, so playing a move is copy-make rather than do-undo.
///
/// The bytes are the canonical layout — houses 0–11, South's store at 12,
/// North's at 13 — followed by two bytes that are always zero. Every board
/// holds exactly [`TOTAL_SEEDS`] seeds: the constructors check it and the
/// moves preserve it.
///
/// ```
/// use oware_core::{Board, House, Seat};
/// let board = Board::OPENING;
/// assert_eq!(board[House::E], 4);
/// assert_eq!(board.seeds_on_side(Seat::North), 24);
/// assert_eq!(board.store(Seat::South), 0);
/// assert_eq!(board.total(), 48);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, align(16))]
pub struct Board {
    cells: [u8; 16],
}

/// Why a set of counts is not a board.
///
/// ```
/// use oware_core::{Board, BoardError};
/// let cells = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 0, 0]; // one seed short
/// let error = Board::from_cells(cells).unwrap_err();
/// assert_eq!(error, BoardError::WrongTotal { total: 47 });
/// assert_eq!(error.to_string(), "the board holds 47 seeds; a game of oware always has 48");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// The houses and stores do not add up to 48.
    WrongTotal {
        /// The sum that was found.
        total: u32,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::WrongTotal { total } => write!(
                f,
                "the board holds {total} seeds; a game of oware always has {TOTAL_SEEDS}"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

impl Board {
    /// The opening: four seeds in every house, both stores empty.
    ///
    /// ```
    /// use oware_core::{Board, BySeat, House};
    /// assert!(House::ALL.iter().all(|&house| Board::OPENING[house] == 4));
    /// assert_eq!(Board::OPENING.stores(), BySeat::new(0, 0));
    /// assert_eq!(Board::default(), Board::OPENING);
    /// ```
    pub const OPENING: Board = Board {
        cells: [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 0],
    };

    /// The board with these counts in the canonical 14-cell layout (houses
    /// 0–11, South's store, North's store).
    ///
    /// # Errors
    /// [`BoardError::WrongTotal`] when the counts do not add up to 48.
    ///
    /// ```
    /// use oware_core::Board;
    /// let mut cells = [0u8; 14];
    /// cells[0] = 1;
    /// cells[12] = 47;
    /// assert!(Board::from_cells(cells).is_ok());
    /// cells[12] = 46;
    /// assert!(Board::from_cells(cells).is_err());
    /// ```
    pub fn from_cells(cells: [u8; 14]) -> Result<Board, BoardError> {
        let total: u32 = cells.iter().map(|&c| u32::from(c)).sum();
        if total != u32::from(TOTAL_SEEDS) {
            return Err(BoardError::WrongTotal { total });
        }
        let mut padded = [0; 16];
        padded[..14].copy_from_slice(&cells);
        Ok(Board { cells: padded })
    }

    /// The counts in the canonical 14-cell layout: the exchange format between crates.
    ///
    /// ```
    /// use oware_core::Board;
    /// assert_eq!(Board::OPENING.to_cells(), [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0]);
    /// ```
    #[must_use]
    pub fn to_cells(self) -> [u8; 14] {
        let mut cells = [0; 14];
        cells.copy_from_slice(&self.cells[..14]);
        cells
    }

    /// The seeds in `house` (the same as `board[house]`).
    ///
    /// ```
    /// use oware_core::{Board, House};
    /// // E's four seeds go one each into F, a, b and c.
    /// let board = Board::OPENING.sow(House::E).board;
    /// assert_eq!(board.seeds(House::E), 0);
    /// assert_eq!(board.seeds(House::c), 5);
    /// assert_eq!(board.seeds(House::d), 4);
    /// ```
    #[must_use]
    #[inline]
    pub const fn seeds(self, house: House) -> u8 {
        self.cells[house.index()]
    }

    /// The seeds captured so far by `seat`.
    ///
    /// ```
    /// use oware_core::{Board, House, Position, Seat};
    /// // South's F (3 seeds) makes a, b, c hold 2, 3, 2: all three are taken.
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 3, 1, 2, 1, 4, 0, 0, 16, 16])?;
    /// let after = Position::new(board, Seat::South).play_abapa(House::F)?;
    /// assert_eq!(after.board().store(Seat::South), 16 + 7);
    /// assert_eq!(after.board().store(Seat::North), 16);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn store(self, seat: Seat) -> u8 {
        self.cells[seat.store_index()]
    }

    /// Both stores, as a pair indexed by [`Seat`].
    ///
    /// ```
    /// use oware_core::{Board, BySeat, Seat};
    /// let board = Board::from_cells([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2, 20, 25])?;
    /// let stores = board.stores();
    /// assert_eq!(stores, BySeat::new(20, 25));
    /// assert_eq!(stores[Seat::North], board.store(Seat::North));
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn stores(self) -> BySeat<u8> {
        BySeat::new(self.cells[12], self.cells[13])
    }

    /// The seeds in `seat`'s six houses (not counting the store).
    ///
    /// ```
    /// use oware_core::{Board, House, Seat};
    /// // E's four seeds: one stays on South's side (F), three cross to North's.
    /// let board = Board::OPENING.sow(House::E).board;
    /// assert_eq!(board.seeds_on_side(Seat::South), 24 - 3);
    /// assert_eq!(board.seeds_on_side(Seat::North), 24 + 3);
    /// ```
    #[must_use]
    #[inline]
    pub const fn seeds_on_side(self, seat: Seat) -> u8 {
        // Six byte lanes summed by one multiply: no lane exceeds 48 and the
        // sum never exceeds 48, so no partial sum carries out of its byte.
        let row = match seat {
            Seat::South => self.lanes() as u64,
            Seat::North => (self.lanes() >> 48) as u64,
        } & 0xffff_ffff_ffff;
        (row.wrapping_mul(0x0101_0101_0101) >> 40) as u8
    }

    /// Every seed on the board, houses and stores: [`TOTAL_SEEDS`], always.
    ///
    /// ```
    /// use oware_core::{Game, Rules};
    /// // Sowing and capturing move seeds about; none are made or lost.
    /// let mut game = Game::new(Rules::ABAPA);
    /// while let Some(house) = game.legal_moves().first() {
    ///     game.play(house)?;
    ///     assert_eq!(game.position().board().total(), 48);
    /// }
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    #[must_use]
    pub fn total(self) -> u32 {
        self.cells.iter().map(|&c| u32::from(c)).sum()
    }

    /// The houses of `seat` that hold at least one seed.
    ///
    /// ```
    /// use oware_core::{Board, House, Seat};
    /// let board = Board::OPENING.sow(House::E).board;
    /// assert_eq!(board.non_empty(Seat::South).to_string(), "ABCDF"); // E was lifted
    /// assert_eq!(board.non_empty(Seat::North), Seat::North.houses());
    /// ```
    #[must_use]
    #[inline]
    pub fn non_empty(self, seat: Seat) -> HouseSet {
        HouseSet::from_bits(lanes::at_least(self.lanes(), lanes::ONES)).intersection(seat.houses())
    }

    /// The board as one 128-bit integer, little-endian: byte `i` is cell `i`
    /// of the canonical layout, bytes 14 and 15 are zero. A cheap key for
    /// hashing and tables.
    ///
    /// ```
    /// use oware_core::Board;
    /// assert_eq!(Board::OPENING.lanes() & 0xff, 4);
    /// assert_eq!(Board::OPENING.lanes() >> 96, 0); // empty stores
    /// ```
    #[must_use]
    #[inline]
    pub const fn lanes(self) -> u128 {
        u128::from_le_bytes(self.cells)
    }

    /// The board whose cells are the bytes of `lanes`; the caller keeps the
    /// invariants (48 seeds, padding zero).
    #[inline]
    pub(crate) const fn from_lanes(lanes: u128) -> Board {
        Board {
            cells: lanes.to_le_bytes(),
        }
    }
}

impl Index<House> for Board {
    type Output = u8;
    #[inline]
    fn index(&self, house: House) -> &u8 {
        &self.cells[house.index()]
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::OPENING
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({:?})", self.to_cells())
    }
}

impl TryFrom<[u8; 14]> for Board {
    type Error = BoardError;
    fn try_from(cells: [u8; 14]) -> Result<Board, BoardError> {
        Board::from_cells(cells)
    }
}
