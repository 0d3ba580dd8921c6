//! The principal variation: the line of best play the search found, kept
//! in a triangular table (row `ply` holds the line from `ply` on) and
//! written only at PV nodes.

use oware_core::House;

use crate::score::MAX_PLY;

/// Lines of best play, one per ply.
pub(crate) struct PvTable {
    moves: Box<[[House; MAX_PLY + 1]; MAX_PLY + 1]>,
    len: [usize; MAX_PLY + 2],
}

impl PvTable {
    /// An empty table.
    pub(crate) fn new() -> PvTable {
        PvTable {
            moves: Box::new([[House::A; MAX_PLY + 1]; MAX_PLY + 1]),
            len: [0; MAX_PLY + 2],
        }
    }

    /// Empties the line from `ply`.
    #[inline]
    pub(crate) fn clear(&mut self, ply: usize) {
        self.len[ply] = ply;
    }

    /// The line from `ply` becomes `house` followed by the line from `ply + 1`.
    #[inline]
    pub(crate) fn update(&mut self, ply: usize, house: House) {
        let end = self.len[ply + 1].max(ply + 1);
        self.moves[ply][ply] = house;
        let (upper, lower) = self.moves.split_at_mut(ply + 1);
        upper[ply][ply + 1..end].copy_from_slice(&lower[0][ply + 1..end]);
        self.len[ply] = end;
    }

    /// The line from `ply`.
    pub(crate) fn line(&self, ply: usize) -> &[House] {
        &self.moves[ply][ply..self.len[ply].max(ply)]
    }
}
