//! Refusals the data files cannot write (RULES.md section 5): house indices
//! past the board, which no letter names, `Game::play` against
//! `Position::play` over every index, and the messages. Which move is refused
//! for which reason, in which order, and that a refused move leaves the game
//! unchanged, is in `oware-core/tests/data/rules/refusal.rules`, held against
//! both implementations.

use oware_reference::{Game, Position, Refusal, Rules, Seat};

use crate::common::cells;

const ALL_RULES: [Rules; 3] = [Rules::Abapa, Rules::Sowing, Rules::Awari];

#[test]
fn houses_twelve_and_up_do_not_exist() {
    let opening = Position::opening();
    for house in [12, 13, 14, 100, usize::MAX] {
        for rules in ALL_RULES {
            assert_eq!(
                opening.play(house, rules),
                Err(Refusal::NoSuchHouse),
                "{house}"
            );
        }
    }
}

#[test]
fn precedence_game_over_before_no_such_house() {
    let over = Position {
        cells: cells([1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [25, 21]),
        to_move: Seat::South,
    };
    for house in [0, 3, 6, 12, 13] {
        assert_eq!(over.play(house, Rules::Abapa), Err(Refusal::GameOver));
    }
}

#[test]
fn a_refused_move_leaves_the_game_unchanged() {
    let mut game = Game::new(Rules::Abapa);
    game.play(4).expect("legal");
    let before = game.clone();
    for house in [4, 12, 0, 5] {
        // North to move: 4 is empty and South's, 12 is a store, 0 and 5 South's.
        assert!(game.play(house).is_err());
        assert_eq!(game, before);
    }
    assert_eq!(game.moves(), &[4]);
}

#[test]
fn game_play_reports_the_same_refusals_as_position_play() {
    let position = Position {
        cells: cells([1, 0, 0, 0, 0, 2], [1, 2, 0, 0, 0, 0], [20, 22]),
        to_move: Seat::South,
    };
    for rules in ALL_RULES {
        for house in 0..14 {
            let mut game = Game::from_position(position, rules);
            let expected = position.play(house, rules).map(|_| ());
            assert_eq!(game.play(house), expected, "{rules:?} house {house}");
        }
    }
}

#[test]
fn refusal_messages() {
    let all = [
        Refusal::GameOver,
        Refusal::NoSuchHouse,
        Refusal::NotYourHouse,
        Refusal::EmptyHouse,
        Refusal::MustFeed,
        Refusal::GrandSlamForbidden,
    ];
    let text: Vec<String> = all.iter().map(ToString::to_string).collect();
    for message in &text {
        assert!(!message.ends_with('.'), "{message}");
        assert_eq!(message, &message.to_lowercase(), "{message}");
    }
    let error: &dyn std::error::Error = &Refusal::MustFeed;
    assert!(error.source().is_none());
    insta::assert_snapshot!(text.join("\n"));
}
