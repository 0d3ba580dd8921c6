//! Games: a finished game accepts no move, and undo restores exactly the
//! game before.

use oware_core::{Game, IllegalMove};
use oware_fuzz::{agree, strategies};
use oware_reference as reference;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Every house refused as `GameOver` by both, and both games unchanged.
    #[test]
    fn a_finished_game_accepts_no_move(game in strategies::finished_game()) {
        prop_assume!(game.is_over());
        prop_assert!(game.legal_moves().is_empty());
        let mut theirs = reference::Game::from_position(
            agree::reference_position(game.start()),
            agree::rules(game.rules()),
        );
        for &house in game.moves() {
            theirs.play(house.index()).expect("core's legal move");
        }
        prop_assert!(theirs.outcome().is_some());
        for house in oware_core::House::ALL {
            let mut tried = game.clone();
            prop_assert_eq!(tried.play(house), Err(IllegalMove::GameOver));
            prop_assert_eq!(&tried, &game);
            let before = theirs.clone();
            prop_assert_eq!(theirs.play(house.index()), Err(reference::Refusal::GameOver));
            prop_assert_eq!(&theirs, &before);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// One move played and taken back: the same game, equal in every field.
    #[test]
    fn undo_restores_exactly_the_game_before(
        game in prop_oneof![strategies::game_from_opening(), strategies::game_from_position()],
        house in strategies::house(),
    ) {
        let mut tried = game.clone();
        match tried.play(house) {
            Ok(()) => {
                prop_assert_eq!(tried.undo(), Some(house));
                prop_assert_eq!(&tried, &game);
            }
            Err(_) => prop_assert_eq!(&tried, &game),
        }
    }

    /// Every move taken back, last first: each step is the game replayed
    /// without its last move, down to the start.
    #[test]
    fn undo_all_the_way_retraces_the_game(game in strategies::game_from_position()) {
        let mut undone = game.clone();
        let moves = game.moves().to_vec();
        for played in (0..moves.len()).rev() {
            prop_assert_eq!(undone.undo(), Some(moves[played]));
            let mut replayed = Game::from_position(game.start(), game.rules());
            for &house in &moves[..played] {
                replayed.play(house).expect("a move the game played");
            }
            prop_assert_eq!(&undone, &replayed);
        }
        prop_assert_eq!(undone.undo(), None);
    }
}
