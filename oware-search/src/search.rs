//! The search proper: negamax with alpha-beta pruning and principal
//! variation search, iterative deepening with aspiration windows, the
//! transposition table and move ordering, history-aware game ends.
//!
//! One [`Worker`] is one thread's search. Its [`SearchConfig`] switches the parts
//! that the minimax check must be able to turn off: the table, the ordering,
//! and every unsound pruning or depth change (`sound`).

use oware_core::{House, Position};

use crate::ends::{Line, captured, end_value, moves};
use crate::eval::{Weights, evaluate};
use crate::limits::TimeManager;
use crate::ordering::Heuristics;
use crate::pv::PvLine;
use crate::score::{INFINITY, MAX_PLY, Value, from_table, loss_in, to_table, win_in};
use crate::tt::{Bound, Entry, Key, Table};

/// Which parts of the search are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Use the transposition table for cutoffs and ordering.
    pub tt: bool,
    /// Order moves (table move, captures, killers, history); off tries them in house order.
    pub ordering: bool,
    /// Only what keeps a fixed-depth search equal to minimax: table cutoffs
    /// need the same depth, and no reductions, extensions or forward pruning.
    pub sound: bool,
}

impl SearchConfig {
    /// Everything on: how games are played.
    pub const PLAY: SearchConfig = SearchConfig {
        tt: true,
        ordering: true,
        sound: false,
    };
    /// Table and ordering on, nothing unsound: for the minimax check.
    pub const SOUND: SearchConfig = SearchConfig {
        tt: true,
        ordering: true,
        sound: true,
    };
    /// Plain alpha-beta: no table, house order.
    pub const PLAIN: SearchConfig = SearchConfig {
        tt: false,
        ordering: false,
        sound: true,
    };
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig::PLAY
    }
}

/// How often, in nodes, the time and stop flag are checked.
const CHECK_EVERY: u64 = 1024;

/// One thread's search state.
pub(crate) struct Worker<'a> {
    pub(crate) tt: &'a Table,
    pub(crate) weights: Weights,
    pub(crate) line: Line,
    pub(crate) config: SearchConfig,
    pub(crate) heuristics: Box<Heuristics>,
    pub(crate) nodes: u64,
    /// Set once the search must stop; every value found after it is garbage.
    pub(crate) stopped: bool,
    /// Whether stop conditions are checked (not during depth 1).
    pub(crate) may_stop: bool,
    pub(crate) time: Option<&'a TimeManager<'a>>,
    /// Nodes counted by other threads, for node limits (added on checks).
    pub(crate) shared_nodes: Option<&'a std::sync::atomic::AtomicU64>,
    /// Nodes not yet added to `shared_nodes`.
    unshared: u64,
    history_rules: bool,
}

