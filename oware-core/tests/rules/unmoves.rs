//! `Position::quiet_unmoves` against forward play: every quiet legal move
//! of every position with few seeds, found backwards from its result and
//! nothing else; and at random boards with many seeds, each un-move played
//! forwards gives the position back.

use oware_core::{Board, House, Position, Rules, Seat, Unmove};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The rule sets whose legal moves differ: the grand slam allowed or forbidden.
const RULES: [Rules; 2] = [Rules::ABAPA, Rules::AWARI];

/// Every board with `seeds` seeds in the houses, the rest split between the
/// stores (neither reaching 25, so that moves remain).
fn boards(seeds: u8) -> Vec<Board> {
    let off = 48 - seeds;
    oware_core::arrangements(seeds)
        .map(|houses| {
            let mut cells = [0; 14];
            cells[..12].copy_from_slice(&houses);
            cells[12] = off / 2;
            cells[13] = off - off / 2;
            Board::from_cells(cells).expect("48 seeds")
        })
        .collect()
}

/// The quiet moves of `position` under `rules`, played forwards.
fn quiet_moves(position: Position, rules: &Rules) -> impl Iterator<Item = (Unmove, Position)> {
    position
        .legal_moves_under(rules)
        .iter()
        .filter_map(move |house| {
            let child = position.play_under(house, rules).expect("a legal move");
            (child.board().stores() == position.board().stores()).then_some((
                Unmove {
                    parent: position,
                    house,
                },
                child,
            ))
        })
}

#[test]
fn every_quiet_move_of_small_boards_is_found_backwards_and_nothing_else() {
    for rules in RULES {
        for seeds in 0..=7 {
            let positions: Vec<Position> = boards(seeds)
                .into_iter()
                .flat_map(|board| Seat::ALL.map(|seat| Position::new(board, seat)))
                .collect();
            let mut forward: Vec<(Position, Unmove)> = positions
                .iter()
                .flat_map(|&position| quiet_moves(position, &rules))
                .map(|(unmove, child)| (child, unmove))
                .collect();
            let mut backward: Vec<(Position, Unmove)> = positions
                .iter()
                .flat_map(|&child| child.quiet_unmoves(&rules).map(move |u| (child, u)))
                .collect();
            let key = |(child, u): &(Position, Unmove)| {
                (
                    child.board().lanes(),
                    child.to_move().index(),
                    u.parent.board().lanes(),
                    u.house.index(),
                )
            };
            forward.sort_unstable_by_key(key);
            backward.sort_unstable_by_key(key);
            assert_eq!(forward, backward, "{rules}, {seeds} seeds");
            if seeds >= 3 {
                assert!(
                    !forward.is_empty(),
                    "{rules}, {seeds} seeds: some quiet moves"
                );
            }
        }
    }
}

#[test]
fn un_moves_of_random_boards_play_back_to_the_position() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0e5a_11ed);
    let mut found = 0usize;
    for _ in 0..20_000 {
        let seeds = rng.random_range(8..=40u8);
        let mut cells = [0u8; 14];
        for _ in 0..seeds {
            cells[rng.random_range(0..12)] += 1;
        }
        cells[12] = (48 - seeds) / 2;
        cells[13] = 48 - seeds - cells[12];
        let board = Board::from_cells(cells).expect("48 seeds");
        for rules in RULES {
            for seat in Seat::ALL {
                let position = Position::new(board, seat);
                for unmove in position.quiet_unmoves(&rules) {
                    found += 1;
                    assert_eq!(
                        unmove.parent.play_under(unmove.house, &rules),
                        Ok(position),
                        "{rules}: {unmove:?} does not lead to {board:?} {seat}"
                    );
                }
                // And each quiet move played from here is found from its result.
                for (unmove, child) in quiet_moves(position, &rules) {
                    assert!(
                        child.quiet_unmoves(&rules).any(|u| u == unmove),
                        "{rules}: {unmove:?} not found from its result"
                    );
                }
            }
        }
    }
    assert!(
        found > 10_000,
        "only {found} un-moves: the test tried too little"
    );
}

#[test]
fn unsow_undoes_every_sowing_of_small_boards() {
    for seeds in 1..=6 {
        for board in boards(seeds) {
            for house in House::ALL {
                let sown = board.seeds(house);
                if sown == 0 {
                    continue;
                }
                let after = board.sow(house).board;
                assert_eq!(after.unsow(house, sown), Some(board), "{board:?} {house}");
            }
        }
    }
}

#[test]
fn unsow_undoes_the_longest_sowing() {
    // All 48 seeds in A: four laps and four more houses.
    let mut cells = [0; 14];
    cells[0] = 48;
    let board = Board::from_cells(cells).expect("48 seeds");
    let after = board.sow(House::A).board;
    assert_eq!(after.unsow(House::A, 48), Some(board));
}

#[test]
fn unsow_refuses_what_no_sowing_made() {
    let after = Board::OPENING.sow(House::E).board;
    // No seeds: not a sowing.
    assert_eq!(after.unsow(House::E, 0), None);
    // More seeds than a house can hold: refused, not a panic.
    assert_eq!(after.unsow(House::E, 49), None);
    assert_eq!(after.unsow(House::E, u8::MAX), None);
    // F holds seeds, and a sowing empties its origin.
    assert_eq!(after.unsow(House::F, 1), None);
    // Two seeds in A sown: B and C hold one each. Three would have put one
    // in D too, which is empty.
    let mut cells = [0; 14];
    cells[0] = 2;
    cells[12] = 23;
    cells[13] = 23;
    let two = Board::from_cells(cells).expect("48 seeds");
    let after = two.sow(House::A).board;
    // One seed: from A with one seed and C with one, as good a start.
    assert_eq!(after.unsow(House::A, 1).map(|b| b.seeds(House::C)), Some(1));
    assert_eq!(after.unsow(House::A, 2), Some(two));
    assert_eq!(after.unsow(House::A, 3), None, "D is empty");
}
