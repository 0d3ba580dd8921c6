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
