//! A set of puzzles with the settings that proved them: the shipped one,
//! reading and writing the file, and choosing a puzzle (today's, by id,
//! near a rating, by theme).

use std::path::Path;

use crate::file::{PuzzleFileError, decode, encode};
use crate::prove::Settings;
use crate::puzzle::Puzzle;
use crate::theme::Theme;

/// The set shipped with this crate, built by `oware puzzle build` from the
/// games in docs/games.
static SHIPPED: &[u8] = include_bytes!("../data/puzzles.bin");

/// Puzzles and the settings they were proved with.
///
/// ```
/// use oware_puzzle::PuzzleSet;
/// let set = PuzzleSet::shipped();
/// assert!(!set.puzzles().is_empty());
/// // The same puzzle for everyone on a day.
/// let today = set.daily(20_000).expect("a set with puzzles has a daily one");
/// assert_eq!(set.by_id(&today.id()), Some(today));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSet {
    settings: Settings,
    puzzles: Vec<Puzzle>,
}

impl PuzzleSet {
    /// A set of `puzzles` proved with `settings`.
    #[must_use]
    pub fn new(settings: Settings, puzzles: Vec<Puzzle>) -> PuzzleSet {
        PuzzleSet { settings, puzzles }
    }

    /// The shipped set.
    ///
    /// # Panics
    /// If the shipped file is damaged (a test reads it, so a release cannot be).
    #[must_use]
    pub fn shipped() -> PuzzleSet {
        PuzzleSet::from_bytes(SHIPPED).expect("the shipped puzzle file reads")
    }

    /// The shipped file's size in bytes.
    #[must_use]
    pub fn shipped_len() -> usize {
        SHIPPED.len()
    }

    /// Reads a set from a file's bytes (the format is in [`file`](crate::file)).
    ///
    /// # Errors
    /// [`PuzzleFileError`] for a damaged or foreign file.
    pub fn from_bytes(bytes: &[u8]) -> Result<PuzzleSet, PuzzleFileError> {
        decode(bytes).map(|(settings, puzzles)| PuzzleSet { settings, puzzles })
    }

    /// The set as a file's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        encode(self.settings, &self.puzzles)
    }

    /// Reads a set from the file at `path`.
    ///
    /// # Errors
    /// The file cannot be read (the system's error), or is no sound puzzle file.
    pub fn open(path: &Path) -> Result<PuzzleSet, Box<dyn std::error::Error + Send + Sync>> {
        let bytes = std::fs::read(path)?;
        Ok(PuzzleSet::from_bytes(&bytes)?)
    }

    /// The settings the puzzles were proved with.
    #[must_use]
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The puzzles, in the order built.
    #[must_use]
    pub fn puzzles(&self) -> &[Puzzle] {
        &self.puzzles
    }

    /// Adds a puzzle, unless one with its id is already there; says whether it did.
    pub fn add(&mut self, puzzle: Puzzle) -> bool {
        let id = puzzle.id();
        if self.puzzles.iter().any(|p| p.id() == id) {
            return false;
        }
        self.puzzles.push(puzzle);
        true
    }

    /// The puzzle with id `id`.
    #[must_use]
    pub fn by_id(&self, id: &str) -> Option<&Puzzle> {
        self.puzzles.iter().find(|p| p.id() == id)
    }

    /// The puzzle of day `day` (days since 1970-01-01, UTC): the same for
    /// everyone, a different one each day until the set is gone through
    /// (a fixed shuffle of the days, so neighbours in the file are not
    /// neighbours in time).
    #[must_use]
    pub fn daily(&self, day: i64) -> Option<&Puzzle> {
        let n = self.puzzles.len() as u64;
        if n == 0 {
            return None;
        }
        // A step coprime with n walks every puzzle once before repeating.
        let mut step = 0x9e37_79b9_u64 % n;
        while gcd(step, n) != 1 {
            step += 1;
        }
        let index = (day.rem_euclid(n as i64) as u64 * step) % n;
        self.puzzles.get(index as usize)
    }

    /// The puzzle with `theme` (any, with `None`) whose rating is nearest
    /// `rating`, among those `skip` does not rule out (those already seen).
    #[must_use]
    pub fn near(
        &self,
        rating: f64,
        theme: Option<Theme>,
        skip: &dyn Fn(&Puzzle) -> bool,
    ) -> Option<&Puzzle> {
        self.puzzles
            .iter()
            .filter(|p| theme.is_none_or(|t| p.themes().contains(t)) && !skip(p))
            .min_by(|a, b| {
                let distance = |p: &Puzzle| (f64::from(p.rating()) - rating).abs();
                distance(a).total_cmp(&distance(b))
            })
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The days since 1970-01-01 of the date `year-month-day` (proleptic
/// Gregorian), for [`PuzzleSet::daily`]; `None` for no such date.
///
/// ```
/// use oware_puzzle::days_from_date;
/// assert_eq!(days_from_date(1970, 1, 1), Some(0));
/// assert_eq!(days_from_date(2026, 12, 7), Some(20_794));
/// assert_eq!(days_from_date(2026, 2, 29), None);
/// ```
#[must_use]
pub fn days_from_date(year: i64, month: u32, day: u32) -> Option<i64> {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let lengths = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=12).contains(&month) || day == 0 || day > lengths[month as usize - 1] {
        return None;
    }
    // Days before the year: 365 a year, plus the leap days from 1970.
    let leaps_before = |y: i64| (y - 1) / 4 - (y - 1) / 100 + (y - 1) / 400;
    let days_year = 365 * (year - 1970) + leaps_before(year) - leaps_before(1970);
    let days_month: u32 = lengths[..month as usize - 1].iter().sum();
    Some(days_year + i64::from(days_month) + i64::from(day) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_daily_puzzle_walks_the_whole_set() {
        let set = PuzzleSet::shipped();
        let n = set.puzzles().len();
        let mut seen: Vec<String> = (0..n as i64).map(|d| set.daily(d).unwrap().id()).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), n);
        assert_eq!(set.daily(7), set.daily(7 + n as i64));
    }

    #[test]
    fn near_finds_the_closest_rating_with_the_theme() {
        let set = PuzzleSet::shipped();
        let first = &set.puzzles()[0];
        let found = set
            .near(f64::from(first.rating()), None, &|_| false)
            .unwrap();
        assert_eq!(found.rating(), first.rating());
        let skipped = set.near(f64::from(first.rating()), None, &|p| p.id() == found.id());
        assert_ne!(skipped.map(Puzzle::id), Some(found.id()));
    }

    #[test]
    fn dates_count_leap_years() {
        assert_eq!(days_from_date(2000, 3, 1), Some(11_017));
        assert_eq!(days_from_date(2024, 2, 29), Some(19_782));
        assert_eq!(days_from_date(2026, 13, 1), None);
    }
}
