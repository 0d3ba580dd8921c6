//! 48 seeds, always: in every position a game passes through, after every
//! move from any position, in both implementations.

use oware_core::TOTAL_SEEDS;
use oware_fuzz::{agree, strategies};
use oware_reference as reference;
use proptest::prelude::*;

/// The seeds in a reference position's 14 cells.
fn reference_total(position: &reference::Position) -> u32 {
    position.cells.iter().map(|&c| u32::from(c)).sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Every legal move from any position, under every rule set, sown and
    /// played, in core and in the reference.
    #[test]
    fn every_move_from_any_position_keeps_48_seeds(position in strategies::position()) {
        prop_assert_eq!(position.board().total(), u32::from(TOTAL_SEEDS));
        for (_, rules) in oware_core::Rules::PRESETS {
            for house in position.legal_moves_under(&rules) {
                prop_assert_eq!(position.board().sow(house).board.total(), 48);
                let after = position.play_under(house, &rules).expect("a legal move");
                prop_assert_eq!(after.board().total(), 48);
                let theirs = agree::reference_position(position)
                    .play(house.index(), agree::rules(rules))
                    .expect("a legal move");
                prop_assert_eq!(reference_total(&theirs), 48);
            }
        }
    }

    /// Every position of a game, from the opening or from anywhere.
    #[test]
    fn every_position_of_a_game_holds_48_seeds(
        game in prop_oneof![strategies::game_from_opening(), strategies::game_from_position()],
    ) {
        let mut theirs = reference::Game::from_position(
            agree::reference_position(game.start()),
            agree::rules(game.rules()),
        );
        for (position, &house) in game.positions().iter().zip(game.moves()) {
            prop_assert_eq!(position.board().total(), 48);
            prop_assert_eq!(reference_total(&theirs.position()), 48);
            theirs.play(house.index()).expect("core's legal move");
        }
        prop_assert_eq!(game.position().board().total(), 48);
        prop_assert_eq!(reference_total(&theirs.position()), 48);
        if let Some(outcome) = game.outcome() {
            prop_assert!(outcome.seeds.south + outcome.seeds.north <= 48);
        }
    }
}
