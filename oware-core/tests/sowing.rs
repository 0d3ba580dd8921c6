//! SPEC.md rule 2, sowing: one seed into each following house, ascending
//! index modulo 12, never into a store, skipping the origin every lap.
//!
//! Every expected board is worked out by hand from SPEC; the comments show
//! the working.

mod common;

use common::{board, position};
use oware_core::{Board, House, Seat};

#[test]
fn four_seeds_from_the_opening_fill_the_next_four_houses() {
    let sowing = Board::OPENING.sow(House::E);
    // E's four seeds go to F, a, b, c.
    assert_eq!(
        sowing.board,
        board([4, 4, 4, 4, 0, 5], [5, 5, 5, 4, 4, 4], [0, 0])
    );
    assert_eq!(sowing.last, House::c);
    assert_eq!(sowing.sown, 4);
}

#[test]
fn every_opening_house_sows_into_the_four_after_it() {
    for (origin, &house) in House::ALL.iter().enumerate() {
        let sowing = Board::OPENING.sow(house);
        let mut expected = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0];
        expected[origin] = 0;
        for step in 1..=4 {
            expected[(origin + step) % 12] = 5;
        }
        assert_eq!(sowing.board.to_cells(), expected, "sowing {house}");
        assert_eq!(sowing.last, House::ALL[(origin + 4) % 12], "sowing {house}");
        assert_eq!(sowing.sown, 4);
    }
}

#[test]
fn north_sows_from_f_round_into_south_row() {
    let before = board([2, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 3], [21, 21]);
    // f (index 11) is followed by A (index 0): A, B, C get one each.
    let sowing = before.sow(House::f);
    assert_eq!(
        sowing.board,
        board([3, 1, 1, 0, 0, 0], [1, 0, 0, 0, 0, 0], [21, 21])
    );
    assert_eq!(sowing.last, House::C);
    assert_eq!(sowing.sown, 3);
}

