//! Builds a database in memory, prints each slice's time and speed, then
//! times probes at random positions in CPU time (from the kernel's count of
//! this thread's time on a core), so that the figure holds on a busy
//! machine where wall-clock benches are not to be trusted.
//!
//! `cargo run --release -p oware-egdb --example timing -- abapa 15`, or
//! `… -- awari 20 DIR` to probe the database built in `DIR` instead.

use std::hint::black_box;

use oware_egdb::{BuildEvent, Database, Ruleset};

/// Nanoseconds this thread has spent on a core (Linux); `None` elsewhere.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let ruleset: Ruleset = args
        .next()
        .unwrap_or_else(|| "awari".into())
        .parse()
        .expect("abapa or awari");
    let max: u8 = args
        .next()
        .unwrap_or_else(|| "12".into())
        .parse()
        .expect("a seed count");
    let db = match args.next() {
        Some(dir) => Database::open(std::path::Path::new(&dir), ruleset).expect("a database"),
        None => build(ruleset, max),
    };
    assert!(db.max_seeds() >= max, "the database holds {max} seeds");
    probe(&db, max);
}

/// Builds the database up to `max` seeds, printing each slice's figures.
fn build(ruleset: Ruleset, max: u8) -> Database {
    Database::build_with_progress(ruleset, max, &|event| {
        if let BuildEvent::Finished(r) = event {
            println!(
                "{} seeds: {} positions in {:.3} s ({:.2} M/s), exact {:.4}",
                r.seeds,
                r.positions,
                r.elapsed.as_secs_f64(),
                r.positions as f64 / r.elapsed.as_secs_f64() / 1e6,
                r.exact as f64 / r.positions as f64
            );
        }
    })
}

/// A xorshift generator: the same numbers on every run.
fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// Runs `work`, which does `count` operations and returns a checksum (so
/// that nothing is optimised away), and prints its CPU time per operation.
fn per_operation(what: &str, count: usize, work: impl FnOnce() -> u64) {
    let started = thread_cpu_ns();
    let checksum = work();
    if let (Some(start), Some(end)) = (started, thread_cpu_ns()) {
        println!(
            "{what}: {:.1} ns of CPU each (checksum {checksum})",
            (end - start) as f64 / count as f64
        );
    }
}

/// Times probes at random positions of `max` seeds: independent ones (the
/// processor overlaps their loads) and a chain (each position picked with
/// the value before: one load at a time, a probe's whole latency).
fn probe(db: &Database, max: u8) {
    // Random positions of exactly `max` seeds: the biggest slice, so that
    // nearly every probe misses the caches.
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
    let positions: Vec<[u8; 12]> = (0..1 << 20)
        .map(|_| {
            let mut houses = [0u8; 12];
            for _ in 0..max {
                houses[(next() % 12) as usize] += 1;
            }
            houses
        })
        .collect();
    let rounds = 10;
    let count = rounds * positions.len();
    per_operation(
        &format!("probe at random {max}-seed positions"),
        count,
        || {
            let mut sum = 0u64;
            for _ in 0..rounds {
                for &houses in &positions {
                    let bounds = db.probe_houses(black_box(houses)).expect("in the database");
                    sum += u64::from(bounds.lo as u8) + u64::from(bounds.hi as u8);
                }
            }
            sum
        },
    );
    per_operation(
        &format!("probe, chained, at random {max}-seed positions"),
        count,
        || {
            let mut at = 0usize;
            for step in 0..count {
                let bounds = db.probe_houses(positions[at]).expect("in the database");
                at = (step + usize::from(bounds.lo as u8 & 1)) % positions.len();
            }
            at as u64
        },
    );
    memory_reference(db.ruleset(), max, rounds);
}

/// The same loads without the probe: bytes read at random from a table as
/// big as the slice probed, on huge pages as the slices are, independent and
/// chained. This is what the memory of the machine allows; a probe adds
/// only its rank and the slice's lookup to it.
fn memory_reference(ruleset: Ruleset, max: u8, rounds: usize) {
    let len = usize::try_from(oware_egdb::slice_len(max)).expect("the slice fits in memory")
        * if ruleset == Ruleset::Abapa { 2 } else { 1 };
    let mut table: Vec<u8> = Vec::with_capacity(len);
    oware_file::advise_huge_pages(table.spare_capacity_mut());
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    table.extend((0..len).map(|_| next() as u8));
    let indices: Vec<usize> = (0..1 << 20).map(|_| next() as usize % len).collect();
    let count = rounds * indices.len();
    per_operation(
        &format!("memory alone, a random byte of {len}"),
        count,
        || {
            let mut sum = 0u64;
            for _ in 0..rounds {
                for &i in &indices {
                    sum += u64::from(table[black_box(i)]);
                }
            }
            sum
        },
    );
    per_operation("memory alone, chained", count, || {
        let mut at = 0usize;
        for step in 0..count {
            // The next address waits for this load, as a chained probe does.
            let byte = table[indices[at]];
            at = (step + usize::from(byte & 1)) % indices.len();
        }
        at as u64
    });
}
