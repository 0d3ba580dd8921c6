// tidy: long because its unit tests pin the private entry layout and the
// replacement policy (what mutation testing checks), which only this file can reach.
//! The transposition table: what earlier searches learnt about a position,
//! shared by every search thread.
//!
//! Each entry is 16 bytes held in two atomic words, and the key is the whole
//! position (79 bits: twelve 6-bit houses, South's 6-bit store — North's
//! follows from the 48-seed total — and the seat to move), so an entry can
//! never be mistaken for another position's. A bucket is four entries, one
//! 64-byte cache line. Threads write without locks; the first word is stored
//! xor-ed with the second, so a read that sees halves of two different
//! writes fails the key check and is treated as a miss.

use std::sync::atomic::{AtomicU64, Ordering};

use oware_core::{House, Position};

use crate::score::Value;

/// What a stored value says about the position's true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Bound {
    /// Nothing (an empty slot).
    None = 0,
    /// The value is at most this (every move failed low).
    Upper = 1,
    /// The value is at least this (a move failed high).
    Lower = 2,
    /// The value is exact.
    Exact = 3,
}

impl Bound {
    const fn from_bits(bits: u64) -> Bound {
        match bits & 3 {
            0 => Bound::None,
            1 => Bound::Upper,
            2 => Bound::Lower,
            _ => Bound::Exact,
        }
    }
}

/// One entry, unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The value, in table form (see [`crate::score::to_table`]).
    pub(crate) value: Value,
    /// The remaining depth the value was searched to.
    pub(crate) depth: u8,
    /// What the value bounds.
    pub(crate) bound: Bound,
    /// The best (or first refuting) move found.
    pub(crate) best: Option<House>,
    /// A proven value that is no proof: it rested on a position above the
    /// node it was found at, or on another doubtful value (see `search.rs`).
    pub(crate) doubtful: bool,
}

/// A position packed in 79 bits.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Key(u128);

const KEY_BITS: u32 = 79;
const KEY_MASK: u128 = (1 << KEY_BITS) - 1;

impl Key {
    /// The key of `position`: each cell's six significant bits, packed.
    #[inline]
    pub(crate) fn of(position: Position) -> Key {
        // Cells hold at most 48, so the top two bits of every byte are zero;
        // three rounds of shift-and-merge squeeze 16 bytes of 6 bits into 96.
        let x = position.board().lanes();
        let x = (x & 0x00ff_00ff_00ff_00ff_00ff_00ff_00ff_00ff)
            | ((x & 0xff00_ff00_ff00_ff00_ff00_ff00_ff00_ff00) >> 2);
        let x = (x & 0x0000_ffff_0000_ffff_0000_ffff_0000_ffff)
            | ((x & 0xffff_0000_ffff_0000_ffff_0000_ffff_0000) >> 4);
        let x = (x & 0x0000_0000_ffff_ffff_0000_0000_ffff_ffff)
            | ((x & 0xffff_ffff_0000_0000_ffff_ffff_0000_0000) >> 8);
        let x = (x & 0xffff_ffff_ffff_ffff) | ((x >> 64) << 48);
        // Bits 0..72 are the houses, 72..78 South's store: North's store is
        // 48 minus the rest, so it need not be kept.
        let seat = position.to_move() as u128;
        Key((x & ((1 << 78) - 1)) | seat << 78)
    }

    /// A 64-bit hash, for the bucket index.
    #[inline]
    fn hash(self) -> u64 {
        let lo = self.0 as u64;
        let hi = (self.0 >> 64) as u64;
        let h = lo.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ hi.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        h ^ (h >> 29)
    }
}

// The entry's 128 bits: key 0..79, value 79..95 (i16), depth 95..103,
// bound 103..105, move 105..109 (15 = none), generation 109..115, doubtful 115.
const VALUE_SHIFT: u32 = 79;
const DEPTH_SHIFT: u32 = 95;
const BOUND_SHIFT: u32 = 103;
const MOVE_SHIFT: u32 = 105;
const GEN_SHIFT: u32 = 109;
const DOUBT_SHIFT: u32 = 115;
const GEN_MASK: u8 = 63;
const NO_MOVE: u128 = 15;

/// Four entries sharing a cache line.
#[repr(C, align(64))]
#[derive(Default)]
struct Bucket {
    words: [AtomicU64; 8],
}

const ENTRIES_PER_BUCKET: usize = 4;

