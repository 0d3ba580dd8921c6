//! The solved values: the public awari check, the settled positions, and
//! every stored value against one ply of play into the database itself.

use oware_core::{Board, House, Position, Seat};
use oware_egdb::{Bounds, Database, Ruleset, mover_houses, slice_len};

/// The position named by the mover's and the opponent's rows, South to move.
fn position(south: [u8; 6], north: [u8; 6]) -> Position {
    let mut cells = [0u8; 14];
    cells[..6].copy_from_slice(&south);
    cells[6..12].copy_from_slice(&north);
    let off = 48 - cells.iter().sum::<u8>();
    cells[12] = off / 2;
    cells[13] = off - off / 2;
    Position::new(Board::from_cells(cells).expect("48 seeds"), Seat::South)
}

#[test]
fn the_public_awari_position_from_a_16_seed_build() {
    let db = Database::build(Ruleset::Awari, 16);
    let position = position([1, 1, 1, 1, 1, 2], [4, 2, 3, 0, 0, 0]);
    assert_eq!(db.probe(&position), Some(Bounds::exact(0)));
    let moves = db
        .probe_moves(&position)
        .expect("16 seeds are in the database");
    let values: Vec<(House, i8)> = moves.iter().map(|&(h, b)| (h, b.lo)).collect();
    assert_eq!(
        values,
        [
            (House::A, -1),
            (House::B, -1),
            (House::C, -2),
            (House::D, -2),
            (House::E, -2),
            (House::F, 0)
        ]
    );
    assert!(moves.iter().all(|(_, b)| b.is_exact()));
    // The same position with North to move reads the same.
    let mut cells = position.board().to_cells();
    cells[..12].rotate_right(6);
    let turned = Position::new(Board::from_cells(cells).unwrap(), Seat::North);
    assert_eq!(mover_houses(&turned), mover_houses(&position));
    assert_eq!(db.probe(&turned), Some(Bounds::exact(0)));
}

/// Every position of every slice up to `max`, in its mover's view.
fn every_position(max: u8) -> impl Iterator<Item = [u8; 12]> {
    (0..=max).flat_map(|n| {
        let mut houses = [0u8; 12];
        houses[11] = n;
        let len = slice_len(n);
        (0..len).map(move |i| {
            if i > 0 {
                next(&mut houses);
            }
            houses
        })
    })
}

/// The next composition in the same order as the database's ranks (any
/// order that visits each once would do).
fn next(houses: &mut [u8; 12]) {
    let mut below = 0;
    for i in 0..11 {
        if houses[i + 1] > 0 {
            houses[i + 1] -= 1;
            houses[i] += below + 1;
            return;
        }
        below += houses[i];
        houses[i] = 0;
    }
}

/// The position with `houses` (mover first), South to move.
fn from_houses(houses: [u8; 12]) -> Position {
    let mut south = [0; 6];
    let mut north = [0; 6];
    south.copy_from_slice(&houses[..6]);
    north.copy_from_slice(&houses[6..]);
    position(south, north)
}

/// One ply of play agrees with every stored value: the LO bound is the best
/// move's LO (captured minus the child's HI), the HI bound the best move's
/// HI, LO <= HI, and a settled position is worth what the rules give it.
fn check_one_ply(ruleset: Ruleset, max: u8) {
    let db = Database::build(ruleset, max);
    let mut checked = 0u64;
    for houses in every_position(max) {
        let position = from_houses(houses);
        let n = houses.iter().sum::<u8>() as i8;
        let value = db.probe(&position).expect("in the database");
        assert!(value.lo <= value.hi, "{houses:?}: {value:?}");
        assert!(-n <= value.lo && value.hi <= n, "{houses:?}: {value:?}");
        let moves = db.probe_moves(&position).expect("in the database");
        if moves.is_empty() {
            let settled = if houses[..6].iter().all(|&h| h == 0) {
                -n
            } else {
                n
            };
            assert_eq!(value, Bounds::exact(settled), "{houses:?} is settled");
        } else {
            let lo = moves.iter().map(|(_, b)| b.lo).max().unwrap();
            let hi = moves.iter().map(|(_, b)| b.hi).max().unwrap();
            assert_eq!(value, Bounds { lo, hi }, "{houses:?}: moves {moves:?}");
        }
        checked += 1;
    }
    assert_eq!(checked, oware_egdb::positions_up_to(max));
}

#[test]
fn awari_values_agree_with_one_ply_of_play_up_to_10_seeds() {
    check_one_ply(Ruleset::Awari, 10);
}

#[test]
fn abapa_values_agree_with_one_ply_of_play_up_to_10_seeds() {
    check_one_ply(Ruleset::Abapa, 10);
}

#[test]
fn settled_positions_go_to_whoever_the_rules_say() {
    for ruleset in Ruleset::ALL {
        let db = Database::build(ruleset, 6);
        // The opponent's row is empty and no house reaches it: the mover takes all.
        let cannot_feed = position([2, 0, 0, 1, 0, 0], [0; 6]);
        assert_eq!(db.probe(&cannot_feed), Some(Bounds::exact(3)));
        assert_eq!(db.probe_moves(&cannot_feed), Some(vec![]));
        // The mover's row is empty (a set-up): the opponent takes its row.
        let empty_row = position([0; 6], [0, 4, 0, 0, 0, 1]);
        assert_eq!(db.probe(&empty_row), Some(Bounds::exact(-5)));
        // Nothing on the board.
        assert_eq!(db.probe(&position([0; 6], [0; 6])), Some(Bounds::exact(0)));
        // One seed that must feed: it does, and the opponent then cannot.
        let feeds = position([0, 0, 0, 0, 0, 1], [0; 6]);
        assert_eq!(db.probe(&feeds), Some(Bounds::exact(-1)), "{ruleset}");
        // Too many seeds for the database.
        assert_eq!(db.probe(&position([7, 0, 0, 0, 0, 0], [0; 6])), None);
    }
}

#[test]
fn a_grand_slam_captures_nothing_and_awari_forbids_it_when_it_can() {
    // F (3 seeds) would take a, b, c (1, 2, 1 → 2, 3, 2): North's whole row.
    let slam = position([2, 0, 0, 0, 0, 3], [1, 2, 1, 0, 0, 0]);
    let abapa = Database::build(Ruleset::Abapa, 9);
    let awari = Database::build(Ruleset::Awari, 9);
    let abapa_moves: Vec<House> = abapa
        .probe_moves(&slam)
        .unwrap()
        .iter()
        .map(|m| m.0)
        .collect();
    let awari_moves: Vec<House> = awari
        .probe_moves(&slam)
        .unwrap()
        .iter()
        .map(|m| m.0)
        .collect();
    assert_eq!(abapa_moves, [House::A, House::F]);
    assert_eq!(awari_moves, [House::A]);
}
