//! SPEC.md rule 6: an illegal move is a clear error value, never a panic,
//! and the game state is unchanged. Every `IllegalMove` variant, the order
//! `Position::play` documents when several reasons apply, and the grand
//! slam that `Rules::AWARI` forbids unless it is forced.

mod common;

use common::{play_line, position};
use oware_core::House::*;
use oware_core::{Game, HouseSet, IllegalMove, Position, Rules, Seat};

/// South to move with 25 in store: over, though both rows hold seeds.
fn over() -> Position {
    position(
        [1, 0, 0, 0, 0, 0],
        [1, 0, 0, 0, 0, 0],
        [25, 21],
        Seat::South,
    )
}

/// South to move, North's row empty, and no South house reaches it.
fn cannot_feed() -> Position {
    position(
        [5, 4, 3, 2, 1, 0],
        [0, 0, 0, 0, 0, 0],
        [17, 16],
        Seat::South,
    )
}

/// South to move, North's row empty. A (1) does not feed, B is empty, E
/// (2) feeds, F (17) feeds but is a grand slam: it sows a..f, A..E, skips
/// F, then a..f again, leaving 2 in each of North's houses with f last.
fn feed_or_grand_slam() -> Position {
    position(
        [1, 0, 0, 0, 2, 17],
        [0, 0, 0, 0, 0, 0],
        [14, 14],
        Seat::South,
    )
}

/// South to move: E is a grand slam (a 2, b 3, c 2 and nothing else in
/// North's row), A sows B, C, D.
fn grand_slam_or_quiet() -> Position {
    position(
        [3, 0, 0, 0, 4, 0],
        [1, 2, 1, 0, 0, 0],
        [18, 19],
        Seat::South,
    )
}

#[test]
fn a_house_of_the_other_seat_is_refused() {
    assert_eq!(
        Position::OPENING.play(c),
        Err(IllegalMove::NotYourHouse {
            house: c,
            to_move: Seat::South
        })
    );
    let north_to_move = Position::OPENING.play(E).expect("E opens");
    assert_eq!(
        north_to_move.play(A),
        Err(IllegalMove::NotYourHouse {
            house: A,
            to_move: Seat::North
        })
    );
}

#[test]
fn an_empty_house_is_refused() {
    let mut game = Game::new(Rules::ABAPA);
    play_line(&mut game, "Ec");
    assert_eq!(game.position().play(E), Err(IllegalMove::EmptyHouse(E)));
    let before = game.clone();
    assert_eq!(game.play(E), Err(IllegalMove::EmptyHouse(E)));
    assert_eq!(game, before);
}

#[test]
fn a_move_that_does_not_feed_is_refused() {
    assert_eq!(feed_or_grand_slam().play(A), Err(IllegalMove::MustFeed(A)));
}

#[test]
fn any_move_in_a_finished_position_is_refused() {
    for house in [A, B, a, b] {
        assert_eq!(over().play(house), Err(IllegalMove::GameOver), "{house}");
        assert_eq!(
            cannot_feed().play(house),
            Err(IllegalMove::GameOver),
            "{house}"
        );
    }
}

#[test]
fn the_game_being_over_comes_first() {
    // A is South's, non-empty and, in cannot_feed, fails to feed; a is
    // North's; B in over() is empty: every one is "the game is over".
    assert_eq!(over().play(a), Err(IllegalMove::GameOver));
    assert_eq!(over().play(B), Err(IllegalMove::GameOver));
    assert_eq!(cannot_feed().play(A), Err(IllegalMove::GameOver));
    assert_eq!(cannot_feed().play(F), Err(IllegalMove::GameOver));
}

#[test]
fn the_other_seat_s_house_comes_before_its_being_empty() {
    // North's a..f are all empty here.
    assert_eq!(
        feed_or_grand_slam().play(a),
        Err(IllegalMove::NotYourHouse {
            house: a,
            to_move: Seat::South
        })
    );
}

#[test]
fn an_empty_house_comes_before_the_duty_to_feed() {
    assert_eq!(
        feed_or_grand_slam().play(B),
        Err(IllegalMove::EmptyHouse(B))
    );
}

#[test]
fn under_awari_a_grand_slam_is_refused_while_another_move_exists() {
    let before = grand_slam_or_quiet();
    assert_eq!(before.legal_moves(), [A, E].into_iter().collect());
    assert_eq!(
        before.legal_moves_under(&Rules::AWARI),
        HouseSet::EMPTY.with(A)
    );
    assert_eq!(
        before.play_under(E, &Rules::AWARI),
        Err(IllegalMove::GrandSlam(E))
    );
    assert_eq!(
        before.play_under(A, &Rules::AWARI),
        Ok(position(
            [0, 1, 1, 1, 4, 0],
            [1, 2, 1, 0, 0, 0],
            [18, 19],
            Seat::North
        ))
    );
    // Under Abapa and the sowing preset it is legal and captures nothing.
    for rules in [Rules::ABAPA, Rules::SOWING] {
        assert_eq!(
            before.play_under(E, &rules),
            Ok(position(
                [3, 0, 0, 0, 0, 1],
                [2, 3, 2, 0, 0, 0],
                [18, 19],
                Seat::North
            )),
            "{rules}"
        );
    }
}

