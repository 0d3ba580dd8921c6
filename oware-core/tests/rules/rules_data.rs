//! The hand-worked rules cases of `tests/data/rules/*.rules` (sowing,
//! capture, grand slam, feeding, refusals, the end), held against
//! oware-core. oware-reference's `tests/rules/rules_data.rs` reads the
//! same files: a new case is one line, checked against both. The checks
//! are written once, in `tests/data/rules/cases.rs`; this file says how
//! core answers them.

#[path = "../data/rules/cases.rs"]
mod cases;

use std::path::Path;

use cases::{Implementation, Reason, Refusal, Setup, Side};
use oware_core::{Board, EndReason, Game, House, IllegalMove, Outcome, Position, Rules, Seat};

/// oware-core, as the data files see it.
struct Core;

fn position(setup: Setup) -> Position {
    let board = Board::from_cells(setup.cells).expect("the data holds 48 seeds a board");
    let seat = match setup.to_move {
        Side::South => Seat::South,
        Side::North => Seat::North,
    };
    Position::new(board, seat)
}

fn setup(position: Position) -> Setup {
    Setup {
        cells: position.board().to_cells(),
        to_move: side(position.to_move()),
    }
}

fn side(seat: Seat) -> Side {
    match seat {
        Seat::South => Side::South,
        Seat::North => Side::North,
    }
}

/// The data's refusal for core's error, which must name the house played
/// when it names one.
#[track_caller]
fn refusal(illegal: IllegalMove, played: House) -> Refusal {
    let (refusal, named) = match illegal {
        IllegalMove::GameOver => (Refusal::GameOver, None),
        IllegalMove::NotYourHouse { house, .. } => (Refusal::NotYourHouse, Some(house)),
        IllegalMove::EmptyHouse(house) => (Refusal::EmptyHouse, Some(house)),
        IllegalMove::MustFeed(house) => (Refusal::MustFeed, Some(house)),
        IllegalMove::GrandSlam(house) => (Refusal::GrandSlam, Some(house)),
    };
    assert!(
        named.is_none_or(|named| named == played),
        "{illegal:?} for house {played}"
    );
    refusal
}

fn outcome(outcome: Outcome) -> cases::Outcome {
    cases::Outcome {
        winner: outcome.winner.map(side),
        seeds: [outcome.seeds.south, outcome.seeds.north],
        reason: match outcome.reason {
            EndReason::Reached25 => Reason::Reached25,
            EndReason::Draw24 => Reason::Draw24,
            // The cases, as RULES.md section 6, name both ends alike.
            EndReason::NoLegalMove | EndReason::NoSeeds => Reason::NoLegalMove,
            EndReason::Repetition => Reason::Repetition,
            EndReason::MoveLimit => Reason::MoveLimit,
            EndReason::FirstRepetition => Reason::FirstRepetition,
        },
    }
}

impl Implementation for Core {
    type Rules = Rules;
    type Game = Game;

    fn rules(name: &str) -> Option<Rules> {
        name.parse().ok()
    }

    fn presets() -> Vec<Rules> {
        Rules::PRESETS.map(|(_, rules)| rules).to_vec()
    }

    fn legal(at: Setup, rules: Rules) -> Vec<usize> {
        let legal = position(at).legal_moves_under(&rules);
        legal.iter().map(House::index).collect()
    }

    fn play(at: Setup, house: usize, rules: Rules) -> Result<Setup, Refusal> {
        let house = House::ALL[house];
        let played = position(at).play_under(house, &rules);
        played.map(setup).map_err(|illegal| refusal(illegal, house))
    }

    fn is_over(at: Setup) -> bool {
        position(at).is_over()
    }

    fn outcome(at: Setup, rules: Rules) -> Option<cases::Outcome> {
        // A fresh game's outcome is the one that needs no history, which the
        // position gives alone too.
        let alone = position(at).outcome();
        assert_eq!(Game::from_position(position(at), rules).outcome(), alone);
        alone.map(outcome)
    }

    fn game(at: Setup, rules: Rules) -> Game {
        Game::from_position(position(at), rules)
    }

    fn game_play(game: &mut Game, house: usize) -> Result<(), Refusal> {
        let house = House::ALL[house];
        game.play(house).map_err(|illegal| refusal(illegal, house))
    }

    fn game_position(game: &Game) -> Setup {
        setup(game.position())
    }

    fn game_outcome(game: &Game) -> Option<cases::Outcome> {
        assert_eq!(game.is_over(), game.outcome().is_some());
        assert_eq!(game.is_over(), game.legal_moves().is_empty());
        game.outcome().map(outcome)
    }
}

#[test]
fn every_rules_case_holds_in_core() {
    cases::check_dir::<Core>(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/rules"));
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
