//! Un-moves: the positions of the same slice from which a quiet move (one
//! that captures nothing) leads to a given position.
//!
//! Candidates come from undoing a sowing arithmetically; each is then
//! confirmed by playing the move forward with oware-core, so a parent is
//! only ever reported if the rules say its move is legal, captures nothing
//! and gives the child. The arithmetic can only propose, never decide.

use oware_core::Rules;

use crate::view::{Houses, houses_from_lanes, is_quiet_move, lanes_of, turned_lanes};

/// Lane mask with the top bit of each of the twelve house lanes.
const TOP_BITS: u128 = 0x8080_8080_8080_8080_8080_8080;

/// `ADDED[o][s]`: how many seeds sowing `s` seeds from house `o` may have
/// dropped in each house, one byte lane per house. A sowing of `s` skips
/// its origin, so the house `j` steps on (`1..=11`) gets `s / 11` seeds,
/// plus one when `j <= s % 11`.
static ADDED: [[u128; 49]; 12] = {
    let mut table = [[0; 49]; 12];
    let mut origin = 0;
    while origin < 12 {
        let mut s = 1;
        while s <= 48 {
            let mut j = 1;
            while j <= 11 {
                let count = (s / 11 + (j <= s % 11) as usize) as u128;
                table[origin][s] |= count << (8 * ((origin + j) % 12));
                j += 1;
            }
            s += 1;
        }
        origin += 1;
    }
    table
};

/// Calls `found` with every parent of `child` (both in their movers'
/// views): every position whose mover has a legal quiet move to `child`.
#[inline]
pub(crate) fn for_each_parent(child: &Houses, rules: &Rules, mut found: impl FnMut(&Houses)) {
    let lanes = lanes_of(child);
    let n: u8 = child.iter().sum();
    // The parent's mover owns the child's second row; the house sown is
    // empty afterwards, whatever was sown.
    for origin in 6..12 {
        if child[origin] != 0 {
            continue;
        }
        for s in 1..=n {
            // Subtract lane by lane: the top bit of each lane (all counts
            // are under 128) absorbs a borrow, and one lost marks a lane
            // that would go negative. More seeds only take more, so the
            // first failure ends the search from this origin.
            let taken = (lanes | TOP_BITS) - ADDED[origin][usize::from(s)];
            if taken & TOP_BITS != TOP_BITS {
                break;
            }
            // The sown house held the `s` seeds; in the parent's own view
            // its row comes first.
            let before = (taken & !TOP_BITS) | u128::from(s) << (8 * origin);
            let parent = houses_from_lanes(turned_lanes(before));
            if is_quiet_move(&parent, origin - 6, rules, lanes) {
                found(&parent);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rank::{slice_len, step, unrank};
    use crate::view::moves;
    use oware_core::Rules;

    /// Every quiet move found forward is found backward, and nothing else.
    #[test]
    fn parents_are_exactly_the_quiet_moves_reversed() {
        for rules in [Rules::ABAPA, Rules::AWARI] {
            for seeds in 0..=7u8 {
                let mut forward = Vec::new();
                let mut houses = unrank(seeds, 0);
                for _ in 0..slice_len(seeds) {
                    for m in moves(&houses, &rules).filter(|m| m.captured == 0) {
                        forward.push((houses, m.child));
                    }
                    step(&mut houses);
                }
                let mut backward = Vec::new();
                let mut child = unrank(seeds, 0);
                for _ in 0..slice_len(seeds) {
                    for_each_parent(&child, &rules, |parent| backward.push((*parent, child)));
                    step(&mut child);
                }
                forward.sort_unstable();
                backward.sort_unstable();
                assert_eq!(forward, backward, "{rules} with {seeds} seeds");
                if seeds >= 4 {
                    assert!(!forward.is_empty());
                }
            }
        }
    }
}
