//! A position: a board and the seat to move, with legal moves and play.

use core::fmt;

use crate::board::Board;
use crate::feeding;
use crate::house::{House, HouseSet};
use crate::lanes;
use crate::outcome::{EndReason, Outcome, WINNING_STORE};
use crate::rules::Rules;
use crate::seat::Seat;

/// A board and the seat to move: everything the rules need to list and play
/// moves, without the game's history (for that, see [`Game`](crate::Game)).
///
/// Three ways to play a move, as in every serious move generator:
/// [`play_abapa`](Position::play_abapa) checks and returns an error,
/// [`play_unchecked`](Position::play_unchecked) trusts the caller (the
/// search's hot path), and [`Game::play`](crate::Game::play) adds history.
///
/// ```
/// use oware_core::{House, Position, Seat};
/// let position = Position::OPENING.play_abapa(House::E)?;
/// assert_eq!(position.to_move(), Seat::North);
/// assert_eq!(position.legal_moves_abapa().len(), 6);
/// assert!(position.play_abapa(House::A).is_err()); // not North's house
/// # Ok::<(), oware_core::IllegalMove>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    to_move: Seat,
}

/// Why a move was refused. The position it was tried on is unchanged.
///
/// Unlike the crate's other errors, not `#[non_exhaustive]`: its variants
/// are the reasons of RULES.md section 5, and a program that answers each
/// reason (the check of oware-reference against this crate does) should
/// fail to compile when the rules gain one, rather than miss it.
///
/// ```
/// use oware_core::{House, IllegalMove, Position, Seat};
/// let position = Position::OPENING.play_abapa(House::E)?; // North to move, E empty
/// assert_eq!(
///     position.play_abapa(House::E),
///     Err(IllegalMove::NotYourHouse { house: House::E, to_move: Seat::North })
/// );
/// let position = position.play_abapa(House::a)?; // into b, c, d, e, f
/// let error = position.play_abapa(House::E).unwrap_err();
/// assert_eq!(error, IllegalMove::EmptyHouse(House::E));
/// assert_eq!(error.to_string(), "house E is empty");
/// # Ok::<(), IllegalMove>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The game is already over.
    GameOver,
    /// The house belongs to the other seat.
    NotYourHouse {
        /// The house that was picked.
        house: House,
        /// The seat to move.
        to_move: Seat,
    },
    /// The house holds no seed.
    EmptyHouse(House),
    /// The opponent's row is empty and this move would leave it so.
    MustFeed(House),
    /// Under [`GrandSlam::Forbidden`](crate::GrandSlam::Forbidden), the move would capture the opponent's
    /// whole row while another move does not.
    GrandSlam(House),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalMove::GameOver => f.write_str("the game is over"),
            IllegalMove::NotYourHouse { house, to_move } => write!(
                f,
                "house {house} is {}'s, and {to_move} is to move",
                house.seat()
            ),
            IllegalMove::EmptyHouse(house) => write!(f, "house {house} is empty"),
            IllegalMove::MustFeed(house) => write!(
                f,
                "house {house} does not reach the opponent's empty row, and a move that feeds it must be played"
            ),
            IllegalMove::GrandSlam(house) => write!(
                f,
                "house {house} would capture the opponent's whole row (a grand slam), which these rules forbid"
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// 1 seed in each house lane (its bit then marks a house that is not empty)
/// and 25 in each store lane (a store that has won).
const NOT_EMPTY_OR_WON: u128 = (lanes::ONES & ((1 << 96) - 1)) | 0x1919 << 96;

/// The store bits of a lane mask.
const WON: u16 = 0b11 << 12;

impl Position {
    /// The opening, South to move.
    ///
    /// ```
    /// use oware_core::{perft, Board, Position, Rules, Seat};
    /// assert_eq!(Position::OPENING.board(), Board::OPENING);
    /// assert_eq!(Position::OPENING.legal_moves_abapa(), Seat::South.houses());
    /// assert_eq!(perft(Position::OPENING, 2, &Rules::ABAPA), 36);
    /// ```
    pub const OPENING: Position = Position {
        board: Board::OPENING,
        to_move: Seat::South,
    };

    /// The position with `board` and `to_move` to play.
    ///
    /// ```
    /// use oware_core::{Board, Position, Seat};
    /// // The opening board, but North to move: a set-up position.
    /// let position = Position::new(Board::OPENING, Seat::North);
    /// assert_eq!(position.legal_moves_abapa(), Seat::North.houses());
    /// assert_ne!(position, Position::OPENING);
    /// ```
    #[must_use]
    pub const fn new(board: Board, to_move: Seat) -> Position {
        Position { board, to_move }
    }

    /// The board.
    ///
    /// ```
    /// use oware_core::{House, Position, Seat};
    /// let board = Position::OPENING.play_abapa(House::E)?.board();
    /// assert_eq!(board[House::E], 0);
    /// assert_eq!(board.seeds_on_side(Seat::North), 27);
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn board(self) -> Board {
        self.board
    }

    /// The seat to move.
    ///
    /// ```
    /// use oware_core::{House, Position, Seat};
    /// assert_eq!(Position::OPENING.to_move(), Seat::South);
    /// let position = Position::OPENING.play_abapa(House::E)?;
    /// assert_eq!(position.to_move(), Seat::North);
    /// assert_eq!(position.play_abapa(House::c)?.to_move(), Seat::South);
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn to_move(self) -> Seat {
        self.to_move
    }

    /// The legal moves under Abapa's grand-slam rule (a grand slam is legal
    /// and captures nothing), as a set: no allocation. Empty when the game
    /// is over.
    ///
    /// These are the legal moves under every preset but `awari` and
    /// `awari-split`, which forbid a grand slam unless it is forced: for
    /// those, and for any [`Rules`], use
    /// [`legal_moves_under`](Position::legal_moves_under) (or a
    /// [`Game`](crate::Game), which knows its rules). The name says
    /// `abapa` so that no caller takes it for every rule set's answer.
    ///
    /// ```
    /// use oware_core::{Board, House, Position, Seat};
    /// // North's row is empty: only houses whose seeds reach it may be sown.
    /// let mut cells = [0u8; 14];
    /// cells[House::A.index()] = 5; // reaches F only
    /// cells[House::C.index()] = 4; // reaches a
    /// cells[12] = 20;
    /// cells[13] = 19;
    /// let position = Position::new(Board::from_cells(cells)?, Seat::South);
    /// assert_eq!(position.legal_moves_abapa().iter().collect::<Vec<_>>(), [House::C]);
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn legal_moves_abapa(self) -> HouseSet {
        let lanes = self.board.lanes();
        // One vector compare marks the houses that are not empty and the
        // stores that hold 25 or more.
        let marks = lanes::at_least(lanes, NOT_EMPTY_OR_WON);
        let own = self.to_move.houses().bits();
        let opponent = self.to_move.opponent().houses().bits();
        if marks & WON != 0 {
            return HouseSet::EMPTY;
        }
        if marks & opponent != 0 {
            return HouseSet::from_bits(marks & own);
        }
        // The opponent's row is empty: only moves that reach it are legal.
        HouseSet::from_bits(feeding::reaching_the_other_row(lanes) & own)
    }

    /// Plays `house` under Abapa's grand-slam rule, checking that it is
    /// legal; for `awari`, `awari-split` or any [`Rules`], use
    /// [`play_under`](Position::play_under).
    ///
    /// # Errors
    /// An [`IllegalMove`] naming the first reason that applies, in this
    /// order: the game is over, the house is the opponent's, it is empty, it
    /// does not feed an opponent who must be fed. `self` is unchanged.
    ///
    /// ```
    /// use oware_core::{Board, House, IllegalMove, Position, Seat};
    /// // North's row is empty: A (5 seeds) stops at F, C (4 seeds) reaches a.
    /// let board = Board::from_cells([5, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20, 19])?;
    /// let position = Position::new(board, Seat::South);
    /// assert_eq!(position.play_abapa(House::A), Err(IllegalMove::MustFeed(House::A)));
    /// let fed = position.play_abapa(House::C)?;
    /// assert_eq!(fed.board()[House::a], 1);
    /// assert_eq!(fed.to_move(), Seat::North);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_abapa(self, house: House) -> Result<Position, IllegalMove> {
        self.play_under(house, &Rules::ABAPA)
    }

    /// Plays `house` under `rules`, checking that it is legal; as
    /// [`play_abapa`](Position::play_abapa), and a forbidden grand slam is refused last.
    ///
    /// # Errors
    /// As [`play_abapa`](Position::play_abapa), plus [`IllegalMove::GrandSlam`].
    ///
    /// ```
    /// use oware_core::{Board, House, IllegalMove, Position, Rules, Seat};
    /// // South's F (3 seeds) would make a, b, c hold 2, 3, 2: North's whole row.
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 3, 1, 2, 1, 0, 0, 0, 16, 20])?;
    /// let position = Position::new(board, Seat::South);
    /// // Abapa: legal, and nothing is taken.
    /// let after = position.play_under(House::F, &Rules::ABAPA)?;
    /// assert_eq!(after.board().stores(), board.stores());
    /// assert_eq!(after.board()[House::b], 3);
    /// // Awari: refused, since A is not a grand slam.
    /// let refused = position.play_under(House::F, &Rules::AWARI);
    /// assert_eq!(refused, Err(IllegalMove::GrandSlam(House::F)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_under(self, house: House, rules: &Rules) -> Result<Position, IllegalMove> {
        let moves = self.legal_moves_abapa();
        if moves.contains(house) {
            return if self.is_forbidden_grand_slam(house, rules) {
                Err(IllegalMove::GrandSlam(house))
            } else {
                Ok(self.play_unchecked(house))
            };
        }
        Err(if self.is_over() {
            IllegalMove::GameOver
        } else if house.seat() != self.to_move {
            IllegalMove::NotYourHouse {
                house,
                to_move: self.to_move,
            }
        } else if self.board.seeds(house) == 0 {
            IllegalMove::EmptyHouse(house)
        } else {
            IllegalMove::MustFeed(house)
        })
    }

    /// Plays `house` without checking it: sow, capture (a grand slam
    /// captures nothing), and pass the turn.
    ///
    /// The caller guarantees that `house` is in
    /// [`legal_moves_abapa`](Position::legal_moves_abapa) (or
    /// [`legal_moves_under`](Position::legal_moves_under)). Otherwise the
    /// result is unspecified — though memory-safe — and may break the
    /// board's invariants.
    ///
    /// ```
    /// use oware_core::Position;
    /// // The search's inner loop: play each legal move without re-checking it.
    /// let replies: usize = Position::OPENING
    ///     .legal_moves_abapa()
    ///     .iter()
    ///     .map(|house| Position::OPENING.play_unchecked(house).legal_moves_abapa().len())
    ///     .sum();
    /// assert_eq!(replies, 36); // perft(2) from RULES.md
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn play_unchecked(self, house: House) -> Position {
        let sowing = self.board.sow_unchecked(house);
        // Most moves capture nothing: one test of the last house (the
        // opponent's, now holding 2 or 3) skips the chain's work for them.
        // `|`, not `||`, so that this is a single branch.
        let last_seeds = sowing.board.seeds(sowing.last);
        if (sowing.last.seat() == self.to_move) | (last_seeds.wrapping_sub(2) > 1) {
            return Position {
                board: sowing.board,
                to_move: self.to_move.opponent(),
            };
        }
        let chain = sowing
            .board
            .capture_chain(self.to_move, sowing.last)
            .unless_grand_slam(sowing.board);
        let board = chain.take(sowing.board, self.to_move);
        Position {
            board,
            to_move: self.to_move.opponent(),
        }
    }

    /// Whether the game is over without looking at history: a store of 25 or
    /// more, 24 each, or no legal move.
    ///
    /// ```
    /// use oware_core::{Board, Position, Seat};
    /// assert!(!Position::OPENING.is_over());
    /// // North's row is empty and South's B (3 seeds) cannot reach it.
    /// let board = Board::from_cells([0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 23, 22])?;
    /// assert!(Position::new(board, Seat::South).is_over());
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn is_over(self) -> bool {
        // 24–24 leaves the houses empty, so it has no legal move either.
        self.legal_moves_abapa().is_empty()
    }

    /// The outcome if the game is over without looking at history (see
    /// [`is_over`](Position::is_over)), or `None`.
    ///
    /// ```
    /// use oware_core::{Board, EndReason, Position, Seat};
    /// assert_eq!(Position::OPENING.outcome(), None);
    /// // South cannot feed North, so South takes the 3 seeds of its own row.
    /// let board = Board::from_cells([0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 23, 22])?;
    /// let outcome = Position::new(board, Seat::South).outcome().expect("no legal move");
    /// assert_eq!(outcome.reason, EndReason::NoLegalMove);
    /// assert_eq!(outcome.winner, Some(Seat::South));
    /// assert_eq!(outcome.to_string(), "South wins 26–22 (the opponent could not be fed)");
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    pub fn outcome(self) -> Option<Outcome> {
        let stores = self.board.stores();
        let reason = if stores.south >= WINNING_STORE || stores.north >= WINNING_STORE {
            EndReason::Reached25
        } else if stores.south == 24 && stores.north == 24 {
            EndReason::Draw24
        } else if self.legal_moves_abapa().is_empty() {
            // Only a set-up can leave the mover no seeds at all.
            if self.board.seeds_on_side(self.to_move) == 0 {
                EndReason::NoSeeds
            } else {
                EndReason::NoLegalMove
            }
        } else {
            return None;
        };
        // None of these ends shares seeds by a rule-set choice: 25 and
        // 24–24 share none, and no legal move gives the mover their own row
        // under every rule set, so abapa answers for all.
        Some(Outcome::ended(self.board, reason, &Rules::ABAPA))
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::OPENING
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position({:?}, {} to move)",
            self.board.to_cells(),
            self.to_move
        )
    }
}

impl fmt::Display for Position {
    /// The board as RULES.md text, then a line naming the seat to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\n{} to move", self.board, self.to_move)
    }
}
