//! The nineteen levels of the bot: 1, which a beginner can beat, to 19,
//! full strength for the time given. A level is a depth, a time, and
//! deliberate noise added to the root scores before choosing; the bot that
//! plays them (the noise drawn, the book opened) is `oware-player`'s.

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

use oware_search::Limits;

/// A playing level, 1 to 19.
///
/// ```
/// use oware_player::Level;
/// let level: Level = "7".parse()?;
/// assert_eq!(level.get(), 7);
/// assert!(Level::new(20).is_err());
/// assert!(Level::MAX.limits().depth.is_none()); // level 19: time only
/// # Ok::<(), oware_player::LevelError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// Why a number is not a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LevelError {
    /// A number outside 1–19.
    OutOfRange(u32),
    /// Text that is not a number.
    NotANumber(String),
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelError::OutOfRange(n) => write!(
                f,
                "there is no level {n}: levels are {} to {}",
                Level::MIN.0,
                Level::MAX.0
            ),
            LevelError::NotANumber(text) => write!(
                f,
                "`{text}` is not a level: levels are {} to {}",
                Level::MIN.0,
                Level::MAX.0
            ),
        }
    }
}

impl std::error::Error for LevelError {}

/// Per level (index 0 is level 1): the depth limit (0 = none), the time
/// limit in milliseconds, and the noise in hundredths of a seed. Low levels
/// are shallow and noisy; from level 10 the noise is gone and the depth
/// grows two plies a level; levels 15 to 19 are limited by time alone,
/// from 20 ms to 1 s, 2.5 times more a level and 3 times at the top, where
/// more time is worth less. The values are set by `cargo lab ladder`
/// (docs/matches.md): each level scores 60% or more against the one below.
/// Level 7 searches a ply deeper than 6 with more noise, 0.8 seeds: at
/// 0.6 it was as strong as level 8, the same depth with 0.3.
const TABLE: [(u32, u64, u32); 19] = [
    (1, 1000, 500),
    (1, 1000, 250),
    (2, 1000, 250),
    (2, 1000, 120),
    (3, 1000, 120),
    (3, 1000, 60),
    (4, 1000, 80),
    (4, 1000, 30),
    (5, 1000, 30),
    (6, 1000, 0),
    (8, 1000, 0),
    (10, 1000, 0),
    (12, 1000, 0),
    (14, 1000, 0),
    (0, 20, 0),
    (0, 50, 0),
    (0, 130, 0),
    (0, 330, 0),
    (0, 1000, 0),
];

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level: full strength for the time given.
    pub const MAX: Level = Level(19);

    /// The level numbered `n`.
    ///
    /// # Errors
    /// [`LevelError::OutOfRange`] unless `1 <= n <= 19`.
    pub fn new(n: u8) -> Result<Level, LevelError> {
        if (1..=19).contains(&n) {
            Ok(Level(n))
        } else {
            Err(LevelError::OutOfRange(u32::from(n)))
        }
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=19).map(Level)
    }

    /// The level's number.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    const fn row(self) -> (u32, u64, u32) {
        TABLE[self.0 as usize - 1]
    }

    /// The search limits of the level: a depth (none from level 15) and a
    /// time (1 s at level 19: "full strength for the time given").
    #[must_use]
    pub fn limits(self) -> Limits {
        let (depth, millis, _) = self.row();
        Limits {
            depth: (depth > 0).then_some(depth),
            nodes: None,
            time: Some(Duration::from_millis(millis)),
            clock: None,
        }
    }

    /// The spread of the noise added to each root move's score before the
    /// level chooses, in seeds (0 from level 10 up).
    #[must_use]
    pub fn noise(self) -> f32 {
        self.row().2 as f32 / 100.0
    }

    /// Whether the level opens from an opening book when one is at hand:
    /// the levels limited by time alone (15 and up), which play at full
    /// strength for their time. The book itself lives in `oware-book`.
    ///
    /// ```
    /// use oware_player::Level;
    /// assert!(!Level::new(14)?.plays_book());
    /// assert!(Level::new(15)?.plays_book() && Level::MAX.plays_book());
    /// # Ok::<(), oware_player::LevelError>(())
    /// ```
    #[must_use]
    pub const fn plays_book(self) -> bool {
        self.0 >= 15
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = LevelError;
    fn from_str(text: &str) -> Result<Level, LevelError> {
        let n: u32 = text
            .trim()
            .parse()
            .map_err(|_| LevelError::NotANumber(text.to_owned()))?;
        u8::try_from(n)
            .ok()
            .and_then(|n| Level::new(n).ok())
            .ok_or(LevelError::OutOfRange(n))
    }
}

impl TryFrom<u8> for Level {
    type Error = LevelError;
    fn try_from(n: u8) -> Result<Level, LevelError> {
        Level::new(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_their_errors_read_as_words() {
        assert_eq!(Level::new(7).unwrap().to_string(), "7");
        assert_eq!(
            LevelError::OutOfRange(20).to_string(),
            "there is no level 20: levels are 1 to 19"
        );
        assert_eq!(
            LevelError::NotANumber("x".to_owned()).to_string(),
            "`x` is not a level: levels are 1 to 19"
        );
    }

    #[test]
    fn the_noise_is_the_tables_hundredths_of_a_seed_and_none_from_level_10() {
        for level in Level::all() {
            let noise = level.noise();
            let hundredths = TABLE[usize::from(level.get()) - 1].2;
            assert!(
                (noise * 100.0 - hundredths as f32).abs() < 1e-3,
                "level {level}: {noise}"
            );
            assert!((0.0..=5.0).contains(&noise), "level {level}: {noise}");
            assert_eq!(noise == 0.0, level.get() >= 10, "level {level}: {noise}");
        }
    }
}
