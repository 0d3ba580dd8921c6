//! Scores: heuristic values in seeds, and proven results (a forced win or
//! loss with its distance in plies, a proven draw), kept apart so a front end
//! can say "South can force a win" only when it is true.
//!
//! Inside the search a value is a plain `i32` ([`Value`]): [`SEED`] units per
//! seed for heuristic values, and a band near ±[`MATE`] for game ends, where
//! `MATE - n` is a win `n` plies from the root. The public [`Score`] wraps a
//! value with two more bits: one set only for a draw the search has proved,
//! one for a win or loss the search found through results its table holds
//! for the position with nothing before it, which the game's history since
//! the last capture may contradict: a *likely* result, no proof.

use core::fmt;

/// A search value from the side to move's view: heuristic units or a mate-band value.
pub(crate) type Value = i32;

/// Value units per seed.
pub(crate) const SEED: Value = 32;
/// The value of a win at the root (a win `n` plies away is `MATE - n`).
pub(crate) const MATE: Value = 30_000;
/// Beyond every value the search can return.
pub(crate) const INFINITY: Value = 31_000;
/// The deepest ply the search reaches (depth plus extensions).
pub(crate) const MAX_PLY: usize = 128;
/// Values at or beyond this (in magnitude) are wins or losses found by
/// playing to the end of the game, with their distance.
pub(crate) const MATE_BOUND: Value = MATE - 1_000;
/// A win an endgame database proves, at the root (`ENDGAME_WIN - n` if the
/// database position is `n` plies away): below every mate score, since its
/// distance to the end is unknown, and above every heuristic value.
pub(crate) const ENDGAME_WIN: Value = MATE_BOUND - 1;
/// Values at or beyond this (in magnitude) are proven wins or losses, by
/// the end of the game or by a database.
pub(crate) const PROVEN_BOUND: Value = ENDGAME_WIN - 1_000;
/// The value of a game that ends level.
pub(crate) const DRAW: Value = 0;

/// A proven win for the side to move, `ply` plies from the root.
#[inline]
pub(crate) const fn win_in(ply: usize) -> Value {
    MATE - ply as Value
}

/// A proven loss for the side to move, `ply` plies from the root.
#[inline]
pub(crate) const fn loss_in(ply: usize) -> Value {
    -MATE + ply as Value
}

/// Whether `value` is a proven win or loss.
#[inline]
pub(crate) const fn is_decisive(value: Value) -> bool {
    value >= PROVEN_BOUND || value <= -PROVEN_BOUND
}

/// The value as stored in the transposition table: a win or loss counted from
/// the node rather than from the root. A node at `ply` that wins in `n` plies
/// from itself has root value `MATE - ply - n`; stored as `MATE - n`, the same
/// entry is right when the node is reached again at another ply. Database
/// wins are shifted alike: their distance to the database position is
/// counted from the root just as a mate's is.
#[inline]
pub(crate) const fn to_table(value: Value, ply: usize) -> Value {
    if value >= PROVEN_BOUND {
        value + ply as Value
    } else if value <= -PROVEN_BOUND {
        value - ply as Value
    } else {
        value
    }
}

/// The inverse of [`to_table`]: a stored value seen from a node at `ply`.
#[inline]
pub(crate) const fn from_table(value: Value, ply: usize) -> Value {
    if value >= PROVEN_BOUND {
        value - ply as Value
    } else if value <= -PROVEN_BOUND {
        value + ply as Value
    } else {
        value
    }
}

/// The score of a position or move, from the side to move's view.
///
/// Scores are ordered: every loss is below every heuristic value, which is
/// below every win; shorter wins are better and longer losses are better. A
/// proven draw sits just above the heuristic value 0.
///
/// ```
/// use oware_search::{Proven, Score};
/// let win = Score::win_in(7);
/// assert_eq!(win.proven(), Some(Proven::Win { plies: 7 }));
/// assert!(win > Score::from_seeds(20.0) && Score::from_seeds(20.0) > Score::loss_in(3));
/// assert_eq!(Score::from_seeds(2.5).to_string(), "+2.50");
/// assert_eq!(Score::PROVEN_DRAW.proven(), Some(Proven::Draw));
/// assert_eq!(Score::from_seeds(0.0).proven(), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(i32);

/// A result the search has proved, whatever the opponent does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Proven {
    /// The side to move can force a win within `plies` plies (moves of either side).
    Win {
        /// Plies to the end of the game with best play.
        plies: u32,
    },
    /// The opponent can force a win within `plies` plies.
    Loss {
        /// Plies to the end of the game with best play.
        plies: u32,
    },
    /// Neither side can do better than a draw.
    Draw,
}

