//! SPEC.md rule 4, the grand slam: a chain that would take every seed in
//! the opponent's row captures nothing, the sown seeds stay, and the move
//! is still legal. A chain that leaves even one seed captures as usual.
//!
//! (Rules::AWARI, which forbids grand slams unless forced, is in
//! illegal_moves.rs.)

mod common;

use common::{board, position};
use oware_core::House::{self, *};
use oware_core::{Game, HouseSet, Position, Rules, Seat};

/// Whether playing `house` on `before` is a grand slam, by the chain.
fn is_grand_slam(before: Position, house: House) -> bool {
    let sowing = before.board().sow(house);
    sowing
        .board
        .capture_chain(before.to_move(), sowing.last)
        .is_grand_slam(sowing.board)
}

#[test]
fn a_chain_over_the_whole_row_captures_nothing() {
    let before = position(
        [3, 0, 0, 0, 4, 0],
        [1, 2, 1, 0, 0, 0],
        [18, 19],
        Seat::South,
    );
    // E sows F, a, b, c: a 2, b 3, c 2, and d, e, f are empty. The chain
    // c, b, a would take all 7 of North's seeds: nothing is captured.
    assert!(is_grand_slam(before, E));
    assert!(before.legal_moves().contains(E), "a grand slam is legal");
    assert_eq!(
        before.play(E),
        Ok(position(
            [3, 0, 0, 0, 0, 1],
            [2, 3, 2, 0, 0, 0],
            [18, 19],
            Seat::North
        ))
    );
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
    assert_eq!(before.legal_moves(), HouseSet::EMPTY.with(A).with(E));
    assert_eq!(
        before.grand_slams(before.legal_moves()),
        HouseSet::EMPTY.with(E)
    );
    assert_eq!(before.grand_slams(HouseSet::EMPTY.with(A)), HouseSet::EMPTY);
}

#[test]
fn a_chain_that_leaves_one_seed_behind_the_last_house_captures() {
    let before = position(
        [4, 0, 0, 0, 4, 0],
        [1, 2, 1, 1, 0, 0],
        [17, 18],
        Seat::South,
    );
    // As above, but d keeps 1 seed: the chain c, b, a (7) is taken.
    assert!(!is_grand_slam(before, E));
    assert_eq!(
        before.play(E),
        Ok(position(
            [4, 0, 0, 0, 0, 1],
            [0, 0, 0, 1, 0, 0],
            [24, 18],
            Seat::North
        ))
    );
}

#[test]
fn a_chain_that_stops_at_a_lone_seed_captures() {
    let before = position(
        [3, 0, 0, 0, 4, 0],
        [0, 2, 1, 0, 0, 0],
        [19, 19],
        Seat::South,
    );
    // E sows F, a, b, c: a 1, b 3, c 2. The chain c, b stops at a, whose
    // one seed stays: 5 of North's 6 seeds are taken.
    assert!(!is_grand_slam(before, E));
    assert_eq!(
        before.play(E),
        Ok(position(
            [3, 0, 0, 0, 0, 1],
            [1, 0, 0, 0, 0, 0],
            [24, 19],
            Seat::North
        ))
    );
}

#[test]
fn a_single_house_holding_the_whole_row_is_not_taken() {
    let before = position(
        [5, 0, 0, 0, 0, 1],
        [1, 0, 0, 0, 0, 0],
        [20, 21],
        Seat::South,
    );
    // F makes a 2, and a is all North has.
    assert!(is_grand_slam(before, F));
    assert_eq!(
        before.play(F),
        Ok(position(
            [5, 0, 0, 0, 0, 0],
            [2, 0, 0, 0, 0, 0],
            [20, 21],
            Seat::North
        ))
    );
}

#[test]
fn north_s_grand_slam_on_south_captures_nothing() {
    let before = position(
        [2, 1, 2, 0, 0, 0],
        [3, 0, 0, 0, 4, 0],
        [18, 18],
        Seat::North,
    );
    // e sows f, A, B, C: A 3, B 2, C 3, and D, E, F are empty: the chain
    // C, B, A would take all 8 of South's seeds.
    assert!(is_grand_slam(before, e));
    assert_eq!(
        before.play(e),
        Ok(position(
            [3, 2, 3, 0, 0, 0],
            [3, 0, 0, 0, 0, 1],
            [18, 18],
            Seat::South
        ))
    );
}

#[test]
fn a_feeding_move_that_would_take_everything_it_fed_captures_nothing() {
    let before = position(
        [0, 0, 0, 0, 0, 17],
        [0, 0, 0, 0, 0, 0],
        [15, 16],
        Seat::South,
    );
    // North's row is empty, and F is South's only move. It sows a..f,
    // A..E (11), skips F, then a..f again: a..f hold 2 each and f is last.
    // The chain f..a would take North's whole row: nothing is captured.
    assert!(is_grand_slam(before, F));
    assert_eq!(before.legal_moves(), HouseSet::EMPTY.with(F));
    assert_eq!(
        before.play(F),
        Ok(position(
            [1, 1, 1, 1, 1, 0],
            [2, 2, 2, 2, 2, 2],
            [15, 16],
            Seat::North
        ))
    );
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
