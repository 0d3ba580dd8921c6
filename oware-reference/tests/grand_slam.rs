//! SPEC.md rule 4 (grand slam) and the Awari restriction on it.

mod common;

use common::cells;
use oware_reference::{EndReason, Game, Position, Refusal, Rules, Seat};

/// South to move; F (2 seeds) sows a and b to 2 and 3, which are all of
/// North's seeds: a grand slam. A (1 seed) is another move that is not.
fn grand_slam_with_alternative() -> Position {
    Position {
        cells: cells([1, 0, 0, 0, 0, 2], [1, 2, 0, 0, 0, 0], [20, 22]),
        to_move: Seat::South,
    }
}

#[test]
fn grand_slam_is_legal_and_captures_nothing_in_abapa() {
    let before = grand_slam_with_alternative();
    assert_eq!(before.legal_moves(Rules::Abapa), vec![0, 5]);
    let next = before.play(5, Rules::Abapa).expect("a grand slam is legal");
    // The sown seeds stay where they fell; the stores do not change.
    assert_eq!(
        next.cells,
        cells([1, 0, 0, 0, 0, 0], [2, 3, 0, 0, 0, 0], [20, 22])
    );
}

#[test]
fn grand_slam_is_legal_and_captures_nothing_in_sowing_rules() {
    let next = grand_slam_with_alternative()
        .play(5, Rules::Sowing)
        .expect("a grand slam is legal");
    assert_eq!(
        next.cells,
        cells([1, 0, 0, 0, 0, 0], [2, 3, 0, 0, 0, 0], [20, 22])
    );
}

#[test]
fn chain_leaving_one_seed_behind_captures() {
    // As above, but e holds one seed the chain does not reach.
    let before = Position {
        cells: cells([1, 0, 0, 0, 0, 2], [1, 2, 0, 0, 1, 0], [19, 22]),
        to_move: Seat::South,
    };
    let next = before.play(5, Rules::Abapa).expect("legal");
    assert_eq!(
        next.cells,
        cells([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0], [24, 22])
    );
    // Not a grand slam, so Awari allows it too.
    assert_eq!(before.legal_moves(Rules::Awari), vec![0, 5]);
    assert_eq!(before.play(5, Rules::Awari), Ok(next));
}

#[test]
fn awari_forbids_a_grand_slam_while_another_move_exists() {
    let before = grand_slam_with_alternative();
    assert_eq!(before.legal_moves(Rules::Awari), vec![0]);
    assert_eq!(
        before.play(5, Rules::Awari),
        Err(Refusal::GrandSlamForbidden)
    );
    // The other move is still fine.
    assert!(before.play(0, Rules::Awari).is_ok());
}

#[test]
fn awari_plays_a_forced_grand_slam_and_it_captures_nothing() {
    // F is South's only move, and it is a grand slam.
    let before = Position {
        cells: cells([0, 0, 0, 0, 0, 2], [1, 2, 0, 0, 0, 0], [21, 22]),
        to_move: Seat::South,
    };
    assert_eq!(before.legal_moves(Rules::Awari), vec![5]);
    let next = before
        .play(5, Rules::Awari)
        .expect("a forced grand slam is legal");
    assert_eq!(
        next.cells,
        cells([0, 0, 0, 0, 0, 0], [2, 3, 0, 0, 0, 0], [21, 22])
    );
}

#[test]
fn forced_grand_slam_in_a_game_then_north_cannot_feed() {
    let start = Position {
        cells: cells([0, 0, 0, 0, 0, 2], [1, 2, 0, 0, 0, 0], [21, 22]),
        to_move: Seat::South,
    };
    let mut game = Game::from_position(start, Rules::Awari);
    game.play(5).expect("forced grand slam");
    // North's a (2) and b (3) cannot reach South's empty row: no legal move,
    // and each player takes their own row (North's 5 seeds).
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.reason, EndReason::NoLegalMove);
    assert_eq!(outcome.seeds, [21, 27]);
    assert_eq!(outcome.winner, Some(Seat::North));
}
