//! Houses, named by letter, and compact sets of them.

use core::fmt;
use core::str::FromStr;

use crate::seat::Seat;

/// One of the twelve houses, named as in play: `A`–`F` are South's (indices
/// 0–5), `a`–`f` are North's (indices 6–11). The case of the letter carries
/// the seat.
///
/// ```
/// use oware_core::{House, Seat};
/// let house: House = "c".parse()?;
/// assert_eq!(house, House::c);
/// assert_eq!(house.index(), 8);
/// assert_eq!(house.seat(), Seat::North);
/// assert_eq!(House::try_from(3)?, House::D);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum House {
    /// South's first house, index 0.
    A = 0,
    /// South's house at index 1.
    B,
    /// South's house at index 2.
    C,
    /// South's house at index 3.
    D,
    /// South's house at index 4.
    E,
    /// South's last house, index 5, followed by North's `a`.
    F,
    /// North's first house, index 6.
    a,
    /// North's house at index 7.
    b,
    /// North's house at index 8.
    c,
    /// North's house at index 9.
    d,
    /// North's house at index 10.
    e,
    /// North's last house, index 11, followed by South's `A`.
    f,
}

impl House {
    /// The number of houses.
    ///
    /// ```
    /// use oware_core::{House, Seat};
    /// assert_eq!(House::COUNT, 2 * Seat::South.houses().len());
    /// assert_eq!(House::ALL.len(), House::COUNT);
    /// assert_eq!(House::from_index(House::COUNT), None);
    /// ```
    pub const COUNT: usize = 12;

    /// Every house in index order.
    ///
    /// ```
    /// use oware_core::House;
    /// let letters: String = House::ALL.iter().map(|house| house.letter()).collect();
    /// assert_eq!(letters, "ABCDEFabcdef");
    /// ```
    pub const ALL: [House; 12] = [
        House::A,
        House::B,
        House::C,
        House::D,
        House::E,
        House::F,
        House::a,
        House::b,
        House::c,
        House::d,
        House::e,
        House::f,
    ];

    /// The index in the canonical layout, 0–11.
    ///
    /// ```
    /// use oware_core::{Board, House};
    /// assert_eq!(House::F.index(), 5);
    /// assert_eq!(House::a.index(), 6);
    /// let cells = Board::OPENING.sow(House::E).board.to_cells();
    /// assert_eq!(cells[House::c.index()], 5);
    /// ```
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The house at `index`, or `None` when `index` is 12 or more.
    ///
    /// ```
    /// use oware_core::House;
    /// assert_eq!(House::from_index(0), Some(House::A));
    /// assert_eq!(House::from_index(11), Some(House::f));
    /// assert_eq!(House::from_index(12), None); // 12 is South's store, not a house
    /// ```
    #[must_use]
    #[inline]
    pub const fn from_index(index: usize) -> Option<House> {
        if index < 12 {
            Some(House::ALL[index])
        } else {
            None
        }
    }

    /// The seat that owns this house.
    ///
    /// ```
    /// use oware_core::{House, Seat};
    /// assert_eq!(House::F.seat(), Seat::South);
    /// assert_eq!(House::a.seat(), Seat::North);
    /// ```
    #[must_use]
    #[inline]
    pub const fn seat(self) -> Seat {
        if (self as u8) < 6 {
            Seat::South
        } else {
            Seat::North
        }
    }

    /// The letter that names this house: `'A'`–`'F'` or `'a'`–`'f'`.
    ///
    /// ```
    /// use oware_core::House;
    /// assert_eq!(House::D.letter(), 'D');
    /// assert_eq!(House::d.letter(), 'd');
    /// assert_eq!(House::d.to_string(), "d");
    /// ```
    #[must_use]
    pub const fn letter(self) -> char {
        let i = self as u8;
        (if i < 6 { b'A' + i } else { b'a' + i - 6 }) as char
    }

    /// The house a letter names, or `None` for any other character.
    ///
    /// ```
    /// use oware_core::House;
    /// assert_eq!(House::from_letter('e'), Some(House::e));
    /// assert_eq!(House::from_letter('E'), Some(House::E));
    /// assert_eq!(House::from_letter('g'), None);
    /// ```
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<House> {
        match letter {
            'A'..='F' => House::from_index(letter as usize - 'A' as usize),
            'a'..='f' => House::from_index(letter as usize - 'a' as usize + 6),
            _ => None,
        }
    }

