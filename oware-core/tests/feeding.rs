//! SPEC.md rule 5, feeding: when the opponent's row is empty before the
//! move, only moves that leave a seed in it are legal; when none exists the
//! game ends and the player to move takes every seed in their own row.

mod common;

use common::{play_line, position};
use oware_core::House::*;
use oware_core::{BySeat, EndReason, Game, HouseSet, IllegalMove, Outcome, Position, Rules, Seat};

fn set(houses: &[oware_core::House]) -> HouseSet {
    houses.iter().copied().collect()
}

/// South to move, North's row empty. A house of index `i` needs `6 - i`
/// seeds to reach a: A 5 and B 4 fall one short, C 4 and D 3 reach exactly,
/// E 1 falls one short, F is empty.
fn south_must_feed() -> Position {
    position(
        [5, 4, 4, 3, 1, 0],
        [0, 0, 0, 0, 0, 0],
        [16, 15],
        Seat::South,
    )
}

#[test]
fn only_moves_that_reach_the_empty_row_are_legal() {
    let before = south_must_feed();
    assert_eq!(before.legal_moves(), set(&[C, D]));
    for rules in [Rules::ABAPA, Rules::SOWING, Rules::AWARI] {
        assert_eq!(before.legal_moves_under(&rules), set(&[C, D]), "{rules}");
    }
}

#[test]
fn a_move_that_does_not_feed_is_refused() {
    let before = south_must_feed();
    for house in [A, B, E] {
        assert_eq!(before.play(house), Err(IllegalMove::MustFeed(house)));
    }
    assert_eq!(before.play(F), Err(IllegalMove::EmptyHouse(F)));
}

#[test]
fn a_feeding_move_is_played() {
    let before = south_must_feed();
    // C sows D, E, F, a; D sows E, F, a.
    assert_eq!(
        before.play(C),
        Ok(position(
            [5, 4, 0, 4, 2, 1],
            [1, 0, 0, 0, 0, 0],
            [16, 15],
            Seat::North
        ))
    );
    assert_eq!(
        before.play(D),
        Ok(position(
            [5, 4, 4, 0, 2, 1],
            [1, 0, 0, 0, 0, 0],
            [16, 15],
            Seat::North
        ))
    );
}

#[test]
fn north_must_feed_south_too() {
    // a needs 6 seeds to reach A, b 5, c 4, d 3, e 2, f 1.
    let before = position(
        [0, 0, 0, 0, 0, 0],
        [6, 4, 4, 0, 2, 0],
        [16, 16],
        Seat::North,
    );
    assert_eq!(before.legal_moves(), set(&[a, c, e]));
    assert_eq!(before.play(b), Err(IllegalMove::MustFeed(b)));
    // e sows f, A.
    assert_eq!(
        before.play(e),
        Ok(position(
            [1, 0, 0, 0, 0, 0],
            [6, 4, 4, 0, 0, 1],
            [16, 16],
            Seat::South
        ))
    );
}

#[test]
fn a_row_that_is_not_empty_need_not_be_reached() {
    // North has one seed, so South's A (which reaches only B) is legal.
    let before = position(
        [1, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 1],
        [23, 23],
        Seat::South,
    );
    assert_eq!(before.legal_moves(), set(&[A]));
    assert_eq!(
        before.play(A),
        Ok(position(
            [0, 1, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 1],
            [23, 23],
            Seat::North
        ))
    );
}

#[test]
fn no_feeding_move_ends_the_game_and_the_mover_takes_their_row() {
    // Every South house falls one seed short of a.
    let over = position(
        [5, 4, 3, 2, 1, 0],
        [0, 0, 0, 0, 0, 0],
        [17, 16],
        Seat::South,
    );
    assert_eq!(over.legal_moves(), HouseSet::EMPTY);
    assert!(over.is_over());
    let expected = Outcome {
        winner: Some(Seat::South),
        reason: EndReason::NoLegalMove,
        seeds: BySeat::new(17 + 15, 16),
    };
    assert_eq!(over.outcome(), Some(expected));
    assert_eq!(over.play(A), Err(IllegalMove::GameOver));
    let game = Game::from_position(over, Rules::ABAPA);
    assert_eq!(game.outcome(), Some(expected));
    assert_eq!(game.legal_moves(), HouseSet::EMPTY);
}

#[test]
fn north_unable_to_feed_takes_north_s_row() {
    let over = position(
        [0, 0, 0, 0, 0, 0],
        [5, 4, 3, 2, 1, 0],
        [16, 17],
        Seat::North,
    );
    assert_eq!(
        over.outcome(),
        Some(Outcome {
            winner: Some(Seat::North),
            reason: EndReason::NoLegalMove,
            seeds: BySeat::new(16, 17 + 15),
        })
    );
}

#[test]
fn taking_the_row_can_make_a_draw() {
    // South's 2 seeds in A cannot reach a; 22 + 2 = 24 against 24.
    let over = position(
        [2, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
        [22, 24],
        Seat::South,
    );
    assert_eq!(
        over.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::NoLegalMove,
            seeds: BySeat::new(24, 24),
        })
    );
}

#[test]
fn in_a_game_the_seat_that_emptied_its_own_row_must_be_fed() {
    let start = position(
        [0, 0, 0, 0, 0, 1],
        [3, 0, 0, 0, 0, 2],
        [21, 21],
        Seat::South,
    );
    let mut game = Game::from_position(start, Rules::ABAPA);
    // F sows a (4): South's row is now empty.
    play_line(&mut game, "F");
    assert_eq!(
        game.position(),
        position(
            [0, 0, 0, 0, 0, 0],
            [4, 0, 0, 0, 0, 2],
            [21, 21],
            Seat::North
        )
    );
    // a's 4 seeds reach only e; f's 2 reach A and B.
    assert_eq!(game.legal_moves(), set(&[f]));
    let before = game.clone();
    assert_eq!(game.play(a), Err(IllegalMove::MustFeed(a)));
    assert_eq!(game, before);
    play_line(&mut game, "f");
    assert_eq!(
        game.position(),
        position(
            [1, 1, 0, 0, 0, 0],
            [4, 0, 0, 0, 0, 0],
            [21, 21],
            Seat::South
        )
    );
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_grand_slam_can_leave_the_opponent_unable_to_feed() {
    let start = position(
        [1, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 1],
        [23, 23],
        Seat::North,
    );
    let mut game = Game::from_position(start, Rules::ABAPA);
    // f sows A (2): a grand slam, so nothing is taken. North's row is now
    // empty and A's 2 seeds cannot reach it: South takes them, 25 to 23.
    play_line(&mut game, "f");
    assert_eq!(
        game.position(),
        position(
            [2, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0],
            [23, 23],
            Seat::South
        )
    );
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Seat::South),
            reason: EndReason::NoLegalMove,
            seeds: BySeat::new(25, 23),
        })
    );
    assert_eq!(game.play(A), Err(IllegalMove::GameOver));
}
