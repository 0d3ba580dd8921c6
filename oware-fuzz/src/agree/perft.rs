//! Move counts (perft) from a position in both implementations; a count
//! that differs is followed down the tree to the first position asked
//! differently.

use oware_core::{House, Position, Rules};
use oware_reference as reference;

use super::{Difference, Disagreement, reference_position};

/// The count of move sequences of length `depth` from `position` under
/// `rules`, which both give alike; where they differ, the difference is
/// followed down the tree to the first position asked differently (see
/// [`super::position`]), reached from `position` by the moves on the way.
///
/// # Errors
/// The first position on the way whose answers differ, or the counts
/// when every move agrees.
///
/// # Panics
/// For a custom rule set (see [`super::rules`]), or where either side panics.
pub fn perft(position: Position, depth: u32, rules: Rules) -> Result<u64, Box<Disagreement>> {
    match both_perft(position, depth, rules) {
        Ok(count) => Ok(count),
        Err(_) => Err(locate(position, depth, rules, position, &mut Vec::new())),
    }
}

/// Core's count (`oware_core::perft` under `rules`) if
/// the reference's is the same; both counts otherwise.
fn both_perft(position: Position, depth: u32, rules: Rules) -> Result<u64, [u64; 2]> {
    let core = oware_core::perft(position, depth, &rules);
    let theirs = reference::perft(&reference_position(position), depth, super::rules(rules));
    if core == theirs {
        Ok(core)
    } else {
        Err([core, theirs])
    }
}

/// Follows a differing count down the tree: the first child whose counts
/// differ, until a position where a single question is answered differently.
fn locate(
    here: Position,
    depth: u32,
    rules: Rules,
    root: Position,
    path: &mut Vec<House>,
) -> Box<Disagreement> {
    if let Err(found) = super::position(here, rules) {
        return found.reached(root, path);
    }
    for house in here.legal_moves_under(&rules) {
        let child = here.play_unchecked(house);
        if both_perft(child, depth - 1, rules).is_err() {
            path.push(house);
            return locate(child, depth - 1, rules, root, path);
        }
    }
    let [core, reference] = both_perft(here, depth, rules).err().unwrap_or([0, 0]);
    Disagreement::new(
        rules,
        here,
        Difference::Perft {
            depth,
            core,
            reference,
        },
    )
    .reached(root, path)
}
