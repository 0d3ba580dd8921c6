//! Move ordering: the order in which a node tries its moves, best guesses
//! first, so that alpha-beta cuts early. The table's move, then captures by
//! seeds taken, then the killers of the ply, then the history heuristic.

use oware_core::{House, HouseSet, Position};

use crate::score::MAX_PLY;
use crate::tt::Table;

/// Hands out a node's moves best guess first, in stages: the table's move
/// before any other is even played (it often cuts off alone), then the
/// rest, played and scored together and picked best first.
pub(crate) struct MovePicker {
    position: Position,
    tt_move: Option<House>,
    rest: HouseSet,
    generated: bool,
    enabled: bool,
    houses: [House; 6],
    children: [Position; 6],
    keys: [i32; 6],
    len: usize,
}

impl MovePicker {
    /// A picker for `legal` in `position`. With `enabled` false the moves
    /// come in house order (for checks with ordering off).
    #[inline]
    pub(crate) fn new(
        position: Position,
        legal: HouseSet,
        tt_move: Option<House>,
        enabled: bool,
    ) -> MovePicker {
        let tt_move = tt_move.filter(|_| enabled);
        MovePicker {
            position,
            tt_move,
            rest: tt_move.map_or(legal, |h| legal.without(h)),
            generated: false,
            enabled,
            houses: [House::A; 6],
            children: [position; 6],
            keys: [0; 6],
            len: 0,
        }
    }

    /// The next move and the position it leads to.
    #[inline]
    pub(crate) fn next(
        &mut self,
        heuristics: &Heuristics,
        ply: usize,
        prefetch: Option<&Table>,
    ) -> Option<(House, Position)> {
        if let Some(house) = self.tt_move.take() {
            let child = self.position.play_unchecked(house);
            if let Some(table) = prefetch {
                table.prefetch(child);
            }
            return Some((house, child));
        }
        if !self.generated {
            self.generated = true;
            self.generate(heuristics, ply);
            if let Some(table) = prefetch {
                for child in &self.children[..self.len] {
                    table.prefetch(*child);
                }
            }
        }
        if self.len == 0 {
            return None;
        }
        // Selection of the best key; the first of equals, so that with
        // ordering off the moves keep house order. A picked move's key
        // becomes the lowest, so nothing is moved.
        let mut best = 0;
        for i in 1..self.len {
            if self.keys[i] > self.keys[best] {
                best = i;
            }
        }
        if self.keys[best] == PICKED {
            return None;
        }
        self.keys[best] = PICKED;
        let picked = (self.houses[best], self.children[best]);
        Some(picked)
    }

    /// Plays and scores every move but the table's: captures by seeds
    /// taken, then the killers, then the history.
    #[inline]
    fn generate(&mut self, heuristics: &Heuristics, ply: usize) {
        let mover = self.position.to_move();
        let before = self.position.board().store(mover);
        for house in self.rest.iter() {
            let child = self.position.play_unchecked(house);
            let key = if !self.enabled {
                0
            } else {
                let captured = child.board().store(mover) - before;
                if captured > 0 {
                    (1 << 24) + i32::from(captured)
                } else if heuristics.killers[ply][0] == Some(house) {
                    (1 << 22) + 1
                } else if heuristics.killers[ply][1] == Some(house) {
                    1 << 22
                } else {
                    heuristics.history[house.index()]
                }
            };
            self.houses[self.len] = house;
            self.children[self.len] = child;
            self.keys[self.len] = key;
            self.len += 1;
        }
    }
}

/// The key of a move already handed out: below every real key (history
/// values stay within ±2^14).
const PICKED: i32 = i32::MIN;

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

    /// The first killer of `ply`.
    #[inline]
    pub(crate) fn killer(&self, ply: usize) -> Option<House> {
        self.killers[ply][0]
    }

    /// Makes `house` the first killer of `ply`.
    #[inline]
    pub(crate) fn set_killer(&mut self, ply: usize, house: House) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(house) {
            killers[1] = killers[0];
            killers[0] = Some(house);
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
}
