//! Proving a draw. A search value of 0 only says the best line found ends
//! level; it proves nothing if some line stopped at the horizon with a
//! heuristic value. Two small searches settle it: one where every unfinished
//! line counts as lost for the side to move, which must still reach 0 (that
//! side can force at least a draw within the depth), and one where every
//! unfinished line counts as won, which must stay at 0 (the opponent can
//! force at least a draw). Only game ends decide either search, so together
//! they prove the draw. A result the endgame database decides counts as a
//! game end where it is a fact (a node with nothing before it since the
//! last capture).

use oware_core::Position;

use crate::endgame::{NodeValue, node_value};
use crate::line::{captured, end_value, moves};
use crate::score::{DRAW, Value};
use crate::worker::Worker;

/// Whether `position` at `ply`, with `quiet` moves without capture behind
/// it, is a proven draw within `depth` plies; `false` if not, or if the
/// proof needs more than `budget` nodes.
pub(crate) fn proves_draw(
    worker: &mut Worker<'_>,
    position: Position,
    ply: usize,
    depth: u32,
    quiet: u16,
    budget: u64,
) -> bool {
    let mut prover = Prover {
        worker,
        start_ply: ply,
        unknown: -1,
        nodes: 0,
        budget,
    };
    // At least a draw: with unfinished lines lost, the value is still >= 0.
    let Some(low) = prover.search(position, depth as i32, ply, DRAW - 1, DRAW, quiet) else {
        return false;
    };
    if low < DRAW {
        return false;
    }
    prover.unknown = 1;
    let Some(high) = prover.search(position, depth as i32, ply, DRAW, DRAW + 1, quiet) else {
        return false;
    };
    high <= DRAW
}

struct Prover<'w, 'a> {
    worker: &'w mut Worker<'a>,
    start_ply: usize,
    /// An unfinished line's value for the side to move at `start_ply`.
    unknown: Value,
    nodes: u64,
    budget: u64,
}

impl Prover<'_, '_> {
    /// Fail-soft alpha-beta where only game ends have values; `None` when
    /// the budget runs out or the search is stopped.
    fn search(
        &mut self,
        position: Position,
        depth: i32,
        ply: usize,
        mut alpha: Value,
        beta: Value,
        quiet: u16,
    ) -> Option<Value> {
        self.nodes += 1;
        self.worker.nodes += 1;
        if self.nodes > self.budget || self.worker.stopped {
            return None;
        }
        let legal = moves(position, self.worker.line.rules());
        if legal.is_empty() {
            return Some(end_value(position, ply));
        }
        let history_rules = self.worker.history_rules;
        if history_rules && let Some(end) = self.worker.line.enter(ply, position, quiet) {
            return Some(end.value);
        }
        // A result the database decides is a game end here, where no
        // earlier position can come back (see `endgame.rs`).
        if (!history_rules || quiet == 0)
            && let Some(endgame) = self.worker.endgame
            && let Some(found) = endgame.probe(&position)
            && let NodeValue::Result(value) = node_value(found, &position, ply)
        {
            return Some(value);
        }
        if depth <= 0 {
            let same_side = (ply - self.start_ply).is_multiple_of(2);
            return Some(if same_side {
                self.unknown
            } else {
                -self.unknown
            });
        }
        let mut best = Value::MIN;
        for house in legal.iter() {
            let child = position.play_unchecked(house);
            let child_quiet = if captured(position, child) {
                0
            } else {
                quiet.saturating_add(1)
            };
            let value = -self.search(child, depth - 1, ply + 1, -beta, -alpha, child_quiet)?;
            if value > best {
                best = value;
                alpha = alpha.max(value);
                if alpha >= beta {
                    break;
                }
            }
        }
        Some(best)
    }
}
