//! Core and reference agree: on any position, on every position of a game,
//! and move for move in whole games with stray moves mixed in.

use oware_core::{Game, House};
use oware_fuzz::{agree, strategies};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::Index;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    /// Legal moves, every house played or refused, the outcome.
    #[test]
    fn on_any_position_under_any_rules(
        position in strategies::position(),
        rules in strategies::rules(),
    ) {
        agree::position(position, rules).map_err(|d| TestCaseError::fail(d.to_string()))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Every position a game from the opening passes through.
    #[test]
    fn on_every_position_of_a_game(game in strategies::game_from_opening()) {
        for &position in game.positions() {
            agree::position(position, game.rules()).map_err(|d| TestCaseError::fail(d.to_string()))?;
        }
    }

    /// Both `Game`s move for move: legal moves chosen, and now and then a
    /// stray house of either seat that both must refuse alike (or both play).
    #[test]
    fn on_whole_games_with_stray_moves(
        start in strategies::position(),
        rules in strategies::rules(),
        tries in vec((any::<bool>(), any::<Index>(), strategies::house()), 0..120),
    ) {
        // The houses to try, chosen against core's game as it goes.
        let mut game = Game::from_position(start, rules);
        let mut houses = Vec::new();
        for (stray, choice, house) in tries {
            let legal: Vec<House> = game.legal_moves().iter().collect();
            let house = if stray || legal.is_empty() { house } else { *choice.get(&legal) };
            // Refused or not, the same house is tried in both below.
            let _ = game.play(house);
            houses.push(house);
        }
        let agreed = agree::game(start, rules, houses).map_err(|d| TestCaseError::fail(d.to_string()))?;
        prop_assert_eq!(agreed, game);
    }
}
