//! SPEC.md "The end": 25 seeds, 24–24, third repetition, the move limit,
//! and the order in which they are checked.

mod common;

use common::cells;
use oware_reference::{
    EndReason, Game, Outcome, Position, Refusal, Rules, Seat, house_from_letter, parse_transcript,
};

/// Plays the moves spelled by `letters` into `game`, every one of which must
/// be legal. (Not `parse_transcript`: a slice of a line may start with
/// North.)
fn play_all(game: &mut Game, letters: &str) {
    for letter in letters.chars() {
        let house = house_from_letter(letter).expect("a house letter");
        game.play(house).expect("each move of the line is legal");
    }
}

#[test]
fn reaching_25_wins_at_once() {
    // F sows a to 2: captured (f keeps its seed, so not a grand slam).
    let start = Position {
        cells: cells([0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 1], [23, 22]),
        to_move: Seat::South,
    };
    let mut game = Game::from_position(start, Rules::Abapa);
    assert_eq!(game.outcome(), None);
    game.play(5).expect("legal");
    let over = game.position();
    assert_eq!(
        over.cells,
        cells([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1], [25, 22])
    );
    // North still has a move on the board, but the game is over.
    assert!(over.is_over());
    assert_eq!(over.legal_moves(Rules::Abapa), Vec::<usize>::new());
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Seat::South),
            reason: EndReason::Reached25,
            seeds: [25, 22],
        })
    );
    let before = game.clone();
    assert_eq!(game.play(11), Err(Refusal::GameOver));
    assert_eq!(game, before);
}

#[test]
fn north_with_25_wins_and_the_stores_stand_as_they_are() {
    let start = Position {
        cells: cells([1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [21, 25]),
        to_move: Seat::South,
    };
    assert_eq!(
        Game::from_position(start, Rules::Abapa).outcome(),
        Some(Outcome {
            winner: Some(Seat::North),
            reason: EndReason::Reached25,
            seeds: [21, 25],
        })
    );
}

#[test]
fn reaching_25_is_checked_before_no_legal_move() {
    // South has no move, but North already has 25: that decides it, and the
    // seed left in North's row is not added.
    let start = Position {
        cells: cells([0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [22, 25]),
        to_move: Seat::South,
    };
    assert_eq!(
        Game::from_position(start, Rules::Abapa).outcome(),
        Some(Outcome {
            winner: Some(Seat::North),
            reason: EndReason::Reached25,
            seeds: [22, 25],
        })
    );
}

#[test]
fn twenty_four_each_is_a_draw() {
    // A capture can never bring both stores to 24 (the last seeds taken
    // would be a grand slam), so this can only be a start position. It has
    // no legal move either; Draw24 is checked first.
    let start = Position {
        cells: cells([0; 6], [0; 6], [24, 24]),
        to_move: Seat::North,
    };
    assert!(start.is_over());
    let mut game = Game::from_position(start, Rules::Abapa);
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::Draw24,
            seeds: [24, 24],
        })
    );
    assert_eq!(game.play(6), Err(Refusal::GameOver));
}

/// South F and North f, one seed each, stores 22 and 24. Every move is
/// forced and captures nothing; after the 12 moves of
/// [`CYCLE`] the start position is back.
fn cycle_start() -> Position {
    Position {
        cells: cells([0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1], [22, 24]),
        to_move: Seat::South,
    }
}

/// F feeds a; North must feed with f; then both seeds walk to F and f.
const CYCLE: &str = "FfAaBbCcDdEe";

#[test]
fn the_cycle_returns_to_its_start() {
    let mut game = Game::from_position(cycle_start(), Rules::Abapa);
    play_all(&mut game, CYCLE);
    assert_eq!(game.position(), cycle_start());
    assert_eq!(game.outcome(), None, "second occurrence only");
}

#[test]
fn third_occurrence_counting_the_start_ends_the_game() {
    let mut game = Game::from_position(cycle_start(), Rules::Abapa);
    play_all(&mut game, CYCLE);
    // One move short of the third occurrence.
    play_all(&mut game, &CYCLE[..11]);
    assert_eq!(game.outcome(), None);
    play_all(&mut game, &CYCLE[11..]);
    assert_eq!(game.moves().len(), 24);
    // Each takes their own row: South 22 + 1, North 24 + 1.
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Seat::North),
            reason: EndReason::Repetition,
            seeds: [23, 25],
        })
    );
    // The position alone is not over; the game is.
    assert!(game.position().play(5, Rules::Abapa).is_ok());
    let before = game.clone();
    assert_eq!(game.play(5), Err(Refusal::GameOver));
    assert_eq!(game, before);
}

