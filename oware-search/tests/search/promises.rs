//! The search's promises, each checked on real positions: the table and
//! ordering change no value, events come per depth, limits and the stop
//! flag are honoured, the game's history ends games inside the search,
//! proven scores are true, and levels are well formed.

use std::sync::atomic::AtomicBool;

use oware_core::{Board, EndReason, Game, GrandSlam, House, Position, Rules, Seat};
use oware_search::eval::Evaluation;
use oware_search::minimax::{minimax, minimax_game_move, minimax_move, minimax_move_with_captures};
use oware_search::{
    Engine, EngineOptions, Event, Knobs, Level, Limits, Proven, Score, SearchConfig, SearchResult,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Rules without history: what the minimax oracle plays by.
const NO_HISTORY: Rules = Rules {
    grand_slam: GrandSlam::CapturesNothing,
    repetition: None,
    move_limit: None,
    ..Rules::ABAPA
};

fn engine(config: SearchConfig, analysis: bool) -> Engine {
    let mut engine = Engine::new(EngineOptions {
        hash_mb: 1,
        threads: 1,
    });
    engine.set_config(config);
    engine.set_analysis(analysis);
    engine
}

fn search(engine: &mut Engine, game: &Game, limits: Limits) -> (SearchResult, Vec<Event>) {
    let mut events = Vec::new();
    let result = engine.search(game, &limits, &AtomicBool::new(false), &mut |e| {
        events.push(e.clone());
    });
    (result, events)
}

/// Positions from seeded random play.
fn random_positions(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut position = Position::OPENING;
        for _ in 0..rng.random_range(0..50) {
            let moves: Vec<House> = position.legal_moves().iter().collect();
            if moves.is_empty() {
                break;
            }
            position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        if !position.is_over() {
            positions.push(position);
        }
    }
    positions
}

#[test]
fn table_and_ordering_change_no_value() {
    for position in random_positions(1, 12) {
        let game = Game::from_position(position, NO_HISTORY);
        let depth = 4;
        let (with, _) = search(
            &mut engine(SearchConfig::SOUND, true),
            &game,
            Limits::depth(depth),
        );
        let (without, _) = search(
            &mut engine(SearchConfig::PLAIN, true),
            &game,
            Limits::depth(depth),
        );
        let oracle = minimax(position, depth, &NO_HISTORY);
        assert!(
            with.score.same_value(oracle),
            "{position:?}: {} vs minimax {oracle}",
            with.score
        );
        assert!(without.score.same_value(oracle), "{position:?}");
        let mut a = with.root_scores.clone();
        let mut b = without.root_scores.clone();
        a.sort_by_key(|&(h, _)| h);
        b.sort_by_key(|&(h, _)| h);
        assert_eq!(a.len(), game.legal_moves().len());
        for ((h, s), (g, t)) in a.iter().zip(&b) {
            assert_eq!(h, g);
            assert!(s.same_value(*t));
            assert!(s.same_value(minimax_move(position, *h, depth, &NO_HISTORY)));
        }
    }
}

#[test]
fn captures_below_the_horizon_are_searched_as_the_oracle_searches_them() {
    // Quiescence on, and everything else that a fixed depth cannot hold to
    // minimax off: no reductions, extensions, futility or table.
    let knobs = Knobs {
        lmr: false,
        single: false,
        futility: 0,
        ..Knobs::DEFAULT
    };
    let config = SearchConfig {
        tt: false,
        ordering: true,
        sound: false,
        knobs,
    };
    let mut checked = 0;
    for position in random_positions(3, 40) {
        let game = Game::from_position(position, NO_HISTORY);
        for depth in 1..=3 {
            let (result, _) = search(&mut engine(config, true), &game, Limits::depth(depth));
            assert_eq!(result.root_scores.len(), game.legal_moves().len());
            for &(house, score) in &result.root_scores {
                let oracle = minimax_move_with_captures(
                    position,
                    house,
                    depth,
                    knobs.qs,
                    &NO_HISTORY,
                    &Evaluation::DEFAULT,
                );
                assert!(
                    score.same_value(oracle),
                    "{position:?} depth {depth} move {house}: {score} vs the oracle's {oracle}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 300, "{checked} moves");
}

/// A set-up of a few seeds and a few quiet moves from it, so that the
/// game's history holds positions that can come back within a search.
fn game_with_history(rng: &mut ChaCha8Rng, rules: Rules) -> Option<Game> {
    let mut cells = [0u8; 14];
    for _ in 0..rng.random_range(1..=4) {
        cells[rng.random_range(0..12usize)] += 1;
    }
    let left = 48 - cells.iter().sum::<u8>();
    cells[12] = rng.random_range(left - 24..=24);
    cells[13] = left - cells[12];
    let seat = if rng.random_bool(0.5) {
        Seat::South
    } else {
        Seat::North
    };
    let mut game = Game::from_position(Position::new(Board::from_cells(cells).ok()?, seat), rules);
    for _ in 0..rng.random_range(0..30) {
        let quiet: Vec<House> = game
            .legal_moves()
            .iter()
            .filter(|&house| {
                let mut after = game.clone();
                after.play(house).is_ok() && after.moves_without_capture() > 0 && !after.is_over()
            })
            .collect();
        let &house = quiet.get(rng.random_range(0..quiet.len().max(1)))?;
        game.play(house).ok()?;
    }
    (!game.is_over()).then_some(game)
}

#[test]
fn with_a_history_every_root_move_scores_as_the_history_oracle_scores_it() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let (mut checked, mut ended) = (0, 0);
    for rules in [Rules::ABAPA, Rules::AUALE] {
        for _ in 0..400 {
            let Some(game) = game_with_history(&mut rng, rules) else {
                continue;
            };
            let depth = rng.random_range(2..=8);
            let (result, _) = search(
                &mut engine(SearchConfig::SOUND, true),
                &game,
                Limits::depth(depth),
            );
            assert_eq!(result.root_scores.len(), game.legal_moves().len());
            for &(house, score) in &result.root_scores {
                let oracle = minimax_game_move(&game, house, depth, &Evaluation::DEFAULT);
                assert!(
                    score.same_value(oracle),
                    "{rules:?}, {:?} after {:?}, depth {depth}, move {house}: {score} vs the oracle's {oracle}",
                    game.start(),
                    game.moves()
                );
                checked += 1;
                ended += usize::from(oracle.proven().is_some());
            }
        }
    }
    assert!(
        checked > 200 && ended > 20,
        "{checked} moves, {ended} proven"
    );
}

#[test]
fn the_principal_variation_is_a_legal_line_that_leads_to_the_score() {
    let mut full = 0;
    for position in random_positions(5, 30) {
        let game = Game::from_position(position, NO_HISTORY);
        for (depth, analysis) in [(3, true), (4, false), (5, true)] {
            let (result, events) = search(
                &mut engine(SearchConfig::SOUND, analysis),
                &game,
                Limits::depth(depth),
            );
            let mut lines: Vec<(&[House], Score)> = events
                .iter()
                .filter_map(|event| match event {
                    Event::Iteration(i) => {
                        assert_eq!(
                            i.pv.first(),
                            Some(&i.best),
                            "{position:?} depth {}",
                            i.depth
                        );
                        Some((&i.pv[..], i.score))
                    }
                    Event::RootMove(_) => None,
                })
                .collect();
            assert_eq!(result.pv.first(), result.best.as_ref());
            lines.push((&result.pv, result.score));
            for (pv, score) in lines {
                // Each move legal where it is played.
                let mut leaf = position;
                for &house in pv {
                    assert!(
                        leaf.legal_moves_under(&NO_HISTORY).contains(house),
                        "{position:?}: {pv:?}"
                    );
                    leaf = leaf.play_unchecked(house);
                }
                // A line to the horizon that does not end the game: its
                // leaf's evaluation, from the root's side, is the score.
                if pv.len() as u32 == depth && !leaf.is_over() && pv == &result.pv[..] {
                    let at_leaf = minimax(leaf, 0, &NO_HISTORY);
                    let expected = if depth % 2 == 0 {
                        at_leaf
                    } else {
                        at_leaf.flip()
                    };
                    assert!(
                        score.same_value(expected),
                        "{position:?}: {pv:?} gives {expected}, the score is {score}"
                    );
                    full += 1;
                }
            }
        }
    }
    assert!(full > 30, "{full} lines checked to the horizon");
}

#[test]
fn with_captures_below_the_horizon_the_principal_variation_stays_within_the_depth() {
    // Quiescence searches past the horizon but adds nothing to the line.
    let config = SearchConfig {
        tt: false,
        sound: false,
        knobs: Knobs {
            lmr: false,
            single: false,
            ..Knobs::DEFAULT
        },
        ..SearchConfig::PLAY
    };
    for position in random_positions(13, 30) {
        let game = Game::from_position(position, NO_HISTORY);
        for depth in [2, 3, 4] {
            let (result, _) = search(&mut engine(config, false), &game, Limits::depth(depth));
            assert!(
                result.pv.len() as u32 <= depth,
                "{position:?} depth {depth}: {:?}",
                result.pv
            );
            let mut at = position;
            for &house in &result.pv {
                assert!(
                    at.legal_moves_under(&NO_HISTORY).contains(house),
                    "{position:?}: {:?}",
                    result.pv
                );
                at = at.play_unchecked(house);
            }
        }
    }
}

#[test]
fn move_ordering_cuts_the_tree() {
    // The same values either way (table_and_ordering_change_no_value); the
    // point of ordering is that alpha-beta then visits far fewer nodes.
    let unordered = SearchConfig {
        ordering: false,
        ..SearchConfig::SOUND
    };
    let (mut ordered_nodes, mut unordered_nodes) = (0, 0);
    for position in random_positions(7, 8) {
        let game = Game::from_position(position, NO_HISTORY);
        let (ordered, _) = search(
            &mut engine(SearchConfig::SOUND, false),
            &game,
            Limits::depth(7),
        );
        let (plain, _) = search(&mut engine(unordered, false), &game, Limits::depth(7));
        assert!(ordered.score.same_value(plain.score), "{position:?}");
        ordered_nodes += ordered.nodes;
        unordered_nodes += plain.nodes;
    }
    assert!(
        ordered_nodes * 3 < unordered_nodes * 2,
        "{ordered_nodes} nodes ordered, {unordered_nodes} in house order"
    );
}

/// The result for the side to move in `game` within `depth` plies, every
/// line the depth leaves unfinished counted as `unfinished` for `side`
/// (1 a win, -1 a loss): 1, 0 or -1, by plain minimax over the game's own
/// rules (its history included).
fn bounded_result(game: &Game, depth: u32, side: Seat, unfinished: i32) -> i32 {
    let mover = game.position().to_move();
    if let Some(outcome) = game.outcome() {
        return match outcome.winner {
            Some(seat) if seat == mover => 1,
            Some(_) => -1,
            None => 0,
        };
    }
    if depth == 0 {
        return if mover == side {
            unfinished
        } else {
            -unfinished
        };
    }
    game.legal_moves()
        .iter()
        .map(|house| {
            let mut child = game.clone();
            child.play(house).unwrap();
            -bounded_result(&child, depth - 1, side, unfinished)
        })
        .max()
        .unwrap()
}

#[test]
fn a_proven_draw_is_one_the_mover_and_the_opponent_can_each_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let mut draws = 0;
    for rules in [NO_HISTORY, Rules::ABAPA] {
        for _ in 0..1500 {
            // A few seeds, the stores near the 24-24 line.
            let mut cells = [0u8; 14];
            for _ in 0..rng.random_range(2..=5) {
                cells[rng.random_range(0..12usize)] += 1;
            }
            let left = 48 - cells.iter().sum::<u8>();
            cells[12] = rng.random_range(left / 2 - 2..=left / 2 + 2);
            cells[13] = left - cells[12];
            let position = Position::new(Board::from_cells(cells).unwrap(), Seat::South);
            let game = Game::from_position(position, rules);
            if game.is_over() {
                continue;
            }
            let depth = 6;
            let (result, _) = search(
                &mut engine(SearchConfig::PLAY, true),
                &game,
                Limits::depth(depth),
            );
            for &(house, score) in &result.root_scores {
                if score.proven() != Some(Proven::Draw) {
                    continue;
                }
                let mut child = game.clone();
                child.play(house).unwrap();
                // Proven within some depth: South (the mover) holds the draw
                // with unfinished lines lost, and North with them won.
                let proven = (0..depth).any(|k| {
                    -bounded_result(&child, k, Seat::South, -1) >= 0
                        && -bounded_result(&child, k, Seat::South, 1) <= 0
                });
                assert!(
                    proven,
                    "{rules:?} {position:?} move {house}: no depth proves the draw"
                );
                draws += 1;
            }
        }
    }
    assert!(draws > 30, "{draws} proven draws checked");
}

#[test]
fn play_mode_finds_the_minimax_value_and_a_move_that_keeps_it() {
    // Play mode searches the root with null windows and aspiration (from
    // depth 4), keeping only the best move's value exact.
    for position in random_positions(11, 15) {
        let game = Game::from_position(position, NO_HISTORY);
        for depth in 1..=6 {
            let (result, _) = search(
                &mut engine(SearchConfig::SOUND, false),
                &game,
                Limits::depth(depth),
            );
            let oracle = minimax(position, depth, &NO_HISTORY);
            assert!(
                result.score.same_value(oracle),
                "{position:?} depth {depth}: {} vs {oracle}",
                result.score
            );
            let best = result.best.unwrap();
            assert!(
                minimax_move(position, best, depth, &NO_HISTORY).same_value(oracle),
                "{position:?} depth {depth}: {best}"
            );
        }
    }
}

#[test]
fn every_depth_sends_its_root_moves_then_an_iteration() {
    let game = Game::new(Rules::ABAPA);
    let (result, events) = search(
        &mut engine(SearchConfig::PLAY, true),
        &game,
        Limits::depth(5),
    );
    let mut depth = 1;
    let mut moves_this_depth = Vec::new();
    for event in &events {
        match event {
            Event::RootMove(m) => {
                assert_eq!(m.depth, depth);
                moves_this_depth.push(m.house);
            }
            Event::Iteration(it) => {
                assert_eq!(it.depth, depth);
                moves_this_depth.sort();
                assert_eq!(
                    moves_this_depth,
                    game.legal_moves().iter().collect::<Vec<_>>()
                );
                assert_eq!(it.root_scores.len(), 6);
                assert_eq!(it.root_scores[0], (it.best, it.score), "best first");
                assert!(it.root_scores.windows(2).all(|w| w[0].1 >= w[1].1));
                assert_eq!(it.pv.first(), Some(&it.best));
                assert!(it.nodes > 0);
                moves_this_depth.clear();
                depth += 1;
            }
        }
    }
    assert_eq!(depth, 6, "iterations 1 to 5");
    assert_eq!(result.depth, 5);
    // The principal variation is a legal line.
    let mut position = game.position();
    for &house in &result.pv {
        position = position.play(house).expect("the PV is legal");
    }
}

#[test]
fn play_mode_scores_only_the_best_move() {
    let game = Game::new(Rules::ABAPA);
    let (result, events) = search(
        &mut engine(SearchConfig::PLAY, false),
        &game,
        Limits::depth(4),
    );
    assert!(events.iter().all(|e| matches!(e, Event::Iteration(_))));
    assert_eq!(
        result.root_scores,
        vec![(result.best.unwrap(), result.score)]
    );
}

#[test]
fn a_set_stop_flag_still_gives_a_move_after_depth_one() {
    let game = Game::new(Rules::ABAPA);
    let mut engine = engine(SearchConfig::PLAY, true);
    let result = engine.search(
        &game,
        &Limits::default(),
        &AtomicBool::new(true),
        &mut |_| {},
    );
    assert_eq!(result.depth, 1);
    assert!(game.legal_moves().contains(result.best.unwrap()));
}

#[test]
fn spawn_runs_until_stopped() {
    let handle = oware_search::spawn(
        engine(SearchConfig::PLAY, true),
        Game::new(Rules::ABAPA),
        Limits::default(),
    );
    // Wait for a completed iteration, then stop the search.
    loop {
        if let Event::Iteration(_) = handle.events().recv().expect("the search sends events") {
            break;
        }
    }
    handle.stop();
    let (_engine, result) = handle.join();
    assert!(result.best.is_some());
    assert!(result.depth >= 1);
}

#[test]
fn node_limits_are_honoured() {
    let game = Game::new(Rules::ABAPA);
    let (result, _) = search(
        &mut engine(SearchConfig::PLAY, false),
        &game,
        Limits::nodes(20_000),
    );
    // Checked every 1024 nodes; depth 1 always completes.
    assert!(
        (20_000..20_000 + 2048).contains(&result.nodes),
        "{} nodes",
        result.nodes
    );
    assert!(result.depth >= 2);
    let (result, events) = search(
        &mut engine(SearchConfig::PLAY, false),
        &game,
        Limits::depth(8),
    );
    assert_counted_nodes(&events, &result);
}

#[test]
fn a_tree_searched_to_its_ends_stops_deepening_by_itself() {
    // South's one seed goes to North's a, and North cannot feed South back:
    // every line ends within two plies, so nothing deeper can change the result.
    let board = Board::from_cells([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 23, 24]).unwrap();
    let game = Game::from_position(Position::new(board, Seat::South), Rules::ABAPA);
    for analysis in [false, true] {
        // No limits at all: only the end of the tree stops it.
        let (result, events) = search(
            &mut engine(SearchConfig::PLAY, analysis),
            &game,
            Limits::default(),
        );
        assert!(
            result.depth <= 3,
            "analysis {analysis}: depth {}",
            result.depth
        );
        assert!(result.score.result().is_some(), "{:?}", result.score);
        let iterations = events
            .iter()
            .filter(|e| matches!(e, Event::Iteration(_)))
            .count();
        assert_eq!(iterations as u32, result.depth);
    }
}

#[test]
fn a_win_proven_within_reach_stops_the_search_by_itself() {
    // South's f sows into North's a and b, making 2 and 3: five seeds, and
    // South's store reaches 28. The other moves leave a large tree unsearched.
    let board = Board::from_cells([1, 1, 1, 1, 1, 2, 1, 2, 2, 2, 2, 2, 23, 7]).unwrap();
    let game = Game::from_position(Position::new(board, Seat::South), Rules::ABAPA);
    // No limits: only the proof settles it (in play mode, where the best move is all that counts).
    let (result, _) = search(
        &mut engine(SearchConfig::PLAY, false),
        &game,
        Limits::default(),
    );
    assert_eq!(result.best, Some(House::F));
    assert_eq!(result.score.result(), Some(Proven::Win { plies: 1 }));
    assert!(result.depth <= 2, "depth {}", result.depth);
}

#[test]
fn a_finished_game_has_no_move_and_its_result() {
    let mut cells = [0u8; 14];
    cells[House::A.index()] = 1;
    cells[12] = 22;
    cells[13] = 25;
    let position = Position::new(Board::from_cells(cells).unwrap(), Seat::South);
    let game = Game::from_position(position, Rules::ABAPA);
    let (result, events) = search(
        &mut engine(SearchConfig::PLAY, true),
        &game,
        Limits::depth(3),
    );
    assert_eq!(result.best, None);
    assert_eq!(result.score.proven(), Some(Proven::Loss { plies: 0 }));
    assert!(events.is_empty());
}

/// The game-theoretic value within `depth` plies, if every line is decided
/// by then: +1 win, 0 draw, -1 loss for the side to move. Plain, slow, obvious.
fn solve(position: Position, depth: u32) -> (i32, i32) {
    if position.is_over() {
        let board = position.board();
        let me = position.to_move();
        let mine = board.store(me) + board.seeds_on_side(me);
        let theirs = board.store(me.opponent()) + board.seeds_on_side(me.opponent());
        let v = (mine > theirs) as i32 - (mine < theirs) as i32;
        return (v, v);
    }
    if depth == 0 {
        return (-1, 1);
    }
    let mut bounds = (-1, -1);
    for house in position.legal_moves().iter() {
        let (lo, hi) = solve(position.play_unchecked(house), depth - 1);
        bounds = (bounds.0.max(-hi), bounds.1.max(-lo));
    }
    bounds
}

/// Endgames with few seeds left, from random set-ups.
fn endgames(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut cells = [0u8; 14];
        let on_board = rng.random_range(2..=7u8);
        for _ in 0..on_board {
            cells[rng.random_range(0..12)] += 1;
        }
        let south = rng.random_range((48 - on_board).saturating_sub(24)..=24);
        cells[12] = south;
        cells[13] = 48 - on_board - south;
        let seat = if rng.random_bool(0.5) {
            Seat::South
        } else {
            Seat::North
        };
        let position = Position::new(Board::from_cells(cells).unwrap(), seat);
        if !position.is_over() {
            positions.push(position);
        }
    }
    positions
}

#[test]
fn proven_scores_are_true() {
    let mut proven = [0; 3];
    for position in endgames(2, 60) {
        let game = Game::from_position(position, NO_HISTORY);
        for config in [SearchConfig::PLAY, SearchConfig::SOUND] {
            let (result, _) = search(&mut engine(config, true), &game, Limits::depth(8));
            for (house, score) in result.root_scores {
                let child = position.play_unchecked(house);
                match score.proven() {
                    Some(Proven::Win { plies }) => {
                        assert_eq!(
                            solve(child, plies - 1),
                            (-1, -1),
                            "{position:?} {house}: {score}"
                        );
                        proven[0] += 1;
                    }
                    Some(Proven::Loss { plies }) => {
                        assert_eq!(
                            solve(child, plies - 1),
                            (1, 1),
                            "{position:?} {house}: {score}"
                        );
                        proven[1] += 1;
                    }
                    Some(Proven::Draw) => {
                        assert_eq!(solve(child, 7), (0, 0), "{position:?} {house}: {score}");
                        proven[2] += 1;
                    }
                    None => {}
                }
            }
        }
    }
    assert!(
        proven.iter().all(|&n| n > 0),
        "wins, losses and draws proven: {proven:?}"
    );
}

#[test]
fn the_move_limit_ends_games_inside_the_search() {
    // With a limit of one move without capture, any quiet opening move ends
    // the game at once, each side taking its row. A and B keep all their
    // seeds in South's row (24-24, a draw); C to F sow into North's (a loss).
    let rules = Rules {
        move_limit: Some(1),
        ..Rules::ABAPA
    };
    let game = Game::new(rules);
    let (result, _) = search(
        &mut engine(SearchConfig::PLAY, true),
        &game,
        Limits::depth(4),
    );
    assert_eq!(result.score, Score::PROVEN_DRAW);
    for (house, score) in result.root_scores {
        let expected = if house <= House::B {
            Score::PROVEN_DRAW
        } else {
            Score::loss_in(1)
        };
        assert_eq!(score, expected, "{house}");
    }
    // Without history rules the same position is nothing of the sort.
    let (free, _) = search(
        &mut engine(SearchConfig::PLAY, true),
        &Game::new(NO_HISTORY),
        Limits::depth(4),
    );
    assert_eq!(free.score.proven(), None);
}

#[test]
fn repetition_ends_games_inside_the_search() {
    // Random games until one ends by repetition; one move before its end,
    // the search must see that the repeating move ends the game.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let (game, last) = loop {
        let mut game = Game::new(Rules::ABAPA);
        while !game.is_over() {
            let moves: Vec<House> = game.legal_moves().iter().collect();
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        if game.outcome().unwrap().reason == EndReason::Repetition {
            let last = game.undo().unwrap();
            break (game, last);
        }
    };
    let outcome = {
        let mut finished = game.clone();
        finished.play(last).unwrap();
        finished.outcome().unwrap()
    };
    let expected = match outcome.winner {
        Some(seat) if seat == game.position().to_move() => Score::win_in(1),
        Some(_) => Score::loss_in(1),
        None => Score::PROVEN_DRAW,
    };
    let (result, _) = search(
        &mut engine(SearchConfig::PLAY, true),
        &game,
        Limits::depth(3),
    );
    let score = result
        .root_scores
        .iter()
        .find(|&&(h, _)| h == last)
        .unwrap()
        .1;
    assert!(score.same_value(expected), "{score} vs {expected}");
    assert!(score.proven().is_some());
}

#[test]
fn helper_threads_search_the_same_game() {
    let mut engine = Engine::new(EngineOptions {
        hash_mb: 4,
        threads: 2,
    });
    engine.set_analysis(false);
    let game = Game::new(Rules::ABAPA);
    let (result, events) = search(&mut engine, &game, Limits::depth(7));
    assert_eq!(result.depth, 7);
    assert!(game.legal_moves().contains(result.best.unwrap()));
    let (alone, _) = search(
        &mut self::engine(SearchConfig::PLAY, false),
        &game,
        Limits::depth(7),
    );
    // The nodes of both threads: more than none, and not many times what
    // one thread searches alone (the helper searches beside it, no longer).
    assert!(
        result.nodes > 0 && result.nodes < 10 * alone.nodes,
        "{} nodes, {} alone",
        result.nodes,
        alone.nodes
    );
    assert_counted_nodes(&events, &result);
    // A node limit is reached by the threads together. It stops them
    // about there: each checks every 1,024 nodes, and a helper runs on
    // until the reporting thread has finished.
    let (limited, _) = search(&mut engine, &game, Limits::nodes(20_000));
    assert!(limited.depth >= 2, "depth {}", limited.depth);
    assert!(
        (20_000..40_000).contains(&limited.nodes),
        "{} nodes",
        limited.nodes
    );
}

/// Each iteration's node count is the search's so far: growing, and at
/// most the whole search's, which the last one is most of.
fn assert_counted_nodes(events: &[Event], result: &SearchResult) {
    let counts: Vec<u64> = events
        .iter()
        .filter_map(|event| match event {
            Event::Iteration(i) => Some(i.nodes),
            Event::RootMove(_) => None,
        })
        .collect();
    assert!(counts.first().is_some_and(|&n| n > 0), "{counts:?}");
    assert!(
        counts.windows(2).all(|pair| pair[0] <= pair[1]),
        "{counts:?}"
    );
    let last = *counts.last().unwrap();
    assert!(
        last <= result.nodes && last * 2 >= result.nodes,
        "{counts:?}, {} in all",
        result.nodes
    );
}

#[test]
fn levels_parse_and_strengthen_monotonically() {
    assert_eq!(Level::all().count(), 19);
    assert!(Level::new(0).is_err() && Level::new(20).is_err());
    assert_eq!("19".parse::<Level>().unwrap(), Level::MAX);
    assert!("x".parse::<Level>().is_err());
    let levels: Vec<Level> = Level::all().collect();
    for pair in levels.windows(2) {
        let (a, b) = (pair[0].limits(), pair[1].limits());
        let depth = |l: Limits| l.depth.unwrap_or(u32::MAX);
        assert!(depth(a) <= depth(b), "depth grows with the level");
        if a.depth.is_none() {
            assert!(
                a.time < b.time,
                "time grows with the levels limited by time"
            );
        }
        // A deeper level may be noisier than the one below (level 7 is:
        // the ladder measures that it is still stronger); at the same depth
        // and time only less noise can make a level stronger.
        if (a.depth, a.time) == (b.depth, b.time) {
            assert!(
                pair[0].noise() > pair[1].noise(),
                "at the same limits, noise shrinks with the level"
            );
        } else {
            assert!(
                depth(a) < depth(b) || a.time < b.time,
                "a level with other limits searches deeper or longer"
            );
        }
    }
    assert_eq!(Level::MAX.noise(), 0.0);
    assert!(Level::MIN.noise() > 0.0);
}

#[test]
fn a_level_chooses_a_legal_move_reproducibly() {
    let game = Game::new(Rules::ABAPA);
    let level = Level::new(2).unwrap();
    let stop = AtomicBool::new(false);
    let mut choose = |seed| {
        let mut engine = engine(SearchConfig::PLAY, false);
        engine
            .choose_move(&game, level, seed, &stop, &mut |_| {})
            .best
            .unwrap()
    };
    let first = choose(7);
    assert!(game.legal_moves().contains(first));
    assert_eq!(choose(7), first);
    let choices: std::collections::BTreeSet<House> = (0..40).map(&mut choose).collect();
    assert!(choices.len() > 1, "a low level's noise varies its choice");
}

#[test]
fn a_level_chosen_for_a_front_end_scores_every_house() {
    // After E, North has six legal moves.
    let mut game = Game::new(Rules::ABAPA);
    game.play(House::E).unwrap();
    let legal = game.legal_moves().len();
    let stop = AtomicBool::new(false);
    let noiseless = Level::all().find(|l| l.noise() == 0.0).unwrap();
    for level in [Level::MIN, noiseless] {
        let mut shown = engine(SearchConfig::PLAY, false);
        let chosen = level.choose(&mut shown, &game, 7, &stop, &mut |_| {});
        assert_eq!(chosen.root_scores.len(), legal, "level {level}");
        assert!(!shown.analysis(), "the engine's own mode is left as it was");
        let mut played = engine(SearchConfig::PLAY, false);
        let plain = played.choose_move(&game, level, 7, &stop, &mut |_| {});
        if level.noise() > 0.0 {
            // The same search and the same noise: the same choice.
            assert_eq!(
                chosen,
                SearchResult {
                    elapsed: chosen.elapsed,
                    ..plain
                }
            );
        } else {
            // Play mode scores only the best move.
            assert_eq!(plain.root_scores.len(), 1, "level {level}");
        }
    }
}
