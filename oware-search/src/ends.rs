//! How the search decides that a game is over and scores the end exactly,
//! history included: the game's positions since the last capture and the
//! search path form one line, so repetition and the move limit are honoured
//! inside the search as in a real game.

use oware_core::{Game, HouseSet, Position, Rules, Seat};

use crate::score::{DRAW, Value, loss_in, win_in};

/// The value, for the side to move at `ply`, of a game that ends in
/// `position` with each player taking the seeds in their own row (store plus
/// row decides; at 25+ or 24–24 the rows are empty or irrelevant).
#[inline]
pub(crate) fn end_value(position: Position, ply: usize) -> Value {
    let board = position.board();
    let me = position.to_move();
    let them = me.opponent();
    let mine = board.store(me) + board.seeds_on_side(me);
    let theirs = board.store(them) + board.seeds_on_side(them);
    match mine.cmp(&theirs) {
        core::cmp::Ordering::Greater => win_in(ply),
        core::cmp::Ordering::Less => loss_in(ply),
        core::cmp::Ordering::Equal => DRAW,
    }
}

/// The positions of the line being searched and the rules that end a game
/// on them (repetition, the move limit).
#[derive(Clone, Debug)]
pub(crate) struct Line {
    rules: Rules,
    /// Positions since the last capture before the search: the game's, then the path's.
    positions: Vec<Position>,
    /// Moves without a capture up to the root.
    root_quiet: u16,
    /// Index of the root in `positions`.
    root: usize,
}

impl Line {
    /// The line of a game: its positions since the last capture.
    pub(crate) fn of_game(game: &Game) -> Line {
        let quiet = game.moves_without_capture();
        let all = game.positions();
        let keep = usize::from(quiet).min(game.moves().len());
        let mut positions = all[all.len() - 1 - keep..].to_vec();
        let root = positions.len() - 1;
        // Room for every ply of the search, so `set` is a plain store.
        positions.resize(root + crate::score::MAX_PLY + 2, game.position());
        Line {
            rules: game.rules(),
            root,
            positions,
            root_quiet: quiet,
        }
    }

    /// The rules.
    #[inline]
    pub(crate) fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The root position.
    pub(crate) fn root(&self) -> Position {
        self.positions[self.root]
    }

    /// Moves without capture at the root.
    pub(crate) fn root_quiet(&self) -> u16 {
        self.root_quiet
    }

    /// Whether repetition or the move limit can end a game inside the search.
    #[inline]
    pub(crate) fn has_history_rules(&self) -> bool {
        self.rules.repetition.is_some() || self.rules.move_limit.is_some()
    }

    /// Sets the position at `ply` (the root is ply 0); what is deeper is
    /// stale and never read before it is set again.
    #[inline]
    pub(crate) fn set(&mut self, ply: usize, position: Position) {
        self.positions[self.root + ply] = position;
    }

    /// Whether the game ends by repetition or the move limit in `position`
    /// at `ply`, with `quiet` moves without capture behind it (counted
    /// through the game's history). The plies before `ply` must have been
    /// [`set`](Line::set); `ply` itself need not be, so a node whose
    /// children never look back (a leaf, or one whose moves all capture)
    /// can skip setting it.
    #[inline]
    pub(crate) fn ends_by_history(&self, ply: usize, position: Position, quiet: u16) -> bool {
        if let Some(limit) = self.rules.repetition {
            // Positions before the last capture differ in their stores, so
            // only the last `quiet` positions can repeat this one; and only
            // every other one has the same seat to move.
            let index = self.root + ply;
            if quiet >= 2 {
                let current = position;
                let reach = usize::from(quiet).min(index);
                let mut count = 1;
                let mut back = 2;
                while back <= reach {
                    if self.positions[index - back] == current {
                        count += 1;
                        if count >= usize::from(limit) {
                            return true;
                        }
                    }
                    back += 2;
                }
            } else if limit <= 1 {
                return true;
            }
        }
        self.rules.move_limit.is_some_and(|limit| quiet >= limit)
    }
}

/// The legal moves of `position` under `rules`; empty when it is over by the
/// history-free rules (25+, 24–24, no legal move).
#[inline]
pub(crate) fn moves(position: Position, rules: &Rules) -> HouseSet {
    position.legal_moves_under(rules)
}

/// Whether a move from `before` to `after` captured.
#[inline]
pub(crate) fn captured(before: Position, after: Position) -> bool {
    let mover: Seat = before.to_move();
    after.board().store(mover) != before.board().store(mover)
}
