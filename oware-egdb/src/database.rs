//! The database in memory: one solved slice per seed count, and probing.

use std::time::Duration;

use oware_core::{House, Position};

use crate::error::{Damage, EgdbError};
use crate::rank::{rank, slice_len};
use crate::ruleset::{Bounds, Ruleset};
use crate::slice::{DamageReport, Slice};
use crate::solve::solve;
use crate::view::{Houses, houses_of, moves, seeds};

/// What happened while building, for progress displays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BuildEvent {
    /// A slice is being solved: `positions` in all.
    Started {
        /// The seed count.
        seeds: u8,
        /// Its positions.
        positions: u64,
    },
    /// Part of the slice is done: `done` of `2 × positions` work units (the
    /// forward pass is the first half, the levels the second).
    Advanced {
        /// The seed count.
        seeds: u8,
        /// Units done.
        done: u64,
    },
    /// The slice is solved.
    Finished(SliceReport),
    /// The slice was already on disk and was read rather than solved.
    Loaded {
        /// The seed count.
        seeds: u8,
    },
    /// The slice's file on disk is damaged: it is solved and written again.
    Damaged {
        /// The seed count.
        seeds: u8,
        /// What is wrong with the file.
        damage: Damage,
    },
}

/// What solving one slice took and gave.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SliceReport {
    /// The seed count.
    pub seeds: u8,
    /// Its positions.
    pub positions: u64,
    /// The time it took to solve (not to write); zero on WebAssembly, which has no clock.
    pub elapsed: Duration,
    /// Positions whose LO and HI bounds meet (all of them under awari).
    pub exact: u64,
}

/// Every position with up to [`max_seeds`](Database::max_seeds) seeds on the
/// board, solved, in memory.
///
/// ```
/// use oware_egdb::{Bounds, Database, Ruleset};
/// let db = Database::build(Ruleset::Awari, 4);
/// // Two seeds each, nothing to capture in one move: a draw by endless play.
/// assert_eq!(db.probe_houses([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]), Some(Bounds::exact(0)));
/// // The opponent's row is empty and A cannot feed it: the mover takes both.
/// assert_eq!(db.probe_houses([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), Some(Bounds::exact(2)));
/// assert_eq!(db.probe_houses([5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), None);
/// ```
pub struct Database {
    ruleset: Ruleset,
    slices: Vec<Slice>,
    /// Told once of each slice a probe finds damaged.
    on_damage: Option<DamageReport>,
}

impl Database {
    /// Solves every position with up to `max_seeds` seeds, in memory.
    ///
    /// # Panics
    /// If `max_seeds` is over 48, or the slices do not fit in memory.
    #[must_use]
    pub fn build(ruleset: Ruleset, max_seeds: u8) -> Database {
        Database::build_with_progress(ruleset, max_seeds, &|_| {})
    }

    /// [`build`](Database::build), telling `progress` what it does (from
    /// any of the threads it uses).
    ///
    /// # Panics
    /// As [`build`](Database::build).
    #[must_use]
    pub fn build_with_progress(
        ruleset: Ruleset,
        max_seeds: u8,
        progress: &(dyn Fn(BuildEvent) + Sync),
    ) -> Database {
        let mut db = Database::empty(ruleset);
        for _ in 0..=max_seeds {
            db.solve_next(progress);
        }
        db
    }

    /// A database with no slice yet.
    pub(crate) fn empty(ruleset: Ruleset) -> Database {
        assert!(usize::from(u8::MAX) > crate::rank::MAX_SEEDS);
        Database {
            ruleset,
            slices: Vec::new(),
            on_damage: None,
        }
    }

