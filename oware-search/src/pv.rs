//! The principal variation: the line of best play the search found.

use oware_core::House;

use crate::score::MAX_PLY;

/// A line of moves of at most [`MAX_PLY`], on the stack.
#[derive(Clone)]
pub(crate) struct PvLine {
    moves: [House; MAX_PLY],
    len: usize,
}

impl PvLine {
    /// An empty line.
    #[inline]
    pub(crate) fn new() -> PvLine {
        PvLine {
            moves: [House::A; MAX_PLY],
            len: 0,
        }
    }

    /// Empties the line.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// Sets the line to `first` followed by `rest`.
    #[inline]
    pub(crate) fn load(&mut self, first: House, rest: &PvLine) {
        self.moves[0] = first;
        let n = rest.len.min(MAX_PLY - 1);
        self.moves[1..=n].copy_from_slice(&rest.moves[..n]);
        self.len = n + 1;
    }

    /// The moves.
    pub(crate) fn moves(&self) -> &[House] {
        &self.moves[..self.len]
    }
}
