//! The search with an endgame database: where a database value is a fact
//! (a position reached by a capture, or a set-up with nothing before it)
//! the search's proven scores agree with it; it leaves the database alone
//! under rules the database does not fit. Positions a quiet move reaches are
//! held to the history-aware naive solver by `cargo xtask verify`.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use oware_core::{Board, Game, Position, Rules, Seat};
use oware_egdb::{Database, Ruleset};
use oware_search::{
    Endgame, EndgameResult, EndgameValue, Engine, EngineOptions, Limits, Proven, Score,
    SearchError, probe_game, probe_game_moves,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The most seeds on the board in these tests: small enough to build in a moment.
const SEEDS: u8 = 8;

fn engine_with(db: &Arc<Database>) -> Engine {
    let mut engine = Engine::new(EngineOptions::default().with_hash_mb(1));
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

/// The database's result for `position` with nothing before it.
fn fresh_result(db: &Database, position: &Position) -> EndgameResult {
    let value = db.probe(position).expect("inside the database");
    EndgameValue {
        lo: value.lo,
        hi: value.hi,
    }
    .result(position)
}

/// Whether `score`, for the side to move, agrees with the database's
/// `result` for a position with nothing before it: a decided result is
/// proven as it is; bounds that do not decide leave room for a repetition
/// to settle the game, but only within them.
fn agrees(score: Score, result: EndgameResult) -> bool {
    match (result, score.proven()) {
        (EndgameResult::Win, found) => matches!(found, Some(Proven::Win { .. })),
        (EndgameResult::Loss, found) => matches!(found, Some(Proven::Loss { .. })),
        (EndgameResult::Draw, _) => score.same_value(Score::from_seeds(0.0)),
        (EndgameResult::Open { hi, .. }, Some(Proven::Win { .. })) => hi >= 25,
        (EndgameResult::Open { lo, .. }, Some(Proven::Loss { .. })) => lo <= 23,
        (EndgameResult::Open { lo, hi }, Some(Proven::Draw)) => lo <= 24 && 24 <= hi,
        (EndgameResult::Open { .. }, None) => true,
    }
}

/// Holds the search with `ruleset`'s database under `rules` to the database
/// wherever its value is a fact; the count of wins, losses and draws seen
/// after captures, and of proven roots.
fn agree_after_captures(ruleset: Ruleset, rules: Rules) -> (u32, u32, u32, u32) {
    let db = Arc::new(Database::build(ruleset, SEEDS));
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let stop = AtomicBool::new(false);
    let (mut wins, mut losses, mut draws, mut roots) = (0, 0, 0, 0);
    for _ in 0..1000 {
        let position = random_position(&mut rng);
        let game = Game::from_position(position, rules);
        if game.is_over() {
            continue;
        }
        let mut engine = engine_with(&db);
        let result = engine.search(&game, &Limits::depth(3), &stop, &mut |_| {});
        // The set-up root has nothing before it: its database result is the
        // game's, and a proven root score must be it.
        if result.score.proven().is_some() {
            let root = fresh_result(&db, &position);
            assert!(
                agrees(result.score, root),
                "{position:?}: {root:?}, search {}",
                result.score
            );
            roots += 1;
        }
        // A capture starts the history afresh: after one the database's
        // value is a fact, which the search takes as it is.
        for &(house, score) in &result.root_scores {
            let child = position.play_under(house, &rules).expect("a legal move");
            if child.is_over() || !child.board().captured_since(position.board()) {
                continue;
            }
            let for_child = fresh_result(&db, &child);
            // The mover's score is the negation of the child's mover's.
            let context = format!("{position:?} move {house}: {for_child:?}, search {score}");
            assert!(agrees(score.flip(), for_child), "{context}");
            match for_child {
                EndgameResult::Win => losses += 1,
                EndgameResult::Loss => wins += 1,
                EndgameResult::Draw => draws += 1,
                EndgameResult::Open { .. } => {}
            }
        }
    }
    (wins, losses, draws, roots)
}

#[test]
fn proven_scores_agree_with_the_database_after_captures() {
    let (wins, losses, draws, roots) = agree_after_captures(Ruleset::Abapa, Rules::ABAPA);
    // The positions reach every kind of result.
    assert!(
        wins > 15 && losses > 10 && draws > 0 && roots > 80,
        "{wins} {losses} {draws} {roots}"
    );
}

#[test]
fn under_awari_split_the_awari_database_is_exact() {
    let (wins, losses, draws, roots) = agree_after_captures(Ruleset::Awari, Rules::AWARI_SPLIT);
    assert!(
        wins > 15 && losses > 10 && draws > 0 && roots > 80,
        "{wins} {losses} {draws} {roots}"
    );
}

#[test]
fn a_proven_root_is_the_database_result() {
    let db = Arc::new(Database::build(Ruleset::Abapa, SEEDS));
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let stop = AtomicBool::new(false);
    let (mut checked, mut proven) = (0, 0);
    while checked < 40 {
        let position = random_position(&mut rng);
        let game = Game::from_position(position, Rules::ABAPA);
        if game.is_over() || fresh_result(&db, &position) != EndgameResult::Win {
            continue;
        }
        let mut engine = engine_with(&db);
        engine.set_analysis(false);
        let result = engine.search(&game, &Limits::depth(14), &stop, &mut |_| {});
        // Whatever the search proves of a won set-up is the win.
        if let Some(found) = result.score.proven() {
            assert!(matches!(found, Proven::Win { .. }), "{position:?}: {found}");
            proven += 1;
        }
        checked += 1;
    }
    // Most wins are found within fourteen plies.
    assert!(proven >= 25, "{proven} of {checked}");
}

#[test]
fn each_database_fits_the_rules_its_values_assume() {
    let abapa = Database::build(Ruleset::Abapa, 2);
    let awari = Database::build(Ruleset::Awari, 2);
    assert!(abapa.fits(&Rules::ABAPA) && abapa.fits(&Rules::AUALE));
    assert!(!abapa.fits(&Rules::SOWING) && !abapa.fits(&Rules::AWARI));
    assert!(!awari.fits(&Rules::ABAPA) && !awari.fits(&Rules::AWARI));
    // Romein and Bal's awari, whose even split the awari values assume.
    assert!(awari.fits(&Rules::AWARI_SPLIT) && !abapa.fits(&Rules::AWARI_SPLIT));
    assert!(!Ruleset::Abapa.fits(&Rules::SOWING));
}

#[test]
fn the_one_call_forms_refuse_a_database_that_does_not_fit() {
    // Awari's values are wrong in a game of abapa: a library user who
    // hands the wrong one over is told, not quietly ignored.
    let mut engine = Engine::new(EngineOptions::default());
    engine.set_endgame(Some(Arc::new(Database::build(Ruleset::Awari, 2))));
    let abapa = Game::new(Rules::ABAPA);
    let limits = Limits::depth(3);
    assert_eq!(
        engine.best_move(&abapa, limits),
        Err(SearchError::EndgameMisfit)
    );
    assert_eq!(
        engine.analyse(&abapa, limits),
        Err(SearchError::EndgameMisfit)
    );
    // Under the rules it fits (its own: awari-split's), it answers.
    let split = Game::new(Ruleset::Awari.rules());
    let analysis = engine.analyse(&split, limits).unwrap();
    assert_eq!(analysis.depth, 3);
    assert_eq!(analysis.pv.first(), Some(&analysis.best));
    assert!(split.legal_moves().contains(analysis.best));
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
        let mut plain = Engine::new(EngineOptions::default().with_hash_mb(1));
        let with = engine_with(&db).search(&game, &Limits::depth(5), &stop, &mut |_| {});
        let without = plain.search(&game, &Limits::depth(5), &stop, &mut |_| {});
        assert_eq!(with.nodes, without.nodes, "{position:?}");
        assert_eq!(with.root_scores, without.root_scores, "{position:?}");
        compared += 1;
    }
}

/// The database's value as the search's type.
fn value_of(bounds: oware_egdb::Bounds) -> EndgameValue {
    EndgameValue {
        lo: bounds.lo,
        hi: bounds.hi,
    }
}

#[test]
fn the_database_speaks_for_a_game_only_where_its_history_cannot_matter() {
    let db = Database::build(Ruleset::Abapa, SEEDS);
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let (mut quiet, mut captures) = (0, 0);
    for _ in 0..400 {
        let position = random_position(&mut rng);
        let game = Game::from_position(position, Rules::ABAPA);
        if game.is_over() {
            assert_eq!(probe_game(&db, &game), None, "{position:?} is over");
            continue;
        }
        // A set-up has nothing before it: its value is the database's.
        let fresh = db.probe(&position).map(value_of);
        assert_eq!(probe_game(&db, &game), fresh, "{position:?}");
        // Rules the database was not solved for: nothing.
        let awari = Game::from_position(position, Rules::AWARI);
        assert_eq!(probe_game(&db, &awari), None, "{position:?} under awari");
        assert!(
            probe_game_moves(&db, &awari)
                .iter()
                .all(|(_, v)| v.is_none())
        );
        // Each move's value, held to the database's own reading of the
        // moves (oware-egdb's probe_moves): given where the position after
        // it was reached by a capture or ends the game, none after a quiet
        // move, which the opening position could follow back.
        let by_db = db.probe_moves(&position).expect("inside the database");
        let by_search = probe_game_moves(&db, &game);
        assert_eq!(by_search.len(), by_db.len(), "{position:?}");
        for ((house, value), &(db_house, bounds)) in by_search.iter().zip(&by_db) {
            assert_eq!(*house, db_house);
            let mut after = game.clone();
            after.play(*house).unwrap();
            let fact = after.is_over() || after.moves_without_capture() == 0;
            let expected = fact.then(|| value_of(bounds));
            assert_eq!(*value, expected, "{position:?} move {house}");
            if fact {
                captures += 1;
            } else {
                quiet += 1;
                assert_eq!(probe_game(&db, &after), None, "{position:?} after {house}");
            }
        }
    }
    assert!(
        quiet > 100 && captures > 20,
        "{quiet} quiet moves, {captures} captures"
    );
}
