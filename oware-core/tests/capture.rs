//! SPEC.md rule 3, capture: the backward chain of 2s and 3s in the
//! opponent's row, and each way it stops. All counts are after sowing.
//!
//! Every expected board is worked out by hand from SPEC; the comments show
//! the working.

mod common;

use common::{board, position};
use oware_core::House::{self, *};
use oware_core::{Board, HouseSet, Position, Seat};

/// Sows `house` on `before` and returns the chain `mover` would capture,
/// with the board after sowing.
fn chain_after_sowing(before: Board, mover: Seat, house: House) -> (Vec<House>, u8, Board) {
    let sowing = before.sow(house);
    let chain = sowing.board.capture_chain(mover, sowing.last);
    assert_eq!(chain.len(), chain.houses().len());
    assert_eq!(chain.is_empty(), chain.houses().next().is_none());
    assert_eq!(chain.house_set(), chain.houses().collect::<HouseSet>());
    (
        chain.houses().collect(),
        chain.seeds(sowing.board),
        sowing.board,
    )
}

#[test]
fn a_last_house_made_two_is_taken() {
    let before = position(
        [0, 0, 0, 0, 0, 1],
        [1, 0, 4, 0, 0, 0],
        [21, 21],
        Seat::South,
    );
    // F's seed makes a 2; a is North's first house, so the walk stops there.
    let (houses, seeds, _) = chain_after_sowing(before.board(), Seat::South, F);
    assert_eq!((houses, seeds), (vec![a], 2));
    assert_eq!(
        before.play(F),
        Ok(position(
            [0, 0, 0, 0, 0, 0],
            [0, 0, 4, 0, 0, 0],
            [23, 21],
            Seat::North
        ))
    );
}

#[test]
fn a_last_house_made_three_is_taken() {
    let before = position(
        [0, 0, 0, 0, 0, 1],
        [2, 0, 4, 0, 0, 0],
        [21, 20],
        Seat::South,
    );
    assert_eq!(
        before.play(F),
        Ok(position(
            [0, 0, 0, 0, 0, 0],
            [0, 0, 4, 0, 0, 0],
            [24, 20],
            Seat::North
        ))
    );
}

#[test]
fn a_last_house_made_four_is_not_taken() {
    let before = position(
        [0, 0, 0, 0, 0, 1],
        [3, 0, 4, 0, 0, 0],
        [20, 20],
        Seat::South,
    );
    let (houses, seeds, _) = chain_after_sowing(before.board(), Seat::South, F);
    assert_eq!((houses, seeds), (vec![], 0));
    assert_eq!(
        before.play(F),
        Ok(position(
            [0, 0, 0, 0, 0, 0],
            [4, 0, 4, 0, 0, 0],
            [20, 20],
            Seat::North
        ))
    );
}

#[test]
fn a_last_house_made_one_is_not_taken() {
    let before = position(
        [0, 0, 0, 0, 0, 1],
        [0, 0, 4, 0, 0, 0],
        [22, 21],
        Seat::South,
    );
    assert_eq!(
        before.play(F),
        Ok(position(
            [0, 0, 0, 0, 0, 0],
            [1, 0, 4, 0, 0, 0],
            [22, 21],
            Seat::North
        ))
    );
}

#[test]
fn the_chain_walks_back_and_stops_at_the_end_of_the_opponents_row() {
    let before = position(
        [0, 0, 0, 0, 4, 1],
        [1, 2, 1, 5, 0, 0],
        [17, 17],
        Seat::South,
    );
    // E sows F, a, b, c: F 2, a 2, b 3, c 2. From c back: c, b, a taken
    // (7 seeds); the walk stops after a, so South's own F (2) stays.
    let (houses, seeds, sown) = chain_after_sowing(before.board(), Seat::South, E);
    assert_eq!(
        sown,
        board([0, 0, 0, 0, 0, 2], [2, 3, 2, 5, 0, 0], [17, 17])
    );
    assert_eq!((houses, seeds), (vec![c, b, a], 7));
    assert_eq!(
        before.play(E),
        Ok(position(
            [0, 0, 0, 0, 0, 2],
            [0, 0, 0, 5, 0, 0],
            [24, 17],
            Seat::North
        ))
    );
}

