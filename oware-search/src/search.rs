// tidy: long because the node kinds of one recursion (negamax, frontier, leaf,
// quiescence) share the Worker and call each other; they read best side by side.
//! The search proper: negamax with alpha-beta pruning and principal
//! variation search, the transposition table, move ordering and
//! history-aware game ends. Iterative deepening and the root live in
//! `root.rs`.
//!
//! One [`Worker`] is one thread's search. Its [`SearchConfig`] switches the
//! parts the minimax check must be able to turn off: the table, the
//! ordering, and everything unsound at a fixed depth (`sound`).

use oware_core::{House, HouseSet, Position};

use crate::endgame::Endgame;
use crate::ends::{Line, captured, end_value, moves};
use crate::eval::{Evaluator, Weights};
use crate::limits::TimeManager;
use crate::ordering::{Heuristics, MovePicker};
use crate::pv::PvTable;
use crate::score::{INFINITY, MAX_PLY, Value, from_table, is_decisive, loss_in, to_table, win_in};
use crate::tt::{Bound, Entry, Key, Table};

/// Which parts of the search are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SearchConfig {
    /// Use the transposition table for cutoffs and ordering.
    pub tt: bool,
    /// Order moves (table move, captures, killers, history); off tries them in house order.
    pub ordering: bool,
    /// Only what keeps a fixed-depth search equal to minimax: table cutoffs
    /// need the same depth, and no reductions, extensions or forward pruning.
    pub sound: bool,
    /// Parameters of the unsound parts, for experiments (`cargo xtask tune --knobs`).
    #[doc(hidden)]
    pub knobs: Knobs,
}

/// Parameters of the parts of the search that `sound` turns off, exposed
/// for matches between settings. Not a stable interface.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Knobs {
    /// Late move reductions: quiet moves after the first few, searched less deep first.
    pub lmr: bool,
    /// The least depth at which moves are reduced.
    pub lmr_depth: i32,
    /// The first move index (0-based, in trying order) that is reduced.
    pub lmr_index: usize,
    /// Plies of capture-only search below the horizon (0: evaluate there).
    pub qs: u8,
    /// Extend a node with a single legal move by one ply.
    pub single: bool,
    /// Futility margin at frontier nodes, in value units (0: off): when the
    /// evaluation plus it cannot reach alpha, only captures are searched.
    pub futility: i32,
}

impl Knobs {
    /// The settings games are played with.
    pub const DEFAULT: Knobs = Knobs {
        lmr: true,
        lmr_depth: 3,
        lmr_index: 2,
        qs: 2,
        single: true,
        futility: 0,
    };

    /// Parses `name=value` pairs separated by commas, over the defaults.
    ///
    /// # Errors
    /// A message naming the pair that is not understood.
    pub fn parse(text: &str) -> Result<Knobs, String> {
        let mut knobs = Knobs::DEFAULT;
        for pair in text.split(',').filter(|p| !p.is_empty()) {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("`{pair}` is not name=value"))?;
            let number: i64 = value
                .parse()
                .map_err(|_| format!("`{value}` is not a number"))?;
            match name {
                "lmr" => knobs.lmr = number != 0,
                "lmr_depth" => knobs.lmr_depth = number as i32,
                "lmr_index" => knobs.lmr_index = number as usize,
                "qs" => knobs.qs = number as u8,
                "single" => knobs.single = number != 0,
                "futility" => knobs.futility = number as i32,
                _ => return Err(format!("no knob `{name}`")),
            }
        }
        Ok(knobs)
    }
}

impl SearchConfig {
    /// Everything on: how games are played.
    pub const PLAY: SearchConfig = SearchConfig {
        tt: true,
        ordering: true,
        sound: false,
        knobs: Knobs::DEFAULT,
    };
    /// Table and ordering on, nothing unsound: for the minimax check.
    pub const SOUND: SearchConfig = SearchConfig {
        tt: true,
        ordering: true,
        sound: true,
        knobs: Knobs::DEFAULT,
    };
    /// Plain alpha-beta: no table, house order.
    pub const PLAIN: SearchConfig = SearchConfig {
        tt: false,
        ordering: false,
        sound: true,
        knobs: Knobs::DEFAULT,
    };
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig::PLAY
    }
}

/// The least remaining depth at which the table is probed and written:
/// below it nodes are so many and so cheap that the memory traffic costs
/// more than it saves.
const TT_MIN_DEPTH: i32 = 3;

