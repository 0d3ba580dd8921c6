//! SPEC.md "The end": 25 seeds win at once, 24–24 draws, no legal move,
//! the third repetition, and the move limit (100 under Rules::SOWING, none
//! under Rules::ABAPA); and a position without history ends only by the
//! first two of these.

mod common;

use common::{play_line, position};
use oware_core::House::*;
use oware_core::{BySeat, EndReason, Game, HouseSet, IllegalMove, Outcome, Position, Rules, Seat};

#[test]
fn reaching_25_wins_at_once_and_the_rows_are_not_added() {
    let start = position(
        [3, 0, 0, 0, 4, 0],
        [1, 2, 1, 1, 0, 0],
        [18, 18],
        Seat::South,
    );
    let mut game = Game::from_position(start, Rules::ABAPA);
    assert_eq!(game.outcome(), None);
    // E sows F, a, b, c (2, 3, 2) and takes c, b, a: 18 + 7 = 25.
    play_line(&mut game, "E");
    let over = game.position();
    assert_eq!(
        over,
        position(
            [3, 0, 0, 0, 0, 1],
            [0, 0, 0, 1, 0, 0],
            [25, 18],
            Seat::North
        )
    );
    // North still has a seed in d, but the game is over.
    assert!(over.is_over());
    assert_eq!(over.legal_moves(), HouseSet::EMPTY);
    let outcome = Outcome {
        winner: Some(Seat::South),
        reason: EndReason::Reached25,
        seeds: BySeat::new(25, 18),
    };
    assert_eq!(over.outcome(), Some(outcome));
    assert_eq!(game.outcome(), Some(outcome));
    assert!(game.is_over());
    assert_eq!(outcome.to_string(), "South wins 25–18 (25 seeds captured)");
    let before = game.clone();
    assert_eq!(game.play(d), Err(IllegalMove::GameOver));
    assert_eq!(game, before);
}

