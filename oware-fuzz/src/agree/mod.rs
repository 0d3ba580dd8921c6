//! Core and reference asked the same questions; the first different answer
//! comes back as a [`Disagreement`]: what differed ([`Difference`]) and a
//! reproducer (the rules, the position with its seat to move, the move, and
//! the moves that reached it).
//!
//! The mapping between the two is explicit: the 14-cell canonical layout
//! for boards, house indices for houses, and one reference `Refusal` for
//! each core `IllegalMove`. This is the one place that mapping and the
//! comparisons are written: the property tests, the fuzz targets and
//! `cargo xtask verify` (which holds the two to each other at scale) all
//! use it.
//!
//! - this module: the mapping, and one position asked everything ([`position`]);
//! - [`Games`]: both `Game` types side by side ([`game`]);
//! - [`perft()`]: move counts, a difference chased down the tree;
//! - [`Disagreement`]: what differed, the reproducer, and its shrinking.

use oware_core::{EndReason, Game, House, HouseSet, IllegalMove, Outcome, Position, Rules, Seat};
use oware_reference as reference;

mod disagreement;
mod games;
mod perft;

pub use disagreement::{Difference, Disagreement, show_position};
pub use games::{Games, game};
pub use perft::perft;

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
        Some("awari-split") => reference::Rules::AwariSplit,
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

/// The reference's reason for a core end reason.
#[must_use]
pub fn end_reason(reason: EndReason) -> reference::EndReason {
    match reason {
        EndReason::Reached25 => reference::EndReason::Reached25,
        EndReason::Draw24 => reference::EndReason::Draw24,
        // The reference, as RULES.md section 6, names both ends alike: no legal move.
        EndReason::NoLegalMove | EndReason::NoSeeds => reference::EndReason::NoLegalMove,
        EndReason::Repetition => reference::EndReason::Repetition,
        EndReason::FirstRepetition => reference::EndReason::FirstRepetition,
        EndReason::MoveLimit => reference::EndReason::MoveLimit,
    }
}

/// Whether two outcomes say the same: winner, reason and final counts.
#[must_use]
pub fn same_outcome(core: Option<Outcome>, theirs: Option<reference::Outcome>) -> bool {
    match (core, theirs) {
        (None, None) => true,
        (Some(c), Some(r)) => {
            c.winner.map(seat) == r.winner
                && end_reason(c.reason) == r.reason
                && [c.seeds.south, c.seeds.north] == r.seeds
        }
        _ => false,
    }
}

/// Core's agreed answers about a position: what [`position`] returns
/// when the reference answered every question alike.
#[derive(Clone, Debug, PartialEq)]
pub struct Agreed {
    /// The legal moves.
    pub legal: HouseSet,
    /// The outcome of a game starting there (no history).
    pub outcome: Option<Outcome>,
    /// Each of the twelve houses played, in index order.
    pub plays: [Result<Position, IllegalMove>; 12],
}

/// Asks both everything about `position` under `rules`: the legal moves,
/// whether it is over and how, and every house played, legal or not (a
/// refusal for the same reason, and core's error naming the house played).
///
/// # Errors
/// The first question answered differently.
///
/// # Panics
/// For a custom rule set (see [`rules`]), or where either side panics.
pub fn position(position: Position, rules: Rules) -> Result<Agreed, Box<Disagreement>> {
    let theirs = reference_position(position);
    let reference_rules = self::rules(rules);
    let differ = |difference| Err(Disagreement::new(rules, position, difference));

    let legal = position.legal_moves_under(&rules);
    let reference_moves = theirs.legal_moves(reference_rules);
    if !legal
        .iter()
        .map(House::index)
        .eq(reference_moves.iter().copied())
    {
        return differ(Difference::LegalMoves {
            core: legal,
            reference: reference_moves,
        });
    }
    if position.is_over() != theirs.is_over() {
        return differ(Difference::Over {
            core: position.is_over(),
            reference: theirs.is_over(),
        });
    }
    // A fresh game has seen its position once and no move: its outcome is
    // the one that needs no history, which the position gives too.
    let game = Game::from_position(position, rules).outcome();
    let alone = position.outcome();
    let reference_outcome = reference::Game::from_position(theirs, reference_rules).outcome();
    if !same_outcome(game, reference_outcome) || game != alone {
        return differ(Difference::Outcome {
            game,
            position: alone,
            reference: reference_outcome,
        });
    }
    let plays = House::ALL.map(|house| position.play_under(house, &rules));
    for (house, core) in House::ALL.into_iter().zip(plays) {
        let reference = theirs.play(house.index(), reference_rules);
        let same = match (core, reference) {
            (Ok(a), Ok(b)) => a.board().to_cells() == b.cells && seat(a.to_move()) == b.to_move,
            (Err(illegal), Err(refused)) => {
                refusal(illegal) == refused && refused_house(illegal).is_none_or(|h| h == house)
            }
            _ => false,
        };
        if !same {
            return differ(Difference::Play {
                house,
                core,
                reference,
                unchanged: None,
            });
        }
    }
    Ok(Agreed {
        legal,
        outcome: game,
        plays,
    })
}

/// The house core's error names, if it names one: it must be the house played.
fn refused_house(illegal: IllegalMove) -> Option<House> {
    match illegal {
        IllegalMove::GameOver => None,
        IllegalMove::NotYourHouse { house, .. }
        | IllegalMove::EmptyHouse(house)
        | IllegalMove::MustFeed(house)
        | IllegalMove::GrandSlam(house) => Some(house),
    }
}
