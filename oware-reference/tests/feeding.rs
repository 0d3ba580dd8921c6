//! SPEC.md rule 5: feeding an empty row, and the end when no move can.

mod common;

use common::cells;
use oware_reference::{EndReason, Game, Position, Refusal, Rules, Seat};

#[test]
fn only_moves_that_feed_an_empty_row_are_legal() {
    // North's row is empty. A (1) sows B and does not feed; E (2) sows F, a
    // and F (1) sows a: both feed.
    let position = Position {
        cells: cells([1, 0, 0, 0, 2, 1], [0, 0, 0, 0, 0, 0], [22, 22]),
        to_move: Seat::South,
    };
    for rules in [Rules::Abapa, Rules::Sowing, Rules::Awari] {
        assert_eq!(position.legal_moves(rules), vec![4, 5]);
        assert_eq!(position.play(0, rules), Err(Refusal::MustFeed));
        let fed = position.play(5, rules).expect("F feeds");
        assert_eq!(
            fed.cells,
            cells([1, 0, 0, 0, 2, 0], [1, 0, 0, 0, 0, 0], [22, 22])
        );
    }
    assert!(!position.is_over());
}

#[test]
fn north_must_feed_south_too() {
    // South's row is empty. a (1) sows b; f (1) sows A.
    let position = Position {
        cells: cells([0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 1], [23, 23]),
        to_move: Seat::North,
    };
    assert_eq!(position.legal_moves(Rules::Abapa), vec![11]);
    assert_eq!(position.play(6, Rules::Abapa), Err(Refusal::MustFeed));
}

#[test]
fn no_feeding_move_ends_the_game_and_the_mover_takes_their_row() {
    // North's row is empty and neither A nor B can reach it.
    let position = Position {
        cells: cells([1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [23, 23]),
        to_move: Seat::South,
    };
    assert!(position.is_over());
    assert_eq!(position.legal_moves(Rules::Abapa), Vec::<usize>::new());
    assert_eq!(position.play(0, Rules::Abapa), Err(Refusal::GameOver));

    let game = Game::from_position(position, Rules::Abapa);
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.reason, EndReason::NoLegalMove);
    assert_eq!(outcome.seeds, [25, 23]);
    assert_eq!(outcome.winner, Some(Seat::South));
}

#[test]
fn a_mover_with_an_empty_row_has_no_move() {
    // Only reachable by setting it up, but the rule is the same: no legal
    // move, each player takes their own row.
    let position = Position {
        cells: cells([0, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 1], [20, 24]),
        to_move: Seat::South,
    };
    assert!(position.is_over());
    let outcome = Game::from_position(position, Rules::Abapa)
        .outcome()
        .expect("the game is over");
    assert_eq!(outcome.reason, EndReason::NoLegalMove);
    assert_eq!(outcome.seeds, [20, 28]);
    assert_eq!(outcome.winner, Some(Seat::North));
}

#[test]
fn equal_totals_after_taking_the_rows_are_a_draw() {
    let position = Position {
        cells: cells([2, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [22, 24]),
        to_move: Seat::South,
    };
    let outcome = Game::from_position(position, Rules::Abapa)
        .outcome()
        .expect("the game is over");
    assert_eq!(outcome.reason, EndReason::NoLegalMove);
    assert_eq!(outcome.seeds, [24, 24]);
    assert_eq!(outcome.winner, None);
}
