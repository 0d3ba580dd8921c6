//! The hand-worked rules cases of `oware-core/tests/data/rules/*.rules`
//! (sowing, capture, grand slam, feeding, refusals, the end), held against
//! oware-reference. oware-core's `tests/rules/rules_data.rs` reads the
//! same files: a new case is one line, checked against both. Only the
//! reader of the format and the checks are shared (`cases.rs`, beside the
//! data); how the rules are answered here is this crate's alone.
//!
//! `tests/data/rules` is a symbolic link to oware-core's folder, so that
//! the published crate (which `cargo package` fills through the link) holds
//! the cases its tests read.

#[path = "../data/rules/cases.rs"]
mod cases;

use std::path::Path;

use cases::{Implementation, Reason, Refusal, Setup, Side};
use oware_reference::{EndReason, Game, Outcome, Position, Rules, Seat};

/// oware-reference, as the data files see it.
struct Reference;

fn position(setup: Setup) -> Position {
    Position {
        cells: setup.cells,
        to_move: match setup.to_move {
            Side::South => Seat::South,
            Side::North => Seat::North,
        },
    }
}

fn side(seat: Seat) -> Side {
    match seat {
        Seat::South => Side::South,
        Seat::North => Side::North,
    }
}

fn setup(position: Position) -> Setup {
    Setup {
        cells: position.cells,
        to_move: side(position.to_move),
    }
}

fn refusal(refusal: oware_reference::Refusal) -> Refusal {
    use oware_reference::Refusal as R;
    match refusal {
        R::GameOver => Refusal::GameOver,
        R::NotYourHouse => Refusal::NotYourHouse,
        R::EmptyHouse => Refusal::EmptyHouse,
        R::MustFeed => Refusal::MustFeed,
        R::GrandSlamForbidden => Refusal::GrandSlam,
        R::NoSuchHouse => panic!("the data names only the twelve houses"),
    }
}

fn outcome(outcome: Outcome) -> cases::Outcome {
    cases::Outcome {
        winner: outcome.winner.map(side),
        seeds: outcome.seeds,
        reason: match outcome.reason {
            EndReason::Reached25 => Reason::Reached25,
            EndReason::Draw24 => Reason::Draw24,
            EndReason::NoLegalMove => Reason::NoLegalMove,
            EndReason::Repetition => Reason::Repetition,
            EndReason::FirstRepetition => Reason::FirstRepetition,
            EndReason::MoveLimit => Reason::MoveLimit,
        },
    }
}

impl Implementation for Reference {
    type Rules = Rules;
    type Game = Game;

    fn rules(name: &str) -> Option<Rules> {
        match name {
            "abapa" => Some(Rules::Abapa),
            "sowing" => Some(Rules::Sowing),
            "awari" => Some(Rules::Awari),
            "awari-split" => Some(Rules::AwariSplit),
            "auale" => Some(Rules::Auale),
            _ => None,
        }
    }

    fn presets() -> Vec<Rules> {
        vec![
            Rules::Abapa,
            Rules::Sowing,
            Rules::Awari,
            Rules::AwariSplit,
            Rules::Auale,
        ]
    }

    fn legal(at: Setup, rules: Rules) -> Vec<usize> {
        position(at).legal_moves(rules)
    }

    fn play(at: Setup, house: usize, rules: Rules) -> Result<Setup, Refusal> {
        position(at).play(house, rules).map(setup).map_err(refusal)
    }

    fn is_over(at: Setup) -> bool {
        position(at).is_over()
    }

    fn outcome(at: Setup, rules: Rules) -> Option<cases::Outcome> {
        Game::from_position(position(at), rules)
            .outcome()
            .map(outcome)
    }

    fn game(at: Setup, rules: Rules) -> Game {
        Game::from_position(position(at), rules)
    }

    fn game_play(game: &mut Game, house: usize) -> Result<(), Refusal> {
        game.play(house).map_err(refusal)
    }

    fn game_position(game: &Game) -> Setup {
        setup(game.position())
    }

    fn game_outcome(game: &Game) -> Option<cases::Outcome> {
        game.outcome().map(outcome)
    }
}

#[test]
fn every_rules_case_holds_in_the_reference() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/rules");
    cases::check_dir::<Reference>(&dir);
}
