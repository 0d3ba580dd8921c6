//! Un-moves: the positions of the same slice from which a quiet move (one
//! that captures nothing) leads to a given position.
//!
//! oware-core finds them ([`Position::quiet_unmoves`]): the rules of
//! sowing, feeding, capture and the grand slam are its own, and it holds
//! them to its forward play. This module only turns its positions into the
//! mover's view.
//!
//! [`Position::quiet_unmoves`]: oware_core::Position::quiet_unmoves

use oware_core::Rules;

use crate::view::{Houses, houses_from_lanes, position_of, turned_lanes};

/// Calls `found` with every parent of `child` (both in their movers'
/// views): every position whose mover has a legal quiet move to `child`.
#[inline]
pub(crate) fn for_each_parent(child: &Houses, rules: &Rules, mut found: impl FnMut(&Houses)) {
    // The child has South to move, so every parent has North to move: its
    // own row, North's, comes first in its view.
    for unmove in position_of(child).quiet_unmoves(rules) {
        found(&houses_from_lanes(turned_lanes(
            unmove.parent.board().lanes(),
        )));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rank::{slice_len, unrank};
    use crate::view::moves;
    use oware_core::Rules;
    use oware_core::next_arrangement;

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
                    next_arrangement(&mut houses);
                }
                let mut backward = Vec::new();
                let mut child = unrank(seeds, 0);
                for _ in 0..slice_len(seeds) {
                    for_each_parent(&child, &rules, |parent| backward.push((*parent, child)));
                    next_arrangement(&mut child);
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
