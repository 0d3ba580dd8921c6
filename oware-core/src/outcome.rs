//! How a game ended and who won.

use core::fmt;

use crate::board::Board;
use crate::seat::{BySeat, Seat};

/// Seeds that win at once.
///
/// ```
/// use oware_core::{Board, EndReason, Position, Seat, WINNING_STORE};
/// // More than half of the 48: the other side can no longer catch up.
/// assert!(2 * u32::from(WINNING_STORE) > 48);
/// let with_north_store = |north| {
///     let cells = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 46 - north, north];
///     Position::new(Board::from_cells(cells).unwrap(), Seat::South)
/// };
/// assert_eq!(with_north_store(WINNING_STORE - 1).outcome(), None);
/// let outcome = with_north_store(WINNING_STORE).outcome().unwrap();
/// assert_eq!((outcome.winner, outcome.reason), (Some(Seat::North), EndReason::Reached25));
/// ```
pub const WINNING_STORE: u8 = 25;

/// Why a game ended.
///
/// ```
/// use oware_core::{Board, EndReason, Position, Seat};
/// // The houses are empty and each store holds 24.
/// let board = Board::from_cells([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 24, 24])?;
/// let outcome = Position::new(board, Seat::South).outcome().unwrap();
/// assert_eq!(outcome.reason, EndReason::Draw24);
/// assert_eq!(outcome.winner, None);
/// assert_eq!(outcome.reason.to_string(), "24 seeds each");
/// # Ok::<(), oware_core::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A player captured 25 or more seeds.
    Reached25,
    /// Both players captured 24.
    Draw24,
    /// The seat to move had no legal move: the opponent's row was empty and
    /// no move could feed it (or, in a set-up position, the mover's own row
    /// was empty). Each player takes the seeds in their own row.
    NoLegalMove,
    /// A position occurred for the third time; each player takes their row.
    Repetition,
    /// A position occurred again, which ends the game under Aualé's rule
    /// ([`Rules::AUALE`](crate::Rules::AUALE)); each player takes their row.
    FirstRepetition,
    /// Too many consecutive moves without a capture; each player takes their row.
    MoveLimit,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Reached25 => "25 seeds captured",
            EndReason::Draw24 => "24 seeds each",
            EndReason::NoLegalMove => "the opponent could not be fed",
            EndReason::Repetition => "third repetition",
            EndReason::FirstRepetition => "a position repeated",
            EndReason::MoveLimit => "move limit reached",
        })
    }
}

/// The end of a game: the winner (none for a draw), why, and each seat's
/// final seed count.
///
/// ```
/// use oware_core::{EndReason, Game, Position, Rules, Seat};
/// let mut cells = [0u8; 14];
/// cells[0] = 1; // South: one seed in A; North's row is empty
/// cells[12] = 22;
/// cells[13] = 25;
/// let position = Position::new(cells.try_into()?, Seat::South);
/// let outcome = position.outcome().expect("North has 25");
/// assert_eq!(outcome.winner, Some(Seat::North));
/// assert_eq!(outcome.reason, EndReason::Reached25);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Why the game ended.
    pub reason: EndReason,
    /// Each seat's final count: the store, plus the seeds in their own row
    /// when the rule that ended the game gives them to the row's owner.
    pub seeds: BySeat<u8>,
}

impl Outcome {
    /// The outcome when the game ends for `reason` on `board`.
    pub(crate) fn new(board: Board, reason: EndReason) -> Outcome {
        let mut seeds = board.stores();
        if !matches!(reason, EndReason::Reached25 | EndReason::Draw24) {
            for seat in Seat::ALL {
                seeds[seat] += board.seeds_on_side(seat);
            }
        }
        Outcome {
            winner: more_seeds(seeds),
            reason,
            seeds,
        }
    }

    /// The winner of a game stopped on `board` with each player taking the
    /// seeds in their own row: the seat holding more seeds (its store plus
    /// its row), or `None` when both hold 24. This is how repetition, the
    /// move limit and no feeding move end a game, and how a tool judges a
    /// game it stops early.
    ///
    /// ```
    /// use oware_core::{Board, Outcome, Seat};
    /// // South holds 10 + 3 = 13, North 30 + 5 = 35.
    /// let board = Board::from_cells([3, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 10, 30])?;
    /// assert_eq!(Outcome::adjudicate(board), Some(Seat::North));
    /// assert_eq!(Outcome::adjudicate(Board::OPENING), None);
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn adjudicate(board: Board) -> Option<Seat> {
        more_seeds(BySeat::new(
            board.store(Seat::South) + board.seeds_on_side(Seat::South),
            board.store(Seat::North) + board.seeds_on_side(Seat::North),
        ))
    }
}

/// The seat with more seeds, or `None` when even.
#[inline]
fn more_seeds(seeds: BySeat<u8>) -> Option<Seat> {
    match seeds.south.cmp(&seeds.north) {
        core::cmp::Ordering::Greater => Some(Seat::South),
        core::cmp::Ordering::Less => Some(Seat::North),
        core::cmp::Ordering::Equal => None,
    }
}

impl fmt::Display for Outcome {
    /// For example `South wins 26–20 (25 seeds captured)` or `draw 24–24 (24 seeds each)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let BySeat { south, north } = self.seeds;
        match self.winner {
            Some(seat) => write!(f, "{seat} wins")?,
            None => f.write_str("draw")?,
        }
        write!(f, " {south}–{north} ({})", self.reason)
    }
}
