//! How a played move compares with the move the engine prefers: its score,
//! the preferred move and its score when it is better, and a mark, `?` for
//! a mistake or `??` for a blunder. `oware analyze` writes these in a
//! record's comments and the page shows them in its move list: one rule for
//! both.
//!
//! ```
//! use oware_core::House;
//! use oware_player::{Mark, judge};
//! use oware_search::Score;
//!
//! let scores = [(House::A, Score::from_seeds(-1.5)), (House::C, Score::from_seeds(0.5))];
//! let judgement = judge(&scores, Some(House::C), House::A).unwrap();
//! assert_eq!(judgement.best, Some((House::C, Score::from_seeds(0.5))));
//! assert_eq!(judgement.mark, Some(Mark::Mistake));
//! assert_eq!(judgement.mark.unwrap().to_string(), "?");
//! ```

use core::fmt;

use oware_core::House;
use oware_search::{Proven, Score};

/// Seeds below the best move's score that make a move a mistake (`?`).
pub const MISTAKE_SEEDS: f32 = 2.0;

/// What a played move threw away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// At least [`MISTAKE_SEEDS`] below the best move: `?`.
    Mistake,
    /// A proven win given up, or a proven loss walked into that the best
    /// move avoids: `??`.
    Blunder,
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        })
    }
}

/// A played move as the search before it saw it; scores are the mover's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judgement {
    /// The played move's score.
    pub played: Score,
    /// The engine's preferred move and its score, when it is another move
    /// that scores better.
    pub best: Option<(House, Score)>,
    /// What the move threw away, if anything.
    pub mark: Option<Mark>,
}

/// Judges `played` from a search's root scores and its best move; `None`
/// if the search did not score `played`.
#[must_use]
pub fn judge(
    root_scores: &[(House, Score)],
    best: Option<House>,
    played: House,
) -> Option<Judgement> {
    let score = |house: House| {
        root_scores
            .iter()
            .find(|&&(h, _)| h == house)
            .map(|&(_, score)| score)
    };
    let played_score = score(played)?;
    let best = best
        .filter(|&best| best != played)
        .and_then(|best| score(best).map(|s| (best, s)))
        .filter(|&(_, s)| s > played_score);
    Some(Judgement {
        played: played_score,
        best,
        mark: best.and_then(|(_, best_score)| mark(played_score, best_score)),
    })
}

/// [`Mark::Blunder`] for a move that gives up a proven win, or walks into a
/// proven loss the best move avoids; [`Mark::Mistake`] for one at least
/// [`MISTAKE_SEEDS`] below the best; else nothing. Scores are the mover's.
#[must_use]
pub fn mark(played: Score, best: Score) -> Option<Mark> {
    let wins = |s: Score| matches!(s.proven(), Some(Proven::Win { .. }));
    let loses = |s: Score| matches!(s.proven(), Some(Proven::Loss { .. }));
    if (wins(best) && !wins(played)) || (loses(played) && !loses(best)) {
        Some(Mark::Blunder)
    } else if best.seeds() - played.seeds() >= MISTAKE_SEEDS {
        Some(Mark::Mistake)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_say_what_was_thrown_away() {
        let seeds = Score::from_seeds;
        assert_eq!(mark(seeds(1.0), Score::win_in(9)), Some(Mark::Blunder));
        assert_eq!(mark(Score::win_in(15), Score::win_in(9)), None);
        assert_eq!(mark(Score::loss_in(6), seeds(-3.0)), Some(Mark::Blunder));
        assert_eq!(mark(Score::loss_in(6), Score::loss_in(12)), None);
        assert_eq!(
            mark(Score::loss_in(6), Score::PROVEN_DRAW),
            Some(Mark::Blunder)
        );
        assert_eq!(mark(seeds(-1.5), seeds(0.5)), Some(Mark::Mistake));
        assert_eq!(mark(seeds(-1.0), seeds(0.5)), None);
    }

    #[test]
    fn the_best_move_or_an_unscored_one_has_no_judgement_against_it() {
        let scores = [
            (House::A, Score::from_seeds(1.0)),
            (House::B, Score::from_seeds(-4.0)),
        ];
        let best = judge(&scores, Some(House::A), House::A).unwrap();
        assert_eq!((best.best, best.mark), (None, None));
        let worse = judge(&scores, Some(House::A), House::B).unwrap();
        assert_eq!(worse.best, Some((House::A, Score::from_seeds(1.0))));
        assert_eq!(worse.mark, Some(Mark::Mistake));
        assert_eq!(judge(&scores, Some(House::A), House::C), None);
        // A move as good as the search's choice gave nothing away.
        let tied = [
            (House::A, Score::from_seeds(1.0)),
            (House::D, Score::from_seeds(1.0)),
        ];
        let equal = judge(&tied, Some(House::A), House::D).unwrap();
        assert_eq!(
            (equal.played, equal.best, equal.mark),
            (Score::from_seeds(1.0), None, None)
        );
    }
}
