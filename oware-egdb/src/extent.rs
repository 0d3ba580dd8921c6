//! How much of a database there is (a rule set and its most seeds), the
//! database every front end offers by default, and what one costs: its
//! files' size, exactly, and its build time, estimated.

use std::time::Duration;

use crate::file;
use crate::rank::{positions_up_to, slice_len};
use crate::ruleset::Ruleset;
use crate::slice::Slice;

/// A database's extent: its rule set and its most seeds on the board.
///
/// ```
/// use oware_egdb::{Extent, Ruleset};
/// let default = Extent::DEFAULT;
/// assert_eq!(default.ruleset, Ruleset::Abapa);
/// // Two bytes a position and a 32-byte header a slice.
/// assert_eq!(default.disk_len(), 2 * default.positions() + 32 * 21);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extent {
    /// The rules it is solved under.
    pub ruleset: Ruleset,
    /// Its largest slice: every position with up to this many seeds.
    pub max_seeds: u8,
}

impl Extent {
    /// The database a person gets by default: abapa's, up to 20 seeds. Its
    /// files serve abapa and Aualé's rule alike (`oware_egdb::Ruleset::fitting`
    /// names them for both), the rules `oware play` and `oware uci` start
    /// with. Twenty seeds, as the size ladder chose (docs/endgames.md, "The
    /// size ladder"): a database is worth about +80 Elo at 100 ms a move,
    /// 14 seeds measured worse than 20, and 16, 18 and 22 seeds no
    /// different; 20 seeds cost a minute's build and 452 MB, once.
    pub const DEFAULT: Extent = Extent {
        ruleset: Ruleset::Abapa,
        max_seeds: 20,
    };

    /// Its positions: every way of putting up to `max_seeds` seeds in the
    /// twelve houses.
    #[must_use]
    pub const fn positions(self) -> u64 {
        positions_up_to(self.max_seeds)
    }

    /// The bytes of its files on disk, exactly: each slice's header and
    /// its values.
    #[must_use]
    pub const fn disk_len(self) -> u64 {
        let mut total = 0;
        let mut seeds = 0;
        while seeds <= self.max_seeds {
            total += file_len(self.ruleset, seeds);
            seeds += 1;
        }
        total
    }
}

/// The length of slice `seeds`' file: the header, then a value (or two,
/// under abapa) a position.
#[must_use]
pub const fn file_len(ruleset: Ruleset, seeds: u8) -> u64 {
    file::HEADER as u64 + slice_len(seeds) * Slice::width(ruleset) as u64
}

/// Positions solved per second of one core's time, as measured on the
/// project's 2-core machine building each rule set to 20 seeds
/// (docs/endgames.md, "The default database"): abapa's 225,792,840
/// positions in 113.8 s of CPU (4 December 2026, lightly loaded); awari's
/// in 102 s (1 December 2026, idle, "Build times and sizes"; not measured
/// again since, so likely slow by now).
const fn rate_per_core(ruleset: Ruleset) -> u64 {
    match ruleset {
        Ruleset::Abapa => 1_980_000,
        Ruleset::Awari => 2_210_000,
    }
}

/// An estimate of the time to solve `positions` positions of `ruleset` on
/// `cores` cores: the measured rate per core (see the source) times the
/// cores, which the build keeps busy. It is an estimate: a machine's
/// speed, its load and the slices' sizes (bigger ones solve a little more
/// slowly a position) all move it. On the machine the rates were measured on
/// it gives 57 s for [`Extent::DEFAULT`], where the build took 63 s.
///
/// ```
/// use oware_egdb::{Extent, build_estimate};
/// let default = Extent::DEFAULT;
/// let two = build_estimate(default.ruleset, default.positions(), 2);
/// assert_eq!(two.as_secs(), 57);
/// assert!(build_estimate(default.ruleset, default.positions(), 4) < two);
/// ```
#[must_use]
pub fn build_estimate(ruleset: Ruleset, positions: u64, cores: usize) -> Duration {
    let per_second = rate_per_core(ruleset) as f64 * cores.max(1) as f64;
    Duration::from_secs_f64(positions as f64 / per_second)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Database;

    #[test]
    fn the_disk_length_is_what_a_build_writes() {
        for ruleset in Ruleset::ALL {
            let db = Database::build(ruleset, 6);
            let written: u64 = (0..=6)
                .map(|seeds| db.slice_file(seeds).expect("a slice").len() as u64)
                .sum();
            let extent = Extent {
                ruleset,
                max_seeds: 6,
            };
            assert_eq!(extent.disk_len(), written, "{ruleset}");
        }
    }

    #[test]
    fn the_default_is_abapa_to_twenty_seeds_and_its_size_is_exact() {
        // 225,792,840 positions, two bytes each, and 21 headers.
        assert_eq!(Extent::DEFAULT.positions(), 225_792_840);
        assert_eq!(Extent::DEFAULT.disk_len(), 451_586_352);
    }
}
