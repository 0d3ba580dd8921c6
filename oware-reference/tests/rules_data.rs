//! The hand-worked rules cases of `oware-core/tests/data/rules/*.rules`
//! (sowing, capture, grand slam, feeding, refusals, the end), held against
//! oware-reference. oware-core's `tests/rules_data.rs` reads the same files:
//! a new case is one line, checked against both. Only the reader of the
//! format is shared; the rules here are this crate's alone.

#[path = "../../oware-core/tests/data/rules/cases.rs"]
mod cases;

use std::path::Path;

use cases::{Case, Check, Played, Reason, Setup, Side};
use oware_reference::{EndReason, Game, Outcome, Position, Refusal, Rules, Seat};

/// The rule sets a case names: `all` is every rule set this crate knows.
fn rule_sets(case: &Case) -> Vec<Rules> {
    if case.rules == ["all"] {
        return vec![Rules::Abapa, Rules::Sowing, Rules::Awari];
    }
    case.rules
        .iter()
        .map(|name| match name.as_str() {
            "abapa" => Rules::Abapa,
            "sowing" => Rules::Sowing,
            "awari" => Rules::Awari,
            _ => panic!("{}: no rule set `{name}`", case.place),
        })
        .collect()
}

fn seat(side: Side) -> Seat {
    match side {
        Side::South => Seat::South,
        Side::North => Seat::North,
    }
}

fn position(setup: Setup) -> Position {
    Position {
        cells: setup.cells,
        to_move: seat(setup.to_move),
    }
}

fn refusal(refusal: cases::Refusal) -> Refusal {
    match refusal {
        cases::Refusal::GameOver => Refusal::GameOver,
        cases::Refusal::NotYourHouse => Refusal::NotYourHouse,
        cases::Refusal::EmptyHouse => Refusal::EmptyHouse,
        cases::Refusal::MustFeed => Refusal::MustFeed,
        cases::Refusal::GrandSlam => Refusal::GrandSlamForbidden,
    }
}

fn outcome(expected: cases::Outcome) -> Outcome {
    Outcome {
        winner: expected.winner.map(seat),
        reason: match expected.reason {
            Reason::Reached25 => EndReason::Reached25,
            Reason::Draw24 => EndReason::Draw24,
            Reason::NoLegalMove => EndReason::NoLegalMove,
            Reason::Repetition => EndReason::Repetition,
            Reason::MoveLimit => EndReason::MoveLimit,
        },
        seeds: expected.seeds,
    }
}

/// Holds the reference to one case under one rule set; the first thing
/// wrong, in words.
fn check(case: &Case, rules: Rules) -> Result<(), String> {
    let start = position(case.setup);
    match &case.check {
        Check::Play { house, played } => {
            let got = start.play(*house, rules);
            let expected = match *played {
                Played::After(cells) => Ok(Position {
                    cells,
                    to_move: start.to_move.opponent(),
                }),
                Played::Refused(reason) => Err(refusal(reason)),
            };
            if got != expected {
                return Err(format!("play {house}: {got:?}"));
            }
            // The same move in a game: the same answer, and a refused move
            // leaves the game as it was (SPEC rule 6).
            let mut game = Game::from_position(start, rules);
            let before = game.clone();
            match game.play(*house) {
                Ok(()) if Ok(game.position()) == got => {}
                Err(refused) if Err(refused) == got && game == before => {}
                other => return Err(format!("play {house} in a game: {other:?}, {game:?}")),
            }
        }
        Check::Legal(expected) => {
            let got = start.legal_moves(rules);
            if got != *expected {
                return Err(format!("legal moves {got:?}"));
            }
        }
        Check::Game {
            moves,
            end,
            outcome: expected,
        } => {
            let mut game = Game::from_position(start, rules);
            for (n, &house) in moves.iter().enumerate() {
                game.play(house)
                    .map_err(|e| format!("move {} (house {house}) refused: {e}", n + 1))?;
            }
            if game.position() != position(*end) {
                return Err(format!("after the moves: {:?}", game.position()));
            }
            let expected = expected.map(outcome);
            if game.outcome() != expected {
                return Err(format!("outcome {:?}", game.outcome()));
            }
            if moves.is_empty() && start.is_over() != expected.is_some() {
                return Err(format!("Position::is_over {}", start.is_over()));
            }
            // The ends that need no history end the position alone too.
            let history_free = expected
                .is_some_and(|o| !matches!(o.reason, EndReason::Repetition | EndReason::MoveLimit));
            if history_free != game.position().is_over()
                || history_free != game.position().legal_moves(rules).is_empty()
            {
                return Err("the position alone: is_over or its legal moves disagree".to_owned());
            }
            if expected.is_some() {
                // A finished game refuses every house alike, and stays.
                let before = game.clone();
                for house in 0..12 {
                    if game.play(house) != Err(Refusal::GameOver) || game != before {
                        return Err(format!("house {house} not refused as game over"));
                    }
                }
            } else if game.position().legal_moves(rules).is_empty() {
                return Err("no legal move, yet not over".to_owned());
            }
        }
    }
    Ok(())
}

#[test]
fn every_rules_case_holds_in_the_reference() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../oware-core/tests/data/rules");
    let cases = cases::read_dir(&dir);
    assert!(cases.len() > 50, "{} cases", cases.len());
    let failures: Vec<String> = cases
        .iter()
        .flat_map(|case| rule_sets(case).into_iter().map(move |rules| (case, rules)))
        .filter_map(|(case, rules)| {
            check(case, rules)
                .err()
                .map(|what| format!("{} ({rules:?}): {what}", case.place))
        })
        .collect();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