/// Zeroed buckets in one allocation aligned to 2 MB, which Linux is asked
/// to back with huge pages: a probe then rarely misses the TLB as well as
/// the cache, and children's buckets can be prefetched without page walks.
struct Buckets {
    ptr: std::ptr::NonNull<Bucket>,
    len: usize,
}

/// Huge pages are 2 MB on x86-64 Linux.
const HUGE_PAGE: usize = 2 * 1024 * 1024;

impl Buckets {
    /// The layout of `len` buckets, or `None` when its size overflows the
    /// address space.
    fn layout(len: usize) -> Option<std::alloc::Layout> {
        let size = len.checked_mul(size_of::<Bucket>())?;
        let align = if size >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            align_of::<Bucket>()
        };
        std::alloc::Layout::from_size_align(size, align).ok()
    }

    /// `len` (at least 1) zeroed buckets, or `None` when the size overflows
    /// or the allocator refuses it: a size a user typed is an error to
    /// report, never an abort.
    fn new(len: usize) -> Option<Buckets> {
        let layout = Buckets::layout(len)?;
        // SAFETY: the layout has a non-zero size (len >= 1 and buckets are 64 bytes).
        let raw = unsafe { std::alloc::alloc_zeroed(layout) };
        let ptr = std::ptr::NonNull::new(raw.cast::<Bucket>())?;
        let buckets = Buckets { ptr, len };
        oware_file::advise_huge_pages(&buckets);
        Some(buckets)
    }
}

impl core::ops::Deref for Buckets {
    type Target = [Bucket];
    fn deref(&self) -> &[Bucket] {
        // SAFETY: `ptr` holds `len` buckets, zero-initialised (all-zero
        // atomics are valid), alive until drop.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        let layout = Buckets::layout(self.len).expect("the layout it was allocated with");
        // SAFETY: allocated in `new` with this very layout.
        unsafe { std::alloc::dealloc(self.ptr.as_ptr().cast(), layout) }
    }
}

// SAFETY: the buckets are atomics, shared between threads by design.
unsafe impl Send for Buckets {}
// SAFETY: as above: every access goes through atomic operations.
unsafe impl Sync for Buckets {}

/// The table: a number of buckets (any, not only powers of two), indexed by a multiply-shift.
pub(crate) struct Table {
    buckets: Buckets,
    generation: std::sync::atomic::AtomicU8,
}

impl Table {
    /// A table of about `megabytes` MB (at least one bucket), or `None`
    /// when that much cannot be allocated.
    pub(crate) fn new(megabytes: usize) -> Option<Table> {
        let bytes = megabytes.checked_mul(1024 * 1024)?;
        let count = (bytes / size_of::<Bucket>()).max(1);
        Some(Table {
            buckets: Buckets::new(count)?,
            generation: std::sync::atomic::AtomicU8::new(0),
        })
    }

