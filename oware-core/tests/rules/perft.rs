//! perft from the positions in `tests/data/*.perft`, counted two ways.

use oware_core::{Board, Position, Rules, Seat, perft, perft_played};

/// One line of a perft file: `<14 cells, comma-separated> <s|n> <depth> <count>`.
struct Case {
    position: Position,
    depth: u32,
    count: u64,
}

fn cases(text: &str) -> Vec<Case> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(fields.len(), 4, "malformed perft line: {line}");
            let cells: Vec<u8> = fields[0]
                .split(',')
                .map(|c| c.parse::<u8>().unwrap())
                .collect();
            let board = Board::from_cells(cells.try_into().unwrap()).unwrap();
            let to_move: Seat = fields[1].parse().unwrap();
            Case {
                position: Position::new(board, to_move),
                depth: fields[2].parse().unwrap(),
                count: fields[3].parse().unwrap(),
            }
        })
        .collect()
}

#[test]
fn perft_matches_the_data_file() {
    let cases = cases(include_str!("../data/opening.perft"));
    assert!(cases.len() >= 8, "the file lists depths 1 to 8");
    for case in cases {
        assert_eq!(
            perft(case.position, case.depth, &Rules::ABAPA),
            case.count,
            "perft({}) from {:?}",
            case.depth,
            case.position
        );
        if case.depth <= 6 {
            assert_eq!(
                perft_played(case.position, case.depth, &Rules::ABAPA),
                case.count
            );
        }
    }
}

#[test]
fn depth_zero_counts_the_position_itself() {
    // Even one whose side to move has no move: the leaf is the position.
    let stuck = Board::from_cells([0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 23, 24]).unwrap();
    for position in [Position::OPENING, Position::new(stuck, Seat::South)] {
        for (_, rules) in Rules::PRESETS {
            assert_eq!(perft(position, 0, &rules), 1, "{position:?}");
            assert_eq!(perft_played(position, 0, &rules), 1, "{position:?}");
        }
    }
}
