//! Move ordering: the order in which a node tries its moves, best guesses
//! first, so that alpha-beta cuts early. The table's move, then captures by
//! seeds taken, then the killers of the ply, then the history heuristic.

use oware_core::{House, HouseSet, Position};

use crate::score::MAX_PLY;

/// A move with the position it leads to and its ordering key.
#[derive(Clone, Copy)]
pub(crate) struct Candidate {
    pub(crate) house: House,
    pub(crate) child: Position,
    pub(crate) captured: u8,
    key: i32,
}

/// Up to six moves of a node, in the order to try them.
pub(crate) struct Ordered {
    moves: [Candidate; 6],
    len: usize,
}

impl Ordered {
    /// The moves in trying order.
    #[inline]
    pub(crate) fn as_slice(&self) -> &[Candidate] {
        &self.moves[..self.len]
    }
}

/// The killers and the history: what cut off elsewhere in this search.
pub(crate) struct Heuristics {
    killers: [[Option<House>; 2]; MAX_PLY + 1],
    history: [i32; 12],
}

const HISTORY_MAX: i32 = 1 << 14;

impl Heuristics {
    /// Empty heuristics.
    pub(crate) fn new() -> Heuristics {
        Heuristics {
            killers: [[None; 2]; MAX_PLY + 1],
            history: [0; 12],
        }
    }

    /// Forgets the killers (between searches); the history ages by half.
    pub(crate) fn age(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 1];
        for h in &mut self.history {
            *h /= 2;
        }
    }

    /// Records that `house` cut off at `ply` at `depth`, after `tried`
    /// other moves failed low there.
    #[inline]
    pub(crate) fn record_cutoff(&mut self, ply: usize, depth: i32, house: House, tried: &[House]) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(house) {
            killers[1] = killers[0];
            killers[0] = Some(house);
        }
        let bonus = (depth * depth).min(400);
        Heuristics::update(&mut self.history[house.index()], bonus);
        for &other in tried {
            Heuristics::update(&mut self.history[other.index()], -bonus);
        }
    }

    /// History "gravity": the bonus shrinks as the entry nears the bound,
    /// so entries stay within ±`HISTORY_MAX`.
    #[inline]
    fn update(entry: &mut i32, bonus: i32) {
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
    }

    /// The moves of `position` in trying order. With `enabled` false they
    /// come in house order (for checks with ordering off).
    #[inline]
    pub(crate) fn order(
        &self,
        position: Position,
        moves: HouseSet,
        tt_move: Option<House>,
        ply: usize,
        enabled: bool,
    ) -> Ordered {
        let mover = position.to_move();
        let before = position.board().store(mover);
        let mut ordered = Ordered {
            moves: [Candidate {
                house: House::A,
                child: position,
                captured: 0,
                key: 0,
            }; 6],
            len: 0,
        };
        for house in moves.iter() {
            let child = position.play_unchecked(house);
            let captured = child.board().store(mover) - before;
            let key = if !enabled {
                0
            } else if Some(house) == tt_move {
                1 << 30
            } else if captured > 0 {
                (1 << 24) + i32::from(captured)
            } else if self.killers[ply][0] == Some(house) {
                (1 << 22) + 1
            } else if self.killers[ply][1] == Some(house) {
                1 << 22
            } else {
                self.history[house.index()]
            };
            // Insertion sort, stable: six moves at most.
            let mut i = ordered.len;
            while i > 0 && ordered.moves[i - 1].key < key {
                ordered.moves[i] = ordered.moves[i - 1];
                i -= 1;
            }
            ordered.moves[i] = Candidate {
                house,
                child,
                captured,
                key,
            };
            ordered.len += 1;
        }
        ordered
    }
}
