//! Boards as a person reads them: insta snapshots of the diagram RULES.md
//! draws (section 8), for the opening, a mid-game board with two-digit counts and
//! stores, and a board with a 35-seed house. Each one also reads back.

use oware_core::{Board, Seat};

use crate::common::{board, position};

/// Renders `board` and checks that the text reads back to it.
fn text(board: Board) -> String {
    let text = board.to_string();
    assert_eq!(text.parse::<Board>(), Ok(board), "{text}");
    assert_eq!(text.lines().count(), 4);
    text
}

#[test]
fn the_opening() {
    insta::assert_snapshot!(text(Board::OPENING));
}

#[test]
fn a_mid_game_board_with_two_digit_counts_and_stores() {
    // A 12, E 0, c 5; stores 11 (South) and 10 (North).
    let board = board([12, 0, 3, 1, 0, 2], [1, 0, 5, 0, 0, 3], [11, 10]);
    insta::assert_snapshot!(text(board));
}

#[test]
fn a_board_with_a_35_seed_house() {
    let board = board([0, 0, 35, 0, 0, 0], [1, 0, 0, 0, 0, 0], [6, 6]);
    insta::assert_snapshot!(text(board));
}

#[test]
fn the_35_seed_house_after_sowing() {
    // C's 35 seeds: three laps (every other house gains 3), then D and E.
    let after = board([0, 0, 35, 0, 0, 0], [1, 0, 0, 0, 0, 0], [6, 6])
        .sow(oware_core::House::C)
        .board;
    assert_eq!(after, board([3, 3, 0, 4, 4, 3], [4, 3, 3, 3, 3, 3], [6, 6]));
    insta::assert_snapshot!(text(after));
}

#[test]
fn a_position_with_north_to_move() {
    let position = position(
        [12, 0, 3, 1, 0, 2],
        [1, 0, 5, 0, 0, 3],
        [11, 10],
        Seat::North,
    );
    insta::assert_snapshot!(position.to_string());
}