#[test]
fn north_s_chain_stops_at_a_and_never_wraps_into_north_s_row() {
    let before = position(
        [2, 1, 2, 3, 0, 0],
        [0, 0, 0, 0, 4, 1],
        [19, 16],
        Seat::North,
    );
    // e sows f, A, B, C: f 2 (North's own), A 3, B 2, C 3. From C back:
    // C, B, A taken (8 seeds); the walk stops after A, not wrapping to f.
    // D (3) lies after the last house and is not part of the chain.
    let (houses, seeds, _) = chain_after_sowing(before.board(), Seat::North, e);
    assert_eq!((houses, seeds), (vec![C, B, A], 8));
    assert_eq!(
        before.play(e),
        Ok(position(
            [0, 0, 0, 3, 0, 0],
            [0, 0, 0, 0, 0, 2],
            [19, 24],
            Seat::South
        ))
    );
}

#[test]
fn the_chain_stops_at_a_house_holding_one() {
    let before = position(
        [0, 0, 0, 0, 4, 0],
        [1, 0, 1, 4, 0, 0],
        [19, 19],
        Seat::South,
    );
    // E sows F, a, b, c: a 2, b 1, c 2. c is taken; b (1) stops the walk,
    // so a keeps its 2.
    let (houses, seeds, _) = chain_after_sowing(before.board(), Seat::South, E);
    assert_eq!((houses, seeds), (vec![c], 2));
    assert_eq!(
        before.play(E),
        Ok(position(
            [0, 0, 0, 0, 0, 1],
            [2, 1, 0, 4, 0, 0],
            [21, 19],
            Seat::North
        ))
    );
}

#[test]
fn the_chain_stops_at_a_house_holding_four() {
    let before = position(
        [0, 0, 0, 4, 0, 0],
        [3, 1, 0, 0, 0, 0],
        [20, 20],
        Seat::South,
    );
    // D sows E, F, a, b: a 4, b 2. b is taken; a (4) stops the walk.
    let (houses, seeds, _) = chain_after_sowing(before.board(), Seat::South, D);
    assert_eq!((houses, seeds), (vec![b], 2));
    assert_eq!(
        before.play(D),
        Ok(position(
            [0, 0, 0, 0, 1, 1],
            [4, 0, 0, 0, 0, 0],
            [22, 20],
            Seat::North
        ))
    );
}

#[test]
fn a_chain_of_five_houses_leaves_the_sixth() {
    let before = position(
        [0, 0, 0, 0, 0, 5],
        [1, 2, 1, 2, 1, 4],
        [10, 22],
        Seat::South,
    );
    // F sows a..e: 2, 3, 2, 3, 2. From e back to a: all taken (12 seeds);
    // f keeps 4.
    let (houses, seeds, _) = chain_after_sowing(before.board(), Seat::South, F);
    assert_eq!((houses, seeds), (vec![e, d, c, b, a], 12));
    assert_eq!(
        before.play(F),
        Ok(position(
            [0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 4],
            [22, 22],
            Seat::North
        ))
    );
}

#[test]
fn counts_are_taken_after_a_lap_of_sowing() {
    let before = position(
        [0, 0, 0, 0, 15, 0],
        [0, 1, 0, 3, 0, 0],
        [15, 14],
        Seat::South,
    );
    // E sows F, a..f, A..D (11), skips E, then F, a, b, c (15). After
    // sowing a 2, b 3 (it held 1 and was sown twice), c 2, d 4: c, b, a taken.
    let (houses, seeds, sown) = chain_after_sowing(before.board(), Seat::South, E);
    assert_eq!(
        sown,
        board([1, 1, 1, 1, 0, 2], [2, 3, 2, 4, 1, 1], [15, 14])
    );
    assert_eq!((houses, seeds), (vec![c, b, a], 7));
    assert_eq!(
        before.play(E),
        Ok(position(
            [1, 1, 1, 1, 0, 2],
            [0, 0, 0, 4, 1, 1],
            [22, 14],
            Seat::North
        ))
    );
}

