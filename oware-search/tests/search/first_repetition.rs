//! Aualé's ending inside the search: under a repetition count of 2 the
//! first return to a position of the game ends it, each player taking the
//! seeds in their own row, and the engine seeks that end when it wins and
//! avoids it when it loses, as the score says.

use std::sync::atomic::AtomicBool;

use oware_core::{EndReason, Game, House, Rules};
use oware_search::{Engine, EngineOptions, Limits, Score, SearchResult};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A game one move before it ends by a first repetition, that move, and
/// the score of the end for the seat that plays it.
struct Before {
    game: Game,
    repeating: House,
    end: Score,
}

/// Seeded random games under [`Rules::AUALE`] that end by repetition, each taken
/// back one move.
fn before_repetitions(seed: u64) -> impl Iterator<Item = Before> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    std::iter::from_fn(move || {
        loop {
            let mut game = Game::new(Rules::AUALE);
            while !game.is_over() {
                let moves: Vec<House> = game.legal_moves().iter().collect();
                game.play(moves[rng.random_range(0..moves.len())]).unwrap();
            }
            let outcome = game.outcome().unwrap();
            if outcome.reason != EndReason::FirstRepetition {
                continue;
            }
            let repeating = game.undo().unwrap();
            let end = match outcome.winner {
                Some(seat) if seat == game.position().to_move() => Score::win_in(1),
                Some(_) => Score::loss_in(1),
                None => Score::PROVEN_DRAW,
            };
            return Some(Before {
                game,
                repeating,
                end,
            });
        }
    })
}

fn search(game: &Game, analysis: bool) -> SearchResult {
    let mut engine = Engine::new(EngineOptions::default().with_hash_mb(1));
    engine.set_analysis(analysis);
    engine.search(
        game,
        &Limits::depth(4),
        &AtomicBool::new(false),
        &mut |_| {},
    )
}

fn score_of(result: &SearchResult, house: House) -> Score {
    result
        .root_scores
        .iter()
        .find(|&&(h, _)| h == house)
        .expect("every root move is scored in analysis mode")
        .1
}

#[test]
fn the_first_repetition_ends_the_game_inside_the_search() {
    for before in before_repetitions(12).take(20) {
        let result = search(&before.game, true);
        let score = score_of(&result, before.repeating);
        assert!(score.same_value(before.end), "{score} vs {}", before.end);
        assert!(score.proven().is_some(), "{score}");
        // Under abapa the same move is only a second occurrence: play goes on.
        let mut abapa = Game::from_position(before.game.start(), Rules::ABAPA);
        for &house in before.game.moves() {
            abapa.play(house).unwrap();
        }
        let goes_on = score_of(&search(&abapa, true), before.repeating);
        // (A draw may be proven there another way, deeper.)
        if before.end != Score::PROVEN_DRAW {
            assert_ne!(goes_on, score, "under abapa");
        }
    }
}

#[test]
fn the_engine_seeks_a_winning_repetition_and_avoids_a_losing_one() {
    let (mut sought, mut avoided) = (0, 0);
    for before in before_repetitions(7).take(400) {
        let only_move = before.game.legal_moves().len() == 1;
        let result = search(&before.game, false);
        if before.end == Score::win_in(1) {
            // Ending the game now wins: nothing is better, so the engine
            // takes a win in one (this move or another as quick).
            assert_eq!(result.score, Score::win_in(1));
            sought += 1;
        } else if before.end == Score::loss_in(1) && !only_move {
            // Ending the game now loses; another move is played unless
            // every other move loses as fast.
            let best = result.best.unwrap();
            assert!(
                best != before.repeating || result.score == Score::loss_in(1),
                "{best} repeats for {}",
                result.score
            );
            avoided += usize::from(best != before.repeating);
        }
        if sought >= 5 && avoided >= 5 {
            return;
        }
    }
    panic!("too few cases: {sought} sought, {avoided} avoided");
}
