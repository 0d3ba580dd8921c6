//! How the search decides that a game is over and scores the end exactly,
//! history included: the game's positions since the last capture and the
//! search path form one line, so repetition and the move limit are honoured
//! inside the search as in a real game.

use oware_core::{Game, History, HouseSet, Outcome, Position, Rules};

use crate::score::{DRAW, Value, loss_in, win_in};

/// The value, for the side to move at `ply`, of a game that ends in
/// `position` with each player taking the seeds in their own row (at 25+ or
/// 24–24 the rows cannot change the winner).
#[inline]
pub(crate) fn end_value(position: Position, ply: usize) -> Value {
    match Outcome::adjudicate(position.board()) {
        Some(seat) if seat == position.to_move() => win_in(ply),
        Some(_) => loss_in(ply),
        None => DRAW,
    }
}

/// The positions of the line being searched and the rules that end a game
/// on them (repetition, the move limit): the game's [`History`] since its
/// last capture, then the search path, one position per ply.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    rules: Rules,
    history: History,
    /// Index of the root in `history`.
    root: usize,
    /// Moves without capture up to the root.
    root_quiet: u16,
}

impl Line {
    /// The line of a game: its positions since the last capture.
    pub(crate) fn of_game(game: &Game) -> Line {
        let mut history = game.history().since_last_capture();
        let root = history.positions().len() - 1;
        let root_quiet = history.moves_without_capture();
        // Room for every ply of the search, so `set` never allocates.
        history.reserve(crate::score::MAX_PLY + 2);
        Line {
            rules: game.rules(),
            history,
            root,
            root_quiet,
        }
    }

    /// The rules.
    #[inline]
    pub(crate) fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The root position.
    pub(crate) fn root(&self) -> Position {
        self.history.positions()[self.root]
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

    /// Sets the position at `ply` (the root is ply 0), reached by `quiet`
    /// moves without capture, its parent's ply having been set; what was
    /// deeper is dropped.
    #[inline]
    pub(crate) fn set(&mut self, ply: usize, position: Position, quiet: u16) {
        self.history.set(self.root + ply, position, quiet);
    }

    /// Whether the game ends by repetition or the move limit in `position`
    /// at `ply`, with `quiet` moves without capture behind it (counted
    /// through the game's history). The plies up to `ply - 2` must have been
    /// [`set`](Line::set); `ply` and its parent need not be, so a node whose
    /// children never look back (a leaf, or one whose moves all capture)
    /// can skip setting it.
    #[inline]
    pub(crate) fn ends_by_history(&self, ply: usize, position: Position, quiet: u16) -> bool {
        self.history
            .end_at(self.root + ply, position, quiet, &self.rules)
            .is_some()
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
    after.board().captured_since(before.board())
}
