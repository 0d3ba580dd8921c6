//! The grand slam's API (RULES.md section 3): `Chain::is_grand_slam`,
//! `Position::grand_slams`, and a grand slam counting as a move without
//! capture. What a grand slam gives when played, under each rule set, is in
//! `tests/data/rules/grand_slam.rules`, held against both implementations; the
//! working of each case below is there.

use oware_core::House::{self, *};
use oware_core::{Game, HouseSet, Position, Rules, Seat};

use crate::common::{board, position};

/// Whether playing `house` on `before` is a grand slam, by the chain.
fn is_grand_slam(before: Position, house: House) -> bool {
    let sowing = before.board().sow(house);
    sowing
        .board
        .capture_chain(before.to_move(), sowing.last)
        .is_grand_slam(sowing.board)
}

#[test]
fn the_chain_knows_a_grand_slam_from_a_near_miss() {
    let cases = [
        (
            position(
                [3, 0, 0, 0, 4, 0],
                [1, 2, 1, 0, 0, 0],
                [18, 19],
                Seat::South,
            ),
            E,
            true,
        ),
        (
            position(
                [3, 0, 0, 0, 4, 0],
                [1, 2, 1, 0, 0, 0],
                [18, 19],
                Seat::South,
            ),
            A,
            false,
        ),
        (
            position(
                [4, 0, 0, 0, 4, 0],
                [1, 2, 1, 1, 0, 0],
                [17, 18],
                Seat::South,
            ),
            E,
            false,
        ),
        (
            position(
                [3, 0, 0, 0, 4, 0],
                [0, 2, 1, 0, 0, 0],
                [19, 19],
                Seat::South,
            ),
            E,
            false,
        ),
        (
            position(
                [5, 0, 0, 0, 0, 1],
                [1, 0, 0, 0, 0, 0],
                [20, 21],
                Seat::South,
            ),
            F,
            true,
        ),
        (
            position(
                [2, 1, 2, 0, 0, 0],
                [3, 0, 0, 0, 4, 0],
                [18, 18],
                Seat::North,
            ),
            e,
            true,
        ),
        (
            position([0, 0, 0, 0, 0, 17], [0; 6], [15, 16], Seat::South),
            F,
            true,
        ),
    ];
    for (before, house, expected) in cases {
        assert_eq!(
            is_grand_slam(before, house),
            expected,
            "{house} on {before:?}"
        );
    }
}

#[test]
fn grand_slams_lists_only_the_moves_that_take_the_whole_row() {
    let before = position(
        [3, 0, 0, 0, 4, 0],
        [1, 2, 1, 0, 0, 0],
        [18, 19],
        Seat::South,
    );
    // A sows B, C, D and ends in South's own row.
    assert!(!is_grand_slam(before, A));
    assert_eq!(before.legal_moves_abapa(), HouseSet::EMPTY.with(A).with(E));
    assert_eq!(
        before.grand_slams(before.legal_moves_abapa()),
        HouseSet::EMPTY.with(E)
    );
    assert_eq!(before.grand_slams(HouseSet::EMPTY.with(A)), HouseSet::EMPTY);
}

#[test]
fn the_grand_slam_chain_reports_itself() {
    let sown = board([3, 0, 0, 0, 0, 1], [2, 3, 2, 0, 0, 0], [18, 19]);
    let chain = sown.capture_chain(Seat::South, c);
    assert_eq!(chain.houses().collect::<Vec<_>>(), [c, b, a]);
    assert_eq!(chain.seeds(sown), 7);
    assert!(chain.is_grand_slam(sown));
    // The same chain with one more seed in North's row is not one.
    let sown = board([3, 0, 0, 0, 0, 0], [2, 3, 2, 0, 0, 1], [18, 19]);
    assert!(!sown.capture_chain(Seat::South, c).is_grand_slam(sown));
}

#[test]
fn a_grand_slam_counts_as_a_move_without_capture() {
    let start = position(
        [3, 0, 0, 0, 4, 0],
        [1, 2, 1, 0, 0, 0],
        [18, 19],
        Seat::South,
    );
    let mut game = Game::from_position(start, Rules::SOWING);
    game.play(E)
        .expect("a grand slam is legal under the sowing rules");
    assert_eq!(game.moves_without_capture(), 1);
    assert_eq!(game.position().board().stores().south, 18);
    assert_eq!(game.outcome(), None);
}
