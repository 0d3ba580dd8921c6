//! Perft: the counts of SPEC.md's reference figures, read from
//! `tests/data/opening.perft`, plus perft's own edge cases.

mod common;

use common::cells;
use oware_reference::{Position, Rules, Seat, perft};

/// The deepest depth checked by default; `OWARE_PERFT_DEPTH=8` runs the rest
/// of the file (slow in a debug build).
const DEFAULT_MAX_DEPTH: u32 = 6;

/// `(depth, count)` for every `perft` line of `tests/data/opening.perft`.
fn opening_figures() -> Vec<(u32, u64)> {
    let text = include_str!("data/opening.perft");
    let mut figures = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["perft", depth, count] => figures.push((
                depth.parse().expect("a depth"),
                count.parse().expect("a count"),
            )),
            _ => panic!("unreadable line in opening.perft: {line:?}"),
        }
    }
    figures
}

#[test]
fn opening_perft_matches_the_data_file() {
    let max_depth = std::env::var("OWARE_PERFT_DEPTH")
        .ok()
        .map_or(DEFAULT_MAX_DEPTH, |v| {
            v.parse().expect("OWARE_PERFT_DEPTH is a number")
        });
    let figures = opening_figures();
    // The file must hold at least SPEC's six figures.
    let depths: Vec<u32> = figures.iter().map(|&(d, _)| d).collect();
    assert!(depths.starts_with(&[1, 2, 3, 4, 5, 6]), "{depths:?}");
    let mut checked = 0;
    for (depth, expected) in figures {
        if depth > max_depth {
            continue;
        }
        let counted = perft(&Position::opening(), depth, Rules::Abapa);
        assert_eq!(counted, expected, "perft({depth})");
        checked += 1;
    }
    assert!(checked >= 6);
}

#[test]
fn spec_reference_figures() {
    // The same six figures as in SPEC.md, written out here too so that an
    // edit of the data file cannot weaken the check.
    let spec = [6, 36, 190, 1014, 5219, 27332];
    for (depth, expected) in (1..).zip(spec) {
        assert_eq!(perft(&Position::opening(), depth, Rules::Abapa), expected);
    }
}

#[test]
fn depth_zero_counts_the_empty_sequence() {
    assert_eq!(perft(&Position::opening(), 0, Rules::Abapa), 1);
}

#[test]
fn a_finished_position_has_no_moves() {
    let over = Position {
        cells: cells([1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [25, 21]),
        to_move: Seat::South,
    };
    assert_eq!(perft(&over, 0, Rules::Abapa), 1);
    assert_eq!(perft(&over, 1, Rules::Abapa), 0);
    assert_eq!(perft(&over, 3, Rules::Abapa), 0);
}

#[test]
fn sowing_rules_count_like_abapa_without_history() {
    for depth in 1..=5 {
        assert_eq!(
            perft(&Position::opening(), depth, Rules::Sowing),
            perft(&Position::opening(), depth, Rules::Abapa)
        );
    }
}

#[test]
fn awari_removes_avoidable_grand_slams() {
    // South's F is a grand slam and A is not: one move fewer under Awari.
    let position = Position {
        cells: cells([1, 0, 0, 0, 0, 2], [1, 2, 0, 0, 0, 0], [20, 22]),
        to_move: Seat::South,
    };
    assert_eq!(perft(&position, 1, Rules::Abapa), 2);
    assert_eq!(perft(&position, 1, Rules::Awari), 1);
}
