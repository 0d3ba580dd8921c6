//! How a game ended and who won.

use core::fmt;

use crate::board::Board;
use crate::rules::Rules;
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
    /// no move could feed it. Each player takes the seeds in their own row
    /// (the mover's, as the opponent's is empty).
    NoLegalMove,
    /// The seat to move had no seeds to sow: its own row was empty, which
    /// only a set-up position can give it (a move that empties the mover's
    /// row leaves the opponent to feed it). Each player takes the seeds in
    /// their own row (the opponent's, as the mover's is empty).
    NoSeeds,
    /// A position occurred for the third time. The seeds left are shared
    /// as the rule set's [`repetition_share`](Rules::repetition_share)
    /// says: each player's own row, or split evenly
    /// ([`Rules::AWARI_SPLIT`]).
    Repetition,
    /// A position occurred again, which ends the game under Aualé's rule
    /// ([`Rules::AUALE`]); the seeds left are shared as for
    /// [`Repetition`](EndReason::Repetition) (each player's own row there).
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
            EndReason::NoSeeds => "no seeds to sow",
            EndReason::Repetition => "third repetition",
            EndReason::FirstRepetition => "a position repeated",
            EndReason::MoveLimit => "move limit reached",
        })
    }
}

/// Who wins a game, or would with best play: one seat, or neither (a
/// draw). Where a result may also be unknown, it is an `Option<Winner>`.
///
/// ```
/// use oware_core::{Seat, Winner};
/// assert_eq!(Winner::from(Some(Seat::North)), Winner::Seat(Seat::North));
/// assert_eq!(Winner::from(None), Winner::Draw);
/// assert_eq!(Winner::Draw.seat(), None);
/// assert_eq!(Winner::Seat(Seat::South).to_string(), "South wins");
/// assert_eq!(Winner::Draw.to_string(), "draw");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    /// This seat wins.
    Seat(Seat),
    /// Neither seat wins: a draw.
    Draw,
}

impl Winner {
    /// The winning seat, or `None` for a draw (the form of
    /// [`Outcome::winner`]).
    #[must_use]
    pub fn seat(self) -> Option<Seat> {
        match self {
            Winner::Seat(seat) => Some(seat),
            Winner::Draw => None,
        }
    }
}

impl From<Option<Seat>> for Winner {
    /// A seat wins; `None` is a draw.
    fn from(seat: Option<Seat>) -> Winner {
        seat.map_or(Winner::Draw, Winner::Seat)
    }
}

impl fmt::Display for Winner {
    /// `South wins`, `North wins` or `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Winner::Seat(seat) => write!(f, "{seat} wins"),
            Winner::Draw => f.write_str("draw"),
        }
    }
}

/// How the seeds still in the houses are shared out when a game ends with
/// some left: by repetition, the move limit or no legal move.
///
/// ```
/// use oware_core::{Rules, Share};
/// assert_eq!(Rules::AWARI.repetition_share(), Share::OwnRows);
/// assert_eq!(Rules::AWARI_SPLIT.repetition_share(), Share::Evenly);
/// assert_eq!(Share::Evenly.to_string(), "the seeds left split evenly");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Share {
    /// Each player takes the seeds in their own row.
    OwnRows,
    /// The seeds left are split evenly, half to each player, whoever's row
    /// they are in (Romein and Bal's awari). With an odd number left, the
    /// odd seed is split too, half a seed each, so the stores alone decide.
    Evenly,
}

impl fmt::Display for Share {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Share::OwnRows => "each player taking their own row",
            Share::Evenly => "the seeds left split evenly",
        })
    }
}

/// The end of a game: the winner (none for a draw), why, each seat's final
/// seed count and how the seeds left on the board were shared.
///
/// The winner is always the seat with the larger count in `seeds`, and a
/// draw means equal counts.
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
/// assert_eq!(outcome.share, None); // the stores alone decide
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw (as a [`Winner`]:
    /// `Winner::from(outcome.winner)`).
    pub winner: Option<Seat>,
    /// Why the game ended.
    pub reason: EndReason,
    /// Each seat's final count: the store, plus its share of the seeds left
    /// on the board (see `share`). When an odd number was split evenly, each
    /// count is rounded down: both players also hold half of the odd seed
    /// ([`half_seed_each`](Outcome::half_seed_each)).
    pub seeds: BySeat<u8>,
    /// How the seeds left on the board were shared; `None` when the game
    /// ended by the stores alone (25 seeds, or 24 each), the seeds left
    /// going to nobody.
    pub share: Option<Share>,
}

