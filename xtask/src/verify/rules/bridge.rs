//! The two implementations side by side: each core type and its reference
//! counterpart, and the words a reproducer uses to show either side's answer.
//!
//! The mapping itself (seats, rules, positions, refusals, outcomes) is
//! `oware_fuzz::agree`'s, the one the property tests and fuzz targets use:
//! the 14-cell canonical layout is the exchange format, so a position
//! crosses over as its cells and seat to move.

use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};

use oware_core::{EndReason, House, IllegalMove, Outcome, Position, Rules, Seat};
use oware_fuzz::agree;
use oware_reference as reference;

pub(super) use oware_fuzz::agree::{core_seat, reference_position, refusal, same_outcome};

/// One rule set under both implementations' names.
#[derive(Clone, Copy, Debug)]
pub(super) struct RuleSet {
    /// The preset's name, as `Rules` parses it.
    pub(super) name: &'static str,
    /// oware-core's rules.
    pub(super) core: Rules,
}

impl RuleSet {
    /// oware-reference's rules for the same preset.
    pub(super) fn reference(self) -> reference::Rules {
        agree::rules(self.core)
    }
}

/// Every rule set both implementations know.
pub(super) const RULE_SETS: [RuleSet; 4] = [
    RuleSet {
        name: "abapa",
        core: Rules::ABAPA,
    },
    RuleSet {
        name: "sowing",
        core: Rules::SOWING,
    },
    RuleSet {
        name: "awari",
        core: Rules::AWARI,
    },
    RuleSet {
        name: "auale",
        core: Rules::AUALE,
    },
];

/// The house core's error names, if it names one: it must be the house played.
pub(super) fn refused_house(illegal: IllegalMove) -> Option<House> {
    match illegal {
        IllegalMove::GameOver => None,
        IllegalMove::NotYourHouse { house, .. }
        | IllegalMove::EmptyHouse(house)
        | IllegalMove::MustFeed(house)
        | IllegalMove::GrandSlam(house) => Some(house),
    }
}

/// A short name for each refusal, the same on both sides, for tallies.
pub(super) const REFUSALS: [&str; 5] = [
    "game over",
    "not your house",
    "empty house",
    "must feed",
    "grand slam",
];

/// The index of `illegal` in [`REFUSALS`].
pub(super) fn refusal_index(illegal: IllegalMove) -> usize {
    match illegal {
        IllegalMove::GameOver => 0,
        IllegalMove::NotYourHouse { .. } => 1,
        IllegalMove::EmptyHouse(_) => 2,
        IllegalMove::MustFeed(_) => 3,
        IllegalMove::GrandSlam(_) => 4,
    }
}

/// A short name for each end reason, for tallies.
pub(super) const END_REASONS: [&str; 6] = [
    "25 captured",
    "24-24",
    "no legal move",
    "repetition",
    "move limit",
    "first repetition",
];

/// The index of `reason` in [`END_REASONS`].
pub(super) fn end_index(reason: EndReason) -> usize {
    match reason {
        EndReason::Reached25 => 0,
        EndReason::Draw24 => 1,
        EndReason::NoLegalMove => 2,
        EndReason::Repetition => 3,
        EndReason::MoveLimit => 4,
        EndReason::FirstRepetition => 5,
    }
}

/// Core's outcome in words.
pub(super) fn show_outcome(outcome: Option<Outcome>) -> String {
    match outcome {
        None => "not over".to_owned(),
        Some(o) => format!(
            "over: winner {:?}, {:?}, seeds South {} North {}",
            o.winner, o.reason, o.seeds.south, o.seeds.north
        ),
    }
}

/// The reference's outcome in the same words as [`show_outcome`].
pub(super) fn show_reference_outcome(outcome: Option<reference::Outcome>) -> String {
    match outcome {
        None => "not over".to_owned(),
        Some(o) => format!(
            "over: winner {:?}, {:?}, seeds South {} North {}",
            o.winner.map(core_seat),
            o.reason,
            o.seeds[0],
            o.seeds[1]
        ),
    }
}

/// A position in words: cells and seat to move, then the diagram (drawn
/// by the reference, which draws any cells, valid or not).
pub(super) fn show_position(cells: [u8; 14], to_move: Seat) -> String {
    let diagram = reference::render_board(&cells);
    format!("{cells:?}, {to_move} to move\n{diagram}")
}

/// Core's answer to playing a move, in words.
pub(super) fn show_play(result: Result<Position, IllegalMove>) -> String {
    match result {
        Ok(after) => show_position(after.board().to_cells(), after.to_move()),
        Err(illegal) => format!("refused: {illegal:?} ({illegal})"),
    }
}

/// The reference's answer to playing a move, in the same words as [`show_play`].
pub(super) fn show_reference_play(
    result: Result<reference::Position, reference::Refusal>,
) -> String {
    match result {
        Ok(after) => show_position(after.cells, core_seat(after.to_move)),
        Err(refusal) => format!("refused: {refusal:?} ({refusal})"),
    }
}

/// A list of houses as their letters, e.g. `ACF` (or `-` for none).
pub(super) fn letters(houses: impl IntoIterator<Item = usize>) -> String {
    let text: String = houses
        .into_iter()
        .map(|h| reference::house_letter(h).unwrap_or('?'))
        .collect();
    if text.is_empty() {
        "-".to_owned()
    } else {
        text
    }
}

thread_local! {
    /// Whether this thread is inside [`guard`], where a panic is an answer.
    static GUARDED: Cell<bool> = const { Cell::new(false) };
    /// The message and place of the last panic caught by [`guard`].
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs the panic hook [`guard`] relies on: inside a guard a panic's
/// message is kept for the reproducer instead of printed; anywhere else
/// the previous hook prints it as usual.
pub(super) fn catch_panics() {
    let previous = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if GUARDED.get() {
            LAST_PANIC.set(Some(info.to_string()));
        } else {
            previous(info);
        }
    }));
}

/// Runs `f`, turning a panic into `Err` with its message and place (RULES.md:
/// "a clear error value, never a panic"). Needs [`catch_panics`] for the
/// message; without it the panic is still caught, and printed.
pub(super) fn guard<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    let was = GUARDED.replace(true);
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    GUARDED.set(was);
    result.map_err(|_| {
        LAST_PANIC
            .take()
            .unwrap_or_else(|| "a panic (message not captured)".to_owned())
    })
}
