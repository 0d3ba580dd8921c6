//! One solved slice of the database: every position with one seed count,
//! in rank order, in memory or mapped from its file, and checked as it is
//! probed.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::{Damage, EgdbError};
use crate::rank::slice_len;
use crate::ruleset::{Bounds, Ruleset};

/// What a database calls when a probe finds a slice damaged.
pub(crate) type DamageReport = Box<dyn Fn(&EgdbError) + Send + Sync>;

/// The solved positions with exactly one seed count: one byte per position
/// under awari, two (LO, HI) under abapa, in rank order.
pub(crate) struct Slice {
    ruleset: Ruleset,
    seeds: u8,
    values: Values,
    /// Set by the first probe that reads a value no position can have: the
    /// slice is not used from then on.
    damaged: AtomicBool,
    /// What to call it when it is damaged: its file, or which slice it is.
    name: String,
}

/// Where a slice's values are: solved or read into memory, or (off the
/// web) a file mapped read-only, whose pages are read when first probed and
/// shared with every process that maps it.
enum Values {
    Owned(Box<[i8]>),
    #[cfg(not(target_arch = "wasm32"))]
    Mapped(oware_file::Mapped),
}

impl Slice {
    /// A slice from its values, `slice_len(seeds)` entries of the ruleset's width.
    pub(crate) fn new(ruleset: Ruleset, seeds: u8, values: Box<[i8]>) -> Slice {
        debug_assert_eq!(
            values.len() as u64,
            slice_len(seeds) * Slice::width(ruleset) as u64
        );
        Slice {
            ruleset,
            seeds,
            // Probes and the forward pass of the next slices read it at random.
            values: Values::Owned(crate::memory::on_huge_pages(values)),
            damaged: AtomicBool::new(false),
            name: format!("the {ruleset} slice of {seeds} seeds"),
        }
    }

    /// A slice from a mapped file whose header and length are checked.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn mapped(ruleset: Ruleset, seeds: u8, file: oware_file::Mapped) -> Slice {
        debug_assert_eq!(
            file.len() as u64,
            crate::file::HEADER as u64 + slice_len(seeds) * Slice::width(ruleset) as u64
        );
        Slice {
            ruleset,
            seeds,
            values: Values::Mapped(file),
            damaged: AtomicBool::new(false),
            name: format!("the {ruleset} slice of {seeds} seeds"),
        }
    }

    /// The slice, called `name` when it is damaged.
    pub(crate) fn named(mut self, name: String) -> Slice {
        self.name = name;
        self
    }

    /// Bytes per position.
    pub(crate) const fn width(ruleset: Ruleset) -> usize {
        if ruleset.has_bounds() { 2 } else { 1 }
    }

    /// The bounds of the position of rank `rank`.
    #[inline]
    pub(crate) fn bounds(&self, rank: u64) -> Bounds {
        let values = self.values();
        let r = rank as usize;
        if self.ruleset.has_bounds() {
            Bounds {
                lo: values[2 * r],
                hi: values[2 * r + 1],
            }
        } else {
            Bounds::exact(values[r])
        }
    }

    /// Starts fetching the value of the position of rank `rank` into the
    /// caches, for a [`bounds`](Slice::bounds) soon after.
    #[inline]
    pub(crate) fn prefetch(&self, rank: u64) {
        let width = Slice::width(self.ruleset);
        if let Some(cell) = self.values().get(rank as usize * width) {
            crate::memory::prefetch(cell);
        }
    }

    /// The stored values, as in a file.
    #[inline]
    pub(crate) fn values(&self) -> &[i8] {
        match &self.values {
            Values::Owned(values) => values,
            #[cfg(not(target_arch = "wasm32"))]
            Values::Mapped(file) => crate::file::as_values(&file[crate::file::HEADER..]),
        }
    }

    /// The seed count.
    pub(crate) fn seeds(&self) -> u8 {
        self.seeds
    }

    /// Whether a probe has found the slice damaged.
    pub(crate) fn is_damaged(&self) -> bool {
        self.damaged.load(Ordering::Relaxed)
    }

    /// Positions whose bounds meet.
    pub(crate) fn exact_count(&self) -> u64 {
        if self.ruleset.has_bounds() {
            self.values()
                .chunks_exact(2)
                .filter(|pair| pair[0] == pair[1])
                .count() as u64
        } else {
            slice_len(self.seeds)
        }
    }

    /// The bounds of the position of rank `rank` for a probe: `None` once
    /// the slice is found damaged, and from the probe that finds it so.
    #[inline]
    pub(crate) fn probe(&self, rank: u64, on_damage: Option<&DamageReport>) -> Option<Bounds> {
        if self.damaged.load(Ordering::Relaxed) {
            return None;
        }
        let bounds = self.bounds(rank);
        if !bounds.is_possible(self.seeds, self.ruleset) {
            self.found_damaged(rank, on_damage);
            return None;
        }
        Some(bounds)
    }

    /// Marks the slice damaged, and the first time tells the database's
    /// damage report (`on_damage`).
    #[cold]
    #[inline(never)]
    fn found_damaged(&self, rank: u64, on_damage: Option<&DamageReport>) {
        if !self.damaged.swap(true, Ordering::Relaxed)
            && let Some(report) = on_damage
        {
            report(&EgdbError::Damaged {
                file: self.name.clone(),
                damage: Damage::Value { rank },
            });
        }
    }
}

/// Whether entry `rank` of `values` (a slice of `seeds` seeds under
/// `ruleset`) holds bounds some position can have.
pub(crate) fn possible(ruleset: Ruleset, seeds: u8, values: &[i8], rank: usize) -> bool {
    let bounds = if ruleset.has_bounds() {
        Bounds {
            lo: values[2 * rank],
            hi: values[2 * rank + 1],
        }
    } else {
        Bounds::exact(values[rank])
    };
    bounds.is_possible(seeds, ruleset)
}