#[test]
fn eleven_seeds_end_in_the_house_before_the_origin() {
    let before = board([11, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [20, 17]);
    // B..F and a..f: one lap short of the origin, which stays empty.
    let sowing = before.sow(House::A);
    assert_eq!(
        sowing.board,
        board([0, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1], [20, 17])
    );
    assert_eq!(sowing.last, House::f);
    assert_eq!(sowing.sown, 11);
}

#[test]
fn twelve_seeds_skip_the_origin_and_end_one_past_it() {
    let before = board([12, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1], [15, 15]);
    // Seeds 1-11 go into B..f; seed 12 skips A and lands in B again.
    let sowing = before.sow(House::A);
    assert_eq!(
        sowing.board,
        board([0, 2, 1, 1, 1, 1], [2, 2, 2, 2, 2, 2], [15, 15])
    );
    assert_eq!(sowing.last, House::B);
    assert_eq!(sowing.sown, 12);
}

#[test]
fn twelve_seeds_played_end_in_the_movers_own_row_and_capture_nothing() {
    let before = position(
        [12, 0, 0, 0, 0, 0],
        [1, 1, 1, 1, 1, 1],
        [15, 15],
        Seat::South,
    );
    // As above: a..f hold 2 each, but the last seed fell in South's own B.
    assert_eq!(
        before.play(House::A),
        Ok(position(
            [0, 2, 1, 1, 1, 1],
            [2, 2, 2, 2, 2, 2],
            [15, 15],
            Seat::North
        ))
    );
}

#[test]
fn thirteen_seeds_wrap_round_to_the_houses_before_the_origin() {
    let before = board([1, 13, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1], [14, 14]);
    // From B: C..F (4), a..f (6), A (11th), skip B, C (12th), D (13th).
    let sowing = before.sow(House::B);
    assert_eq!(
        sowing.board,
        board([2, 0, 2, 2, 1, 1], [2, 2, 2, 2, 2, 2], [14, 14])
    );
    assert_eq!(sowing.last, House::D);
    assert_eq!(sowing.sown, 13);
}

#[test]
fn twenty_two_seeds_make_two_laps_and_end_before_the_origin() {
    let before = board([0, 0, 0, 22, 0, 0], [1, 0, 0, 0, 0, 0], [12, 13]);
    // Two laps of 11: every other house gains 2; the hand stops at C.
    let sowing = before.sow(House::D);
    assert_eq!(
        sowing.board,
        board([2, 2, 2, 0, 2, 2], [3, 2, 2, 2, 2, 2], [12, 13])
    );
    assert_eq!(sowing.last, House::C);
    assert_eq!(sowing.sown, 22);
}

#[test]
fn twenty_three_seeds_make_two_laps_and_one_more() {
    let before = board([0, 0, 23, 0, 0, 0], [1, 0, 0, 0, 0, 0], [12, 12]);
    // Two laps (22 seeds, every house but C gains 2), then D.
    let sowing = before.sow(House::C);
    assert_eq!(
        sowing.board,
        board([2, 2, 0, 3, 2, 2], [3, 2, 2, 2, 2, 2], [12, 12])
    );
    assert_eq!(sowing.last, House::D);
    assert_eq!(sowing.sown, 23);
}

#[test]
fn twenty_three_seeds_from_f_end_in_a_and_capture_it() {
    let before = position(
        [0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 23],
        [12, 13],
        Seat::North,
    );
    // Two laps give every house but f 2; the 23rd seed lands in A (3).
    // A is South's and holds 3: taken. A is South's first house, so the
    // walk stops; South keeps B..F (10 seeds), so it is no grand slam.
    let sowing = before.board().sow(House::f);
    assert_eq!(
        sowing.board,
        board([3, 2, 2, 2, 2, 2], [2, 2, 2, 2, 2, 0], [12, 13])
    );
    assert_eq!(sowing.last, House::A);
    assert_eq!(
        before.play(House::f),
        Ok(position(
            [0, 2, 2, 2, 2, 2],
            [2, 2, 2, 2, 2, 0],
            [12, 16],
            Seat::South
        ))
    );
}

#[test]
fn twenty_five_seeds_make_two_laps_and_three_more() {
    let before = board([0, 0, 0, 0, 0, 25], [0, 0, 0, 0, 0, 0], [11, 12]);
    // Two laps (every house but F gains 2), then a, b, c.
    let sowing = before.sow(House::F);
    assert_eq!(
        sowing.board,
        board([2, 2, 2, 2, 2, 0], [3, 3, 3, 2, 2, 2], [11, 12])
    );
    assert_eq!(sowing.last, House::c);
    assert_eq!(sowing.sown, 25);
}

#[test]
fn twenty_five_seeds_played_capture_the_threes_they_made() {
    let before = position(
        [0, 0, 0, 0, 0, 25],
        [0, 0, 0, 0, 0, 0],
        [11, 12],
        Seat::South,
    );
    // After sowing (above) c, b, a hold 3 each: all taken (9 seeds); the
    // walk stops after a. d, e, f keep 2 each, so it is no grand slam.
    assert_eq!(
        before.play(House::F),
        Ok(position(
            [2, 2, 2, 2, 2, 0],
            [0, 0, 0, 2, 2, 2],
            [20, 12],
            Seat::North
        ))
    );
}

#[test]
fn thirty_five_seeds_make_three_laps_and_two_more() {
    let before = board([35, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [6, 7]);
    // Three laps (33 seeds, every house but A gains 3), then B and C.
    let sowing = before.sow(House::A);
    assert_eq!(
        sowing.board,
        board([0, 4, 4, 3, 3, 3], [3, 3, 3, 3, 3, 3], [6, 7])
    );
    assert_eq!(sowing.last, House::C);
    assert_eq!(sowing.sown, 35);
}

#[test]
fn thirty_five_seeds_from_north_wrap_past_f_into_south_row() {
    let before = position([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 35, 0], [6, 7], Seat::North);
    // Three laps (every house but e gains 3), then f and A. A holds 4:
    // nothing is captured.
    let sowing = before.board().sow(House::e);
    assert_eq!(
        sowing.board,
        board([4, 3, 3, 3, 3, 3], [3, 3, 3, 3, 0, 4], [6, 7])
    );
    assert_eq!(sowing.last, House::A);
    assert_eq!(sowing.sown, 35);
    assert_eq!(
        before.play(House::e),
        Ok(position(
            [4, 3, 3, 3, 3, 3],
            [3, 3, 3, 3, 0, 4],
            [6, 7],
            Seat::South
        ))
    );
}

#[test]
fn forty_four_seeds_make_four_laps_and_end_before_the_origin() {
    let before = board([44, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [2, 2]);
    // Four laps of 11: every house but A gains 4; the hand stops at f.
    let sowing = before.sow(House::A);
    assert_eq!(
        sowing.board,
        board([0, 4, 4, 4, 4, 4], [4, 4, 4, 4, 4, 4], [2, 2])
    );
    assert_eq!(sowing.last, House::f);
    assert_eq!(sowing.sown, 44);
}

#[test]
fn all_48_seeds_in_one_house_make_four_laps_and_four_more() {
    let before = position([48, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [0, 0], Seat::South);
    // Four laps (44 seeds, every house but A gains 4), then B, C, D, E.
    // E is South's own: nothing is captured.
    let sowing = before.board().sow(House::A);
    assert_eq!(sowing.last, House::E);
    assert_eq!(sowing.sown, 48);
    assert_eq!(
        before.play(House::A),
        Ok(position(
            [0, 5, 5, 5, 5, 4],
            [4, 4, 4, 4, 4, 4],
            [0, 0],
            Seat::North
        ))
    );
}

#[test]
fn sow_unchecked_agrees_with_sow_on_a_non_empty_house() {
    let before = board([1, 13, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1], [14, 14]);
    for house in [House::A, House::B, House::a, House::f] {
        assert_eq!(
            before.sow_unchecked(house),
            before.sow(house),
            "sowing {house}"
        );
    }
}

#[test]
#[should_panic(expected = "cannot sow house C: it is empty")]
fn sowing_an_empty_house_is_a_programmer_error() {
    let _ = board([1, 13, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1], [14, 14]).sow(House::C);
}
