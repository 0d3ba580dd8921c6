//! Judging a solver's turn from every root move's score: the move must keep
//! the goal by a proof, and no other move may, by a proof or by a clear
//! margin.

use core::fmt;

use oware_core::House;
use oware_search::{Proven, Score};

use crate::puzzle::{Goal, Uniqueness};

/// Why a solver's turn does not make a puzzle step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnFailure {
    /// The move does not keep the goal by a proof.
    NotKept(House),
    /// Another move keeps it too.
    Several(House),
    /// Another move is not proven to fail and is within the margin.
    Unclear(House),
}

impl fmt::Display for TurnFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnFailure::NotKept(h) => write!(f, "{h} is not proven to keep the result"),
            TurnFailure::Several(h) => write!(f, "{h} keeps the result too"),
            TurnFailure::Unclear(h) => write!(
                f,
                "{h} is neither proven to fail nor clearly worse by the margin"
            ),
        }
    }
}

/// Whether `score` is proven to keep `goal`.
fn keeps(score: Score, goal: Goal) -> bool {
    matches!(
        (score.proven(), goal),
        (Some(Proven::Win { .. }), Goal::Win) | (Some(Proven::Draw), Goal::Draw)
    )
}

/// Whether `score` is proven to fall short of `goal`.
fn proven_short(score: Score, goal: Goal) -> bool {
    matches!(
        (score.proven(), goal),
        (Some(Proven::Loss { .. } | Proven::Draw), Goal::Win)
            | (Some(Proven::Loss { .. }), Goal::Draw)
    )
}

/// Whether an unproven `score` is clearly short of `goal` by `margin` seeds.
fn short_by_margin(score: Score, goal: Goal, margin: f32) -> bool {
    let seeds = score.seeds();
    !keeps(score, goal)
        && match goal {
            Goal::Win => seeds <= margin,
            Goal::Draw => seeds <= -margin,
        }
}

/// Judges `house` at a solver's turn from every root move's score: it must
/// keep `goal` by a proof, and every other move must fall short, by a proof
/// ([`Uniqueness::Proven`]) or by `margin` seeds ([`Uniqueness::Margin`]).
///
/// ```
/// use oware_core::House;
/// use oware_puzzle::{Goal, TurnFailure, Uniqueness, judge_turn};
/// use oware_search::Score;
/// let scores = [(House::A, Score::win_in(5)), (House::B, Score::loss_in(4))];
/// assert_eq!(judge_turn(&scores, House::A, Goal::Win, 2.0), Ok(Uniqueness::Proven));
/// let both = [(House::A, Score::win_in(5)), (House::B, Score::win_in(9))];
/// assert_eq!(judge_turn(&both, House::A, Goal::Win, 2.0), Err(TurnFailure::Several(House::B)));
/// ```
///
/// # Errors
/// The [`TurnFailure`] of the first move at fault.
pub fn judge_turn(
    scores: &[(House, Score)],
    house: House,
    goal: Goal,
    margin: f32,
) -> Result<Uniqueness, TurnFailure> {
    let played = scores.iter().find(|(h, _)| *h == house);
    if !played.is_some_and(|&(_, score)| keeps(score, goal)) {
        return Err(TurnFailure::NotKept(house));
    }
    let mut uniqueness = Uniqueness::Proven;
    for &(other, score) in scores.iter().filter(|(h, _)| *h != house) {
        if keeps(score, goal) {
            return Err(TurnFailure::Several(other));
        } else if proven_short(score, goal) {
        } else if short_by_margin(score, goal, margin) {
            uniqueness = Uniqueness::Margin;
        } else {
            return Err(TurnFailure::Unclear(other));
        }
    }
    Ok(uniqueness)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_needs_its_move_to_keep_the_goal_and_no_other() {
        use House::{A, B, C};
        let win = Score::win_in(7);
        // The only win, others proven short: proven unique.
        let scores = [(A, win), (B, Score::PROVEN_DRAW), (C, Score::loss_in(2))];
        assert_eq!(
            judge_turn(&scores, A, Goal::Win, 2.0),
            Ok(Uniqueness::Proven)
        );
        // The move played is not the win.
        assert_eq!(
            judge_turn(&scores, B, Goal::Win, 2.0),
            Err(TurnFailure::NotKept(B))
        );
        // An unproven alternative within the margin: unique by the margin.
        let margin = [(A, win), (B, Score::from_seeds(1.5))];
        assert_eq!(
            judge_turn(&margin, A, Goal::Win, 2.0),
            Ok(Uniqueness::Margin)
        );
        // Above it: unclear.
        let unclear = [(A, win), (B, Score::from_seeds(5.0))];
        assert_eq!(
            judge_turn(&unclear, A, Goal::Win, 2.0),
            Err(TurnFailure::Unclear(B))
        );
        // A likely win proves nothing either way: unclear.
        let likely = [(A, win), (B, Score::win_in(9).doubted())];
        assert_eq!(
            judge_turn(&likely, A, Goal::Win, 2.0),
            Err(TurnFailure::Unclear(B))
        );
    }

    #[test]
    fn a_draw_goal_needs_every_other_move_to_lose() {
        use House::{A, B};
        let draw = Score::PROVEN_DRAW;
        assert_eq!(
            judge_turn(&[(A, draw), (B, Score::loss_in(3))], A, Goal::Draw, 2.0),
            Ok(Uniqueness::Proven)
        );
        assert_eq!(
            judge_turn(&[(A, draw), (B, draw)], A, Goal::Draw, 2.0),
            Err(TurnFailure::Several(B))
        );
        // Clearly losing by the margin, not proven.
        assert_eq!(
            judge_turn(
                &[(A, draw), (B, Score::from_seeds(-3.0))],
                A,
                Goal::Draw,
                2.0
            ),
            Ok(Uniqueness::Margin)
        );
        assert_eq!(
            judge_turn(
                &[(A, draw), (B, Score::from_seeds(-1.0))],
                A,
                Goal::Draw,
                2.0
            ),
            Err(TurnFailure::Unclear(B))
        );
    }
}
