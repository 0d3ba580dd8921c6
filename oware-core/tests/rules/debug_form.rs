//! The `Debug` form of a board: what a failed assertion prints, so it must
//! show every cell, in index order.

use oware_core::{Board, House, Position};

#[test]
fn a_boards_debug_form_lists_its_fourteen_cells_in_order() {
    assert_eq!(
        format!("{:?}", Board::OPENING),
        "Board([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0])"
    );
    let board = Position::OPENING.play(House::F).unwrap().board();
    assert_eq!(
        format!("{board:?}"),
        format!("Board({:?})", board.to_cells())
    );
}