/// Centi-seeds of a proven win at the root; a win in `n` plies reports `BIG_CENTI - n`.
const BIG_CENTI: i32 = 100_000;

/// The score's flag bits below the value.
const FLAG_BITS: u32 = 2;
/// Set for a proven draw.
const DRAW_BIT: i32 = 1;
/// Set for a likely win or loss ([`Score::is_likely`]).
const DOUBT_BIT: i32 = 2;

impl Score {
    /// A proven draw.
    pub const PROVEN_DRAW: Score = Score(DRAW_BIT);

    /// The score of a search value (never a proven draw).
    #[inline]
    pub(crate) const fn from_value(value: Value) -> Score {
        Score(value << FLAG_BITS)
    }

    /// The search value behind the score (a proven draw is 0).
    #[inline]
    pub(crate) const fn value(self) -> Value {
        self.0 >> FLAG_BITS
    }

    /// This win or loss as a likely one: found through results the game's
    /// history may contradict (see the module docs). Other scores are kept.
    ///
    /// ```
    /// use oware_search::Score;
    /// assert!(Score::win_in(5).doubted().is_likely());
    /// assert!(!Score::from_seeds(1.0).doubted().is_likely());
    /// ```
    #[inline]
    #[must_use]
    pub const fn doubted(self) -> Score {
        if is_decisive(self.value()) {
            Score(self.0 | DOUBT_BIT)
        } else {
            self
        }
    }

    /// Whether this is a likely win or loss, not a proven one: the search
    /// plays toward it, but no claim rests on it ([`proven`](Score::proven)
    /// is `None`).
    ///
    /// ```
    /// use oware_search::Score;
    /// assert!(!Score::win_in(3).is_likely());
    /// ```
    #[must_use]
    pub const fn is_likely(self) -> bool {
        self.0 & DOUBT_BIT != 0
    }

    /// A forced win in `plies` plies for the side to move.
    #[must_use]
    pub const fn win_in(plies: u32) -> Score {
        Score::from_value(win_in(plies as usize))
    }

    /// A forced loss in `plies` plies for the side to move.
    #[must_use]
    pub const fn loss_in(plies: u32) -> Score {
        Score::from_value(loss_in(plies as usize))
    }

    /// A heuristic score of `seeds` seeds (rounded to the search's resolution).
    #[must_use]
    pub fn from_seeds(seeds: f32) -> Score {
        let value = (seeds * SEED as f32).round() as Value;
        Score::from_value(value.clamp(-PROVEN_BOUND + 1, PROVEN_BOUND - 1))
    }

    /// The proven result, or `None` for a heuristic score. For a result
    /// an endgame database proved ([`Score::is_endgame`]), `plies` counts
    /// the plies to the database position, not to the end of the game.
    #[must_use]
    pub const fn proven(self) -> Option<Proven> {
        if self.is_likely() {
            None
        } else {
            self.result()
        }
    }

    /// The result the value stands for, proven or [likely](Score::is_likely):
    /// a win or loss with its plies, a proven draw, or `None` for a
    /// heuristic score. What the search plays toward; only
    /// [`proven`](Score::proven) may be claimed.
    #[must_use]
    pub const fn result(self) -> Option<Proven> {
        let value = self.value();
        if self.0 == Score::PROVEN_DRAW.0 {
            Some(Proven::Draw)
        } else if value >= MATE_BOUND {
            Some(Proven::Win {
                plies: (MATE - value) as u32,
            })
        } else if value <= -MATE_BOUND {
            Some(Proven::Loss {
                plies: (MATE + value) as u32,
            })
        } else if value >= PROVEN_BOUND {
            Some(Proven::Win {
                plies: (ENDGAME_WIN - value) as u32,
            })
        } else if value <= -PROVEN_BOUND {
            Some(Proven::Loss {
                plies: (ENDGAME_WIN + value) as u32,
            })
        } else {
            None
        }
    }

    /// A forced win found in an endgame database `plies` plies away (the
    /// distance to the end of the game unknown).
    #[must_use]
    pub const fn endgame_win_in(plies: u32) -> Score {
        Score::from_value(ENDGAME_WIN - plies as Value)
    }

    /// Whether this is a win or loss an endgame database proved: its
    /// distance to the end of the game is not known.
    #[must_use]
    pub const fn is_endgame(self) -> bool {
        let magnitude = self.value().abs();
        magnitude >= PROVEN_BOUND && magnitude < MATE_BOUND
    }

    /// Whether two scores have the same value, ignoring whether a draw is
    /// proven (a proven draw has the value of a heuristic 0): how search
    /// results are compared with [`minimax`](crate::minimax::minimax).
    #[must_use]
    pub const fn same_value(self, other: Score) -> bool {
        self.value() == other.value()
    }

