//! The history-aware game solver: hand-worked games (the example of issue
//! 19, RULES.md's two seeds stepping round the ring, a game where the first
//! and the third repetition disagree), then every fresh position up to a
//! few seeds held to the naive endgame solver's bounds.

use std::collections::BTreeMap;

use oware_reference::solve::{
    Sharing, SolveError, SolveRules, Solver, Standing, database_standings,
};
use oware_reference::{
    Bounds, EndReason, EndgameRules, Position, Seat, house_from_letter, solve_endgames,
};

use crate::common::cells;

/// The houses of a transcript that may start with either seat.
fn houses(transcript: &str) -> Vec<usize> {
    transcript
        .chars()
        .map(|letter| house_from_letter(letter).expect("a house letter"))
        .collect()
}

/// RULES.md section 9's history example: North to move, North's a 1 and f 2 (store 23), South's
/// row empty (store 22).
fn issue_start() -> Position {
    Position {
        cells: cells([0; 6], [1, 0, 0, 0, 0, 2], [22, 23]),
        to_move: Seat::North,
    }
}

const ISSUE_MOVES: &str = "fBaAbCcDdEeFaBbCcDdEe";

#[test]
fn the_issue_example_is_won_by_north_after_its_history() {
    let mut solver = Solver::new(SolveRules::AUALE);
    let start = issue_start();
    let moves = houses(ISSUE_MOVES);
    let history = solver
        .since_last_capture(start, &moves)
        .expect("the moves are legal");
    // Nothing is captured on the way: the whole game is one quiet stretch.
    assert_eq!(history.len(), moves.len() + 1);
    let current = history[history.len() - 1];
    assert_eq!(current.to_move, Seat::South);
    // South's one legal move is F, and it brings the set-up back.
    assert_eq!(current.legal_moves(oware_reference::Rules::Auale), vec![5]);
    assert_eq!(
        current.play(5, oware_reference::Rules::Auale),
        Ok(start),
        "F repeats the set-up"
    );
    let solution = solver.solve_game(start, &moves).expect("a game to solve");
    assert_eq!(solution.winner, Some(Seat::North));
    assert_eq!(solution.reason, EndReason::FirstRepetition);
    // North's row at the set-up holds 3 seeds: 23 + 3 against 22.
    assert_eq!(solution.seeds, [22, 26]);
    assert_eq!(solution.plies, 1);
    assert_eq!(solver.solve(&history), Ok(solution));
}

#[test]
fn the_issue_example_is_won_by_south_from_a_fresh_start() {
    let mut solver = Solver::new(SolveRules::AUALE);
    let history = solver
        .since_last_capture(issue_start(), &houses(ISSUE_MOVES))
        .expect("the moves are legal");
    let current = history[history.len() - 1];
    let fresh = solver.solve(&[current]).expect("a position to solve");
    assert_eq!(fresh.winner, Some(Seat::South));
    // The database agrees: South, to move, collects all three seeds.
    let table = solve_endgames(EndgameRules::Abapa, 3);
    let bounds = table[&mover_houses(&current)];
    assert_eq!(bounds, Bounds::exact(3));
    assert_eq!(
        database_standings(&current, bounds),
        [Standing::Win, Standing::Win]
    );
}

