//! The end's API (RULES.md section 6): `Game`'s counters of occurrences and
//! moves without capture, undo of a finished game, custom rules (no
//! repetition, a short move limit, which the reference cannot express), and
//! how outcomes read. Which positions and games end how, under every preset,
//! is in `tests/data/rules/end.rules` (and `feeding.rules`), held against both
//! implementations.

use oware_core::House::*;
use oware_core::{BySeat, EndReason, Game, Outcome, Position, Rules, Seat, Share};

use crate::common::{play_line, position};

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
fn rules_without_repetition_play_on_round_the_cycle() {
    let rules = Rules::ABAPA.without_repetition();
    let mut game = Game::from_position(cycle_start(), rules);
    for _ in 0..4 {
        play_line(&mut game, CYCLE);
    }
    assert_eq!(game.occurrences(), 5);
    assert_eq!(game.outcome(), None);
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

#[test]
fn a_capture_starts_the_count_again() {
    let start = position(
        [1, 0, 0, 0, 0, 1],
        [1, 0, 4, 0, 0, 0],
        [20, 21],
        Seat::South,
    );
    let rules = Rules::ABAPA.with_move_limit(3).unwrap();
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
            share: Some(Share::OwnRows),
        })
    );
}

#[test]
fn a_set_up_whose_mover_has_no_seeds_ends_for_want_of_them_not_of_feeding() {
    // South to move with an empty row: North takes the four in its own.
    let empty_row = position([0; 6], [1, 1, 1, 1, 0, 0], [22, 22], Seat::South);
    let outcome = Game::from_position(empty_row, Rules::ABAPA)
        .outcome()
        .unwrap();
    assert_eq!(outcome.reason, EndReason::NoSeeds);
    assert_eq!(outcome.seeds, BySeat::new(22, 26));
    assert_eq!(outcome.to_string(), "North wins 22–26 (no seeds to sow)");
    // With seeds but no move that feeds North, it is the feeding rule's end.
    let unfed = position([0, 3, 0, 0, 0, 0], [0; 6], [23, 22], Seat::South);
    assert_eq!(unfed.outcome().unwrap().reason, EndReason::NoLegalMove);
}

#[test]
fn every_end_reason_reads_as_words() {
    let reasons = [
        (EndReason::Reached25, "25 seeds captured"),
        (EndReason::Draw24, "24 seeds each"),
        (EndReason::NoLegalMove, "the opponent could not be fed"),
        (EndReason::NoSeeds, "no seeds to sow"),
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
        share: Some(Share::OwnRows),
    };
    assert_eq!(
        outcome.to_string(),
        "North wins 16–32 (the opponent could not be fed)"
    );
    let outcomes = [
        (
            Some(Seat::South),
            EndReason::Reached25,
            [25, 18],
            None,
            "South wins 25–18 (25 seeds captured)",
        ),
        (
            None,
            EndReason::Draw24,
            [24, 24],
            None,
            "draw 24–24 (24 seeds each)",
        ),
        (
            Some(Seat::South),
            EndReason::Repetition,
            [25, 23],
            Some(Share::OwnRows),
            "South wins 25–23 (third repetition)",
        ),
        (
            Some(Seat::North),
            EndReason::Repetition,
            [22, 26],
            Some(Share::Evenly),
            "North wins 22–26 (third repetition, the seeds left split evenly)",
        ),
        (
            // 47 counted: the odd seed was split, half each.
            Some(Seat::South),
            EndReason::Repetition,
            [24, 23],
            Some(Share::Evenly),
            "South wins 24½–23½ (third repetition, the seeds left split evenly)",
        ),
        (
            Some(Seat::South),
            EndReason::MoveLimit,
            [26, 22],
            Some(Share::OwnRows),
            "South wins 26–22 (move limit reached)",
        ),
    ];
    for (winner, reason, [south, north], share, text) in outcomes {
        let outcome = Outcome {
            winner,
            reason,
            seeds: BySeat::new(south, north),
            share,
        };
        assert_eq!(outcome.to_string(), text);
    }
}
