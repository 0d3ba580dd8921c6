//! One thread's search state, the [`Shared`] setup every thread of a search
//! starts from, and the one place a [`Worker`] is built. Also the node count
//! and the periodic check of the limits, which every node kind calls.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::config::SearchConfig;
use crate::endgame::Endgame;
use crate::eval::{Evaluation, Evaluator};
use crate::line::Line;
use crate::ordering::Heuristics;
use crate::pv::PvTable;
use crate::time::TimeManager;
use crate::tt::Table;

/// How often, in nodes, the time and stop flag are checked.
const CHECK_EVERY: u64 = 1024;

/// What every thread of one search shares: the table, the evaluation, the
/// configuration, and the endgame database (when one fits the rules).
pub(crate) struct Shared<'a> {
    pub(crate) table: &'a Table,
    pub(crate) evaluation: Evaluation,
    pub(crate) config: SearchConfig,
    /// Whether the reporting thread scores every root move.
    pub(crate) analysis: bool,
    /// Threads in all, the reporting one included.
    #[cfg_attr(all(target_arch = "wasm32", target_os = "unknown"), allow(dead_code))]
    pub(crate) threads: usize,
    pub(crate) endgame: Option<&'a dyn Endgame>,
}

/// One thread's search state.
pub(crate) struct Worker<'a> {
    pub(crate) tt: &'a Table,
    pub(crate) evaluator: Evaluator,
    pub(crate) line: Line,
    pub(crate) config: SearchConfig,
    pub(crate) heuristics: Box<Heuristics>,
    pub(crate) pv: PvTable,
    /// Nodes this worker visited.
    pub(crate) nodes: u64,
    /// Set once the search must stop; every value found after it is garbage.
    pub(crate) stopped: bool,
    /// Whether stop conditions are checked (not during depth 1).
    pub(crate) may_stop: bool,
    pub(crate) time: &'a TimeManager<'a>,
    /// Nodes counted by all threads, for node limits and reports (`None`
    /// when this thread searches alone).
    shared_nodes: Option<&'a AtomicU64>,
    /// Nodes not yet added to `shared_nodes`.
    unshared: u64,
    /// Whether the rules end games by repetition or a move limit, so the
    /// line's history must be kept and checked.
    pub(crate) history_rules: bool,
    /// The endgame database, when one is given and fits the rules.
    pub(crate) endgame: Option<&'a dyn Endgame>,
    /// The line index of the earliest position a game end found by
    /// repetition or the move limit rested on, since the innermost node
    /// that asked ([`usize::MAX`] for none): a node whose subtree rests on
    /// a position above it has a value that belongs to this line alone.
    pub(crate) floor: usize,
    /// How many times a proven result was taken from the table where it is
    /// no proof (marked doubtful, or at a node with earlier positions since
    /// the last capture, which its proof never weighed): a value whose
    /// search this count grew during proves nothing, though it still
    /// guides the search.
    pub(crate) doubts: u64,
    /// Set while a likely result is being confirmed: table results that
    /// would be doubted are not taken, so what the search finds is proven.
    pub(crate) strict: bool,
    /// The node count at which a confirmation gives up ([`u64::MAX`] when
    /// none runs).
    pub(crate) confirm_until: u64,
    /// Whether the current iteration used an estimate anywhere (the
    /// evaluation, or a table or database bound that is not a result):
    /// when it did not, every root value is a fact and deeper iterations
    /// cannot change it.
    pub(crate) estimated: bool,
}

impl<'a> Worker<'a> {
    /// A worker searching `line` under `time` with `shared`'s table and
    /// settings and its own `heuristics`; with `shared_nodes`, it adds its
    /// nodes to the count of all threads.
    pub(crate) fn new(
        shared: &Shared<'a>,
        line: Line,
        heuristics: Box<Heuristics>,
        time: &'a TimeManager<'a>,
        shared_nodes: Option<&'a AtomicU64>,
    ) -> Worker<'a> {
        let history_rules = line.has_history_rules();
        Worker {
            tt: shared.table,
            evaluator: Evaluator::new(&shared.evaluation),
            line,
            config: shared.config,
            heuristics,
            pv: PvTable::new(),
            nodes: 0,
            stopped: false,
            may_stop: false,
            time,
            shared_nodes,
            unshared: 0,
            history_rules,
            endgame: shared.endgame,
            floor: usize::MAX,
            doubts: 0,
            strict: false,
            confirm_until: u64::MAX,
            estimated: false,
        }
    }

    /// Nodes searched so far by every thread (as far as this one knows).
    pub(crate) fn total_nodes(&self) -> u64 {
        match self.shared_nodes {
            Some(shared) => shared.load(Ordering::Relaxed) + self.unshared,
            None => self.nodes,
        }
    }

    /// Counts a node, and every [`CHECK_EVERY`] nodes checks whether to stop.
    #[inline(always)]
    pub(crate) fn count_node(&mut self) {
        self.nodes += 1;
        self.unshared += 1;
        if self.unshared >= CHECK_EVERY {
            self.check_stop();
        }
    }

    /// The evaluation of `position`: an estimate, so noted.
    #[inline(always)]
    pub(crate) fn estimate(&mut self, position: oware_core::Position) -> crate::score::Value {
        self.estimated = true;
        self.evaluator.evaluate(position)
    }

    /// Notes a game end by history (see [`Line::ends_by_history`]) that
    /// rested on the position at line index `since`.
    #[inline(always)]
    pub(crate) fn rests_on(&mut self, since: usize) {
        self.floor = self.floor.min(since);
    }

    #[cold]
    fn check_stop(&mut self) {
        let total = match self.shared_nodes {
            Some(shared) => shared.fetch_add(self.unshared, Ordering::Relaxed) + self.unshared,
            None => self.nodes,
        };
        self.unshared = 0;
        if (self.may_stop && self.time.must_stop(total)) || self.nodes >= self.confirm_until {
            self.stopped = true;
        }
    }
}