impl Outcome {
    /// The outcome when the game ends for `reason` on `board` under `rules`:
    /// the seeds left are shared as [`Rules::share`] says for `reason`.
    ///
    /// ```
    /// use oware_core::{Board, EndReason, Outcome, Rules, Seat, Share};
    /// // 20 and 21 in the stores, 7 seeds left, 6 of them in South's row.
    /// let board = Board::from_cells([6, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 20, 21])?;
    /// let own_rows = Outcome::ended(board, EndReason::Repetition, &Rules::AWARI);
    /// assert_eq!((own_rows.winner, own_rows.seeds.south), (Some(Seat::South), 26));
    /// // Split evenly: 3½ each, so North's larger store wins, 23½–24½.
    /// let split = Outcome::ended(board, EndReason::Repetition, &Rules::AWARI_SPLIT);
    /// assert_eq!(split.winner, Some(Seat::North));
    /// assert_eq!((split.seeds.south, split.seeds.north), (23, 24));
    /// assert_eq!(split.share, Some(Share::Evenly));
    /// assert!(split.half_seed_each());
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    pub fn ended(board: Board, reason: EndReason, rules: &Rules) -> Outcome {
        let share = rules.share(reason);
        let mut seeds = board.stores();
        match share {
            None => {}
            Some(Share::OwnRows) => {
                for seat in Seat::ALL {
                    seeds[seat] += board.seeds_on_side(seat);
                }
            }
            Some(Share::Evenly) => {
                let left = board.seeds_on_side(Seat::South) + board.seeds_on_side(Seat::North);
                for seat in Seat::ALL {
                    seeds[seat] += left / 2;
                }
            }
        }
        // Both halves are rounded down alike, so the counts compare as the
        // exact ones do.
        Outcome {
            winner: more_seeds(seeds),
            reason,
            seeds,
            share,
        }
    }

    /// Whether the seeds left were an odd number split evenly, so that each
    /// player holds half a seed more than [`seeds`](Outcome::seeds) says.
    /// The stores then differ (48 is even), and decide the game alone.
    ///
    /// ```
    /// use oware_core::{Board, EndReason, Outcome, Rules};
    /// let board = Board::from_cells([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 23, 23])?;
    /// let split = Outcome::ended(board, EndReason::Repetition, &Rules::AWARI_SPLIT);
    /// assert!(!split.half_seed_each()); // two seeds: one each
    /// assert_eq!(split.to_string(), "draw 24–24 (third repetition, the seeds left split evenly)");
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    pub fn half_seed_each(&self) -> bool {
        // Whole halves of an even number leave all 48 counted; an odd
        // number leaves one seed out of the rounded-down counts.
        self.share == Some(Share::Evenly)
            && u32::from(self.seeds.south) + u32::from(self.seeds.north)
                < u32::from(crate::TOTAL_SEEDS)
    }

    /// The winner of a game stopped on `board` with each player taking the
    /// seeds in their own row: the seat holding more seeds (its store plus
    /// its row), or `None` when both hold 24. This is how the move limit and
    /// no feeding move end a game, and repetition under every preset but
    /// [`Rules::AWARI_SPLIT`] (see [`Outcome::ended`] for any rule set); it
    /// is also how a tool judges a game it stops early.
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
    /// For example `South wins 26–20 (25 seeds captured)`, `draw 24–24 (24
    /// seeds each)`, or with an odd number of seeds split evenly,
    /// `North wins 23½–24½ (third repetition, the seeds left split evenly)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let BySeat { south, north } = self.seeds;
        let half = if self.half_seed_each() { "½" } else { "" };
        let winner = Winner::from(self.winner);
        write!(f, "{winner} {south}{half}–{north}{half} ({}", self.reason)?;
        if self.share == Some(Share::Evenly) {
            write!(f, ", {}", Share::Evenly)?;
        }
        f.write_str(")")
    }
}
