//! What a proven score says about the game: who can force a win, or that
//! best play draws. The terminal says it in words, the protocol's `info`
//! as a string, and the page keeps it as a proof with its line.

use core::fmt;

use oware_core::{Seat, Winner};
use oware_search::{EndgameResult, Proven, Score};

/// What a search proved: the result best play forces and, for a win found
/// by the search itself, within how many plies the game ends.
///
/// ```
/// use oware_core::{Seat, Winner};
/// use oware_player::Verdict;
/// use oware_search::Score;
///
/// // A loss for the mover is the other seat's win.
/// let verdict = Verdict::of(Score::loss_in(7), Seat::South).expect("proven");
/// assert_eq!(verdict.winner, Winner::Seat(Seat::North));
/// assert_eq!(verdict.to_string(), "North can force a win (within 7 plies with best play)");
/// // A heuristic score, or a likely win, proves nothing.
/// assert_eq!(Verdict::of(Score::from_seeds(3.0), Seat::South), None);
/// assert_eq!(Verdict::of(Score::win_in(9).doubted(), Seat::South), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// The seat that can force a win, or a draw neither can avoid.
    pub winner: Winner,
    /// The plies within which a forced win ends the game; `None` for a
    /// draw and for an endgame database's win, which comes without one.
    pub plies: Option<u32>,
}

impl Verdict {
    /// The verdict behind `score`, a score from `mover`'s view, if it is
    /// proven ([`Score::proven`]); `None` for a heuristic or likely score.
    #[must_use]
    pub fn of(score: Score, mover: Seat) -> Option<Verdict> {
        let (winner, plies) = match score.proven()? {
            Proven::Win { plies } => (Winner::Seat(mover), plies),
            Proven::Loss { plies } => (Winner::Seat(mover.opponent()), plies),
            Proven::Draw => return Some(Verdict::from(Winner::Draw)),
        };
        // A database's plies count to the database position, not to the end.
        let plies = (!score.is_endgame()).then_some(plies);
        Some(Verdict { winner, plies })
    }

    /// The verdict of an endgame database's `result` for `mover` (no
    /// distance); `None` while the result is open.
    #[must_use]
    pub fn of_endgame(result: EndgameResult, mover: Seat) -> Option<Verdict> {
        result.winner(mover).map(Verdict::from)
    }
}

impl From<Winner> for Verdict {
    /// The verdict without a distance (an endgame database's).
    fn from(winner: Winner) -> Verdict {
        Verdict {
            winner,
            plies: None,
        }
    }
}

impl fmt::Display for Verdict {
    /// `North can force a win (within 13 plies with best play)`, `South can
    /// force a win`, or `either side can force a draw: best play draws`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.winner, self.plies) {
            (Winner::Seat(seat), Some(plies)) => {
                let unit = if plies == 1 { "ply" } else { "plies" };
                write!(
                    f,
                    "{seat} can force a win (within {plies} {unit} with best play)"
                )
            }
            (Winner::Seat(seat), None) => write!(f, "{seat} can force a win"),
            (Winner::Draw, _) => f.write_str("either side can force a draw: best play draws"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_name_the_seat_and_the_distance() {
        let win = Verdict::of(Score::win_in(3), Seat::North).unwrap();
        assert_eq!(win.winner.seat(), Some(Seat::North));
        assert_eq!(win.plies, Some(3));
        let draw = Verdict::of(Score::PROVEN_DRAW, Seat::North).unwrap();
        assert_eq!(draw, Verdict::from(Winner::Draw));
        assert_eq!(draw.winner.seat(), None);
        assert_eq!(
            draw.to_string(),
            "either side can force a draw: best play draws"
        );
        assert_eq!(
            Verdict::of(Score::win_in(1), Seat::South)
                .unwrap()
                .to_string(),
            "South can force a win (within 1 ply with best play)"
        );
        // A database's result says no distance to the end.
        assert_eq!(
            Verdict::of_endgame(EndgameResult::Loss, Seat::North),
            Some(Verdict::from(Winner::Seat(Seat::South)))
        );
        assert_eq!(
            Verdict::of_endgame(EndgameResult::Open { lo: 20, hi: 26 }, Seat::North),
            None
        );
        assert_eq!(
            Verdict::of(Score::endgame_win_in(3), Seat::South),
            Some(Verdict::from(Winner::Seat(Seat::South)))
        );
        assert_eq!(
            Verdict::from(Winner::Seat(Seat::South)).to_string(),
            "South can force a win"
        );
    }
}
