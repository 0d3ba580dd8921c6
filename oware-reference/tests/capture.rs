//! SPEC.md rule 3: the capture chain and each way it stops.

mod common;

use common::cells;
use oware_reference::{Position, Rules, Seat};

/// Plays `house` under Abapa and returns the cells after the move.
fn after(cells: [u8; 14], to_move: Seat, house: usize) -> [u8; 14] {
    Position { cells, to_move }
        .play(house, Rules::Abapa)
        .expect("the move is legal")
        .cells
}

#[test]
fn chain_takes_consecutive_houses_of_two_and_three() {
    let before = cells([1, 0, 0, 0, 0, 4], [1, 2, 1, 2, 4, 0], [10, 23]);
    // F sows a..d: 2, 3, 2, 3. All four are taken (10 seeds), walking back
    // from d; e keeps its 4, so this is not a grand slam.
    assert_eq!(
        after(before, Seat::South, 5),
        cells([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 4, 0], [20, 23])
    );
}

#[test]
fn chain_stops_at_the_row_boundary_for_south() {
    let before = cells([0, 0, 0, 3, 1, 1], [1, 0, 0, 0, 1, 0], [20, 21]);
    // D sows E, F, a: 2, 2, 2. a is taken; the walk then reaches F, which
    // holds 2 but is South's own, and stops there.
    assert_eq!(
        after(before, Seat::South, 3),
        cells([0, 0, 0, 0, 2, 2], [0, 0, 0, 0, 1, 0], [22, 21])
    );
}

#[test]
fn chain_stops_at_the_row_boundary_for_north_across_the_wrap() {
    let before = cells([1, 2, 1, 0, 0, 0], [0, 0, 0, 0, 3, 1], [22, 18]);
    // e sows f, A, B: 2, 2, 3. B and A are taken; the walk back from A wraps
    // to f, which holds 2 but is North's own, and stops there.
    assert_eq!(
        after(before, Seat::North, 10),
        cells([0, 0, 1, 0, 0, 0], [0, 0, 0, 0, 0, 2], [22, 23])
    );
}

#[test]
fn chain_stops_at_a_house_of_four() {
    let before = cells([1, 0, 0, 0, 0, 3], [1, 3, 2, 0, 0, 1], [18, 19]);
    // F sows a, b, c: 2, 4, 3. c is taken; b holds 4 and stops the walk, so
    // a is not taken although it holds 2.
    assert_eq!(
        after(before, Seat::South, 5),
        cells([1, 0, 0, 0, 0, 0], [2, 4, 0, 0, 0, 1], [21, 19])
    );
}

#[test]
fn chain_stops_at_a_house_of_one() {
    let before = cells([0, 0, 0, 0, 3, 0], [0, 1, 0, 0, 0, 1], [21, 22]);
    // E sows F, a, b: 1, 1, 2. b is taken; a holds 1 and stops the walk.
    assert_eq!(
        after(before, Seat::South, 4),
        cells([0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 1], [23, 22])
    );
}

#[test]
fn last_house_of_four_captures_nothing() {
    let before = cells([0, 0, 0, 0, 0, 1], [3, 0, 0, 0, 0, 0], [22, 22]);
    assert_eq!(
        after(before, Seat::South, 5),
        cells([0, 0, 0, 0, 0, 0], [4, 0, 0, 0, 0, 0], [22, 22])
    );
}

#[test]
fn nothing_is_captured_when_the_last_house_holds_one() {
    let before = cells([0, 0, 0, 0, 0, 1], [0, 2, 0, 0, 0, 0], [22, 23]);
    // F sows a, which now holds 1: no capture, and b's 2 is never looked at.
    assert_eq!(
        after(before, Seat::South, 5),
        cells([0, 0, 0, 0, 0, 0], [1, 2, 0, 0, 0, 0], [22, 23])
    );
}

#[test]
fn last_seed_in_own_row_captures_nothing() {
    let before = cells([0, 1, 1, 0, 0, 0], [2, 2, 2, 2, 2, 2], [11, 23]);
    // B sows C, which now holds 2: it is South's own house, nothing is taken
    // (and North's houses of 2 are not touched).
    assert_eq!(
        after(before, Seat::South, 1),
        cells([0, 0, 2, 0, 0, 0], [2, 2, 2, 2, 2, 2], [11, 23])
    );
}