#[test]
fn a_last_house_in_the_movers_own_row_takes_nothing() {
    // After B's 13 seeds (see sowing.rs) a..f hold 2 each and D, South's
    // own, is last: no chain at all.
    let sown = board([2, 0, 2, 2, 1, 1], [2, 2, 2, 2, 2, 2], [14, 14]);
    for last in Seat::South.houses() {
        let chain = sown.capture_chain(Seat::South, last);
        assert!(chain.is_empty(), "South's own {last}");
        assert_eq!(chain.seeds(sown), 0);
        assert_eq!(chain.house_set(), HouseSet::EMPTY);
        assert!(!chain.is_grand_slam(sown));
    }
    let before = position(
        [1, 13, 0, 0, 0, 0],
        [1, 1, 1, 1, 1, 1],
        [14, 14],
        Seat::South,
    );
    assert_eq!(before.play(B), Ok(Position::new(sown, Seat::North)));
}

#[test]
fn take_empties_the_chain_into_the_movers_store() {
    let sown = board([0, 0, 0, 0, 0, 2], [2, 3, 2, 5, 0, 0], [17, 17]);
    let chain = sown.capture_chain(Seat::South, c);
    assert_eq!(chain.house_set(), HouseSet::EMPTY.with(a).with(b).with(c));
    assert_eq!(
        chain.take(sown, Seat::South),
        board([0, 0, 0, 0, 0, 2], [0, 0, 0, 5, 0, 0], [24, 17])
    );
    // A chain of North's on South's row goes to North's store.
    let sown = board([3, 2, 3, 3, 0, 0], [0, 0, 0, 0, 0, 2], [19, 16]);
    let chain = sown.capture_chain(Seat::North, C);
    assert_eq!(chain.houses().collect::<Vec<_>>(), [C, B, A]);
    assert_eq!(
        chain.take(sown, Seat::North),
        board([0, 0, 0, 3, 0, 0], [0, 0, 0, 0, 0, 2], [19, 24])
    );
}

#[test]
fn a_chain_ending_at_f_ignores_the_stores_beyond_it() {
    // The stores hold 2 and 3, the counts a chain takes; they come right
    // after f in the canonical layout but are never part of a chain.
    let before = position(
        [18, 10, 0, 0, 0, 6],
        [4, 1, 1, 1, 1, 1],
        [2, 3],
        Seat::South,
    );
    // F sows a..f: a 5, b..f 2 each. From f back: f, e, d, c, b (10);
    // a (5) stops the walk.
    let (houses, seeds, _) = chain_after_sowing(before.board(), Seat::South, F);
    assert_eq!((houses, seeds), (vec![f, e, d, c, b], 10));
    assert_eq!(
        before.play(F),
        Ok(position(
            [18, 10, 0, 0, 0, 0],
            [5, 0, 0, 0, 0, 0],
            [12, 3],
            Seat::North
        ))
    );
}

#[test]
fn north_s_chain_ending_at_f_leaves_north_s_own_a() {
    let before = position(
        [0, 0, 1, 2, 1, 2],
        [3, 10, 0, 0, 0, 0],
        [15, 14],
        Seat::North,
    );
    // b (10) sows c, d, e, f, A..F: A 1, B 1, C 2, D 3, E 2, F 3. From F
    // back: F, E, D, C (10); B (1) stops the walk. North's a (3), just
    // after F in the ring, is North's own and stays.
    let (houses, seeds, _) = chain_after_sowing(before.board(), Seat::North, b);
    assert_eq!((houses, seeds), (vec![F, E, D, C], 10));
    assert_eq!(
        before.play(b),
        Ok(position(
            [1, 1, 0, 0, 0, 0],
            [3, 0, 1, 1, 1, 1],
            [15, 24],
            Seat::South
        ))
    );
}
