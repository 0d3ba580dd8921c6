//! The hand-worked rules cases of `tests/data/rules/*.rules` (sowing,
//! capture, grand slam, feeding, refusals, the end), held against
//! oware-core. oware-reference's `tests/rules_data.rs` reads the same files:
//! a new case is one line, checked against both.

#[path = "data/rules/cases.rs"]
mod cases;

use std::path::Path;

use cases::{Case, Check, Played, Reason, Refusal, Setup, Side};
use oware_core::{
    Board, BySeat, EndReason, Game, House, HouseSet, IllegalMove, Outcome, Position, Rules, Seat,
};

/// The rule sets a case names: `all` is every preset.
fn rule_sets(case: &Case) -> Vec<Rules> {
    if case.rules == ["all"] {
        return Rules::PRESETS.map(|(_, rules)| rules).to_vec();
    }
    case.rules
        .iter()
        .map(|name| {
            name.parse()
                .unwrap_or_else(|e| panic!("{}: {e}", case.place))
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
    let board = Board::from_cells(setup.cells).expect("the data holds 48 seeds a board");
    Position::new(board, seat(setup.to_move))
}

fn refusal(illegal: IllegalMove) -> Refusal {
    match illegal {
        IllegalMove::GameOver => Refusal::GameOver,
        IllegalMove::NotYourHouse { .. } => Refusal::NotYourHouse,
        IllegalMove::EmptyHouse(_) => Refusal::EmptyHouse,
        IllegalMove::MustFeed(_) => Refusal::MustFeed,
        IllegalMove::GrandSlam(_) => Refusal::GrandSlam,
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
        seeds: BySeat::new(expected.seeds[0], expected.seeds[1]),
    }
}

/// Holds core to one case under one rule set; the first thing wrong, in words.
fn check(case: &Case, rules: Rules) -> Result<(), String> {
    let start = position(case.setup);
    match &case.check {
        Check::Play { house, played } => {
            let house = House::ALL[*house];
            let got = start.play_under(house, &rules);
            let expected = match *played {
                Played::After(cells) => Ok(Position::new(
                    Board::from_cells(cells).expect("48 seeds"),
                    start.to_move().opponent(),
                )),
                Played::Refused(reason) => Err(reason),
            };
            if got.map_err(refusal) != expected {
                return Err(format!("play {house}: {got:?}"));
            }
            // The same move in a game: the same answer, and a refused move
            // leaves the game as it was (SPEC rule 6).
            let mut game = Game::from_position(start, rules);
            let before = game.clone();
            match game.play(house) {
                Ok(()) if Ok(game.position()) == got => {}
                Err(illegal) if Err(illegal) == got && game == before => {}
                other => return Err(format!("play {house} in a game: {other:?}, {game:?}")),
            }
            if let Err(illegal) = got {
                let named = match illegal {
                    IllegalMove::GameOver => None,
                    IllegalMove::NotYourHouse { house, .. }
                    | IllegalMove::EmptyHouse(house)
                    | IllegalMove::MustFeed(house)
                    | IllegalMove::GrandSlam(house) => Some(house),
                };
                if named.is_some_and(|named| named != house) {
                    return Err(format!("the refusal names another house: {illegal:?}"));
                }
            }
        }
        Check::Legal(expected) => {
            let got = start.legal_moves_under(&rules);
            let expected: HouseSet = expected.iter().map(|&i| House::ALL[i]).collect();
            if got != expected {
                return Err(format!("legal moves {got:?}"));
            }
        }
        Check::Game {
            moves,
            end,
            outcome: expected,
        } => {
            let mut game = Game::from_position(start, rules);
            for (n, &index) in moves.iter().enumerate() {
                let house = House::ALL[index];
                game.play(house)
                    .map_err(|e| format!("move {} ({house}) refused: {e}", n + 1))?;
            }
            if game.position() != position(*end) {
                return Err(format!("after the moves: {:?}", game.position()));
            }
            let expected = expected.map(outcome);
            if game.outcome() != expected || game.is_over() != expected.is_some() {
                return Err(format!("outcome {:?}", game.outcome()));
            }
            if moves.is_empty() && start.outcome() != expected {
                return Err(format!("Position::outcome {:?}", start.outcome()));
            }
            let history_free = expected
                .is_some_and(|o| !matches!(o.reason, EndReason::Repetition | EndReason::MoveLimit));
            if history_free != game.position().is_over() {
                return Err("the position alone: is_over disagrees".to_owned());
            }
            if expected.is_some() {
                // A finished game has no move and refuses every house alike.
                if !game.legal_moves().is_empty() {
                    return Err(format!("legal moves when over: {:?}", game.legal_moves()));
                }
                let before = game.clone();
                for house in House::ALL {
                    if game.play(house) != Err(IllegalMove::GameOver) || game != before {
                        return Err(format!("{house} not refused as game over"));
                    }
                }
            } else if game.legal_moves().is_empty() {
                return Err("no legal move, yet not over".to_owned());
            }
        }
    }
    Ok(())
}

#[test]
fn every_rules_case_holds_in_core() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/rules");
    let cases = cases::read_dir(&dir);
    assert!(cases.len() > 50, "{} cases", cases.len());
    let failures: Vec<String> = cases
        .iter()
        .flat_map(|case| rule_sets(case).into_iter().map(move |rules| (case, rules)))
        .filter_map(|(case, rules)| {
            check(case, rules)
                .err()
                .map(|what| format!("{} ({rules}): {what}", case.place))
        })
        .collect();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn a_malformed_line_names_its_file_and_line() {
    let good = "play opening south all E 4,4,4,4,0,5/5,5,5,4,4,4/0,0\n";
    assert_eq!(cases::parse("x.rules", good).map(|c| c.len()), Ok(1));
    let bad = [
        ("play opening south all E", "a `play` case has 6 fields"),
        (
            "play opening west all E refused:empty-house",
            "`west` is not a seat",
        ),
        (
            "play opening south all G refused:empty-house",
            "`G` is not a house letter",
        ),
        (
            "play 4,4,4,4,4,4/4,4,4,4,4,4/0,1 south all A refused:game-over",
            "49 seeds",
        ),
        (
            "play 4,4,4,4,4/4,4,4,4,4,4/4,0 south all A refused:game-over",
            "5 counts",
        ),
        (
            "play opening south all A refused:lost",
            "`lost` is not a refusal",
        ),
        (
            "game opening south all - opening south south:25",
            "WINNER:SOUTH-NORTH:REASON",
        ),
        ("sow opening south all A", "unknown case kind `sow`"),
    ];
    for (line, what) in bad {
        let text = format!("# a comment\n{good}\n{line}  # why\n");
        let error = cases::parse("x.rules", &text).expect_err(line);
        assert!(error.starts_with("x.rules:4: "), "{error}");
        assert!(error.contains(what), "{error}");
    }
}
