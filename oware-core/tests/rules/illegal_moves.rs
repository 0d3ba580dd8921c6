//! `IllegalMove` (RULES.md section 5): the house and seat each error names, and
//! every message. Which move is refused for which reason, in which order
//! when several apply, and that a refused move leaves the game unchanged, is
//! in `tests/data/rules/refusal.rules` (and awari's grand slams in
//! `tests/data/rules/grand_slam.rules`), held against both implementations.

use oware_core::House::*;
use oware_core::{IllegalMove, Position, Seat};

#[test]
fn a_house_of_the_other_seat_is_refused() {
    assert_eq!(
        Position::OPENING.play_abapa(c),
        Err(IllegalMove::NotYourHouse {
            house: c,
            to_move: Seat::South
        })
    );
    let north_to_move = Position::OPENING.play_abapa(E).expect("E opens");
    assert_eq!(
        north_to_move.play_abapa(A),
        Err(IllegalMove::NotYourHouse {
            house: A,
            to_move: Seat::North
        })
    );
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