#[test]
fn under_awari_a_game_refusing_a_grand_slam_is_unchanged() {
    let mut game = Game::from_position(grand_slam_or_quiet(), Rules::AWARI);
    assert_eq!(game.legal_moves(), HouseSet::EMPTY.with(A));
    let before = game.clone();
    assert_eq!(game.play(E), Err(IllegalMove::GrandSlam(E)));
    assert_eq!(game, before);
    play_line(&mut game, "A");
}

#[test]
fn under_awari_a_forced_grand_slam_is_played_and_captures_nothing() {
    // E is South's only seed: the grand slam is the only move.
    let before = position(
        [0, 0, 0, 0, 4, 0],
        [1, 2, 1, 0, 0, 0],
        [20, 20],
        Seat::South,
    );
    assert_eq!(
        before.legal_moves_under(&Rules::AWARI),
        HouseSet::EMPTY.with(E)
    );
    assert_eq!(
        before.play_under(E, &Rules::AWARI),
        Ok(position(
            [0, 0, 0, 0, 0, 1],
            [2, 3, 2, 0, 0, 0],
            [20, 20],
            Seat::North
        ))
    );
}

#[test]
fn under_awari_a_forced_feeding_grand_slam_captures_nothing() {
    // North's row is empty and F (17) is South's only house.
    let before = position([0, 0, 0, 0, 0, 17], [0; 6], [15, 16], Seat::South);
    assert_eq!(
        before.legal_moves_under(&Rules::AWARI),
        HouseSet::EMPTY.with(F)
    );
    assert_eq!(
        before.play_under(F, &Rules::AWARI),
        Ok(position(
            [1, 1, 1, 1, 1, 0],
            [2, 2, 2, 2, 2, 2],
            [15, 16],
            Seat::North
        ))
    );
}

#[test]
fn under_awari_the_duty_to_feed_comes_before_the_grand_slam() {
    let before = feed_or_grand_slam();
    assert_eq!(before.legal_moves(), [E, F].into_iter().collect());
    assert_eq!(
        before.legal_moves_under(&Rules::AWARI),
        HouseSet::EMPTY.with(E)
    );
    assert_eq!(
        before.play_under(A, &Rules::AWARI),
        Err(IllegalMove::MustFeed(A))
    );
    assert_eq!(
        before.play_under(B, &Rules::AWARI),
        Err(IllegalMove::EmptyHouse(B))
    );
    assert_eq!(
        before.play_under(F, &Rules::AWARI),
        Err(IllegalMove::GrandSlam(F))
    );
    // Under Abapa F is played: A..E gain 1, a..f hold 2, nothing is taken.
    assert_eq!(
        before.play(F),
        Ok(position(
            [2, 1, 1, 1, 3, 0],
            [2, 2, 2, 2, 2, 2],
            [14, 14],
            Seat::North
        ))
    );
}

#[test]
fn a_refused_move_leaves_the_game_unchanged() {
    let cases = [
        (Game::new(Rules::ABAPA), a, "North's house"),
        (
            Game::from_position(feed_or_grand_slam(), Rules::ABAPA),
            A,
            "no feed",
        ),
        (
            Game::from_position(feed_or_grand_slam(), Rules::ABAPA),
            C,
            "empty",
        ),
        (Game::from_position(over(), Rules::ABAPA), A, "over"),
        (
            Game::from_position(feed_or_grand_slam(), Rules::AWARI),
            F,
            "grand slam",
        ),
    ];
    for (mut game, house, why) in cases {
        let before = game.clone();
        assert!(game.play(house).is_err(), "{why}");
        assert_eq!(game, before, "{why}");
        assert_eq!(game.moves(), [], "{why}");
        assert_eq!(game.positions().len(), 1, "{why}");
    }
}

#[test]
fn every_refusal_explains_itself_in_lowercase() {
    let messages = [
        (IllegalMove::GameOver, "the game is over"),
        (
            IllegalMove::NotYourHouse {
                house: c,
                to_move: Seat::South,
            },
            "house c is North's, and South is to move",
        ),
        (IllegalMove::EmptyHouse(E), "house E is empty"),
        (
            IllegalMove::MustFeed(A),
            "house A does not reach the opponent's empty row, and a move that feeds it must be played",
        ),
        (
            IllegalMove::GrandSlam(F),
            "house F would capture the opponent's whole row (a grand slam), which these rules forbid",
        ),
    ];
    for (error, message) in messages {
        assert_eq!(error.to_string(), message);
        assert!(!message.ends_with('.'));
        let error: &dyn std::error::Error = &error;
        assert!(error.source().is_none());
    }
}