    /// Empties every entry.
    pub(crate) fn clear(&self) {
        for bucket in self.buckets.iter() {
            for word in &bucket.words {
                word.store(0, Ordering::Relaxed);
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search: older entries become easier to replace.
    pub(crate) fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation.store((g + 1) & GEN_MASK, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: Key) -> &Bucket {
        let index = ((u128::from(key.hash()) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Hints the processor to fetch `position`'s bucket into the cache:
    /// a node prefetches its children's buckets when it generates them, so
    /// the misses overlap instead of each stalling its own child's probe.
    #[inline]
    pub(crate) fn prefetch(&self, position: Position) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket: *const Bucket = self.bucket(Key::of(position));
            // SAFETY: a prefetch has no effect on memory; the pointer is in bounds.
            unsafe {
                core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(
                    bucket.cast(),
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = position;
    }

    #[inline]
    fn read(bucket: &Bucket, slot: usize) -> u128 {
        let a = bucket.words[2 * slot].load(Ordering::Relaxed);
        let b = bucket.words[2 * slot + 1].load(Ordering::Relaxed);
        u128::from(a ^ b) | u128::from(b) << 64
    }

    #[inline]
    fn write(bucket: &Bucket, slot: usize, data: u128) {
        let a = data as u64;
        let b = (data >> 64) as u64;
        bucket.words[2 * slot].store(a ^ b, Ordering::Relaxed);
        bucket.words[2 * slot + 1].store(b, Ordering::Relaxed);
    }

    /// The entry for `key`, if the table holds one.
    #[inline]
    pub(crate) fn probe(&self, key: Key) -> Option<Entry> {
        let bucket = self.bucket(key);
        for slot in 0..ENTRIES_PER_BUCKET {
            let data = Table::read(bucket, slot);
            let bound = Bound::from_bits((data >> BOUND_SHIFT) as u64);
            if data & KEY_MASK == key.0 && bound != Bound::None {
                let best = ((data >> MOVE_SHIFT) & 15) as usize;
                return Some(Entry {
                    value: Value::from((data >> VALUE_SHIFT) as u16 as i16),
                    depth: (data >> DEPTH_SHIFT) as u8,
                    bound,
                    best: House::from_index(best),
                    doubtful: (data >> DOUBT_SHIFT) & 1 == 1,
                });
            }
        }
        None
    }

    /// Stores what a search of `key` found. The slot chosen is the one
    /// holding the same position, else the least valuable: entries from
    /// earlier searches first, then the shallowest.
    #[inline]
    pub(crate) fn store(&self, key: Key, entry: Entry) {
        let bucket = self.bucket(key);
        let generation = self.generation.load(Ordering::Relaxed);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        let mut old_move = None;
        for slot in 0..ENTRIES_PER_BUCKET {
            let data = Table::read(bucket, slot);
            let bound = Bound::from_bits((data >> BOUND_SHIFT) as u64);
            if bound == Bound::None {
                victim = slot;
                break;
            }
            if data & KEY_MASK == key.0 {
                victim = slot;
                old_move = House::from_index(((data >> MOVE_SHIFT) & 15) as usize);
                let old_depth = (data >> DEPTH_SHIFT) as u8;
                let old_gen = ((data >> GEN_SHIFT) as u8) & GEN_MASK;
                // Keep a deeper exact-ish entry of this search over a
                // shallower bound; an exact result always replaces.
                if entry.bound != Bound::Exact
                    && old_gen == generation
                    && old_depth > entry.depth.saturating_add(2)
                {
                    return;
                }
                break;
            }
            let depth = i32::from((data >> DEPTH_SHIFT) as u8);
            let age = i32::from(generation.wrapping_sub((data >> GEN_SHIFT) as u8) & GEN_MASK);
            let worth = depth - 8 * age + i32::from(bound == Bound::Exact);
            if worth < victim_worth {
                victim_worth = worth;
                victim = slot;
            }
        }
        let best = entry.best.or(old_move);
        let data = key.0
            | u128::from(entry.value as i16 as u16) << VALUE_SHIFT
            | u128::from(entry.depth) << DEPTH_SHIFT
            | (entry.bound as u128) << BOUND_SHIFT
            | best.map_or(NO_MOVE, |h| h.index() as u128) << MOVE_SHIFT
            | u128::from(generation) << GEN_SHIFT
            | u128::from(entry.doubtful) << DOUBT_SHIFT;
        Table::write(bucket, victim, data);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::{Board, Seat};

    #[test]
    fn keys_are_distinct_and_entries_round_trip() {
        let a = Position::OPENING;
        let b = a.play_unchecked(House::E);
        let c = Position::new(a.board(), Seat::North);
        assert_ne!(Key::of(a), Key::of(b));
        assert_ne!(Key::of(a), Key::of(c));
        let table = Table::new(1).unwrap();
        let entry = Entry {
            value: -29_990,
            depth: 17,
            bound: Bound::Lower,
            best: Some(House::d),
            doubtful: false,
        };
        table.store(Key::of(b), entry);
        assert_eq!(table.probe(Key::of(b)), Some(entry));
        assert_eq!(table.probe(Key::of(a)), None);
        // The doubt mark comes back as it went in.
        let doubtful = Entry {
            doubtful: true,
            ..entry
        };
        table.store(Key::of(c), doubtful);
        assert_eq!(table.probe(Key::of(c)), Some(doubtful));
    }

    #[test]
    fn key_holds_every_house_and_south_store() {
        let mut cells = [0u8; 14];
        cells[0] = 48 - 47;
        cells[11] = 47;
        let one = Position::new(Board::from_cells(cells).unwrap(), Seat::South);
        cells[11] = 46;
        cells[12] = 1;
        let two = Position::new(Board::from_cells(cells).unwrap(), Seat::South);
        assert_ne!(Key::of(one), Key::of(two));
        assert_eq!(Key::of(one).0 >> 79, 0);
    }

    /// Distinct positions reached from the opening, breadth first, until
    /// there are `count`.
    fn positions(count: usize) -> Vec<Position> {
        let mut seen = std::collections::HashSet::new();
        let mut found = vec![Position::OPENING];
        seen.insert(Position::OPENING);
        let mut next = 0;
        while found.len() < count {
            let position = found[next];
            next += 1;
            for house in position.legal_moves_abapa().iter() {
                let child = position.play_unchecked(house);
                if found.len() < count && seen.insert(child) {
                    found.push(child);
                }
            }
        }
        found
    }

    fn entry(value: Value, depth: u8, bound: Bound, best: Option<House>) -> Entry {
        Entry {
            value,
            depth,
            bound,
            best,
            doubtful: false,
        }
    }

    /// A table of one bucket: every position competes for its four slots.
    fn one_bucket() -> Table {
        let table = Table::new(0).unwrap();
        assert_eq!(table.buckets.len(), 1);
        table
    }

    #[test]
    fn the_key_is_the_houses_and_south_store_six_bits_each() {
        let mut samples = positions(500);
        let mut full = [0u8; 14];
        full[5] = 48;
        samples.push(Position::new(Board::from_cells(full).unwrap(), Seat::North));
        full[5] = 0;
        full[12] = 48;
        samples.push(Position::new(Board::from_cells(full).unwrap(), Seat::South));
        for position in samples {
            let cells = position.board().to_cells();
            let mut expected = u128::from(position.to_move() == Seat::North) << 78;
            for (i, &cell) in cells[..13].iter().enumerate() {
                expected |= u128::from(cell) << (6 * i);
            }
            assert_eq!(Key::of(position).0, expected, "{position:?}");
        }
    }

    #[test]
    fn table_sizes_follow_the_megabytes() {
        assert_eq!(Table::new(1).unwrap().buckets.len(), 1024 * 1024 / 64);
        // Sizes past the address space, or past what the system gives, are
        // refused rather than overflowing or aborting.
        assert!(Table::new(usize::MAX).is_none());
        assert!(Table::new(usize::MAX / (1024 * 1024) + 1).is_none());
        assert!(Table::new(1 << 40).is_none());
        assert_eq!(Table::new(3).unwrap().buckets.len(), 3 * 1024 * 1024 / 64);
        let layout = |len| Buckets::layout(len).unwrap();
        let small = layout(1);
        assert_eq!((small.size(), small.align()), (64, 64));
        let pages = HUGE_PAGE / 64;
        assert_eq!(layout(pages - 1).align(), 64);
        assert_eq!(layout(pages).align(), HUGE_PAGE);
        assert_eq!(layout(pages).size(), HUGE_PAGE);
        assert_eq!(Buckets::layout(usize::MAX / 64 + 1), None);
    }

    #[test]
    fn every_field_round_trips() {
        let key = Key::of(Position::OPENING);
        for bound in [Bound::Upper, Bound::Lower, Bound::Exact] {
            for value in [-30_000, -MAX_TABLE, -1, 0, 1, 4_097, MAX_TABLE] {
                for depth in [0, 1, 130, 255] {
                    for best in [None, Some(House::A), Some(House::f), Some(House::d)] {
                        let table = Table::new(0).unwrap();
                        let stored = entry(value, depth, bound, best);
                        table.store(key, stored);
                        assert_eq!(table.probe(key), Some(stored));
                    }
                }
            }
        }
    }

    /// The largest value a table entry holds (values are kept in 16 bits).
    const MAX_TABLE: Value = i16::MAX as Value;

    #[test]
    fn clear_empties_the_table_and_restarts_the_generations() {
        let table = one_bucket();
        let key = Key::of(Position::OPENING);
        table.new_search();
        table.store(key, entry(5, 3, Bound::Exact, None));
        table.clear();
        assert_eq!(table.probe(key), None);
        assert_eq!(table.generation.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn generations_count_up_and_wrap_at_64() {
        let table = one_bucket();
        table.new_search();
        assert_eq!(table.generation.load(Ordering::Relaxed), 1);
        table.new_search();
        assert_eq!(table.generation.load(Ordering::Relaxed), 2);
        for _ in 2..64 {
            table.new_search();
        }
        assert_eq!(table.generation.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn a_bucket_holds_four_positions_and_updates_in_place() {
        let table = one_bucket();
        let keys: Vec<Key> = positions(4).into_iter().map(Key::of).collect();
        for (i, &key) in keys.iter().enumerate() {
            table.store(key, entry(i as Value, 4, Bound::Lower, None));
        }
        // The same position again takes its own slot, not another's.
        for depth in 5..9 {
            table.store(keys[0], entry(-7, depth, Bound::Upper, None));
        }
        assert_eq!(table.probe(keys[0]), Some(entry(-7, 8, Bound::Upper, None)));
        for (i, &key) in keys.iter().enumerate().skip(1) {
            assert_eq!(
                table.probe(key),
                Some(entry(i as Value, 4, Bound::Lower, None))
            );
        }
    }

    #[test]
    fn an_empty_slot_is_taken_before_any_entry() {
        // A depth-0 bound is worth 0, less than a zeroed slot would be if
        // it were read as anything but empty.
        let table = one_bucket();
        let keys: Vec<Key> = positions(4).into_iter().map(Key::of).collect();
        for &key in &keys {
            table.store(key, entry(0, 0, Bound::Upper, None));
        }
        for &key in &keys {
            assert_eq!(table.probe(key), Some(entry(0, 0, Bound::Upper, None)));
        }
    }

    #[test]
    fn a_deeper_bound_of_this_search_is_kept() {
        let table = one_bucket();
        let key = Key::of(Position::OPENING);
        table.store(key, entry(10, 10, Bound::Lower, None));
        // Three or more plies shallower: kept.
        table.store(key, entry(20, 7, Bound::Upper, None));
        assert_eq!(table.probe(key).map(|e| e.depth), Some(10));
        // Two shallower: replaced.
        table.store(key, entry(30, 8, Bound::Upper, None));
        assert_eq!(table.probe(key), Some(entry(30, 8, Bound::Upper, None)));
        // An exact value always replaces.
        table.store(key, entry(40, 12, Bound::Lower, None));
        table.store(key, entry(50, 1, Bound::Exact, None));
        assert_eq!(table.probe(key), Some(entry(50, 1, Bound::Exact, None)));
        // So does anything from a later search.
        table.store(key, entry(60, 12, Bound::Lower, None));
        table.new_search();
        table.store(key, entry(70, 1, Bound::Upper, None));
        assert_eq!(table.probe(key), Some(entry(70, 1, Bound::Upper, None)));
    }

    #[test]
    fn the_best_move_outlives_an_update_without_one() {
        let table = one_bucket();
        let key = Key::of(Position::OPENING);
        table.store(key, entry(3, 2, Bound::Lower, Some(House::C)));
        table.store(key, entry(-3, 3, Bound::Upper, None));
        assert_eq!(
            table.probe(key),
            Some(entry(-3, 3, Bound::Upper, Some(House::C)))
        );
        table.store(key, entry(1, 4, Bound::Exact, Some(House::F)));
        assert_eq!(table.probe(key).and_then(|e| e.best), Some(House::F));
    }

    /// Fills a one-bucket table with `entries` (depth, bound) of this
    /// search, stores one more position, and says which slot lost its entry.
    fn evicted(table: &Table, entries: [(u8, Bound); 4]) -> Vec<usize> {
        let keys: Vec<Key> = positions(5).into_iter().map(Key::of).collect();
        for (i, (depth, bound)) in entries.into_iter().enumerate() {
            table.store(keys[i], entry(0, depth, bound, None));
        }
        table.store(keys[4], entry(0, 1, Bound::Lower, None));
        assert!(table.probe(keys[4]).is_some());
        (0..4).filter(|&i| table.probe(keys[i]).is_none()).collect()
    }

    #[test]
    fn the_shallowest_entry_is_replaced_first_the_earliest_of_equals() {
        let lower = Bound::Lower;
        let table = one_bucket();
        assert_eq!(
            evicted(&table, [(5, lower), (3, lower), (7, lower), (3, lower)]),
            [1]
        );
    }

    #[test]
    fn an_exact_entry_outweighs_a_bound_of_the_same_depth() {
        let (lower, upper, exact) = (Bound::Lower, Bound::Upper, Bound::Exact);
        let table = one_bucket();
        assert_eq!(
            evicted(&table, [(9, lower), (3, exact), (3, upper), (9, exact)]),
            [2]
        );
    }

    #[test]
    fn an_entry_of_an_earlier_search_is_worth_eight_plies_less() {
        // The old entry is stored in generation 63, the others in 0 (after
        // the wrap): its age is one search.
        let keys: Vec<Key> = positions(5).into_iter().map(Key::of).collect();
        for (old_depth, lost) in [(10, 0), (12, 1)] {
            let table = one_bucket();
            for _ in 0..63 {
                table.new_search();
            }
            table.store(keys[0], entry(0, old_depth, Bound::Lower, None));
            table.new_search();
            for (i, &key) in keys.iter().enumerate().take(4).skip(1) {
                table.store(key, entry(0, 2 + i as u8, Bound::Lower, None));
            }
            // Depth 10 aged one search is worth 2, below depth 3; depth 12 is worth 4.
            table.store(keys[4], entry(0, 1, Bound::Lower, None));
            let gone: Vec<usize> = (0..4).filter(|&i| table.probe(keys[i]).is_none()).collect();
            assert_eq!(gone, [lost], "old depth {old_depth}");
        }
    }

    #[test]
    fn a_table_holds_about_one_position_per_slot_it_has() {
        // As many positions as buckets: with a well-spread index almost no
        // bucket gets more than its four, so nearly all are found again.
        let table = Table::new(1).unwrap();
        let samples = positions(table.buckets.len());
        for (i, &position) in samples.iter().enumerate() {
            table.store(Key::of(position), entry(i as Value, 1, Bound::Exact, None));
        }
        let found = samples
            .iter()
            .enumerate()
            .filter(|&(i, &p)| {
                table
                    .probe(Key::of(p))
                    .is_some_and(|e| e.value == i as Value)
            })
            .count();
        assert!(
            found * 100 >= samples.len() * 99,
            "{found} of {}",
            samples.len()
        );
    }

    #[test]
    fn a_torn_entry_is_a_miss() {
        // The first word of one write with the second of another, as a
        // reader racing two writers might see them: neither key matches.
        let [a, b] = [
            Position::OPENING,
            Position::OPENING.play_unchecked(House::C),
        ]
        .map(Key::of);
        let table = one_bucket();
        table.store(a, entry(1, 1, Bound::Exact, None));
        let first_of_a = table.buckets[0].words[0].load(Ordering::Relaxed);
        table.clear();
        table.store(b, entry(1, 1, Bound::Exact, None));
        table.buckets[0].words[0].store(first_of_a, Ordering::Relaxed);
        assert_eq!(table.probe(a), None);
        assert_eq!(table.probe(b), None);
    }

    #[test]
    fn the_top_of_the_key_moves_the_bucket_too() {
        // Positions alike in their first 64 key bits (houses A to e empty)
        // and different in the rest (house f, South's store, the seat): a
        // hash that dropped the key's high half would put them all in one
        // bucket, and a search that reaches many of them would thrash it.
        let table = Table::new(1).unwrap();
        let mut keys = 0;
        let mut buckets = std::collections::HashSet::new();
        for f in 0..=20u8 {
            for south_store in 0..=20u8 {
                for seat in [Seat::South, Seat::North] {
                    let mut cells = [0u8; 14];
                    cells[11] = f;
                    cells[12] = south_store;
                    cells[13] = 48 - f - south_store;
                    let position = Position::new(Board::from_cells(cells).unwrap(), seat);
                    let key = Key::of(position);
                    assert_eq!(key.0 as u64, 0, "{position:?}");
                    buckets.insert(std::ptr::from_ref(table.bucket(key)));
                    keys += 1;
                }
            }
        }
        assert!(
            buckets.len() * 10 >= keys * 9,
            "{} buckets for {keys} keys",
            buckets.len()
        );
    }

    #[test]
    fn a_deeper_bound_is_kept_in_every_search_not_only_the_first() {
        // The generation is read back from the entry: in search 1, 2, 3 (and
        // 63, the last before the wrap) a shallower bound still leaves it.
        let table = one_bucket();
        let key = Key::of(Position::OPENING);
        for search in 1..=63u8 {
            table.new_search();
            let depth = 10 + search % 4;
            table.store(key, entry(10, depth, Bound::Lower, None));
            table.store(key, entry(20, depth - 3, Bound::Upper, None));
            assert_eq!(
                table.probe(key),
                Some(entry(10, depth, Bound::Lower, None)),
                "search {search}"
            );
        }
    }
}