/// RULES.md's example: one seed in A, one in a, 23 in each store.
fn two_seeds() -> Position {
    Position {
        cells: cells([1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [23, 23]),
        to_move: Seat::South,
    }
}

#[test]
fn two_seeds_stepping_round_draw_at_either_repetition() {
    for (rules, plies, reason) in [
        (SolveRules::ABAPA, 24, EndReason::Repetition),
        (SolveRules::AUALE, 12, EndReason::FirstRepetition),
        (SolveRules::AWARI, 24, EndReason::Repetition),
    ] {
        let solution = Solver::new(rules).solve(&[two_seeds()]).expect("solvable");
        assert_eq!(solution.winner, None, "{rules:?}");
        assert_eq!(solution.seeds, [24, 24], "{rules:?}");
        assert_eq!(solution.plies, plies, "{rules:?}");
        assert_eq!(solution.reason, reason, "{rules:?}");
    }
}

#[test]
fn an_even_split_shares_what_own_rows_would() {
    // With one seed in each row, an even split and own rows agree.
    let split = SolveRules {
        sharing: Sharing::EvenSplit,
        ..SolveRules::ABAPA
    };
    let solution = Solver::new(split).solve(&[two_seeds()]).expect("solvable");
    assert_eq!((solution.winner, solution.seeds), (None, [24, 24]));
}

#[test]
fn history_given_twice_ends_the_game_one_step_sooner() {
    // Twelve moves into the two-seed game the start is back: with those
    // twelve earlier positions as history, under abapa the start's third
    // occurrence comes after twelve more moves, not twenty-four.
    let mut solver = Solver::new(SolveRules::ABAPA);
    let moves = houses("AaBbCcDdEeFf");
    let solution = solver.solve_game(two_seeds(), &moves).expect("solvable");
    assert_eq!((solution.winner, solution.plies), (None, 12));
    // Under Aualé's rule that same history is already a finished game.
    let mut auale = Solver::new(SolveRules::AUALE);
    let over = auale.solve_game(two_seeds(), &[moves.clone(), vec![0]].concat());
    assert_eq!(over, Err(SolveError::EndedBefore { at: 12 }));
}

#[test]
fn the_third_repetition_lets_the_issue_example_go_on() {
    // After the same moves under abapa, South's F brings the set-up back
    // for only its second time, and the game goes on: South wins, as the
    // database says.
    let mut solver = Solver::new(SolveRules::ABAPA);
    let history = solver
        .since_last_capture(issue_start(), &houses(ISSUE_MOVES))
        .expect("the moves are legal");
    assert_eq!(solver.winner(&history), Ok(Some(Seat::South)));
    // One quiet stretch played twice over is a finished game under auale
    // and abapa alike once the set-up has come back a third time.
    let twice = [houses(ISSUE_MOVES), houses("F"), houses(ISSUE_MOVES)].concat();
    assert_eq!(
        solver.solve_game(issue_start(), &twice).map(|s| s.winner),
        Ok(Some(Seat::North))
    );
}

#[test]
fn a_fresh_game_lies_within_the_databases_bounds() {
    // Every arrangement of up to `SEEDS` seeds, every split of the stores
    // in which the result is not settled yet, either seat to move.
    const SEEDS: u32 = 2;
    let abapa = solve_endgames(EndgameRules::Abapa, SEEDS);
    let awari = solve_endgames(EndgameRules::Awari, SEEDS);
    let own_rows_or_split = |repetition, sharing| SolveRules {
        repetition,
        sharing,
        ..SolveRules::ABAPA
    };
    let checks: [(SolveRules, &BTreeMap<[u8; 12], Bounds>); 6] = [
        (SolveRules::ABAPA, &abapa),
        (SolveRules::AUALE, &abapa),
        (own_rows_or_split(3, Sharing::EvenSplit), &abapa),
        (own_rows_or_split(2, Sharing::EvenSplit), &abapa),
        (SolveRules::AWARI_SPLIT, &awari),
        (
            SolveRules {
                repetition: 2,
                ..SolveRules::AWARI_SPLIT
            },
            &awari,
        ),
    ];
    let mut checked = 0;
    for (rules, table) in checks {
        let mut solver = Solver::new(rules);
        for (houses, &bounds) in table {
            let seeds: u8 = houses.iter().sum();
            for mover_store in 24u8.saturating_sub(seeds)..=24 {
                for mover in [Seat::South, Seat::North] {
                    let position = set_up(*houses, mover, mover_store);
                    let [low, high] = database_standings(&position, bounds);
                    let winner = solver.winner(&[position]).expect("solvable");
                    let standing = match winner {
                        None => Standing::Draw,
                        Some(seat) if seat == mover => Standing::Win,
                        Some(_) => Standing::Loss,
                    };
                    assert!(
                        low <= standing && standing <= high,
                        "{rules:?}: {position:?} {standing:?} outside {bounds:?}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 6 * 2 * (1 + 12 * 2 + 78 * 3));
}

/// The position with `houses` (the mover's row first) for `mover`, its
/// store `mover_store` and the opponent's the rest of the 48.
fn set_up(houses: [u8; 12], mover: Seat, mover_store: u8) -> Position {
    let seeds: u8 = houses.iter().sum();
    let mut cells = [0; 14];
    let (own, other, own_store, other_store) = match mover {
        Seat::South => (0, 6, 12, 13),
        Seat::North => (6, 0, 13, 12),
    };
    cells[own..own + 6].copy_from_slice(&houses[..6]);
    cells[other..other + 6].copy_from_slice(&houses[6..]);
    cells[own_store] = mover_store;
    cells[other_store] = 48 - seeds - mover_store;
    Position {
        cells,
        to_move: mover,
    }
}

/// The houses of `position` from its mover's view, the mover's row first.
fn mover_houses(position: &Position) -> [u8; 12] {
    let mut houses = [0; 12];
    let (own, other) = match position.to_move {
        Seat::South => (0, 6),
        Seat::North => (6, 0),
    };
    houses[..6].copy_from_slice(&position.cells[own..own + 6]);
    houses[6..].copy_from_slice(&position.cells[other..other + 6]);
    houses
}
