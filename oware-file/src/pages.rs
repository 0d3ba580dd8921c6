//! Huge pages for large tables: the endgame database's slices being built
//! and the search's transposition table are read at random, one cache line
//! per probe, so with ordinary 4 kB pages nearly every probe also misses the
//! TLB. Backing them with 2 MB pages removes most of those misses.

/// The size and alignment of a huge page on x86_64 and aarch64 Linux.
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

/// Asks the system to back the whole 2 MB pages inside `memory` with huge
/// pages (Linux only; elsewhere, or when the system declines, nothing
/// changes). Call it on a fresh allocation, before it is first written, so
/// the pages are huge from the start. The advice changes how the pages are
/// backed, never what they hold.
pub fn advise_huge_pages<T>(memory: &[T]) {
    #[cfg(target_os = "linux")]
    {
        let start = memory.as_ptr() as usize;
        let first = start.next_multiple_of(HUGE_PAGE);
        let end = (start + size_of_val(memory)) / HUGE_PAGE * HUGE_PAGE;
        if end > first {
            // SAFETY: the range lies inside `memory`, borrowed for the call;
            // MADV_HUGEPAGE only changes how its pages are backed. A refusal
            // (no transparent huge pages on this system) is harmless.
            unsafe {
                libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = memory;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advice_leaves_the_contents_alone() {
        let mut table = vec![0u8; 6 << 20];
        advise_huge_pages(&table);
        table[5 << 20] = 7;
        advise_huge_pages(&table[1..]);
        advise_huge_pages::<u8>(&[]);
        assert_eq!(table.iter().map(|&x| u64::from(x)).sum::<u64>(), 7);
    }
}
