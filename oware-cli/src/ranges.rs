//! Every number a person gives the command (a table size, a thread count,
//! a depth, a number of games…) and the range it must lie in: one rule for
//! every subcommand's flags and for the engine protocol's `setoption`.
//!
//! A number outside its range would otherwise fail late and badly: `--hash
//! 200000` asked the allocator for 200 GB and aborted, a depth beyond the
//! search's limit was quietly cut short.

use clap::builder::TypedValueParser;

/// The range a number must lie in, with the word for what it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Size {
    /// The least value accepted.
    pub(crate) min: u64,
    /// The greatest value accepted.
    pub(crate) max: u64,
    /// What the number counts, plural: `megabytes`, `plies`.
    pub(crate) unit: &'static str,
}

/// The transposition table, in megabytes (4 GB at most: the engine protocol
/// advertises the same range).
pub(crate) const HASH_MB: Size = Size::new(1, 4096, "megabytes");
/// Search threads.
pub(crate) const THREADS: Size = Size::new(1, 64, "threads");
/// A search's depth: the search goes no deeper than this.
pub(crate) const DEPTH: Size = Size::new(1, oware_search::Limits::MAX_DEPTH as u64, "plies");
/// A perft depth: at most six moves a ply, so 6^24 leaves still fit in 64 bits.
pub(crate) const PERFT_DEPTH: Size = Size::new(0, 24, "plies");
/// The plies from the opening an opening book covers.
pub(crate) const BOOK_PLIES: Size = Size::new(1, u8::MAX as u64, "plies");
/// Seeds on the board for an endgame database: all 48 at most.
pub(crate) const SEEDS: Size = Size::new(0, 48, "seeds");
/// Games in a match.
pub(crate) const GAMES: Size = Size::new(1, 10_000_000, "games");
/// Games played at once.
pub(crate) const CONCURRENCY: Size = Size::new(1, 64, "games");
/// Random plies of an opening.
pub(crate) const RANDOM_PLIES: Size = Size::new(0, 100, "plies");
/// Plies before a game is adjudicated.
pub(crate) const MAX_PLIES: Size = Size::new(1, 1_000_000, "plies");
/// Games between two progress lines.
pub(crate) const PROGRESS_EVERY: Size = Size::new(1, 10_000_000, "games");

impl Size {
    /// The range `min..=max` of `unit`.
    const fn new(min: u64, max: u64, unit: &'static str) -> Size {
        Size { min, max, unit }
    }

    /// The number `text` gives, if it is a whole number in range; else the
    /// reason, as `must be 1 to 4096 megabytes, found `200000``.
    pub(crate) fn parse(self, text: &str) -> Result<u64, String> {
        text.trim()
            .parse::<u64>()
            .ok()
            .filter(|n| (self.min..=self.max).contains(n))
            .ok_or_else(|| {
                let shown: String = text.chars().take(24).collect();
                format!(
                    "must be {} to {} {}, found `{shown}`",
                    self.min, self.max, self.unit
                )
            })
    }

    /// A clap value parser for a flag of type `T` holding this size.
    ///
    /// # Panics
    /// When the range does not fit in `T` (a mistake in a flag's declaration,
    /// caught by the first run of the flag).
    pub(crate) fn parser<T>(self) -> impl TypedValueParser<Value = T>
    where
        T: TryFrom<u64> + Clone + Send + Sync + 'static,
    {
        move |text: &str| {
            self.parse(text).map(|n| {
                T::try_from(n)
                    .ok()
                    .expect("a size's range fits the type of its flag")
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_range_are_accepted_and_others_say_the_range() {
        assert_eq!(HASH_MB.parse("64"), Ok(64));
        assert_eq!(HASH_MB.parse("4096"), Ok(4096));
        assert_eq!(
            HASH_MB.parse("200000"),
            Err("must be 1 to 4096 megabytes, found `200000`".to_owned())
        );
        assert_eq!(
            THREADS.parse("0"),
            Err("must be 1 to 64 threads, found `0`".to_owned())
        );
        assert!(DEPTH.parse("-3").is_err());
        assert!(DEPTH.parse("twelve").is_err());
        assert_eq!(PERFT_DEPTH.parse("0"), Ok(0));
    }

    #[test]
    fn the_perft_limit_keeps_the_count_in_64_bits() {
        assert!(6u64.checked_pow(PERFT_DEPTH.max as u32).is_some());
    }
}
