//! CPU time, to tell a process's work from its waiting. Wall time does not:
//! on a machine with more processes than cores (the tests, `--oversubscribe`)
//! a process waits for a core as often as for the others, and Open MPI
//! spins while it waits in a collective, so the CPU time spent inside the
//! exchanges is taken out too.

use std::time::Duration;

/// CPU time used so far by every thread of this process.
pub(crate) fn process() -> Duration {
    read(libc::CLOCK_PROCESS_CPUTIME_ID)
}

/// CPU time used so far by the calling thread.
pub(crate) fn thread() -> Duration {
    read(libc::CLOCK_THREAD_CPUTIME_ID)
}

fn read(clock: libc::clockid_t) -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec to write to, and both clocks exist
    // on every POSIX system this builds for; on failure it stays zero.
    unsafe { libc::clock_gettime(clock, &mut now) };
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}
