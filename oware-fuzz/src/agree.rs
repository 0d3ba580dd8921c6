//! Core and reference asked the same questions; the first different answer
//! comes back as an error that shows both.
//!
//! The mapping between the two is explicit: the 14-cell canonical layout
//! for boards, house indices for houses, and one reference `Refusal` for
//! each core `IllegalMove`. This is the one place that mapping is written:
//! the property tests, the fuzz targets and `cargo xtask verify` (which
//! holds the two to each other at scale, with richer reports) all use it.

use oware_core::{EndReason, Game, House, IllegalMove, Outcome, Position, Rules, Seat};
use oware_reference as reference;

/// The reference's rules for a core preset.
///
/// # Panics
/// For a custom rule set, which the reference cannot express.
#[must_use]
#[track_caller]
pub fn rules(rules: Rules) -> reference::Rules {
    match rules.name() {
        Some("abapa") => reference::Rules::Abapa,
        Some("sowing") => reference::Rules::Sowing,
        Some("awari") => reference::Rules::Awari,
        Some("auale") => reference::Rules::Auale,
        _ => panic!("the reference knows only the presets, not {rules:?}"),
    }
}

/// The reference's seat for a core seat.
#[must_use]
pub fn seat(seat: Seat) -> reference::Seat {
    match seat {
        Seat::South => reference::Seat::South,
        Seat::North => reference::Seat::North,
    }
}

/// The core seat for a reference seat.
#[must_use]
pub fn core_seat(seat: reference::Seat) -> Seat {
    match seat {
        reference::Seat::South => Seat::South,
        reference::Seat::North => Seat::North,
    }
}

/// The reference's position for a core position: same cells, same seat.
#[must_use]
pub fn reference_position(position: Position) -> reference::Position {
    reference::Position {
        cells: position.board().to_cells(),
        to_move: seat(position.to_move()),
    }
}

/// The refusal the reference must give where core gives `illegal`.
#[must_use]
pub fn refusal(illegal: IllegalMove) -> reference::Refusal {
    match illegal {
        IllegalMove::GameOver => reference::Refusal::GameOver,
        IllegalMove::NotYourHouse { .. } => reference::Refusal::NotYourHouse,
        IllegalMove::EmptyHouse(_) => reference::Refusal::EmptyHouse,
        IllegalMove::MustFeed(_) => reference::Refusal::MustFeed,
        IllegalMove::GrandSlam(_) => reference::Refusal::GrandSlamForbidden,
    }
}

/// Whether two outcomes say the same: winner, reason and final counts.
#[must_use]
pub fn same_outcome(core: Option<Outcome>, theirs: Option<reference::Outcome>) -> bool {
    let reason = |r: EndReason| match r {
        EndReason::Reached25 => reference::EndReason::Reached25,
        EndReason::Draw24 => reference::EndReason::Draw24,
        EndReason::NoLegalMove => reference::EndReason::NoLegalMove,
        EndReason::Repetition => reference::EndReason::Repetition,
        EndReason::FirstRepetition => reference::EndReason::FirstRepetition,
        EndReason::MoveLimit => reference::EndReason::MoveLimit,
    };
    match (core, theirs) {
        (None, None) => true,
        (Some(c), Some(r)) => {
            c.winner.map(seat) == r.winner
                && reason(c.reason) == r.reason
                && [c.seeds.south, c.seeds.north] == r.seeds
        }
        _ => false,
    }
}

