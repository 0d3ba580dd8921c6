//! `Board::sow`, the sowing alone (RULES.md section 2, no capture): the board it
//! leaves, the last house and the seeds sown, and its unchecked and
//! panicking tiers. What a sowing move gives when played, capture and all,
//! is in `tests/data/rules/sowing.rules`, held against both implementations.

use oware_core::{Board, House};

use crate::common::board;

#[test]
fn sow_reports_the_last_house_and_the_seeds_sown() {
    // (cells before, house, cells after sowing, last house, seeds sown); the
    // working is in tests/data/rules/sowing.rules.
    let cases = [
        (
            board([4; 6], [4; 6], [0, 0]),
            House::E,
            board([4, 4, 4, 4, 0, 5], [5, 5, 5, 4, 4, 4], [0, 0]),
            House::c,
        ),
        (
            board([2, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 3], [21, 21]),
            House::f,
            board([3, 1, 1, 0, 0, 0], [1, 0, 0, 0, 0, 0], [21, 21]),
            House::C,
        ),
        (
            board([11, 0, 0, 0, 0, 0], [0; 6], [20, 17]),
            House::A,
            board([0, 1, 1, 1, 1, 1], [1; 6], [20, 17]),
            House::f,
        ),
        (
            board([12, 0, 0, 0, 0, 0], [1; 6], [15, 15]),
            House::A,
            board([0, 2, 1, 1, 1, 1], [2; 6], [15, 15]),
            House::B,
        ),
        (
            board([1, 13, 0, 0, 0, 0], [1; 6], [14, 14]),
            House::B,
            board([2, 0, 2, 2, 1, 1], [2; 6], [14, 14]),
            House::D,
        ),
        (
            board([0, 0, 0, 22, 0, 0], [1, 0, 0, 0, 0, 0], [12, 13]),
            House::D,
            board([2, 2, 2, 0, 2, 2], [3, 2, 2, 2, 2, 2], [12, 13]),
            House::C,
        ),
        (
            board([0, 0, 23, 0, 0, 0], [1, 0, 0, 0, 0, 0], [12, 12]),
            House::C,
            board([2, 2, 0, 3, 2, 2], [3, 2, 2, 2, 2, 2], [12, 12]),
            House::D,
        ),
        // Sown, not played: A holds 3 here, and the capture comes after.
        (
            board([0; 6], [0, 0, 0, 0, 0, 23], [12, 13]),
            House::f,
            board([3, 2, 2, 2, 2, 2], [2, 2, 2, 2, 2, 0], [12, 13]),
            House::A,
        ),
        (
            board([0, 0, 0, 0, 0, 25], [0; 6], [11, 12]),
            House::F,
            board([2, 2, 2, 2, 2, 0], [3, 3, 3, 2, 2, 2], [11, 12]),
            House::c,
        ),
        (
            board([35, 0, 0, 0, 0, 0], [0; 6], [6, 7]),
            House::A,
            board([0, 4, 4, 3, 3, 3], [3; 6], [6, 7]),
            House::C,
        ),
        (
            board([0; 6], [0, 0, 0, 0, 35, 0], [6, 7]),
            House::e,
            board([4, 3, 3, 3, 3, 3], [3, 3, 3, 3, 0, 4], [6, 7]),
            House::A,
        ),
        (
            board([44, 0, 0, 0, 0, 0], [0; 6], [2, 2]),
            House::A,
            board([0, 4, 4, 4, 4, 4], [4; 6], [2, 2]),
            House::f,
        ),
        (
            board([48, 0, 0, 0, 0, 0], [0; 6], [0, 0]),
            House::A,
            board([0, 5, 5, 5, 5, 4], [4; 6], [0, 0]),
            House::E,
        ),
    ];
    for (before, house, after, last) in cases {
        let sowing = before.sow(house);
        assert_eq!(sowing.board, after, "sowing {house}");
        assert_eq!(sowing.last, last, "sowing {house}");
        assert_eq!(sowing.sown, before[house], "sowing {house}");
    }
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