    /// Whether this is a proven win or loss (not a draw).
    #[must_use]
    pub const fn is_decisive(self) -> bool {
        is_decisive(self.value())
    }

    /// The value in seeds, for display such as `+2.5`: heuristic scores as
    /// they are; a proven win in `n` plies maps to `1000 - n / 100`, a loss to
    /// its negation, a proven draw to 0.
    #[must_use]
    pub fn seeds(self) -> f32 {
        self.to_centi() as f32 / 100.0
    }

    /// The value in hundredths of a seed, for a protocol's `score cp X`:
    /// proven wins and losses map to `±(100000 - plies)`, those an endgame
    /// database proved to `±(50000 - plies)`.
    #[must_use]
    pub const fn to_centi(self) -> i32 {
        if self.is_endgame() {
            return match self.result() {
                Some(Proven::Win { plies }) => BIG_CENTI / 2 - plies as i32,
                Some(Proven::Loss { plies }) => -(BIG_CENTI / 2 - plies as i32),
                _ => 0,
            };
        }
        match self.result() {
            Some(Proven::Win { plies }) => BIG_CENTI - plies as i32,
            Some(Proven::Loss { plies }) => -(BIG_CENTI - plies as i32),
            Some(Proven::Draw) => 0,
            None => rounded_centi(self.value()),
        }
    }

    /// The score from the other seat's view (a proven draw stays one).
    #[must_use]
    pub const fn flip(self) -> Score {
        if self.0 == Score::PROVEN_DRAW.0 {
            self
        } else {
            Score(Score::from_value(-self.value()).0 | (self.0 & DOUBT_BIT))
        }
    }
}

impl fmt::Debug for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Score({self})")
    }
}

/// A heuristic `value` in hundredths of a seed, rounded to the nearest
/// (halves away from zero): the one rounding rule behind every way a score
/// is shown, as text, as seeds or as the protocol's centiseeds.
const fn rounded_centi(value: Value) -> i32 {
    let hundredfold = value * 100;
    (hundredfold + hundredfold.signum() * (SEED / 2)) / SEED
}

impl fmt::Display for Score {
    /// `+2.50` for heuristic scores, `win in 7`, `loss in 4` or `draw` for
    /// proven ones, `database win` or `database loss` for those a database
    /// proved, each win or loss with `likely ` before it when it is one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_likely() {
            f.write_str("likely ")?;
        }
        if self.is_endgame() {
            return f.write_str(if self.value() > 0 {
                "database win"
            } else {
                "database loss"
            });
        }
        match self.result() {
            Some(Proven::Win { plies }) => write!(f, "win in {plies}"),
            Some(Proven::Loss { plies }) => write!(f, "loss in {plies}"),
            Some(Proven::Draw) => f.write_str("draw"),
            None => {
                // The hundredths of `to_centi`, so the text and the number
                // a program reads (`seeds`, the protocol's `cp`) agree.
                let centi = self.to_centi();
                let sign = if centi < 0 { '-' } else { '+' };
                let centi = centi.unsigned_abs();
                write!(f, "{sign}{}.{:02}", centi / 100, centi % 100)
            }
        }
    }
}

/// A score in a narrow space (a column of a table, the chalk under a
/// house): `+1.50`, `win 12`, `loss 12`, `draw`, `win db` or `loss db` for
/// a database's result (no known distance), and a likely result (no proof:
/// the game's history may contradict it) with a question mark, `win 12?`.
///
/// ```
/// use oware_search::{Score, Short};
/// assert_eq!(format!("{:>8}", Short(Score::from_seeds(1.5))), "   +1.50");
/// assert_eq!(Short(Score::win_in(12)).to_string(), "win 12");
/// assert_eq!(Short(Score::win_in(12).doubted()).to_string(), "win 12?");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Short(pub Score);

impl fmt::Display for Short {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let score = self.0;
        let mut text = match score.result() {
            Some(Proven::Win { .. }) if score.is_endgame() => "win db".to_owned(),
            Some(Proven::Loss { .. }) if score.is_endgame() => "loss db".to_owned(),
            Some(Proven::Win { plies }) => format!("win {plies}"),
            Some(Proven::Loss { plies }) => format!("loss {plies}"),
            Some(Proven::Draw) => "draw".to_owned(),
            None => score.to_string(),
        };
        if score.is_likely() {
            text.push('?');
        }
        f.pad(&text)
    }
}

impl fmt::Display for Proven {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Proven::Win { plies } => write!(f, "win in {plies}"),
            Proven::Loss { plies } => write!(f, "loss in {plies}"),
            Proven::Draw => f.write_str("draw"),
        }
    }
}

#[cfg(test)]
mod tests;
