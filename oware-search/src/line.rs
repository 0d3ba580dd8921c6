//! How the search decides that a game is over and scores the end exactly,
//! history included: the game's positions since the last capture and the
//! search path form one line, so repetition and the move limit are honoured
//! inside the search as in a real game.

use oware_core::{EndReason, Game, History, HouseSet, Outcome, Position, Rules, Seat, Share};

use crate::score::{DRAW, Value, loss_in, win_in};

/// The value, for the side to move at `ply`, of a game that ends in
/// `position` with each player taking the seeds in their own row (at 25+ or
/// 24–24 the rows cannot change the winner).
#[inline]
pub(crate) fn end_value(position: Position, ply: usize) -> Value {
    winner_value(Outcome::adjudicate(position.board()), position, ply)
}

/// The value, for the side to move in `position` at `ply`, of a game won by
/// `winner` (`None`: drawn).
#[inline]
pub(crate) fn winner_value(winner: Option<Seat>, position: Position, ply: usize) -> Value {
    match winner {
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
        let rules = game.rules();
        Line {
            rules,
            history,
            root,
            root_quiet,
        }
    }

    /// Sets the position at `ply` (the root is ply 0),
    /// reached by `quiet` moves without capture, its parent having been
    /// entered; what was deeper is dropped. Returns as
    /// [`ends_by_history`](Line::ends_by_history) does.
    #[inline]
    pub(crate) fn enter(
        &mut self,
        ply: usize,
        position: Position,
        quiet: u16,
    ) -> Option<HistoryEnd> {
        self.history.set(self.root + ply, position, quiet);
        self.ends_by_history(ply, position, quiet)
    }

    /// The end by `reason` at `ply`, resting on line index `since`: the
    /// seeds left shared as the rules share them for that end (split evenly
    /// by an awari-split repetition, each player's own row otherwise).
    #[inline]
    fn history_end(
        &self,
        reason: EndReason,
        since: usize,
        position: Position,
        ply: usize,
    ) -> HistoryEnd {
        // Endgames end by repetition at many nodes: each row to its owner is
        // the plain adjudication; only an even split needs the whole outcome.
        let board = position.board();
        let winner = match self.rules.share(reason) {
            Some(Share::Evenly) => Outcome::ended(board, reason, &self.rules).winner,
            _ => Outcome::adjudicate(board),
        };
        HistoryEnd {
            value: winner_value(winner, position, ply),
            since,
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
        self.rules.repetition().is_some() || self.rules.move_limit().is_some()
    }

    /// The line index of the position at `ply`: the positions of the game
    /// since its last capture come first, then the root, then one per ply.
    #[inline]
    pub(crate) fn index(&self, ply: usize) -> usize {
        self.root + ply
    }

    /// Whether the game ends by repetition or the move limit in `position`
    /// at `ply`, with `quiet` moves without capture behind it (counted
    /// through the game's history): `Some` with the end's value and the
    /// line index of the earliest position it rests on (see
    /// [`History::end_from`]).
    /// The plies up to `ply - 2` must have been [`set`](Line::set); `ply`
    /// and its parent need not be, so a node whose children never look back
    /// (a leaf, or one whose moves all capture) can skip setting it.
    #[inline]
    pub(crate) fn ends_by_history(
        &self,
        ply: usize,
        position: Position,
        quiet: u16,
    ) -> Option<HistoryEnd> {
        self.history
            .end_from(self.root + ply, position, quiet, &self.rules)
            .map(|(reason, since)| self.history_end(reason, since, position, ply))
    }
}

/// A game end by repetition or the move limit inside the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HistoryEnd {
    /// Its value for the side to move.
    pub(crate) value: Value,
    /// The line index of the earliest position it rests on.
    pub(crate) since: usize,
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