    /// The next house in sowing order (ascending index, `f` wraps to `A`).
    ///
    /// ```
    /// use oware_core::{Board, House};
    /// assert_eq!(House::F.next(), House::a);
    /// assert_eq!(House::f.next(), House::A);
    /// // E's four seeds end four houses on.
    /// let last = House::E.next().next().next().next();
    /// assert_eq!(Board::OPENING.sow(House::E).last, last);
    /// assert_eq!(last, House::c);
    /// ```
    #[must_use]
    #[inline]
    pub const fn next(self) -> House {
        House::ALL[(self as usize + 1) % 12]
    }

    /// The previous house: the direction a capture chain walks (`A` wraps to `f`).
    ///
    /// ```
    /// use oware_core::House;
    /// assert_eq!(House::c.previous(), House::b);
    /// assert_eq!(House::a.previous(), House::F);
    /// assert_eq!(House::A.previous(), House::f);
    /// ```
    #[must_use]
    #[inline]
    pub const fn previous(self) -> House {
        House::ALL[(self as usize + 11) % 12]
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.letter())
    }
}

/// The error returned when a number or text does not name a house.
///
/// ```
/// use oware_core::{House, HouseError};
/// assert_eq!(House::try_from(12), Err(HouseError::Index(12)));
/// let error = "g".parse::<House>().unwrap_err();
/// assert_eq!(error, HouseError::Letter("g".to_owned()));
/// assert_eq!(error.to_string(), "`g` is not a house: South's are A to F, North's a to f");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum HouseError {
    /// An index of 12 or more.
    Index(usize),
    /// Text that is not a single letter `A`–`F` or `a`–`f`.
    Letter(String),
}

impl fmt::Display for HouseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HouseError::Index(i) => write!(f, "no house has index {i}: houses are 0 to 11"),
            HouseError::Letter(s) => write!(
                f,
                "`{s}` is not a house: South's are A to F, North's a to f"
            ),
        }
    }
}

impl std::error::Error for HouseError {}

impl TryFrom<usize> for House {
    type Error = HouseError;
    fn try_from(index: usize) -> Result<House, HouseError> {
        House::from_index(index).ok_or(HouseError::Index(index))
    }
}

impl TryFrom<char> for House {
    type Error = HouseError;
    fn try_from(letter: char) -> Result<House, HouseError> {
        House::from_letter(letter).ok_or_else(|| HouseError::Letter(letter.to_string()))
    }
}

impl FromStr for House {
    type Err = HouseError;
    /// Reads one house letter; whitespace around it is ignored.
    fn from_str(text: &str) -> Result<House, HouseError> {
        let mut chars = text.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => House::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| HouseError::Letter(text.to_owned()))
    }
}

/// A set of houses as a 12-bit mask (bit `i` is the house of index `i`):
/// how legal moves are handed out without allocating.
///
/// ```
/// use oware_core::{House, HouseSet};
/// let set = HouseSet::EMPTY.with(House::B).with(House::e);
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.iter().collect::<Vec<_>>(), [House::B, House::e]);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct HouseSet(u16);

impl HouseSet {
    /// No house.
    ///
    /// ```
    /// use oware_core::{Board, HouseSet, Position, Seat};
    /// // North has 25: the game is over, and no move is legal.
    /// let board = Board::from_cells([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2, 20, 25])?;
    /// assert_eq!(Position::new(board, Seat::South).legal_moves_abapa(), HouseSet::EMPTY);
    /// assert_eq!(HouseSet::EMPTY.first(), None);
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    pub const EMPTY: HouseSet = HouseSet(0);
    /// All twelve houses.
    ///
    /// ```
    /// use oware_core::{HouseSet, Seat};
    /// assert_eq!(HouseSet::FULL.len(), 12);
    /// assert_eq!(HouseSet::FULL.difference(Seat::South.houses()), Seat::North.houses());
    /// ```
    pub const FULL: HouseSet = HouseSet(0xfff);

