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
    pub const COUNT: usize = 12;

    /// Every house in index order.
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
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The house at `index`, or `None` when `index` is 12 or more.
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
    #[must_use]
    pub const fn letter(self) -> char {
        let i = self as u8;
        (if i < 6 { b'A' + i } else { b'a' + i - 6 }) as char
    }

    /// The house a letter names, or `None` for any other character.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<House> {
        match letter {
            'A'..='F' => House::from_index(letter as usize - 'A' as usize),
            'a'..='f' => House::from_index(letter as usize - 'a' as usize + 6),
            _ => None,
        }
    }

    /// The next house in sowing order (ascending index, `f` wraps to `A`).
    #[must_use]
    #[inline]
    pub const fn next(self) -> House {
        House::ALL[(self as usize + 1) % 12]
    }

    /// The previous house: the direction a capture chain walks (`A` wraps to `f`).
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
#[derive(Clone, Debug, PartialEq, Eq)]
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
    fn from_str(text: &str) -> Result<House, HouseError> {
        let mut chars = text.chars();
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
    pub const EMPTY: HouseSet = HouseSet(0);
    /// All twelve houses.
    pub const FULL: HouseSet = HouseSet(0xfff);

    /// The set whose bit `i` stands for the house of index `i`; bits above 11 are dropped.
    #[must_use]
    #[inline]
    pub const fn from_bits(bits: u16) -> HouseSet {
        HouseSet(bits & 0xfff)
    }

    /// The mask: bit `i` for the house of index `i`.
    #[must_use]
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Whether the set holds no house.
    #[must_use]
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many houses the set holds.
    #[must_use]
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether `house` is in the set.
    #[must_use]
    #[inline]
    pub const fn contains(self, house: House) -> bool {
        self.0 & (1 << house as u16) != 0
    }

    /// The set with `house` added.
    #[must_use]
    #[inline]
    pub const fn with(self, house: House) -> HouseSet {
        HouseSet(self.0 | 1 << house as u16)
    }

    /// The set with `house` removed.
    #[must_use]
    #[inline]
    pub const fn without(self, house: House) -> HouseSet {
        HouseSet(self.0 & !(1 << house as u16))
    }

    /// The houses in both sets.
    #[must_use]
    #[inline]
    pub const fn intersection(self, other: HouseSet) -> HouseSet {
        HouseSet(self.0 & other.0)
    }

    /// The houses of `self` that are not in `other`.
    #[must_use]
    #[inline]
    pub const fn difference(self, other: HouseSet) -> HouseSet {
        HouseSet(self.0 & !other.0)
    }

    /// The house of lowest index, if any.
    #[must_use]
    #[inline]
    pub const fn first(self) -> Option<House> {
        if self.0 == 0 {
            None
        } else {
            House::from_index(self.0.trailing_zeros() as usize)
        }
    }

    /// The houses in ascending index order.
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