    /// Solves the next slice (of [`slice_count`](Database::slice_count)
    /// seeds) from the slices held, keeps it, and says what it took: how a
    /// database grows one seed count at a time (the web page grows its own
    /// while the player is idle).
    ///
    /// ```
    /// use oware_egdb::{Database, Ruleset};
    /// let mut db = Database::build(Ruleset::Abapa, 3);
    /// let report = db.solve_next(&|_| {});
    /// assert_eq!((report.seeds, db.max_seeds()), (4, 4));
    /// assert_eq!(db.slice_file(4), Database::build(Ruleset::Abapa, 4).slice_file(4));
    /// ```
    ///
    /// # Panics
    /// If the database already holds 48 seeds, or the slice does not fit in memory.
    pub fn solve_next(&mut self, progress: &(dyn Fn(BuildEvent) + Sync)) -> SliceReport {
        let seeds = self.slices.len() as u8;
        assert!(
            usize::from(seeds) <= crate::rank::MAX_SEEDS,
            "a board holds at most 48 seeds"
        );
        let positions = slice_len(seeds);
        progress(BuildEvent::Started { seeds, positions });
        // `Instant::now` panics on wasm32-unknown-unknown, which has no
        // clock: there the web page times its builds itself.
        #[cfg(not(target_arch = "wasm32"))]
        let started = Some(std::time::Instant::now());
        #[cfg(target_arch = "wasm32")]
        let started: Option<std::time::Instant> = None;
        let slice = solve(self.ruleset, seeds, &self.slices, &|done| {
            progress(BuildEvent::Advanced { seeds, done });
        });
        let report = SliceReport {
            seeds,
            positions,
            elapsed: started.map_or(Duration::ZERO, |started| started.elapsed()),
            exact: slice.exact_count(),
        };
        self.slices.push(slice);
        progress(BuildEvent::Finished(report));
        report
    }

    /// Adds a slice read from a file; it must be the next one.
    pub(crate) fn push(&mut self, slice: Slice) {
        debug_assert_eq!(usize::from(slice.seeds()), self.slices.len());
        self.slices.push(slice);
    }