#[test]
fn repetition_applies_under_every_rule_set() {
    for rules in [Rules::Abapa, Rules::Sowing, Rules::Awari] {
        let mut game = Game::from_position(cycle_start(), rules);
        play_all(&mut game, &CYCLE.repeat(2));
        let outcome = game.outcome().expect("third occurrence");
        assert_eq!(outcome.reason, EndReason::Repetition, "{rules:?}");
    }
}

/// South to move: F captures a and b (4 seeds).
fn limit_start() -> Position {
    Position {
        cells: cells([1, 2, 0, 1, 0, 2], [1, 1, 0, 2, 2, 0], [18, 18]),
        to_move: Seat::South,
    }
}

/// The capture F, then 100 moves without a capture and without a third
/// repetition (found by a search, checked move by move below).
const LIMIT_LINE: &str = "FdAeAfBaAbBcCdDeEfAaBbCcDdEeFaAbBcCdAfAeAfBaAbBcCdDaFaEaFbAaBbCcDdEeAfFaAbBcCdDaFaEaFbAaBbCcDdEeAfFaA";

/// The game after the first `count` moves of [`LIMIT_LINE`], checking that
/// every move after the first captures nothing.
fn limit_game(rules: Rules, count: usize) -> Game {
    let moves = parse_transcript(LIMIT_LINE).expect("valid transcript");
    assert_eq!(moves.len(), 101);
    let mut game = Game::from_position(limit_start(), rules);
    for (index, &house) in moves[..count].iter().enumerate() {
        let stores_before = (game.position().cells[12], game.position().cells[13]);
        game.play(house).expect("each move of the line is legal");
        let stores_after = (game.position().cells[12], game.position().cells[13]);
        if index == 0 {
            assert_eq!(stores_after, (22, 18), "the first move captures 4");
        } else {
            assert_eq!(stores_after, stores_before, "move {index} captures nothing");
        }
    }
    game
}

/// Each player takes their own row of `position`.
fn rows_taken(position: Position) -> [u8; 2] {
    let south: u8 = position.cells[0..6].iter().sum();
    let north: u8 = position.cells[6..12].iter().sum();
    [position.cells[12] + south, position.cells[13] + north]
}

#[test]
fn ninety_nine_moves_without_capture_do_not_end_the_game() {
    let game = limit_game(Rules::Sowing, 100);
    assert_eq!(game.outcome(), None);
}

#[test]
fn the_hundredth_move_without_capture_ends_the_game() {
    let game = limit_game(Rules::Sowing, 101);
    let outcome = game.outcome().expect("the move limit is reached");
    assert_eq!(outcome.reason, EndReason::MoveLimit);
    assert_eq!(outcome.seeds, rows_taken(game.position()));
    assert_eq!(outcome.seeds[0] + outcome.seeds[1], 48);
    let expected_winner = match outcome.seeds[0].cmp(&outcome.seeds[1]) {
        std::cmp::Ordering::Greater => Some(Seat::South),
        std::cmp::Ordering::Less => Some(Seat::North),
        std::cmp::Ordering::Equal => None,
    };
    assert_eq!(outcome.winner, expected_winner);
    let mut game = game;
    let next = game.position().legal_moves(Rules::Sowing)[0];
    assert_eq!(game.play(next), Err(Refusal::GameOver));
}

#[test]
fn the_move_limit_counts_from_the_start_when_nothing_was_captured() {
    // The same 100 quiet moves, started after the capture.
    let quiet_start = limit_game(Rules::Sowing, 1).position();
    let moves = parse_transcript(LIMIT_LINE).expect("valid");
    let mut game = Game::from_position(quiet_start, Rules::Sowing);
    for &house in &moves[1..100] {
        game.play(house).expect("legal");
    }
    assert_eq!(game.moves().len(), 99);
    assert_eq!(game.outcome(), None);
    game.play(moves[100]).expect("legal");
    assert_eq!(
        game.outcome().map(|outcome| outcome.reason),
        Some(EndReason::MoveLimit)
    );
}

#[test]
fn abapa_and_awari_have_no_move_limit() {
    for rules in [Rules::Abapa, Rules::Awari] {
        let game = limit_game(rules, 101);
        assert_eq!(game.outcome(), None, "{rules:?}");
    }
}