/// Asks both everything about `position` under `rules`: the legal moves,
/// whether it is over and how, and every house played, legal or not.
///
/// # Errors
/// The first question answered differently, with both answers.
pub fn position(position: Position, rules: Rules) -> Result<(), String> {
    let theirs = reference_position(position);
    let reference_rules = self::rules(rules);
    let fail = |question: &str, core: String, reference: String| {
        Err(format!(
            "core and reference disagree on {question} under {rules} rules\n\
             position {:?}, {} to move:\n{}core:      {core}\nreference: {reference}",
            position.board().to_cells(),
            position.to_move(),
            position.board(),
        ))
    };
    let core_moves: Vec<usize> = position
        .legal_moves_under(&rules)
        .iter()
        .map(House::index)
        .collect();
    let reference_moves = theirs.legal_moves(reference_rules);
    if core_moves != reference_moves {
        return fail(
            "the legal moves",
            format!("{core_moves:?}"),
            format!("{reference_moves:?}"),
        );
    }
    if position.is_over() != theirs.is_over() {
        return fail(
            "whether the game is over",
            position.is_over().to_string(),
            theirs.is_over().to_string(),
        );
    }
    let core_outcome = Game::from_position(position, rules).outcome();
    let reference_outcome = reference::Game::from_position(theirs, reference_rules).outcome();
    if !same_outcome(core_outcome, reference_outcome) || core_outcome != position.outcome() {
        return fail(
            "the outcome",
            format!(
                "{core_outcome:?} (Position::outcome {:?})",
                position.outcome()
            ),
            format!("{reference_outcome:?}"),
        );
    }
    for house in House::ALL {
        let core = position.play_under(house, &rules);
        let reference = theirs.play(house.index(), reference_rules);
        let same = match (core, reference) {
            (Ok(a), Ok(b)) => a.board().to_cells() == b.cells && seat(a.to_move()) == b.to_move,
            (Err(illegal), Err(refused)) => refusal(illegal) == refused,
            _ => false,
        };
        if !same {
            return fail(
                &format!("playing {house}"),
                format!("{core:?}"),
                format!("{reference:?}"),
            );
        }
    }
    Ok(())
}

/// Tries `houses` one after another in both `Game` types from `start`:
/// each is played by both or refused by both for the same reason (the
/// games unchanged), and after each the positions, legal moves and
/// outcomes agree. Returns core's game.
///
/// # Errors
/// The first different answer, with the moves tried so far.
pub fn game(
    start: Position,
    rules: Rules,
    houses: impl IntoIterator<Item = House>,
) -> Result<Game, String> {
    let reference_rules = self::rules(rules);
    let mut core = Game::from_position(start, rules);
    let mut theirs = reference::Game::from_position(reference_position(start), reference_rules);
    let mut tried = String::new();
    for house in houses {
        tried.push(house.letter());
        let fail = |question: &str, a: String, b: String| {
            Err(format!(
                "core and reference games disagree on {question} under {rules} rules, \
                 from {:?}, {} to move, trying {tried}\ncore:      {a}\nreference: {b}",
                start.board().to_cells(),
                start.to_move(),
            ))
        };
        let (core_before, theirs_before) = (core.clone(), theirs.clone());
        let core_result = core.play(house);
        let reference_result = theirs.play(house.index());
        let same = match (core_result, reference_result) {
            (Ok(()), Ok(())) => true,
            (Err(illegal), Err(refused)) => {
                refusal(illegal) == refused && core == core_before && theirs == theirs_before
            }
            _ => false,
        };
        if !same {
            return fail(
                &format!("playing {house}"),
                format!("{core_result:?}"),
                format!("{reference_result:?}"),
            );
        }
        let position = core.position();
        if position.board().to_cells() != theirs.position().cells
            || seat(position.to_move()) != theirs.position().to_move
        {
            return fail(
                "the position",
                format!("{position:?}"),
                format!("{:?}", theirs.position()),
            );
        }
        if !same_outcome(core.outcome(), theirs.outcome()) {
            return fail(
                "the outcome",
                format!("{:?}", core.outcome()),
                format!("{:?}", theirs.outcome()),
            );
        }
        let core_moves: Vec<usize> = core.legal_moves().iter().map(House::index).collect();
        let reference_moves = match theirs.outcome() {
            Some(_) => Vec::new(),
            None => theirs.position().legal_moves(reference_rules),
        };
        if core_moves != reference_moves {
            return fail(
                "the legal moves",
                format!("{core_moves:?}"),
                format!("{reference_moves:?}"),
            );
        }
    }
    Ok(core)
}