#[test]
fn north_with_more_than_25_wins_whoever_is_to_move() {
    for to_move in Seat::ALL {
        let over = position([1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [20, 26], to_move);
        assert_eq!(over.legal_moves(), HouseSet::EMPTY);
        assert_eq!(
            over.outcome(),
            Some(Outcome {
                winner: Some(Seat::North),
                reason: EndReason::Reached25,
                seeds: BySeat::new(20, 26),
            })
        );
    }
}

#[test]
fn twenty_four_is_not_yet_a_win() {
    let going_on = position(
        [1, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 1],
        [24, 22],
        Seat::South,
    );
    assert_eq!(going_on.outcome(), None);
    assert!(!going_on.is_over());
    assert_eq!(going_on.legal_moves(), HouseSet::EMPTY.with(A));
}

#[test]
fn reaching_25_is_decided_before_no_legal_move() {
    // South has no seed to move, but North's 25 decides it: North's seed
    // in a is not added.
    let over = position(
        [0, 0, 0, 0, 0, 0],
        [1, 0, 0, 0, 0, 0],
        [22, 25],
        Seat::South,
    );
    assert_eq!(
        over.outcome(),
        Some(Outcome {
            winner: Some(Seat::North),
            reason: EndReason::Reached25,
            seeds: BySeat::new(22, 25),
        })
    );
}

#[test]
fn twenty_four_each_is_a_draw() {
    for to_move in Seat::ALL {
        let over = position([0; 6], [0; 6], [24, 24], to_move);
        assert!(over.is_over());
        let outcome = over.outcome().expect("24–24 ends the game");
        assert_eq!(
            outcome,
            Outcome {
                winner: None,
                reason: EndReason::Draw24,
                seeds: BySeat::new(24, 24),
            }
        );
        assert_eq!(outcome.to_string(), "draw 24–24 (24 seeds each)");
        assert_eq!(
            Game::from_position(over, Rules::SOWING).outcome(),
            Some(outcome)
        );
    }
}

#[test]
fn a_seat_with_an_empty_row_of_its_own_has_no_move() {
    // Not reachable in play (SPEC: "the seat to move always has a move, or
    // the game is over"), but a set-up position may have it; as EndReason
    // documents, each player then takes their own row.
    let over = position([0; 6], [1, 0, 0, 0, 0, 0], [23, 24], Seat::South);
    assert_eq!(over.legal_moves(), HouseSet::EMPTY);
    assert_eq!(over.play(A), Err(IllegalMove::GameOver));
    assert_eq!(
        over.outcome(),
        Some(Outcome {
            winner: Some(Seat::North),
            reason: EndReason::NoLegalMove,
            seeds: BySeat::new(23, 25),
        })
    );
}

/// Two lone seeds chasing each other round the ring. Every move is forced
/// (after F, North's row holds a and f while South's is empty, so North
/// must feed with f), nothing is ever captured (each seed lands in an empty
/// house), and after twelve moves the position is back where it began.
fn cycle_start() -> Position {
    position(
        [0, 0, 0, 0, 0, 1],
        [0, 0, 0, 0, 0, 1],
        [24, 22],
        Seat::South,
    )
}
const CYCLE: &str = "FfAaBbCcDdEe";

#[test]
fn the_cycle_is_forced_and_returns_to_its_start() {
    let mut game = Game::from_position(cycle_start(), Rules::ABAPA);
    for letter in CYCLE.chars() {
        assert_eq!(game.legal_moves().len(), 1, "{letter} is forced");
        play_line(&mut game, &letter.to_string());
    }
    assert_eq!(game.position(), cycle_start());
    assert_eq!(game.occurrences(), 2);
    assert_eq!(game.moves_without_capture(), 12);
    assert_eq!(game.outcome(), None);
}

#[test]
fn the_third_occurrence_counting_the_start_ends_the_game() {
    let mut game = Game::from_position(cycle_start(), Rules::ABAPA);
    assert_eq!(game.occurrences(), 1);
    play_line(&mut game, CYCLE);
    play_line(&mut game, &CYCLE[..11]);
    assert_eq!(
        game.outcome(),
        None,
        "23 moves: the start has occurred twice"
    );
    play_line(&mut game, "e");
    assert_eq!(game.occurrences(), 3);
    // Each player takes their own row: 24 + 1 against 22 + 1.
    let outcome = Outcome {
        winner: Some(Seat::South),
        reason: EndReason::Repetition,
        seeds: BySeat::new(25, 23),
    };
    assert_eq!(game.outcome(), Some(outcome));
    assert_eq!(outcome.to_string(), "South wins 25–23 (third repetition)");
    assert_eq!(game.legal_moves(), HouseSet::EMPTY);
    let before = game.clone();
    assert_eq!(game.play(F), Err(IllegalMove::GameOver));
    assert_eq!(game, before);
}

#[test]
fn every_position_of_the_cycle_is_counted_on_its_own() {
    let mut game = Game::from_position(cycle_start(), Rules::ABAPA);
    play_line(&mut game, CYCLE);
    // Move 13 reaches the position after F for the second time.
    play_line(&mut game, "F");
    assert_eq!(game.occurrences(), 2);
    assert_eq!(game.outcome(), None);
}

#[test]
fn repetition_applies_under_every_preset() {
    for rules in [Rules::ABAPA, Rules::SOWING, Rules::AWARI] {
        let mut game = Game::from_position(cycle_start(), rules);
        play_line(&mut game, CYCLE);
        play_line(&mut game, CYCLE);
        assert_eq!(
            game.outcome().map(|outcome| outcome.reason),
            Some(EndReason::Repetition),
            "{rules}"
        );
    }
}

#[test]
fn rules_without_repetition_play_on_round_the_cycle() {
    let rules = Rules {
        repetition: None,
        ..Rules::ABAPA
    };
    let mut game = Game::from_position(cycle_start(), rules);
    for _ in 0..4 {
        play_line(&mut game, CYCLE);
    }
    assert_eq!(game.occurrences(), 5);
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_position_without_history_is_not_over_by_repetition() {
    let mut game = Game::from_position(cycle_start(), Rules::ABAPA);
    play_line(&mut game, CYCLE);
    play_line(&mut game, CYCLE);
    assert!(game.is_over());
    let position = game.position();
    assert!(!position.is_over());
    assert_eq!(position.outcome(), None);
    assert_eq!(position.legal_moves(), HouseSet::EMPTY.with(F));
    assert!(position.play(F).is_ok());
}

#[test]
fn undo_takes_back_the_end() {
    let mut game = Game::from_position(cycle_start(), Rules::ABAPA);
    play_line(&mut game, CYCLE);
    play_line(&mut game, CYCLE);
    assert!(game.is_over());
    assert_eq!(game.undo(), Some(e));
    assert_eq!(game.outcome(), None);
    assert_eq!(game.moves().len(), 23);
    assert_eq!(game.moves_without_capture(), 23);
    play_line(&mut game, "e");
    assert!(game.is_over());
}

/// Eight lone seeds and 100 moves in which nothing is captured and no
/// position occurs twice (found by a search over a model of SPEC written
/// apart from this crate, and replayed here move by move).
fn limit_start() -> Position {
    position(
        [1, 1, 1, 1, 0, 0],
        [1, 1, 1, 1, 0, 0],
        [22, 18],
        Seat::South,
    )
}
const QUIET_100: &str = "CaAbDdFfBeEaAcBdFfDaCbDdAcEaFaBdCbDdEcFeEaDdBeFaCfAbBdEaDeEfAcCdDeEbBfCcDdFdEbAaBeFbAfAcBdDaEbFaAbCe";

/// After the 100 moves: worked through from the last two. After 98 South
/// has B 1, C 2 and North c 2, e 2, f 1; C sows D, E; e sows f, A.
fn after_quiet_100() -> Position {
    position(
        [1, 1, 0, 1, 1, 0],
        [0, 0, 2, 0, 0, 2],
        [22, 18],
        Seat::South,
    )
}

#[test]
fn ninety_nine_moves_without_capture_do_not_end_the_sowing_game() {
    assert_eq!(QUIET_100.len(), 100);
    let mut game = Game::from_position(limit_start(), Rules::SOWING);
    play_line(&mut game, &QUIET_100[..99]);
    assert_eq!(game.moves_without_capture(), 99);
    assert_eq!(game.occurrences(), 1);
    assert_eq!(game.outcome(), None);
    assert_eq!(
        game.position(),
        position(
            [0, 1, 0, 1, 1, 0],
            [0, 0, 2, 0, 2, 1],
            [22, 18],
            Seat::North
        )
    );
}

#[test]
fn the_hundredth_move_without_capture_ends_the_sowing_game() {
    let mut game = Game::from_position(limit_start(), Rules::SOWING);
    play_line(&mut game, QUIET_100);
    assert_eq!(game.position(), after_quiet_100());
    assert_eq!(game.moves_without_capture(), 100);
    // Each player takes their own row: 22 + 4 against 18 + 4.
    let outcome = Outcome {
        winner: Some(Seat::South),
        reason: EndReason::MoveLimit,
        seeds: BySeat::new(26, 22),
    };
    assert_eq!(game.outcome(), Some(outcome));
    assert_eq!(outcome.to_string(), "South wins 26–22 (move limit reached)");
    assert_eq!(game.play(A), Err(IllegalMove::GameOver));
    // Without history the position goes on.
    assert_eq!(game.position().outcome(), None);
}

#[test]
fn abapa_and_awari_have_no_move_limit() {
    for rules in [Rules::ABAPA, Rules::AWARI] {
        let mut game = Game::from_position(limit_start(), rules);
        play_line(&mut game, QUIET_100);
        assert_eq!(game.position(), after_quiet_100());
        assert_eq!(game.moves_without_capture(), 100);
        assert_eq!(game.outcome(), None, "{rules}");
        assert_eq!(game.legal_moves(), [A, B, D, E].into_iter().collect());
    }
}

#[test]
fn a_capture_starts_the_count_again() {
    let start = position(
        [1, 0, 0, 0, 0, 1],
        [1, 0, 4, 0, 0, 0],
        [20, 21],
        Seat::South,
    );
    let rules = Rules {
        move_limit: Some(3),
        ..Rules::ABAPA
    };
    let mut game = Game::from_position(start, rules);
    // A sows B; c sows d, e, f, A (A 1): nothing taken.
    play_line(&mut game, "Ac");
    assert_eq!(game.moves_without_capture(), 2);
    // F sows a (2): taken, and d, e, f keep a seed each.
    play_line(&mut game, "F");
    assert_eq!(
        game.position(),
        position(
            [1, 1, 0, 0, 0, 0],
            [0, 0, 0, 1, 1, 1],
            [22, 21],
            Seat::North
        )
    );
    assert_eq!(game.moves_without_capture(), 0);
    // d sows e; A sows B; e sows f, A (A 1): three quiet moves.
    play_line(&mut game, "dA");
    assert_eq!(game.outcome(), None);
    play_line(&mut game, "e");
    assert_eq!(
        game.position(),
        position(
            [1, 2, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 2],
            [22, 21],
            Seat::South
        )
    );
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Seat::South),
            reason: EndReason::MoveLimit,
            seeds: BySeat::new(25, 23),
        })
    );
}

#[test]
fn every_end_reason_reads_as_words() {
    let reasons = [
        (EndReason::Reached25, "25 seeds captured"),
        (EndReason::Draw24, "24 seeds each"),
        (EndReason::NoLegalMove, "the opponent could not be fed"),
        (EndReason::Repetition, "third repetition"),
        (EndReason::MoveLimit, "move limit reached"),
    ];
    for (reason, text) in reasons {
        assert_eq!(reason.to_string(), text);
    }
    let outcome = Outcome {
        winner: Some(Seat::North),
        reason: EndReason::NoLegalMove,
        seeds: BySeat::new(16, 32),
    };
    assert_eq!(
        outcome.to_string(),
        "North wins 16–32 (the opponent could not be fed)"
    );
}
