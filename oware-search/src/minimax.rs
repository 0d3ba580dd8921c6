//! The oracle: plain minimax with the same evaluation and the same game
//! ends as the search, and nothing else — no pruning, no table, no
//! ordering. `cargo xtask verify` holds the alpha-beta search to it, and
//! the search's tests to its forms with captures below the horizon
//! ([`minimax_move_with_captures`]) and with a game's history
//! ([`minimax_game_move`]).
//!
//! Like the search of a position without history, it ends a game only by
//! the history-free rules (25 or more, 24–24, no legal move); `rules`
//! decide the legal moves (the grand-slam rule).

use oware_core::{Game, House, Position, Rules};

use crate::eval::Evaluation;
use crate::line::{end_value, moves, winner_value};
use crate::score::{Score, Value};

/// The minimax score of `position` searched `depth` plies, with the
/// default evaluation ([`Evaluation::DEFAULT`]).
///
/// ```
/// use oware_core::{Position, Rules};
/// use oware_search::minimax::minimax;
/// let score = minimax(Position::OPENING, 3, &Rules::ABAPA);
/// assert!(score.proven().is_none());
/// ```
#[must_use]
pub fn minimax(position: Position, depth: u32, rules: &Rules) -> Score {
    Score::from_value(value(position, depth, 0, rules, &Evaluation::DEFAULT))
}

/// The minimax score, for the side to move in `position`, of playing
/// `house` and searching `depth - 1` plies below it (so that it compares
/// with [`minimax`] at `depth`).
///
/// # Panics
/// If `house` is not a legal move under `rules`, or `depth` is 0.
#[must_use]
#[track_caller]
pub fn minimax_move(position: Position, house: House, depth: u32, rules: &Rules) -> Score {
    minimax_move_with(position, house, depth, rules, &Evaluation::DEFAULT)
}

/// [`minimax`] with another evaluation.
#[must_use]
pub fn minimax_with(
    position: Position,
    depth: u32,
    rules: &Rules,
    evaluation: &Evaluation,
) -> Score {
    Score::from_value(value(position, depth, 0, rules, evaluation))
}

/// [`minimax_move`] with another evaluation.
///
/// # Panics
/// If `house` is not a legal move under `rules`, or `depth` is 0.
#[must_use]
#[track_caller]
pub fn minimax_move_with(
    position: Position,
    house: House,
    depth: u32,
    rules: &Rules,
    evaluation: &Evaluation,
) -> Score {
    minimax_move_with_captures(position, house, depth, 0, rules, evaluation)
}

/// The minimax score, for the side to move in `position`, of playing
/// `house` and searching `depth - 1` plies below it, then below the horizon
/// up to `captures` plies of captures only, where each side may also stand
/// on the evaluation (what the search's quiescence computes:
/// the `qs` knob, two plies in play).
///
/// # Panics
/// If `house` is not a legal move under `rules`, or `depth` is 0.
#[must_use]
#[track_caller]
pub fn minimax_move_with_captures(
    position: Position,
    house: House,
    depth: u32,
    captures: u8,
    rules: &Rules,
    evaluation: &Evaluation,
) -> Score {
    assert!(depth > 0, "a move is searched at depth 1 or more");
    assert!(
        moves(position, rules).contains(house),
        "{house} is not a legal move in {position:?}"
    );
    let child = position.play_unchecked(house);
    let tree = Tree {
        rules,
        evaluation,
        captures,
    };
    Score::from_value(-tree.value(child, depth - 1, 1))
}

/// The minimax score, for the side to move in `game`, of playing `house`
/// and searching `depth - 1` plies below it, the game's history counted:
/// every end the game's rules know (repetition and the move limit
/// included, as [`Game::outcome`] decides them) ends a line, scored by its
/// winner.
///
/// # Panics
/// If `house` is not a legal move of `game`, or `depth` is 0.
#[must_use]
#[track_caller]
pub fn minimax_game_move(game: &Game, house: House, depth: u32, evaluation: &Evaluation) -> Score {
    assert!(depth > 0, "a move is searched at depth 1 or more");
    let mut child = game.clone();
    child
        .play(house)
        .unwrap_or_else(|error| panic!("{house} is not a legal move: {error}"));
    Score::from_value(-game_value(&child, depth - 1, 1, evaluation))
}

fn game_value(game: &Game, depth: u32, ply: usize, evaluation: &Evaluation) -> Value {
    if let Some(outcome) = game.outcome() {
        return winner_value(outcome.winner, game.position(), ply);
    }
    if depth == 0 {
        return evaluation.evaluate(game.position());
    }
    game.legal_moves()
        .iter()
        .map(|house| {
            let mut child = game.clone();
            child.play(house).expect("a legal move");
            -game_value(&child, depth - 1, ply + 1, evaluation)
        })
        .max()
        .expect("a game not over has a legal move")
}

fn value(
    position: Position,
    depth: u32,
    ply: usize,
    rules: &Rules,
    evaluation: &Evaluation,
) -> Value {
    let tree = Tree {
        rules,
        evaluation,
        captures: 0,
    };
    tree.value(position, depth, ply)
}

/// What the oracle searches: the rules, the evaluation at the horizon, and
/// the plies of captures below it.
struct Tree<'a> {
    rules: &'a Rules,
    evaluation: &'a Evaluation,
    captures: u8,
}

impl Tree<'_> {
    fn value(&self, position: Position, depth: u32, ply: usize) -> Value {
        let legal = moves(position, self.rules);
        if legal.is_empty() {
            return end_value(position, ply);
        }
        if depth == 0 {
            return self.below_horizon(position, ply, self.captures);
        }
        legal
            .iter()
            .map(|house| -self.value(position.play_unchecked(house), depth - 1, ply + 1))
            .max()
            .expect("a position with legal moves has a child")
    }

    /// The evaluation, or a capture's value if better, up to `left` plies.
    fn below_horizon(&self, position: Position, ply: usize, left: u8) -> Value {
        let legal = moves(position, self.rules);
        if legal.is_empty() {
            return end_value(position, ply);
        }
        let stand = self.evaluation.evaluate(position);
        if left == 0 || ply >= crate::score::MAX_PLY - 1 {
            return stand;
        }
        legal
            .iter()
            .map(|house| position.play_unchecked(house))
            .filter(|child| child.board().captured_since(position.board()))
            .map(|child| -self.below_horizon(child, ply + 1, left - 1))
            .fold(stand, Value::max)
    }
}
