//! Benchmarks of the rules: sowing, a full move, legal moves and perft,
//! each asserting what it computes, and perft compared with oware-reference
//! in the same run (read the ratio off the two throughputs).
//!
//! `cargo bench -p oware-core`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use oware_core::{House, Position, Rules, perft, perft_played};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Positions from seeded random games, each with one of its legal moves.
fn positions_from_random_games(count: usize) -> Vec<(Position, House)> {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0a4e);
    let mut cases = Vec::with_capacity(count);
    let mut position = Position::OPENING;
    while cases.len() < count {
        let moves: Vec<House> = position.legal_moves_abapa().iter().collect();
        if moves.is_empty() {
            position = Position::OPENING;
            continue;
        }
        let house = moves[rng.random_range(0..moves.len())];
        cases.push((position, house));
        position = position.play_unchecked(house);
    }
    cases
}

fn moves(c: &mut Criterion) {
    // Enough positions that the branch predictor cannot learn the sequence,
    // few enough (48 bytes each) to stay in the L2 cache.
    let cases = positions_from_random_games(8192);
    let total: u64 = cases
        .iter()
        .map(|&(p, h)| u64::from(p.play_unchecked(h).board().total()))
        .sum();
    assert_eq!(total, 48 * cases.len() as u64, "every move keeps 48 seeds");

    // Inputs are read from memory as a program would; each result is folded
    // into a checksum that `black_box` keeps alive, so no copy of a position
    // through the stack is timed along with the move.
    let mut group = c.benchmark_group("move");
    group.throughput(Throughput::Elements(cases.len() as u64));
    group.bench_function("sow", |b| {
        b.iter(|| {
            let mut sum = 0u128;
            for &(p, h) in &cases {
                sum ^= p.board().sow_unchecked(h).board.lanes();
            }
            black_box(sum)
        });
    });
    group.bench_function("full move (sow + capture)", |b| {
        b.iter(|| {
            let mut sum = 0u128;
            for &(p, h) in &cases {
                sum ^= p.play_unchecked(h).board().lanes();
            }
            black_box(sum)
        });
    });
    group.bench_function("legal moves", |b| {
        b.iter(|| {
            let mut sum = 0u16;
            for &(p, _) in &cases {
                sum ^= p.legal_moves_abapa().bits();
            }
            black_box(sum)
        });
    });
    group.bench_function("reference: play", |b| {
        let reference: Vec<(oware_reference::Position, usize)> = cases
            .iter()
            .map(|&(p, h)| (reference_position(p), h.index()))
            .collect();
        b.iter(|| {
            for (p, h) in &reference {
                black_box(black_box(p).play(*h, oware_reference::Rules::Abapa)).ok();
            }
        });
    });
    group.finish();
}

fn reference_position(position: Position) -> oware_reference::Position {
    oware_reference::Position {
        cells: position.board().to_cells(),
        to_move: match position.to_move() {
            oware_core::Seat::South => oware_reference::Seat::South,
            oware_core::Seat::North => oware_reference::Seat::North,
        },
    }
}

fn perfts(c: &mut Criterion) {
    const DEPTH: u32 = 8;
    const LEAVES: u64 = 711_414;
    let opening = Position::OPENING;
    let rules = Rules::ABAPA;
    assert_eq!(perft(opening, DEPTH, &rules), LEAVES);
    assert_eq!(perft_played(opening, DEPTH, &rules), LEAVES);

    let mut group = c.benchmark_group("perft 8");
    group.sample_size(20);
    group.throughput(Throughput::Elements(LEAVES));
    group.bench_function("counted at the last ply", |b| {
        b.iter(|| assert_eq!(perft(black_box(opening), DEPTH, &rules), LEAVES));
    });
    group.bench_function("every leaf played", |b| {
        b.iter(|| assert_eq!(perft_played(black_box(opening), DEPTH, &rules), LEAVES));
    });
    group.bench_function("reference", |b| {
        let reference = reference_position(opening);
        b.iter(|| {
            assert_eq!(
                oware_reference::perft(black_box(&reference), DEPTH, oware_reference::Rules::Abapa),
                LEAVES
            );
        });
    });
    group.finish();
}

criterion_group!(benches, moves, perfts);
criterion_main!(benches);
