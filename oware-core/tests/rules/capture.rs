//! `Board::capture_chain` and `Chain`, the capture walk alone (RULES.md
//! section 2): the houses a chain holds, its seeds, and `take`. What a capturing move
//! gives when played is in `tests/data/rules/capture.rules`, held against both
//! implementations; the working of each case below is there.

use oware_core::House::{self, *};
use oware_core::{Board, HouseSet, Seat};

use crate::common::board;

/// Sows `house` on `before` and returns the chain `mover` would capture,
/// with its seeds.
fn chain_after_sowing(before: Board, mover: Seat, house: House) -> (Vec<House>, u8) {
    let sowing = before.sow(house);
    let chain = sowing.board.capture_chain(mover, sowing.last);
    assert_eq!(chain.len(), chain.houses().len());
    assert_eq!(chain.is_empty(), chain.houses().next().is_none());
    assert_eq!(chain.house_set(), chain.houses().collect::<HouseSet>());
    (chain.houses().collect(), chain.seeds(sowing.board))
}

#[test]
fn the_chain_holds_the_houses_walked_back_from_the_last() {
    let cases = [
        (
            board([0, 0, 0, 0, 0, 1], [1, 0, 4, 0, 0, 0], [21, 21]),
            Seat::South,
            F,
            vec![a],
            2,
        ),
        (
            board([0, 0, 0, 0, 0, 1], [3, 0, 4, 0, 0, 0], [20, 20]),
            Seat::South,
            F,
            vec![],
            0,
        ),
        (
            board([0, 0, 0, 0, 4, 1], [1, 2, 1, 5, 0, 0], [17, 17]),
            Seat::South,
            E,
            vec![c, b, a],
            7,
        ),
        (
            board([2, 1, 2, 3, 0, 0], [0, 0, 0, 0, 4, 1], [19, 16]),
            Seat::North,
            e,
            vec![C, B, A],
            8,
        ),
        (
            board([0, 0, 0, 0, 4, 0], [1, 0, 1, 4, 0, 0], [19, 19]),
            Seat::South,
            E,
            vec![c],
            2,
        ),
        (
            board([0, 0, 0, 4, 0, 0], [3, 1, 0, 0, 0, 0], [20, 20]),
            Seat::South,
            D,
            vec![b],
            2,
        ),
        (
            board([0, 0, 0, 0, 0, 5], [1, 2, 1, 2, 1, 4], [10, 22]),
            Seat::South,
            F,
            vec![e, d, c, b, a],
            12,
        ),
        (
            board([0, 0, 0, 0, 15, 0], [0, 1, 0, 3, 0, 0], [15, 14]),
            Seat::South,
            E,
            vec![c, b, a],
            7,
        ),
        (
            board([18, 10, 0, 0, 0, 6], [4, 1, 1, 1, 1, 1], [2, 3]),
            Seat::South,
            F,
            vec![f, e, d, c, b],
            10,
        ),
        (
            board([0, 0, 1, 2, 1, 2], [3, 10, 0, 0, 0, 0], [15, 14]),
            Seat::North,
            b,
            vec![F, E, D, C],
            10,
        ),
    ];
    for (before, mover, house, houses, seeds) in cases {
        assert_eq!(
            chain_after_sowing(before, mover, house),
            (houses, seeds),
            "{house}"
        );
    }
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