impl<'a> Worker<'a> {
    /// A worker for the line's root.
    pub(crate) fn new(
        tt: &'a Table,
        weights: Weights,
        line: Line,
        config: SearchConfig,
        heuristics: Box<Heuristics>,
    ) -> Worker<'a> {
        let history_rules = line.has_history_rules();
        Worker {
            tt,
            weights,
            line,
            config,
            heuristics,
            nodes: 0,
            stopped: false,
            may_stop: false,
            time: None,
            shared_nodes: None,
            unshared: 0,
            history_rules,
        }
    }

    /// Nodes searched so far by every thread (as far as this one knows).
    pub(crate) fn total_nodes(&self) -> u64 {
        match self.shared_nodes {
            Some(shared) => shared.load(std::sync::atomic::Ordering::Relaxed) + self.unshared,
            None => self.nodes,
        }
    }

    #[inline]
    fn check_stop(&mut self) {
        let Some(time) = self.time else { return };
        let total = match self.shared_nodes {
            Some(shared) => {
                let before = shared.fetch_add(self.unshared, std::sync::atomic::Ordering::Relaxed);
                self.unshared = 0;
                before + CHECK_EVERY
            }
            None => self.nodes,
        };
        if self.may_stop && time.must_stop(total) {
            self.stopped = true;
        }
    }

    /// The value of the child `child` reached by a move from a node at `ply`
    /// with `quiet` moves without capture, searched to `depth` in (alpha, beta).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn child_value(
        &mut self,
        parent: Position,
        child: Position,
        depth: i32,
        ply: usize,
        quiet: u16,
        alpha: Value,
        beta: Value,
        pv: &mut PvLine,
    ) -> Value {
        let child_quiet = if captured(parent, child) {
            0
        } else {
            quiet.saturating_add(1)
        };
        -self.negamax(child, depth - 1, ply + 1, -beta, -alpha, child_quiet, pv)
    }

    /// The negamax value of `position` at `ply` (not the root), searched to
    /// `depth`, fail-soft: exact when strictly inside (alpha, beta), else a
    /// bound on the side it fell.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn negamax(
        &mut self,
        position: Position,
        depth: i32,
        ply: usize,
        mut alpha: Value,
        mut beta: Value,
        quiet: u16,
        pv: &mut PvLine,
    ) -> Value {
        pv.clear();
        self.nodes += 1;
        self.unshared += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.check_stop();
        }
        if self.stopped {
            return 0;
        }

        let legal = moves(position, self.line.rules());
        if legal.is_empty() {
            return end_value(position, ply);
        }
        if self.history_rules {
            self.line.set(ply, position);
            if self.line.ends_by_history(ply, quiet) {
                return end_value(position, ply);
            }
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return evaluate(position, &self.weights);
        }

        let pv_node = beta - alpha > 1;
        if !self.config.sound {
            // Mate-distance pruning: no line from here beats a win at the
            // next ply or loses faster than now.
            alpha = alpha.max(loss_in(ply));
            beta = beta.min(win_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }
        let original_alpha = alpha;

        let key = Key::of(position);
        let mut tt_move = None;
        if self.config.tt
            && let Some(entry) = self.tt.probe(key)
        {
            tt_move = entry.best.filter(|&h| legal.contains(h));
            let depth_ok = if self.config.sound {
                i32::from(entry.depth) == depth
            } else {
                i32::from(entry.depth) >= depth
            };
            if depth_ok && (!pv_node || self.config.sound) {
                let value = from_table(entry.value, ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                    Bound::None => false,
                };
                if cut {
                    return value;
                }
            }
        }

        let ordered = self
            .heuristics
            .order(position, legal, tt_move, ply, self.config.ordering);
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut child_pv = PvLine::new();
        let mut tried = [House::A; 6];
        for (i, candidate) in ordered.as_slice().iter().enumerate() {
            let value = if i == 0 {
                self.child_value(
                    position,
                    candidate.child,
                    depth,
                    ply,
                    quiet,
                    alpha,
                    beta,
                    &mut child_pv,
                )
            } else {
                let v = self.child_value(
                    position,
                    candidate.child,
                    depth,
                    ply,
                    quiet,
                    alpha,
                    alpha + 1,
                    &mut child_pv,
                );
                if v > alpha && v < beta && pv_node {
                    self.child_value(
                        position,
                        candidate.child,
                        depth,
                        ply,
                        quiet,
                        alpha,
                        beta,
                        &mut child_pv,
                    )
                } else {
                    v
                }
            };
            if self.stopped {
                return 0;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    best_move = Some(candidate.house);
                    pv.load(candidate.house, &child_pv);
                    if value >= beta {
                        if self.config.ordering && candidate.captured == 0 {
                            self.heuristics
                                .record_cutoff(ply, depth, candidate.house, &tried[..i]);
                        }
                        break;
                    }
                }
            }
            tried[i] = candidate.house;
        }

        if self.config.tt {
            let bound = if best >= beta {
                Bound::Lower
            } else if alpha > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(
                key,
                Entry {
                    value: to_table(best, ply),
                    depth: depth.clamp(0, 255) as u8,
                    bound,
                    best: best_move,
                },
            );
        }
        best
    }
}
