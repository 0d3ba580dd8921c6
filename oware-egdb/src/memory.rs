//! Memory for tables far bigger than the caches. Retrograde analysis and
//! probing read and write cells scattered over them, so two costs dominate:
//! the wait for memory, which fetching the next few cells ahead overlaps,
//! and the translation of each address, which huge pages (2 MB rather than
//! 4 kB) let the processor's address cache cover.

/// Fetches the cache line holding `cell` into the caches, without waiting
/// for it; a hint only, with no effect on what the program computes.
#[inline(always)]
pub(crate) fn prefetch(cell: &i8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE, which the intrinsic needs, is part of every x86_64
    // processor; a prefetch only hints the cache and never faults, and
    // `cell` is a valid reference anyway.
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(
            core::ptr::from_ref(cell),
        );
    }
    // Elsewhere the loads simply wait their turn.
    #[cfg(not(target_arch = "x86_64"))]
    let _ = cell;
}

/// Tables smaller than this stay on ordinary pages.
const HUGE: usize = 4 << 20;

/// An empty vector with room for `len` cells, whose memory the system is
/// asked to back with huge pages when it is large (Linux only; elsewhere,
/// or when the system declines, ordinary pages). Fill it before use.
pub(crate) fn table(len: usize) -> Vec<i8> {
    let mut table = Vec::with_capacity(len);
    if len >= HUGE {
        oware_file::advise_huge_pages(table.spare_capacity_mut());
    }
    table
}

/// `values` in a [`table`], copied when they are large.
pub(crate) fn on_huge_pages(values: Box<[i8]>) -> Box<[i8]> {
    if values.len() < HUGE {
        return values;
    }
    let mut copy = table(values.len());
    copy.extend_from_slice(&values);
    copy.into_boxed_slice()
}
