//! The search with an endgame database: inside the database its proven
//! scores agree with the database's values move by move, and it leaves the
//! database alone under rules the database does not fit.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use oware_core::{Board, Game, Position, Rules, Seat};
use oware_egdb::{Database, Ruleset};
use oware_search::{
    Endgame, EndgameResult, EndgameValue, Engine, EngineOptions, Limits, Proven, Score, abapa_fits,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The most seeds on the board in these tests: small enough to build in a moment.
const SEEDS: u8 = 8;

fn engine_with(db: &Arc<Database>) -> Engine {
    let mut engine = Engine::new(EngineOptions {
        hash_mb: 1,
        threads: 1,
    });
    engine.set_endgame(Some(Arc::clone(db) as Arc<dyn Endgame>));
    engine
}

/// A random position with at most `SEEDS` on the board and the rest in the stores.
fn random_position(rng: &mut ChaCha8Rng) -> Position {
    let mut cells = [0u8; 14];
    let on_board = rng.random_range(1..=SEEDS);
    for _ in 0..on_board {
        cells[rng.random_range(0..12usize)] += 1;
    }
    let left = 48 - on_board;
    // Stores near the 24-24 line, so that results turn on the last seeds.
    let south = rng.random_range(left / 2 - 4..=left / 2 + 4);
    cells[12] = south;
    cells[13] = left - south;
    let board = Board::from_cells(cells).expect("48 seeds");
    let seat = if rng.random_bool(0.5) {
        Seat::South
    } else {
        Seat::North
    };
    Position::new(board, seat)
}

#[test]
fn proven_scores_agree_with_the_database() {
    let db = Arc::new(Database::build(Ruleset::Abapa, SEEDS));
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let stop = AtomicBool::new(false);
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    for _ in 0..300 {
        let position = random_position(&mut rng);
        let game = Game::from_position(position, Rules::ABAPA);
        if game.is_over() {
            continue;
        }
        let mut engine = engine_with(&db);
        // Depth 3: every root move's child is an interior node, where the
        // search probes.
        let result = engine.search(&game, &Limits::depth(3), &stop, &mut |_| {});
        let moves = db.probe_moves(&position).expect("inside the database");
        assert_eq!(result.root_scores.len(), moves.len(), "{position:?}");
        for (house, bounds) in moves {
            let score = result
                .root_scores
                .iter()
                .find(|(h, _)| *h == house)
                .map(|&(_, s)| s)
                .expect("every move scored in analysis mode");
            let value = EndgameValue {
                lo: bounds.lo,
                hi: bounds.hi,
            };
            let context = format!("{position:?} move {house}: {value:?}, search {score}");
            match value.result(&position) {
                EndgameResult::Win => {
                    wins += 1;
                    assert!(
                        matches!(score.proven(), Some(Proven::Win { .. })),
                        "{context}"
                    );
                }
                EndgameResult::Loss => {
                    losses += 1;
                    assert!(
                        matches!(score.proven(), Some(Proven::Loss { .. })),
                        "{context}"
                    );
                }
                EndgameResult::Draw => {
                    draws += 1;
                    assert!(score.same_value(Score::from_seeds(0.0)), "{context}");
                }
                EndgameResult::Open { .. } => {
                    assert!(!score.is_decisive(), "{context}");
                }
            }
        }
    }
    // The positions reach every kind of result.
    assert!(
        wins > 50 && losses > 50 && draws > 5,
        "{wins} {losses} {draws}"
    );
}

#[test]
fn the_best_move_keeps_a_database_win() {
    let db = Arc::new(Database::build(Ruleset::Abapa, SEEDS));
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let stop = AtomicBool::new(false);
    let mut checked = 0;
    while checked < 40 {
        let position = random_position(&mut rng);
        let game = Game::from_position(position, Rules::ABAPA);
        let value = db.probe(&position).expect("inside the database");
        let value = EndgameValue {
            lo: value.lo,
            hi: value.hi,
        };
        if game.is_over() || value.result(&position) != EndgameResult::Win {
            continue;
        }
        let mut engine = engine_with(&db);
        engine.set_analysis(false);
        let result = engine.search(&game, &Limits::depth(4), &stop, &mut |_| {});
        assert!(matches!(result.score.proven(), Some(Proven::Win { .. })));
        let child = position.play(result.best.unwrap()).expect("a legal move");
        if !child.is_over() {
            let after = db.probe(&child).unwrap();
            let after = EndgameValue {
                lo: after.lo,
                hi: after.hi,
            };
            assert_eq!(after.result(&child), EndgameResult::Loss, "{position:?}");
        }
        checked += 1;
    }
}

#[test]
fn a_database_fits_only_abapa_and_auale() {
    let abapa = Database::build(Ruleset::Abapa, 2);
    let awari = Database::build(Ruleset::Awari, 2);
    assert!(abapa.fits(&Rules::ABAPA) && abapa.fits(&Rules::AUALE));
    assert!(!abapa.fits(&Rules::SOWING) && !abapa.fits(&Rules::AWARI));
    assert!(!awari.fits(&Rules::ABAPA) && !awari.fits(&Rules::AWARI));
    assert!(!abapa_fits(&Rules::SOWING));
}

#[test]
fn under_a_move_limit_the_database_is_not_used() {
    let db = Arc::new(Database::build(Ruleset::Abapa, SEEDS));
    let stop = AtomicBool::new(false);
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut compared = 0;
    while compared < 20 {
        let position = random_position(&mut rng);
        let game = Game::from_position(position, Rules::SOWING);
        if game.is_over() {
            continue;
        }
        let mut plain = Engine::new(EngineOptions {
            hash_mb: 1,
            threads: 1,
        });
        let with = engine_with(&db).search(&game, &Limits::depth(5), &stop, &mut |_| {});
        let without = plain.search(&game, &Limits::depth(5), &stop, &mut |_| {});
        assert_eq!(with.nodes, without.nodes, "{position:?}");
        assert_eq!(with.root_scores, without.root_scores, "{position:?}");
        compared += 1;
    }
}
