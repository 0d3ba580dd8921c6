//! Perft: the figures of the data file both implementations are held to
//! (oware-core's `tests/data/opening.perft`), plus perft's own edge cases.

use oware_reference::{Position, Rules, Seat, perft};

use crate::common::cells;

/// The deepest depth checked by default; `OWARE_PERFT_DEPTH=8` runs the rest
/// of the file (slow in a debug build).
const DEFAULT_MAX_DEPTH: u32 = 6;

/// One figure of the data file: perft from `position` to `depth` is `count`.
struct Figure {
    position: Position,
    depth: u32,
    count: u64,
}

/// Every figure of oware-core's `tests/data/opening.perft`, one a line:
/// `<14 cells, comma-separated> <s|n> <depth> <count>`. The reference shares
/// the data with core, never the code, so it reads the lines itself
/// (`tests/data/opening.perft` links to core's file, so that the published
/// crate holds a copy).
fn figures() -> Vec<Figure> {
    let text = include_str!("../data/opening.perft");
    let mut figures = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let [cells, seat, depth, count] = words[..] else {
            panic!("unreadable line in opening.perft: {line:?}");
        };
        let cells: Vec<u8> = cells
            .split(',')
            .map(|c| c.parse::<u8>().expect("a cell"))
            .collect();
        let to_move = match seat {
            "s" => Seat::South,
            "n" => Seat::North,
            _ => panic!("not a seat in opening.perft: {seat:?}"),
        };
        figures.push(Figure {
            position: Position {
                cells: cells.try_into().expect("14 cells"),
                to_move,
            },
            depth: depth.parse().expect("a depth"),
            count: count.parse().expect("a count"),
        });
    }
    figures
}

#[test]
fn perft_matches_the_data_file() {
    let max_depth = std::env::var("OWARE_PERFT_DEPTH")
        .ok()
        .map_or(DEFAULT_MAX_DEPTH, |v| {
            v.parse().expect("OWARE_PERFT_DEPTH is a number")
        });
    let figures = figures();
    // The file must hold at least RULES.md's six figures (section 10) from the opening.
    let opening: Vec<u32> = figures
        .iter()
        .filter(|f| f.position == Position::opening())
        .map(|f| f.depth)
        .collect();
    assert!(opening.starts_with(&[1, 2, 3, 4, 5, 6]), "{opening:?}");
    let mut checked = 0;
    for figure in figures {
        if figure.depth > max_depth {
            continue;
        }
        let counted = perft(&figure.position, figure.depth, Rules::Abapa);
        assert_eq!(
            counted, figure.count,
            "perft({}) from {:?}",
            figure.depth, figure.position
        );
        checked += 1;
    }
    assert!(checked >= 6);
}

#[test]
fn spec_reference_figures() {
    // The same six figures as in RULES.md section 10, written out here too so that an
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
