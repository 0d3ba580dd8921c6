//! The state quiet play carries: how often each position has occurred
//! since the last capture, and whether a move captured.

use std::collections::HashMap;

use crate::position::Position;

/// How often each position has occurred since the last capture, along the
/// game and the line being searched.
#[derive(Clone, Default)]
pub(super) struct Line {
    occurrences: HashMap<Position, usize>,
}

impl Line {
    /// Counts one more occurrence of `position`.
    pub(super) fn enter(&mut self, position: Position) {
        *self.occurrences.entry(position).or_insert(0) += 1;
    }

    /// Takes back one occurrence of `position` (the line returned from it).
    pub(super) fn leave(&mut self, position: Position) {
        if let Some(count) = self.occurrences.get_mut(&position) {
            *count -= 1;
            if *count == 0 {
                self.occurrences.remove(&position);
            }
        }
    }

    /// How often `position` has occurred.
    pub(super) fn occurrences(&self, position: &Position) -> usize {
        self.occurrences.get(position).copied().unwrap_or(0)
    }

    /// Whether `position` is the only position since the last capture, once.
    pub(super) fn is_only(&self, position: &Position) -> bool {
        self.occurrences.len() == 1 && self.occurrences(position) == 1
    }
}

/// Whether the move from `before` to `after` captured: the stores grew (a
/// grand slam leaves them as they were).
pub(super) fn captured(before: &Position, after: &Position) -> bool {
    let stores = |p: &Position| u32::from(p.cells[12]) + u32::from(p.cells[13]);
    stores(after) > stores(before)
}