    /// The set whose bit `i` stands for the house of index `i`; bits above 11 are dropped.
    ///
    /// ```
    /// use oware_core::HouseSet;
    /// assert_eq!(HouseSet::from_bits(0b1000_0010_0001).to_string(), "AFf");
    /// assert_eq!(HouseSet::from_bits(0xf000), HouseSet::EMPTY);
    /// ```
    #[must_use]
    #[inline]
    pub const fn from_bits(bits: u16) -> HouseSet {
        HouseSet(bits & 0xfff)
    }

    /// The mask: bit `i` for the house of index `i`.
    ///
    /// ```
    /// use oware_core::{House, HouseSet, Seat};
    /// assert_eq!(Seat::South.houses().bits(), 0b0000_0011_1111);
    /// assert_eq!(Seat::North.houses().bits(), 0b1111_1100_0000);
    /// assert_eq!(HouseSet::EMPTY.with(House::C).bits(), 1 << 2);
    /// ```
    #[must_use]
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Whether the set holds no house.
    ///
    /// ```
    /// use oware_core::{Board, Seat};
    /// // North's row is empty: South must feed it.
    /// let board = Board::from_cells([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 23, 24])?;
    /// assert!(board.non_empty(Seat::North).is_empty());
    /// assert!(!board.non_empty(Seat::South).is_empty());
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many houses the set holds.
    ///
    /// ```
    /// use oware_core::{House, Position};
    /// assert_eq!(Position::OPENING.legal_moves_abapa().len(), 6);
    /// // After E and c, South's E is empty: five moves.
    /// let position = Position::OPENING.play_abapa(House::E)?.play_abapa(House::c)?;
    /// assert_eq!(position.legal_moves_abapa().len(), 5);
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether `house` is in the set.
    ///
    /// ```
    /// use oware_core::{House, Position};
    /// let moves = Position::OPENING.legal_moves_abapa();
    /// assert!(moves.contains(House::A));
    /// assert!(!moves.contains(House::a)); // North's, and South is to move
    /// ```
    #[must_use]
    #[inline]
    pub const fn contains(self, house: House) -> bool {
        self.0 & (1 << house as u16) != 0
    }

    /// The set with `house` added.
    ///
    /// ```
    /// use oware_core::{House, HouseSet, Seat};
    /// let row = [House::a, House::b, House::c, House::d, House::e, House::f];
    /// let set = row.into_iter().fold(HouseSet::EMPTY, HouseSet::with);
    /// assert_eq!(set, Seat::North.houses());
    /// assert_eq!(set.with(House::a), set); // already there
    /// ```
    #[must_use]
    #[inline]
    pub const fn with(self, house: House) -> HouseSet {
        HouseSet(self.0 | 1 << house as u16)
    }

    /// The set with `house` removed.
    ///
    /// ```
    /// use oware_core::{House, Seat};
    /// let set = Seat::South.houses().without(House::E);
    /// assert_eq!(set.to_string(), "ABCDF");
    /// assert_eq!(set.without(House::a), set); // never there
    /// ```
    #[must_use]
    #[inline]
    pub const fn without(self, house: House) -> HouseSet {
        HouseSet(self.0 & !(1 << house as u16))
    }

    /// The houses in both sets.
    ///
    /// ```
    /// use oware_core::{House, HouseSet, Seat};
    /// let picked = HouseSet::EMPTY.with(House::B).with(House::e);
    /// assert_eq!(picked.intersection(Seat::North.houses()).to_string(), "e");
    /// assert!(Seat::South.houses().intersection(Seat::North.houses()).is_empty());
    /// ```
    #[must_use]
    #[inline]
    pub const fn intersection(self, other: HouseSet) -> HouseSet {
        HouseSet(self.0 & other.0)
    }

    /// The houses of `self` that are not in `other`.
    ///
    /// ```
    /// use oware_core::{House, HouseSet, Seat};
    /// let slams = HouseSet::EMPTY.with(House::F);
    /// assert_eq!(Seat::South.houses().difference(slams).to_string(), "ABCDE");
    /// ```
    #[must_use]
    #[inline]
    pub const fn difference(self, other: HouseSet) -> HouseSet {
        HouseSet(self.0 & !other.0)
    }

