//! The two seats at the board.

use core::fmt;
use core::ops::{Index, IndexMut};
use core::str::FromStr;

use crate::house::HouseSet;

/// One of the two players. South moves first and owns houses A–F; North owns a–f.
///
/// ```
/// use oware_core::Seat;
/// assert_eq!(Seat::South.opponent(), Seat::North);
/// assert_eq!("north".parse::<Seat>(), Ok(Seat::North));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Seat {
    /// The first player, owner of houses A–F (indices 0–5) and store 12.
    South = 0,
    /// The second player, owner of houses a–f (indices 6–11) and store 13.
    North = 1,
}

impl Seat {
    /// Both seats, South first.
    ///
    /// ```
    /// use oware_core::{Board, Seat};
    /// assert_eq!(Seat::ALL[0], Seat::South); // South moves first
    /// for seat in Seat::ALL {
    ///     assert_eq!(Board::OPENING.seeds_on_side(seat), 24);
    /// }
    /// ```
    pub const ALL: [Seat; 2] = [Seat::South, Seat::North];

    /// The other seat.
    ///
    /// ```
    /// use oware_core::{House, Position, Seat};
    /// assert_eq!(Seat::North.opponent(), Seat::South);
    /// let position = Position::OPENING.play_abapa(House::E)?;
    /// assert_eq!(position.to_move(), Seat::South.opponent());
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn opponent(self) -> Seat {
        match self {
            Seat::South => Seat::North,
            Seat::North => Seat::South,
        }
    }

    /// 0 for South, 1 for North.
    ///
    /// ```
    /// use oware_core::Seat;
    /// let mut captured = [0u8; 2];
    /// captured[Seat::North.index()] += 3;
    /// assert_eq!(captured, [0, 3]);
    /// ```
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The index of the first house of this seat's row (0 or 6).
    ///
    /// ```
    /// use oware_core::{House, Seat};
    /// assert_eq!(House::ALL[Seat::South.first_house_index()], House::A);
    /// assert_eq!(House::ALL[Seat::North.first_house_index()], House::a);
    /// ```
    #[must_use]
    #[inline]
    pub const fn first_house_index(self) -> usize {
        self.index() * 6
    }

    /// The index of this seat's store in the canonical 14-cell layout (12 or 13).
    ///
    /// ```
    /// use oware_core::{Board, Seat};
    /// let cells = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2, 20, 25];
    /// let board = Board::from_cells(cells)?;
    /// assert_eq!(cells[Seat::South.store_index()], 20);
    /// assert_eq!(board.store(Seat::North), cells[Seat::North.store_index()]);
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn store_index(self) -> usize {
        12 + self.index()
    }

    /// The six houses of this seat's row.
    ///
    /// ```
    /// use oware_core::{House, Seat};
    /// assert!(Seat::North.houses().contains(House::a));
    /// assert_eq!(Seat::South.houses().len(), 6);
    /// ```
    #[must_use]
    #[inline]
    pub const fn houses(self) -> HouseSet {
        HouseSet::from_bits(0x3f << self.first_house_index())
    }

    /// The lowercase English name: `"south"` or `"north"`.
    ///
    /// ```
    /// use oware_core::Seat;
    /// assert_eq!(Seat::North.name(), "north");
    /// assert_eq!(Seat::North.name().parse::<Seat>(), Ok(Seat::North));
    /// assert_eq!(Seat::North.to_string(), "North"); // Display is capitalised
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Seat::South => "south",
            Seat::North => "north",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::South => "South",
            Seat::North => "North",
        })
    }
}

/// The error returned when text does not name a seat.
///
/// ```
/// use oware_core::Seat;
/// assert_eq!("P2".parse::<Seat>(), Ok(Seat::North));
/// let error = "east".parse::<Seat>().unwrap_err();
/// assert_eq!(error.to_string(), "unknown seat `east`: expected south or north (also s, n, p1, p2)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSeatError(String);

impl fmt::Display for ParseSeatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown seat `{}`: expected south or north (also s, n, p1, p2)",
            self.0
        )
    }
}

impl std::error::Error for ParseSeatError {}

impl FromStr for Seat {
    type Err = ParseSeatError;

    /// Accepts `south`/`north`, `s`/`n` and `p1`/`p2`, in any case, with
    /// any whitespace around.
    fn from_str(text: &str) -> Result<Seat, ParseSeatError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "south" | "s" | "p1" => Ok(Seat::South),
            "north" | "n" | "p2" => Ok(Seat::North),
            _ => Err(ParseSeatError(text.to_owned())),
        }
    }
}

/// A pair of values, one per seat, indexed by [`Seat`].
///
/// ```
/// use oware_core::{BySeat, Seat};
/// let mut stores = BySeat::new(0u8, 0u8);
/// stores[Seat::North] += 3;
/// assert_eq!(stores.north, 3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySeat<T> {
    /// South's value.
    pub south: T,
    /// North's value.
    pub north: T,
}

impl<T> BySeat<T> {
    /// A pair from South's and North's values.
    ///
    /// ```
    /// use oware_core::{Board, BySeat, Seat};
    /// let moves = BySeat::new(3, 2);
    /// assert_eq!(moves[Seat::South], 3);
    /// assert_eq!(Board::OPENING.stores(), BySeat::new(0, 0));
    /// ```
    pub const fn new(south: T, north: T) -> BySeat<T> {
        BySeat { south, north }
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    #[inline]
    fn index(&self, seat: Seat) -> &T {
        match seat {
            Seat::South => &self.south,
            Seat::North => &self.north,
        }
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    #[inline]
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        match seat {
            Seat::South => &mut self.south,
            Seat::North => &mut self.north,
        }
    }
}
