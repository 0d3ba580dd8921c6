//! Asking the processor for a cache line ahead of its use. Retrograde
//! analysis reads and writes cells scattered over tables far bigger than
//! the caches; a load that misses waits for memory, and fetching the next
//! few cells while one is used keeps several such waits in flight at once.

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
