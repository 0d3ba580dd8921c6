//! SPEC.md rule 2: sowing, including laps that skip the origin house.

mod common;

use common::cells;
use oware_reference::{Position, Rules, Seat};

/// Plays `house` under Abapa and returns the cells after the move.
fn after(cells: [u8; 14], to_move: Seat, house: usize) -> [u8; 14] {
    let position = Position { cells, to_move };
    let next = position
        .play(house, Rules::Abapa)
        .expect("the move is legal");
    assert_eq!(
        next.to_move,
        to_move.opponent(),
        "the other seat moves next"
    );
    assert_eq!(next.cells[house], 0, "the origin house ends the move empty");
    next.cells
}

#[test]
fn four_seeds_from_the_opening_go_into_the_next_four_houses() {
    let before = Position::opening().cells;
    assert_eq!(
        after(before, Seat::South, 4),
        cells([4, 4, 4, 4, 0, 5], [5, 5, 5, 4, 4, 4], [0, 0])
    );
}

#[test]
fn north_sows_from_f_into_south_row() {
    let before = cells([0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 3], [22, 22]);
    // f holds 3: A, B, C get one each; they held nothing, so no capture.
    assert_eq!(
        after(before, Seat::North, 11),
        cells([1, 1, 1, 0, 0, 0], [1, 0, 0, 0, 0, 0], [22, 22])
    );
}

#[test]
fn twelve_seeds_skip_the_origin_and_end_one_past_it() {
    let before = cells([12, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1], [15, 15]);
    // Seeds 1-11 go into B..f; seed 12 skips A and lands in B again. The
    // last house is South's own, so nothing is captured although a..f now
    // hold 2 each.
    assert_eq!(
        after(before, Seat::South, 0),
        cells([0, 2, 1, 1, 1, 1], [2, 2, 2, 2, 2, 2], [15, 15])
    );
}

#[test]
fn thirteen_seeds_wrap_round_to_the_houses_before_the_origin() {
    let before = cells([1, 13, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1], [14, 14]);
    // From B: C..f (10 seeds), A (11), skip B, C (12), D (13). D is South's
    // own house, so its 2 seeds are not captured.
    assert_eq!(
        after(before, Seat::South, 1),
        cells([2, 0, 2, 2, 1, 1], [2, 2, 2, 2, 2, 2], [14, 14])
    );
}

#[test]
fn twenty_three_seeds_make_two_laps_and_one_more_seed() {
    let before = cells([0, 0, 0, 0, 0, 23], [0, 0, 0, 0, 0, 0], [12, 13]);
    // From F: two laps of the other 11 houses (22 seeds), then a. a ends
    // with 3 and is captured; the walk back stops at F, South's own house.
    // b..f keep their 2 each, so it is not a grand slam.
    assert_eq!(
        after(before, Seat::South, 5),
        cells([2, 2, 2, 2, 2, 0], [0, 2, 2, 2, 2, 2], [15, 13])
    );
}

#[test]
fn twenty_five_seeds_make_two_laps_and_three_more_seeds() {
    let before = cells([0, 0, 25, 0, 0, 0], [0, 0, 0, 0, 0, 0], [11, 12]);
    // From C: 22 seeds in two laps, then D, E, F. Last is F, South's own.
    assert_eq!(
        after(before, Seat::South, 2),
        cells([2, 2, 0, 3, 3, 3], [2, 2, 2, 2, 2, 2], [11, 12])
    );
}

#[test]
fn thirty_five_seeds_make_three_laps_and_two_more_seeds() {
    let before = cells([0, 0, 0, 0, 0, 0], [35, 0, 0, 0, 0, 0], [6, 7]);
    // From a: 33 seeds in three laps, then b and c. Last is c, North's own,
    // so South's houses of 3 are not captured.
    assert_eq!(
        after(before, Seat::North, 6),
        cells([3, 3, 3, 3, 3, 3], [0, 4, 4, 3, 3, 3], [6, 7])
    );
}

#[test]
fn sowing_never_puts_seeds_in_a_store() {
    let before = cells([0, 0, 0, 0, 0, 23], [0, 0, 0, 0, 0, 0], [12, 13]);
    let next = after(before, Seat::South, 5);
    // South's store grew only by the capture (3), North's not at all.
    assert_eq!((next[12], next[13]), (15, 13));
}
