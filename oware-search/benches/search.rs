//! Criterion benches of the search: nodes per second on the fixed bench
//! suite (each iteration searches one suite position to a fixed depth and
//! checks the node count it reports against a plain recount), and the
//! evaluation's table form against its reference form, as a ratio.

use std::sync::atomic::AtomicBool;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use oware_search::eval::{Evaluation, Evaluator, Weights, evaluate};
use oware_search::{Engine, EngineOptions, Limits, bench};

/// Depth of the benched searches: deep enough to exercise the table and
/// ordering, shallow enough for criterion's many iterations.
const DEPTH: u32 = 14;

fn search(c: &mut Criterion) {
    let games = bench::suite();
    // A small table, so that clearing it between positions costs little
    // beside the searches (16 MB would be a sixth of the time at this depth).
    let mut engine = Engine::new(EngineOptions::default().with_hash_mb(2));
    engine.set_analysis(false);
    let stop = AtomicBool::new(false);
    // The node count of the whole suite at DEPTH: the throughput unit, and
    // what every benched run must reproduce.
    let mut counts = Vec::new();
    for game in &games {
        engine.new_game();
        counts.push(
            engine
                .search(game, &Limits::depth(DEPTH), &stop, &mut |_| {})
                .nodes,
        );
    }
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(counts.iter().sum()));
    group.sample_size(10);
    group.bench_function(format!("suite depth {DEPTH}"), |b| {
        b.iter(|| {
            for (game, &expected) in games.iter().zip(&counts) {
                engine.new_game();
                let nodes = engine
                    .search(game, &Limits::depth(DEPTH), &stop, &mut |_| {})
                    .nodes;
                assert_eq!(nodes, expected, "the search is deterministic on one thread");
            }
        });
    });
    group.finish();
}

fn evaluation(c: &mut Criterion) {
    let positions: Vec<_> = bench::suite().iter().map(|g| g.position()).collect();
    let weights = Weights::TUNED;
    let evaluator = Evaluator::new(&Evaluation::Linear(weights));
    for &p in &positions {
        assert_eq!(evaluator.evaluate(p), evaluate(p, &weights));
    }
    let mut group = c.benchmark_group("evaluation");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("table", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|&p| evaluator.evaluate(std::hint::black_box(p)))
                .sum::<i32>()
        });
    });
    let network = Evaluator::new(&Evaluation::NET);
    group.bench_function("network", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|&p| network.evaluate(std::hint::black_box(p)))
                .sum::<i32>()
        });
    });
    group.bench_function("reference", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|&p| evaluate(std::hint::black_box(p), &weights))
                .sum::<i32>()
        });
    });
    group.finish();
}

criterion_group!(benches, search, evaluation);
criterion_main!(benches);
