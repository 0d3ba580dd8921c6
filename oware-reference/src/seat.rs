//! The two seats at the board, and which houses and store each one owns.

use std::ops::RangeInclusive;

/// One of the two players.
///
/// South moves first and owns houses A–F (indices 0–5) and the store at
/// index 12; North owns houses a–f (indices 6–11) and the store at index 13.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Seat {
    /// The first player: houses A–F (0–5), store 12.
    South,
    /// The second player: houses a–f (6–11), store 13.
    North,
}

impl Seat {
    /// The other seat.
    ///
    /// ```
    /// use oware_reference::Seat;
    /// assert_eq!(Seat::South.opponent(), Seat::North);
    /// assert_eq!(Seat::North.opponent(), Seat::South);
    /// ```
    #[must_use]
    pub fn opponent(self) -> Seat {
        match self {
            Seat::South => Seat::North,
            Seat::North => Seat::South,
        }
    }

    /// The indices of this seat's six houses.
    pub(crate) fn houses(self) -> RangeInclusive<usize> {
        match self {
            Seat::South => 0..=5,
            Seat::North => 6..=11,
        }
    }

    /// Whether `house` is one of this seat's six houses.
    pub(crate) fn owns(self, house: usize) -> bool {
        self.houses().contains(&house)
    }

    /// The index of this seat's store in the 14-cell layout.
    pub(crate) fn store(self) -> usize {
        match self {
            Seat::South => 12,
            Seat::North => 13,
        }
    }

    /// Where this seat's figures go in a `[South, North]` pair.
    pub(crate) fn index(self) -> usize {
        match self {
            Seat::South => 0,
            Seat::North => 1,
        }
    }
}
