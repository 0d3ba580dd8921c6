//! Criterion benches of the endgame database: building (positions solved
//! per second, each rule set) and probing from memory (ns per probe) at
//! random positions of 18 to 20 seeds, whose slices are far bigger than the
//! caches, so that nearly every probe waits on memory.
//!
//! The probed database is awari's up to 18 seeds, built in memory (about a
//! minute), or the one in the directory `EGDB_BENCH_DIR` when it is set
//! (`oware egdb build --rules awari --max-seeds 20 --dir DIR`), probed at
//! 18 to 20 seeds. Two measures: independent probes one after another (the
//! processor overlaps their loads, as a search probing a position's
//! children does), and a chain where each probe's position depends on the
//! value before (one load at a time: the full latency of a probe).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::path::Path;

use oware_egdb::{Bounds, Database, Ruleset, positions_up_to};

/// Seeds of the benched builds: big enough that the large slices dominate.
const BUILD_SEEDS: u8 = 11;

/// The fewest seeds of a probed position; the database is built up to
/// this many when no directory is given.
const PROBE_SEEDS: u8 = 18;

/// The most seeds of a probed position, when the database holds them.
const PROBE_MAX_SEEDS: u8 = 20;

fn build(c: &mut Criterion) {
    let mut group = c.benchmark_group("build");
    group.throughput(Throughput::Elements(positions_up_to(BUILD_SEEDS)));
    group.sample_size(10);
    for ruleset in Ruleset::ALL {
        group.bench_function(format!("{ruleset} up to {BUILD_SEEDS} seeds"), |b| {
            b.iter(|| {
                let db = Database::build(ruleset, black_box(BUILD_SEEDS));
                // What was computed: the mover with every seed and no way
                // to feed takes them all.
                let mut all = [0; 12];
                all[0] = BUILD_SEEDS;
                assert_eq!(db.probe_houses(all), Some(Bounds::exact(BUILD_SEEDS as i8)));
                db
            });
        });
    }
    group.finish();
}

/// `count` positions of `min..=max` seeds, spread by a fixed xorshift.
fn random_positions(count: usize, min: u8, max: u8) -> Vec<[u8; 12]> {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count)
        .map(|_| {
            let mut houses = [0u8; 12];
            let seeds = min + (next() % u64::from(max - min + 1)) as u8;
            for _ in 0..seeds {
                houses[(next() % 12) as usize] += 1;
            }
            houses
        })
        .collect()
}

/// The database to probe: from `EGDB_BENCH_DIR` if set, else built.
fn probed_database() -> Database {
    match std::env::var_os("EGDB_BENCH_DIR") {
        Some(dir) => Database::open(Path::new(&dir), Ruleset::Awari)
            .expect("EGDB_BENCH_DIR holds an awari database"),
        None => Database::build(Ruleset::Awari, PROBE_SEEDS),
    }
}

fn probe(c: &mut Criterion) {
    let db = probed_database();
    let max = db.max_seeds().min(PROBE_MAX_SEEDS);
    assert!(max >= PROBE_SEEDS, "the database holds {PROBE_SEEDS} seeds");
    let positions = random_positions(1 << 20, PROBE_SEEDS, max);
    let mut group = c.benchmark_group("probe");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.sample_size(20);
    group.bench_function(
        format!("awari, independent, random positions of {PROBE_SEEDS}-{max} seeds"),
        |b| {
            b.iter(|| {
                let mut sum = 0i64;
                for &houses in &positions {
                    let bounds = db.probe_houses(black_box(houses)).expect("in the database");
                    sum += i64::from(bounds.lo);
                }
                sum
            });
        },
    );
    group.bench_function(
        format!("awari, chained, random positions of {PROBE_SEEDS}-{max} seeds"),
        |b| {
            b.iter(|| {
                // Each position is picked with the value before, so no
                // probe starts before the previous one has its answer.
                let mut at = 0usize;
                for step in 0..positions.len() {
                    let bounds = db.probe_houses(positions[at]).expect("in the database");
                    at = (step + (bounds.lo as u8 & 1) as usize) % positions.len();
                }
                at
            });
        },
    );
    group.finish();
}

criterion_group!(benches, build, probe);
criterion_main!(benches);
