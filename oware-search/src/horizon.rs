//! The nodes at and below the horizon: the step from a node to its child
//! (which picks the child's kind), the frontier one ply above the horizon
//! (killer first), the leaf at it, and the capture-only
//! quiescence below it, with the cheap test of which moves may capture.

use oware_core::{House, HouseSet, Position};

use crate::line::{captured, end_value, moves};
use crate::score::{INFINITY, MAX_PLY, Value};
use crate::worker::Worker;

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

impl Worker<'_> {
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
            // Quiescence with no plies left is the leaf, so `qs = 0` needs
            // no case of its own.
            if !self.config.sound {
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
        if self.history_rules
            && let Some(end) = self.line.ends_by_history(ply, position, quiet)
        {
            self.rests_on(end.since);
            return end.value;
        }
        let stand = self.estimate(position);
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
        if self.history_rules
            && let Some(end) = self.line.ends_by_history(ply, position, quiet)
        {
            self.rests_on(end.since);
            return end.value;
        }
        self.estimate(position)
    }

    /// The value of a node one ply above the horizon, whose children are
    /// leaves: no table, and the only ordering is the ply's killer first.
    #[inline(always)]
    pub(crate) fn frontier<const PV: bool>(
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
        let rest = match killer {
            Some(h) => legal.without(h),
            None => legal,
        };
        let mut best = -INFINITY;
        for house in killer.into_iter().chain(rest.iter()) {
            let child = position.play_unchecked(house);
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
            let legal = position.legal_moves_abapa();
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
