//! The `Debug` form of a board and a position: what a failed assertion
//! prints, so it must show every cell, in index order, and the side to move.

use oware_core::{Board, House, Position};

#[test]
fn a_boards_debug_form_lists_its_fourteen_cells_in_order() {
    assert_eq!(
        format!("{:?}", Board::OPENING),
        "Board([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0])"
    );
    let board = Position::OPENING.play_abapa(House::F).unwrap().board();
    assert_eq!(
        format!("{board:?}"),
        format!("Board({:?})", board.to_cells())
    );
}

#[test]
fn a_positions_debug_form_lists_its_cells_and_the_side_to_move() {
    let position = Position::OPENING.play_abapa(House::F).unwrap();
    assert_eq!(
        format!("{position:?}"),
        format!("Position({:?}, North to move)", position.board().to_cells())
    );
}