    /// Every slice held, from 0 seeds up.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn slices(&self) -> &[Slice] {
        &self.slices
    }

    /// How many slices are held: the seed count of the next one to solve.
    #[must_use]
    pub fn slice_count(&self) -> usize {
        self.slices.len()
    }

    /// The slice of `seeds` seeds.
    pub(crate) fn slice(&self, seeds: u8) -> Option<&Slice> {
        self.slices.get(usize::from(seeds))
    }

    /// The most seeds a position may hold to be in the database.
    ///
    /// # Panics
    /// Never for a database from [`build`](Database::build) or
    /// [`open`](Database::open), which hold at least the empty board.
    #[must_use]
    pub fn max_seeds(&self) -> u8 {
        u8::try_from(self.slices.len()).expect("at most 49 slices") - 1
    }

    /// The rule set the positions were solved under.
    #[must_use]
    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }

    /// The bounds of `position` for its side to move; `None` if it holds
    /// more seeds than the database. Stores are ignored.
    #[must_use]
    #[inline]
    pub fn probe(&self, position: &Position) -> Option<Bounds> {
        self.probe_houses(houses_of(*position))
    }

    /// The bounds of the position whose mover's row is `houses[0..6]` and
    /// opponent's row `houses[6..12]`; `None` if it holds too many seeds.
    #[must_use]
    #[inline]
    pub fn probe_houses(&self, houses: [u8; 12]) -> Option<Bounds> {
        // A plain sum (twelve bytes cannot overflow a u32) compiles to a few vector instructions: a probe's work is mostly
        // its wait for memory, and the fewer instructions around the load,
        // the more probes the processor keeps waiting at once.
        let n: u32 = houses.iter().map(|&h| u32::from(h)).sum();
        let slice = self.slices.get(n as usize)?;
        slice.probe(rank(&houses), self.on_damage.as_ref())
    }

    /// Calls `report`, once for each slice, when a probe finds a slice
    /// damaged (a value no position can have: out of `-n..=n`, `lo > hi`,
    /// or, under abapa, not of the parity of `n`). The slice is not used from then on:
    /// its probes give `None`, as past the database's end.
    ///
    ///
    /// The command-line front ends report it on stderr, or to the engine
    /// protocol's GUI, and go on without the slice.
    pub fn on_damage(&mut self, report: impl Fn(&EgdbError) + Send + Sync + 'static) {
        self.on_damage = Some(Box::new(report));
    }

    /// The seed counts of the slices found damaged so far.
    #[must_use]
    pub fn damaged(&self) -> Vec<u8> {
        self.slices
            .iter()
            .filter(|slice| slice.is_damaged())
            .map(Slice::seeds)
            .collect()
    }

    /// The bounds of each legal move of `position` for its mover (what it
    /// captures minus the child's value, the child's bounds swapped); `None`
    /// if the position holds too many seeds. Empty when the game is settled.
    ///
    /// ```
    /// use oware_core::{Board, House, Position, Seat};
    /// use oware_egdb::{Bounds, Database, Ruleset};
    /// let db = Database::build(Ruleset::Awari, 3);
    /// // South's F (1 seed) makes a hold 2 and takes it; then North has nothing.
    /// let board = Board::from_cells([0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 22, 23])?;
    /// let moves = db.probe_moves(&Position::new(board, Seat::South)).unwrap();
    /// assert_eq!(moves, [(House::F, Bounds::exact(3))]);
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    pub fn probe_moves(&self, position: &Position) -> Option<Vec<(House, Bounds)>> {
        let houses = houses_of(*position);
        if seeds(&houses) > self.max_seeds() {
            return None;
        }
        let first = position.to_move().first_house_index();
        let mut found = Vec::with_capacity(6);
        for m in moves(&houses, &self.ruleset.rules()) {
            let child = self.probe_houses(m.child)?;
            let house = House::ALL[first + m.house];
            found.push((house, Bounds::after_move(m.captured, child)));
        }
        Some(found)
    }

    /// Positions of slice `seeds` whose bounds meet; `None` past the end.
    #[must_use]
    pub fn exact_count(&self, seeds: u8) -> Option<u64> {
        self.slice(seeds).map(Slice::exact_count)
    }

    /// How many positions of slice `seeds` hold each bounds pair that
    /// occurs there, in increasing order of (lo, hi); `None` past the end.
    /// Reads the whole slice.
    ///
    /// ```
    /// use oware_egdb::{Bounds, Database, Ruleset};
    /// let db = Database::build(Ruleset::Awari, 1);
    /// // One seed: whoever moves it keeps it, or it is captured... the 12
    /// // positions of slice 1 hold these values.
    /// let counts = db.value_counts(1).unwrap();
    /// assert_eq!(counts.iter().map(|&(_, n)| n).sum::<u64>(), 12);
    /// assert!(counts.iter().all(|&(b, _)| b.is_exact() && (-1..=1).contains(&b.lo)));
    /// ```
    #[must_use]
    pub fn value_counts(&self, seeds: u8) -> Option<Vec<(Bounds, u64)>> {
        let slice = self.slice(seeds)?;
        let index = |value: i8| usize::from(value as u8);
        let mut counts = vec![0u64; 256 * 256];
        if self.ruleset.has_bounds() {
            for pair in slice.values().chunks_exact(2) {
                counts[index(pair[0]) * 256 + index(pair[1])] += 1;
            }
        } else {
            for &value in slice.values() {
                counts[index(value) * 256 + index(value)] += 1;
            }
        }
        let mut found: Vec<(Bounds, u64)> = counts
            .iter()
            .enumerate()
            .filter(|&(_, &count)| count > 0)
            .map(|(at, &count)| {
                let bounds = Bounds {
                    lo: (at / 256) as u8 as i8,
                    hi: (at % 256) as u8 as i8,
                };
                (bounds, count)
            })
            .collect();
        found.sort_by_key(|&(bounds, _)| (bounds.lo, bounds.hi));
        Some(found)
    }
}

impl core::fmt::Debug for Database {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Database")
            .field("ruleset", &self.ruleset)
            .field("max_seeds", &self.max_seeds())
            .finish()
    }
}

/// The mover-relative houses of `position`, as [`Database::probe_houses`]
/// takes them: for North to move, North's row comes first.
///
/// ```
/// use oware_core::{Position, Seat, Board};
/// let position = Position::new(Board::OPENING, Seat::North);
/// assert_eq!(oware_egdb::mover_houses(&position), [4; 12]);
/// ```
#[must_use]
pub fn mover_houses(position: &Position) -> [u8; 12] {
    let houses: Houses = houses_of(*position);
    houses
}