/// How often, in nodes, the time and stop flag are checked.
const CHECK_EVERY: u64 = 1024;

/// The moves of `legal` that may capture, found without sowing: a house of
/// `n < 12` seeds drops its last seed `n` houses on, which captures only if
/// that house is the opponent's and holds 1 or 2 before the seed lands. A
/// house that laps the board is always included. A superset: grand slams
/// capture nothing, so callers still check the move they play.
#[inline]
pub(crate) fn may_capture(position: Position, legal: HouseSet) -> HouseSet {
    let lanes = position.board().lanes();
    let theirs = position.to_move().opponent().houses();
    let mut set = HouseSet::EMPTY;
    for house in legal.iter() {
        let index = house.index();
        let seeds = (lanes >> (8 * index)) as u8 as usize;
        if seeds >= 12 {
            set = set.with(house);
            continue;
        }
        let last = House::ALL[(index + seeds) % 12];
        let before = (lanes >> (8 * last.index())) as u8;
        if theirs.contains(last) && (before == 1 || before == 2) {
            set = set.with(house);
        }
    }
    set
}

/// One thread's search state.
pub(crate) struct Worker<'a> {
    pub(crate) tt: &'a Table,
    pub(crate) evaluator: Box<Evaluator>,
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
    pub(crate) time: Option<&'a TimeManager<'a>>,
    /// Nodes counted by all threads, for node limits and reports.
    pub(crate) shared_nodes: Option<&'a std::sync::atomic::AtomicU64>,
    /// Nodes not yet added to `shared_nodes`.
    unshared: u64,
    history_rules: bool,
    /// The endgame database, when one is given and fits the rules.
    pub(crate) endgame: Option<&'a dyn Endgame>,
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
            evaluator: Box::new(Evaluator::new(&weights)),
            line,
            config,
            heuristics,
            pv: PvTable::new(),
            nodes: 0,
            stopped: false,
            may_stop: false,
            time: None,
            shared_nodes: None,
            unshared: 0,
            history_rules,
            endgame: None,
        }
    }

    /// Nodes searched so far by every thread (as far as this one knows).
    pub(crate) fn total_nodes(&self) -> u64 {
        match self.shared_nodes {
            Some(shared) => shared.load(std::sync::atomic::Ordering::Relaxed) + self.unshared,
            None => self.nodes,
        }
    }

    /// Counts a node, and every [`CHECK_EVERY`] nodes checks whether to stop.
    #[inline(always)]
    fn count_node(&mut self) {
        self.nodes += 1;
        self.unshared += 1;
        if self.unshared >= CHECK_EVERY {
            self.check_stop();
        }
    }

    #[cold]
    fn check_stop(&mut self) {
        let total = match self.shared_nodes {
            Some(shared) => {
                shared.fetch_add(self.unshared, std::sync::atomic::Ordering::Relaxed)
                    + self.unshared
            }
            None => self.nodes,
        };
        self.unshared = 0;
        if let Some(time) = self.time
            && self.may_stop
            && time.must_stop(total)
        {
            self.stopped = true;
        }
    }

    /// The value, for the mover at `ply`, of the move from `parent` to
    /// `child`, searched to `depth - 1` below the child in (alpha, beta);
    /// `quiet` counts the moves without capture up to `parent`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn child_value<const PV: bool>(
        &mut self,
        parent: Position,
        child: Position,
        depth: i32,
        ply: usize,
        quiet: u16,
        alpha: Value,
        beta: Value,
    ) -> Value {
        let child_quiet = if captured(parent, child) {
            0
        } else {
            quiet.saturating_add(1)
        };
        if depth <= 1 {
            if self.config.knobs.qs > 0 && !self.config.sound {
                if PV {
                    self.pv.clear(ply + 1);
                }
                -self.quiesce(
                    child,
                    ply + 1,
                    -beta,
                    -alpha,
                    child_quiet,
                    self.config.knobs.qs,
                )
            } else {
                -self.leaf::<PV>(child, ply + 1, child_quiet)
            }
        } else {
            -self.negamax::<PV>(child, depth - 1, ply + 1, -beta, -alpha, child_quiet)
        }
    }

    /// The value of a node below the horizon: the evaluation, or better a
    /// capture (up to `left` plies of them), fail-soft in (alpha, beta).
    fn quiesce(
        &mut self,
        position: Position,
        ply: usize,
        mut alpha: Value,
        beta: Value,
        quiet: u16,
        left: u8,
    ) -> Value {
        self.count_node();
        let legal = moves(position, self.line.rules());
        if legal.is_empty() {
            return end_value(position, ply);
        }
        // Only captures are searched below, and a capture's line starts
        // afresh, so this ply of the line need not be set.
        if self.history_rules && self.line.ends_by_history(ply, position, quiet) {
            return end_value(position, ply);
        }
        let stand = self.evaluator.evaluate(position);
        if left == 0 || stand >= beta || ply >= MAX_PLY - 1 {
            return stand;
        }
        let mut best = stand;
        alpha = alpha.max(stand);
        for house in may_capture(position, legal).iter() {
            let child = position.play_unchecked(house);
            if !captured(position, child) {
                continue;
            }
            let value = -self.quiesce(child, ply + 1, -beta, -alpha, 0, left - 1);
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The value of a node at the horizon: exact if the game is over there,
    /// else the evaluation.
    #[inline(always)]
    fn leaf<const PV: bool>(&mut self, position: Position, ply: usize, quiet: u16) -> Value {
        self.count_node();
        if PV {
            self.pv.clear(ply);
        }
        if position.is_over() {
            return end_value(position, ply);
        }
        // A leaf's children are never searched, so its own ply of the line
        // need not be set.
        if self.history_rules && self.line.ends_by_history(ply, position, quiet) {
            return end_value(position, ply);
        }
        self.evaluator.evaluate(position)
    }

    /// The value of a node one ply above the horizon, whose children are
    /// leaves: no table, and the only ordering is the ply's killer first.
    #[inline(always)]
    fn frontier<const PV: bool>(
        &mut self,
        position: Position,
        legal: HouseSet,
        ply: usize,
        mut alpha: Value,
        beta: Value,
        quiet: u16,
    ) -> Value {
        let killer = if self.config.ordering {
            self.heuristics.killer(ply).filter(|&h| legal.contains(h))
        } else {
            None
        };
        let mut best = -INFINITY;
        let mut legal = legal;
        let mut killer = killer;
        let mut futile = false;
        let margin = self.config.knobs.futility;
        if !PV && margin > 0 && !self.config.sound && !is_decisive(alpha) {
            // Futility: a quiet move changes no store, so it gains little on
            // the evaluation; if even a margin above it cannot reach alpha,
            // only captures are worth a look.
            let bound = self.evaluator.evaluate(position) + margin;
            if bound <= alpha {
                futile = true;
                best = bound;
                legal = may_capture(position, legal);
                killer = killer.filter(|&h| legal.contains(h));
            }
        }
        let rest = match killer {
            Some(h) => legal.without(h),
            None => legal,
        };
        for house in killer.into_iter().chain(rest.iter()) {
            let child = position.play_unchecked(house);
            if futile && !captured(position, child) {
                continue;
            }
            let value = self.child_value::<PV>(position, child, 1, ply, quiet, alpha, beta);
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    if PV {
                        self.pv.update(ply, house);
                    }
                    if value >= beta {
                        if self.config.ordering && !captured(position, child) {
                            self.heuristics.set_killer(ply, house);
                        }
                        break;
                    }
                }
            }
        }
        best
    }

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
        if self.history_rules {
            self.line.set(ply, position, quiet);
            if self.line.ends_by_history(ply, position, quiet) {
                return end_value(position, ply);
            }
        }
        // Inside the database the value is known (or bounded) without a search.
        if let Some(endgame) = self.endgame
            && let Some(found) = endgame.probe(&position)
        {
            return crate::endgame::value(found, &position, ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluator.evaluate(position);
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
                if cut {
                    return value;
                }
            }
        }

        if depth == 1 {
            return self.frontier::<PV>(position, legal, ply, alpha, beta, quiet);
        }

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

        if use_tt {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn may_capture_includes_every_capture() {
        let mut position = Position::OPENING;
        let mut x = 11u64;
        let mut captures = 0;
        for _ in 0..5000 {
            let legal = position.legal_moves();
            if legal.is_empty() {
                position = Position::OPENING;
                continue;
            }
            let candidates = may_capture(position, legal);
            for house in legal.iter() {
                if captured(position, position.play_unchecked(house)) {
                    assert!(candidates.contains(house), "{position:?} {house}");
                    captures += 1;
                }
            }
            let moves: Vec<House> = legal.iter().collect();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            position = position.play_unchecked(moves[(x % moves.len() as u64) as usize]);
        }
        assert!(captures > 100);
    }
}
