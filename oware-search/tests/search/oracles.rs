//! The search held to plain oracles, position by position: minimax with
//! and without the table and ordering, with captures below the horizon,
//! with a game's history, in play mode; its principal variation; its
//! proven results against a bounded minimax; and what ordering is for.

use std::sync::Arc;

use oware_core::{Board, Game, House, Position, Rules, Seat};
use oware_egdb::{Database, Ruleset};
use oware_search::eval::Evaluation;
use oware_search::experiment::Knobs;
use oware_search::minimax::{minimax, minimax_game_move, minimax_move, minimax_move_with_captures};
use oware_search::{
    Endgame, EndgameResult, Engine, Event, Limits, Proven, Score, SearchConfig, probe_game,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::support::{NO_HISTORY, engine, few_seeds_near_even, random_positions, search};

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
    // minimax off: no reductions, extensions or table. Up to three plies of
    // captures, one more than games use: with two, the last ply only
    // stands on the evaluation, so a wrong window there would go unseen.
    let mut checked = 0;
    for qs in 0..=3 {
        let config = SearchConfig {
            tt: false,
            ordering: true,
            sound: false,
            knobs: Knobs {
                lmr: false,
                single: false,
                qs,
                ..Knobs::DEFAULT
            },
        };
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
                        qs,
                        &NO_HISTORY,
                        &Evaluation::DEFAULT,
                    );
                    assert!(
                        score.same_value(oracle),
                        "{position:?} qs {qs} depth {depth} move {house}: {score} vs the oracle's {oracle}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1200, "{checked} moves");
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

/// The position `line` leads to from `position`, each move asserted legal
/// where it is played.
#[track_caller]
fn play_line(position: Position, line: &[House]) -> Position {
    line.iter().fold(position, |at, &house| {
        assert!(
            at.legal_moves_under(&NO_HISTORY).contains(house),
            "{position:?}: {line:?}"
        );
        at.play_unchecked(house)
    })
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
                let leaf = play_line(position, pv);
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
fn without_the_table_the_principal_variation_reaches_the_horizon() {
    // Only a table cut can end a line early at a PV node (the table's
    // line is not kept): without the table, every line of best play goes
    // to the depth searched, or to the end of the game.
    let config = SearchConfig {
        tt: false,
        ..SearchConfig::SOUND
    };
    for position in random_positions(17, 30) {
        let game = Game::from_position(position, NO_HISTORY);
        for (depth, analysis) in [(4, false), (5, true), (6, false)] {
            let (result, events) =
                search(&mut engine(config, analysis), &game, Limits::depth(depth));
            let lines = events.iter().filter_map(|event| match event {
                Event::Iteration(i) => Some((i.depth, &i.pv)),
                Event::RootMove(_) => None,
            });
            for (depth, pv) in lines.chain([(result.depth, &result.pv)]) {
                let leaf = pv
                    .iter()
                    .fold(position, |at, &house| at.play_unchecked(house));
                assert!(
                    pv.len() as u32 == depth || leaf.is_over(),
                    "{position:?} depth {depth}: {pv:?}"
                );
            }
        }
    }
}

#[test]
fn with_captures_below_the_horizon_the_principal_variation_ends_at_the_horizon() {
    // Quiescence searches past the horizon but adds nothing to the line;
    // without the table to cut it short, the line goes exactly to the
    // horizon, or to the end of the game.
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
            let at = play_line(position, &result.pv);
            assert!(
                result.pv.len() as u32 == depth || at.is_over(),
                "{position:?} depth {depth}: {:?}",
                result.pv
            );
        }
    }
}

#[test]
fn in_the_settings_games_use_every_principal_variation_is_a_legal_line() {
    // The lines people see: with the table, reductions, the single-reply
    // extension and quiescence, every move reported is legal where it is
    // played, in every iteration.
    let mut lines = 0;
    for position in random_positions(23, 30) {
        let game = Game::from_position(position, NO_HISTORY);
        for analysis in [false, true] {
            let (result, events) = search(
                &mut engine(SearchConfig::PLAY, analysis),
                &game,
                Limits::depth(9),
            );
            let iterations = events.iter().filter_map(|event| match event {
                Event::Iteration(i) => Some(&i.pv),
                Event::RootMove(_) => None,
            });
            for pv in iterations.chain([&result.pv]) {
                play_line(position, pv);
                lines += 1;
            }
        }
    }
    assert!(lines > 300, "{lines} lines");
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
/// rules (its history included). With an `endgame` database, a position
/// whose value it states as a fact about the game ([`probe_game`]: one a
/// capture has just made, so none before it can come back) and that it
/// decides is a game end with the database's result.
fn bounded_result(
    game: &Game,
    endgame: Option<&dyn Endgame>,
    depth: u32,
    side: Seat,
    unfinished: i32,
) -> i32 {
    let position = game.position();
    let mover = position.to_move();
    if let Some(outcome) = game.outcome() {
        return match outcome.winner {
            Some(seat) if seat == mover => 1,
            Some(_) => -1,
            None => 0,
        };
    }
    if let Some(value) = endgame.and_then(|endgame| probe_game(endgame, game)) {
        match value.result(&position) {
            EndgameResult::Win => return 1,
            EndgameResult::Loss => return -1,
            EndgameResult::Draw => return 0,
            EndgameResult::Open { .. } => {}
        }
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
            -bounded_result(&child, endgame, depth - 1, side, unfinished)
        })
        .max()
        .unwrap()
}

/// How many proven results [`search_and_confirm`] held to the bounded
/// minimax: root moves' wins and losses, their draws, and positions drawn.
#[derive(Default)]
struct Confirmed {
    results: u32,
    draws: u32,
    positions_drawn: u32,
}

/// Searches `game` to depth 6 from a cleared table and holds every proven
/// root score to the bounded minimax: the wins and losses, and the draws,
/// it confirmed (those proven too far below the horizon are skipped).
fn search_and_confirm(
    engine: &mut Engine,
    game: &Game,
    endgame: Option<&Arc<dyn Endgame>>,
) -> Confirmed {
    let depth = 6;
    engine.set_endgame(endgame.cloned());
    engine.new_game();
    let (result, _) = search(engine, game, Limits::depth(depth));
    let endgame = endgame.map(|endgame| &**endgame);
    let mover = game.position().to_move();
    let mut confirmed = Confirmed::default();
    for &(house, score) in &result.root_scores {
        let mut child = game.clone();
        child.play(house).unwrap();
        // The mover against the opponent, who moves in `child`.
        let mover_gets =
            |k: u32, unfinished: i32| -bounded_result(&child, endgame, k, mover, unfinished);
        // A win within so many plies from the root, every line
        // unfinished by then lost: exactly so many for the "win in
        // N" a person is told; a database's are the plies to some
        // database position, which a line the table grafted on may
        // have shortened by a few.
        let within = |plies: u32| {
            if score.is_endgame() {
                plies - 1..plies + 4
            } else {
                plies - 1..plies
            }
        };
        let proven = match score.proven() {
            None => continue,
            // The table can carry a proof from far below the
            // horizon; a bounded minimax that deep takes minutes.
            Some(Proven::Win { plies } | Proven::Loss { plies }) if plies > depth + 6 => {
                continue;
            }
            Some(Proven::Win { plies }) => {
                confirmed.results += 1;
                within(plies).any(|k| mover_gets(k, -1) == 1)
            }
            Some(Proven::Loss { plies }) => {
                confirmed.results += 1;
                within(plies).any(|k| mover_gets(k, 1) == -1)
            }
            // Within some depth: the mover holds the draw with
            // unfinished lines lost, and the opponent with them won.
            Some(Proven::Draw) => {
                confirmed.draws += 1;
                (0..depth).any(|k| mover_gets(k, -1) >= 0 && mover_gets(k, 1) <= 0)
            }
        };
        assert!(
            proven,
            "{:?}, database {}, {:?} after {:?}, move {house}: minimax does not confirm {score}",
            game.rules(),
            endgame.is_some(),
            game.start(),
            game.moves()
        );
    }
    // The position's own score: a proven draw says that no move does better
    // (a win or loss is its best move's, checked above).
    if result.score.proven() == Some(Proven::Draw) {
        confirmed.positions_drawn += 1;
        let mover_gets =
            |k: u32, unfinished: i32| bounded_result(game, endgame, k, mover, unfinished);
        assert!(
            (0..=depth + 1).any(|k| mover_gets(k, -1) >= 0 && mover_gets(k, 1) <= 0),
            "{:?}, database {}, {:?} after {:?}: minimax does not confirm the position a draw",
            game.rules(),
            endgame.is_some(),
            game.start(),
            game.moves()
        );
    }
    confirmed
}

#[test]
fn every_proven_result_is_one_a_bounded_minimax_confirms() {
    // The database (abapa's, to 5 seeds: every position here) decides a
    // proof's lines only where no earlier position can come back, so it
    // must leave the proofs as true as they are without it. Set-ups with
    // quiet histories are where a proof can rest on a repetition of a
    // position from before the root: the table must not state such a
    // line's result as the position's (a transposition reached without it).
    let database: Arc<dyn Endgame> = Arc::new(Database::build(Ruleset::Abapa, 5));
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    type SetUp = fn(&mut ChaCha8Rng, Rules) -> Option<Game>;
    let runs = [
        (NO_HISTORY, None, 1500, few_seeds_near_even as SetUp),
        (Rules::ABAPA, None, 1500, few_seeds_near_even),
        (Rules::ABAPA, Some(&database), 400, few_seeds_near_even),
        (Rules::ABAPA, None, 1000, game_with_history),
        (Rules::AUALE, None, 1000, game_with_history),
    ];
    let mut positions_drawn = 0;
    for (rules, endgame, tries, set_up) in runs {
        let mut engine = engine(SearchConfig::PLAY, true);
        let mut all = Confirmed::default();
        for _ in 0..tries {
            if let Some(game) = set_up(&mut rng, rules) {
                let one = search_and_confirm(&mut engine, &game, endgame);
                all.results += one.results;
                all.draws += one.draws;
                all.positions_drawn += one.positions_drawn;
            }
        }
        assert!(
            all.draws > 5 && all.results > 100,
            "{rules:?}, database {}: {} proven wins and losses, \
             {} proven draws checked",
            endgame.is_some(),
            all.results,
            all.draws
        );
        positions_drawn += all.positions_drawn;
    }
    // The position's own draw is checked too (about 70 of them).
    assert!(
        positions_drawn > 30,
        "{positions_drawn} positions proven drawn"
    );
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
