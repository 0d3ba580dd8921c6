//! The interior node: fail-soft negamax with principal variation search,
//! table probes and cutoffs, move ordering, late move reductions, the
//! single-reply extension and mate-distance pruning, on top of the game
//! ends (history-aware) and endgame probes. The nodes at and below the
//! horizon live in `horizon.rs`, the root and iterative deepening in
//! `root.rs` and `deepen.rs`, a thread's state in `worker.rs`.

use oware_core::{House, Position};

use crate::endgame::NodeValue;
use crate::line::{captured, end_value, moves};
use crate::ordering::MovePicker;
use crate::score::{
    DRAW, INFINITY, MAX_PLY, Value, from_table, is_decisive, loss_in, to_table, win_in,
};
use crate::tt::{Bound, Entry, Key};
use crate::worker::Worker;

/// The least remaining depth at which the table is probed and written:
/// below it nodes are so many and so cheap that the memory traffic costs
/// more than it saves.
const TT_MIN_DEPTH: i32 = 3;

impl Worker<'_> {
    /// The negamax value of `position` at `ply` (not the root) searched to
    /// `depth >= 1`, fail-soft: exact when strictly inside (alpha, beta),
    /// else a bound on the side it fell. `PV` nodes keep the line of best play.
    pub(crate) fn negamax<const PV: bool>(
        &mut self,
        position: Position,
        depth: i32,
        ply: usize,
        mut alpha: Value,
        mut beta: Value,
        quiet: u16,
    ) -> Value {
        self.count_node();
        if PV {
            self.pv.clear(ply);
        }
        if self.stopped {
            return 0;
        }
        let legal = moves(position, self.line.rules());
        if legal.is_empty() {
            return end_value(position, ply);
        }
        if self.history_rules
            && let Some(end) = self.line.enter(ply, position, quiet)
        {
            self.rests_on(end.since);
            return end.value;
        }
        // Whether nothing but this position has been since the last capture:
        // only then is a database value the game's own. Elsewhere an earlier
        // position can come back and end the game by a repetition the
        // database never weighed, and the node is searched (RULES.md,
        // section 9).
        let fresh = quiet == 0 || !self.history_rules;
        if fresh
            && let Some(endgame) = self.endgame
            && let Some(found) = endgame.probe(&position)
        {
            match crate::endgame::node_value(found, &position, ply) {
                NodeValue::Result(value) => return value,
                // Bounds that do not decide the game still cut.
                NodeValue::Between {
                    at_least_draw,
                    at_most_draw,
                } => {
                    if (at_least_draw && DRAW >= beta) || (at_most_draw && DRAW <= alpha) {
                        self.estimated = true;
                        return DRAW;
                    }
                }
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.estimate(position);
        }
        // A forced move costs the side no choice: look one ply further.
        let depth = if !self.config.sound
            && self.config.knobs.single
            && legal.len() == 1
            && ply < MAX_PLY / 2
        {
            depth + 1
        } else {
            depth
        };

        if !self.config.sound {
            // Mate-distance pruning: nothing from here beats a win at the
            // next ply or loses faster than now.
            alpha = alpha.max(loss_in(ply));
            beta = beta.min(win_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }
        let original_alpha = alpha;

        let use_tt = self.config.tt && depth >= TT_MIN_DEPTH;
        let key = Key::of(position);
        let mut tt_move = None;
        if use_tt && let Some(entry) = self.tt.probe(key) {
            tt_move = entry.best.filter(|&h| legal.contains(h));
            let deep_enough = if self.config.sound {
                i32::from(entry.depth) == depth
            } else {
                i32::from(entry.depth) >= depth
            };
            if deep_enough && (!PV || self.config.sound) {
                let value = from_table(entry.value, ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                    Bound::None => false,
                };
                // A proven result in the table is the position's own, with
                // nothing before it (see the store below), unless marked:
                // here, where earlier positions can come back, it still
                // guides the search, but no claim rests on it (and while a
                // likely result is confirmed, it is not taken).
                let doubtful = is_decisive(value) && (entry.doubtful || !fresh);
                if cut && !(doubtful && self.strict) {
                    self.estimated |= !is_decisive(value);
                    self.doubts += u64::from(doubtful);
                    return value;
                }
            }
        }

        if depth == 1 {
            return self.frontier::<PV>(position, legal, ply, alpha, beta, quiet);
        }

        // The subtree's own floor (see `Worker::floor`), merged into the
        // caller's when the node is done.
        let outer_floor = core::mem::replace(&mut self.floor, usize::MAX);
        let doubts = self.doubts;
        let mut picker = MovePicker::new(position, legal, tt_move, self.config.ordering);
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut tried = [House::A; 6];
        let mut i = 0;
        let prefetch = (self.config.tt && depth > TT_MIN_DEPTH).then_some(self.tt);
        while let Some((house, child)) = picker.next(&self.heuristics, ply, prefetch) {
            let mut searched_pv = PV && i == 0;
            let value = if i == 0 {
                self.child_value::<PV>(position, child, depth, ply, quiet, alpha, beta)
            } else {
                let knobs = &self.config.knobs;
                // Late move reduction: a quiet move tried late is probably
                // worse than the ones before; a shallower null-window search
                // says so cheaply, and a full-depth one confirms any surprise.
                let reduce = !self.config.sound
                    && knobs.lmr
                    && depth >= knobs.lmr_depth
                    && i >= knobs.lmr_index
                    && !captured(position, child);
                let mut v = -INFINITY;
                if reduce {
                    let r = 1 + i32::from(depth >= 6 && i >= knobs.lmr_index + 2);
                    v = self.child_value::<false>(
                        position,
                        child,
                        depth - r,
                        ply,
                        quiet,
                        alpha,
                        alpha + 1,
                    );
                }
                if !reduce || v > alpha {
                    v = self.child_value::<false>(
                        position,
                        child,
                        depth,
                        ply,
                        quiet,
                        alpha,
                        alpha + 1,
                    );
                }
                if PV && v > alpha && v < beta {
                    searched_pv = true;
                    self.child_value::<true>(position, child, depth, ply, quiet, alpha, beta)
                } else {
                    v
                }
            };
            if self.stopped {
                self.floor = outer_floor;
                return 0;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    best_move = Some(house);
                    if PV {
                        if !searched_pv {
                            self.pv.clear(ply + 1);
                        }
                        self.pv.update(ply, house);
                    }
                    if value >= beta {
                        if self.config.ordering && !captured(position, child) {
                            self.heuristics
                                .record_cutoff(ply, depth, house, &tried[..i]);
                        }
                        break;
                    }
                }
            }
            tried[i] = house;
            i += 1;
        }

        let floor = self.floor;
        self.floor = outer_floor.min(floor);
        if use_tt {
            let bound = if best >= beta {
                Bound::Lower
            } else if alpha > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            // A proven result that rests on a position above this node (a
            // repetition of it, or the move limit counting moves made before
            // it) is this line's, not the position's; one that rests on a
            // doubtful table result is no proof either: both are kept, to
            // guide later searches, marked so that no claim rests on them.
            let own = floor >= self.line.index(ply) && self.doubts == doubts;
            self.tt.store(
                key,
                Entry {
                    value: to_table(best, ply),
                    depth: depth.clamp(0, 255) as u8,
                    bound,
                    doubtful: is_decisive(best) && !own,
                    best: best_move,
                },
            );
        }
        best
    }
}
