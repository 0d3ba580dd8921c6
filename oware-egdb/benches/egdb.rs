//! Criterion benches of the endgame database: building (positions solved
//! per second, each rule set) and probing from memory (ns per probe, at
//! random positions of a 15-seed database, so most probes miss the caches).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use oware_egdb::{Bounds, Database, Ruleset, positions_up_to};

/// Seeds of the benched builds: big enough that the large slices dominate.
const BUILD_SEEDS: u8 = 11;

/// Seeds of the probed database.
const PROBE_SEEDS: u8 = 15;

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

/// `count` positions of up to `max` seeds, spread by a fixed xorshift.
fn random_positions(count: usize, max: u8) -> Vec<[u8; 12]> {
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
            let seeds = (next() % (u64::from(max) + 1)) as u8;
            for _ in 0..seeds {
                houses[(next() % 12) as usize] += 1;
            }
            houses
        })
        .collect()
}

fn probe(c: &mut Criterion) {
    let db = Database::build(Ruleset::Abapa, PROBE_SEEDS);
    let positions = random_positions(1 << 16, PROBE_SEEDS);
    let mut group = c.benchmark_group("probe");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function(
        format!("abapa, random positions up to {PROBE_SEEDS} seeds"),
        |b| {
            b.iter(|| {
                let mut sum = 0i64;
                for &houses in &positions {
                    let bounds = db.probe_houses(black_box(houses)).expect("in the database");
                    sum += i64::from(bounds.lo) + i64::from(bounds.hi);
                }
                sum
            });
        },
    );
    group.finish();
}

criterion_group!(benches, build, probe);
criterion_main!(benches);