    /// The house of lowest index, if any.
    ///
    /// ```
    /// use oware_core::{House, HouseSet, Position};
    /// assert_eq!(Position::OPENING.legal_moves_abapa().first(), Some(House::A));
    /// assert_eq!(HouseSet::from_bits(0b1100_0000_0000).first(), Some(House::e));
    /// assert_eq!(HouseSet::EMPTY.first(), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn first(self) -> Option<House> {
        if self.0 == 0 {
            None
        } else {
            House::from_index(self.0.trailing_zeros() as usize)
        }
    }

    /// The `n`th house of the set in ascending index order (from 0), as
    /// [`iter`](HouseSet::iter)`().nth(n)` gives it, without walking: a
    /// random choice among legal moves is `moves.nth(rng % moves.len())`.
    ///
    /// ```
    /// use oware_core::{House, HouseSet, Position};
    /// let moves = Position::OPENING.legal_moves_abapa();
    /// assert_eq!(moves.nth(0), Some(House::A));
    /// assert_eq!(moves.nth(5), Some(House::F));
    /// assert_eq!(moves.nth(6), None);
    /// let set = HouseSet::EMPTY.with(House::C).with(House::d);
    /// assert_eq!(set.nth(1), Some(House::d));
    /// ```
    #[must_use]
    #[inline]
    pub const fn nth(self, n: usize) -> Option<House> {
        let mut bits = self.0;
        let mut left = n;
        // Drop the lowest set bit `n` times; the lowest left is the answer.
        while left > 0 && bits != 0 {
            bits &= bits - 1;
            left -= 1;
        }
        HouseSet(bits).first()
    }

    /// The houses in ascending index order.
    ///
    /// ```
    /// use oware_core::{House, Seat};
    /// let letters: String = Seat::North.houses().iter().map(House::letter).collect();
    /// assert_eq!(letters, "abcdef");
    /// // Backwards, North's row reads as it is drawn.
    /// let drawn: String = Seat::North.houses().iter().rev().map(House::letter).collect();
    /// assert_eq!(drawn, "fedcba");
    /// ```
    #[must_use]
    #[inline]
    pub fn iter(self) -> HouseSetIter {
        HouseSetIter(self.0)
    }
}

impl fmt::Debug for HouseSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for HouseSet {
    /// The letters of the houses in index order, e.g. `ABF`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|h| fmt::Display::fmt(&h, f))
    }
}

impl FromIterator<House> for HouseSet {
    fn from_iter<I: IntoIterator<Item = House>>(iter: I) -> HouseSet {
        iter.into_iter().fold(HouseSet::EMPTY, HouseSet::with)
    }
}

impl IntoIterator for HouseSet {
    type Item = House;
    type IntoIter = HouseSetIter;
    fn into_iter(self) -> HouseSetIter {
        self.iter()
    }
}

/// The houses of a [`HouseSet`] in ascending index order.
///
/// ```
/// use oware_core::{House, HouseSet};
/// let mut iter = HouseSet::EMPTY.with(House::B).with(House::d).with(House::e).iter();
/// assert_eq!(iter.len(), 3);
/// assert_eq!(iter.next(), Some(House::B));
/// assert_eq!(iter.next_back(), Some(House::e));
/// assert_eq!(iter.collect::<Vec<_>>(), [House::d]);
/// ```
#[derive(Clone, Debug)]
pub struct HouseSetIter(u16);

impl Iterator for HouseSetIter {
    type Item = House;

    #[inline]
    fn next(&mut self) -> Option<House> {
        if self.0 == 0 {
            return None;
        }
        // The set holds bits 0..=11 only; the padded table spares the
        // bounds check on the way.
        const BY_BIT: [House; 16] = {
            let mut table = [House::A; 16];
            let mut i = 0;
            while i < 12 {
                table[i] = House::ALL[i];
                i += 1;
            }
            table
        };
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(BY_BIT[index & 15])
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for HouseSetIter {
    #[inline]
    fn next_back(&mut self) -> Option<House> {
        if self.0 == 0 {
            return None;
        }
        let index = 15 - self.0.leading_zeros() as usize;
        self.0 &= !(1 << index);
        House::from_index(index)
    }
}

impl ExactSizeIterator for HouseSetIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_is_the_iterators_nth_for_every_set() {
        for bits in 0..=0xfff {
            let set = HouseSet::from_bits(bits);
            for n in 0..=12 {
                assert_eq!(set.nth(n), set.iter().nth(n), "{set:?}, {n}");
            }
            assert_eq!(set.nth(usize::MAX), None);
        }
    }
}
