//! Awari-split's ending inside the search: a repetition that ends the game
//! splits the seeds left evenly, so the search scores it by the stores
//! where each player's own row would say otherwise.

use std::sync::atomic::AtomicBool;

use oware_core::{Board, Game, House, Position, Rules, Seat};
use oware_search::{Engine, EngineOptions, Limits, Score};

/// South: A 2, F 1, store 23; North's row empty, store 22; then 60 moves
/// (the first legal one each time) with no capture. South's only move, F,
/// brings a position round a third time, three seeds all in North's row.
fn one_move_before(rules: Rules) -> Game {
    let board = Board::from_cells([2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 23, 22]).unwrap();
    let mut game = Game::from_position(Position::new(board, Seat::South), rules);
    for _ in 0..60 {
        game.play(game.legal_moves().first().unwrap()).unwrap();
    }
    assert_eq!(game.legal_moves().to_string(), "F");
    game
}

fn score_of_f(game: &Game) -> Score {
    let mut engine = Engine::new(EngineOptions::default().with_hash_mb(1));
    engine.set_analysis(true);
    let result = engine.search(
        game,
        &Limits::depth(3),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    result
        .root_scores
        .iter()
        .find(|&&(house, _)| house == House::F)
        .expect("the only move is scored")
        .1
}

#[test]
fn a_split_repetition_is_scored_by_the_stores() {
    // Split evenly, 1½ each: South's larger store wins, 24½–23½.
    let split = one_move_before(Rules::AWARI_SPLIT);
    let score = score_of_f(&split);
    assert!(score.same_value(Score::win_in(1)), "{score}");
    // Each taking their own row, North adds all three and wins 23–25.
    let own_rows = one_move_before(Rules::AWARI);
    let score = score_of_f(&own_rows);
    assert!(score.same_value(Score::loss_in(1)), "{score}");
}
