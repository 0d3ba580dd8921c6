//! The grand slam: a move whose capture would take every seed in the
//! opponent's row. Under Abapa ([`GrandSlam::CapturesNothing`]) it is legal
//! and captures nothing, the sown seeds staying where they fell; under the
//! Awari rule set ([`GrandSlam::Forbidden`]) it is illegal unless every
//! legal move is one, and then it is played and captures nothing.
//!
//! ```
//! use oware_core::{Board, House, Position, Rules, Seat};
//! // South's F (3 seeds) makes a, b, c hold 2, 3, 2: all of North's seeds.
//! let board = Board::from_cells([5, 0, 0, 0, 0, 3, 1, 2, 1, 0, 0, 0, 16, 20])?;
//! let position = Position::new(board, Seat::South);
//! let after = position.play_abapa(House::F)?;
//! assert_eq!(after.board().stores(), board.stores()); // nothing taken
//! assert!(position.captures(House::F).is_empty());
//! assert_eq!(position.legal_moves_under(&Rules::AWARI).to_string(), "A");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::Board;
use crate::capture::{Chain, non_empty_houses};
use crate::house::{House, HouseSet};
use crate::position::Position;
use crate::rules::Rules;

/// What a move that would capture every seed in the opponent's row does.
///
/// ```
/// use oware_core::{Board, GrandSlam, House, Position, Rules, Seat};
/// // South's F (3 seeds) would make a, b, c hold 2, 3, 2: North's whole row.
/// let board = Board::from_cells([5, 0, 0, 0, 0, 3, 1, 2, 1, 0, 0, 0, 16, 20])?;
/// let position = Position::new(board, Seat::South);
/// assert_eq!(Rules::ABAPA.grand_slam(), GrandSlam::CapturesNothing);
/// assert!(position.play_under(House::F, &Rules::ABAPA).is_ok());
/// assert_eq!(Rules::AWARI.grand_slam(), GrandSlam::Forbidden);
/// assert!(position.play_under(House::F, &Rules::AWARI).is_err());
/// # Ok::<(), oware_core::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GrandSlam {
    /// The move is legal and captures nothing; the sown seeds stay (Abapa).
    CapturesNothing,
    /// The move is illegal unless every legal move is a grand slam; when
    /// forced it is played and captures nothing (as in Awari programs).
    Forbidden,
}

impl Chain {
    /// Whether taking the chain would leave the opponent's row empty: a grand
    /// slam, which the rules turn into no capture at all (or forbid).
    ///
    /// ```
    /// use oware_core::{Board, House, Seat};
    /// // After sowing, a, b, c hold 2, 3, 2 and South's last seed fell in c.
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 0, 2, 3, 2, 4, 0, 0, 16, 16])?;
    /// let chain = board.capture_chain(Seat::South, House::c);
    /// assert!(!chain.is_grand_slam(board)); // d keeps its 4
    /// // With d empty, a, b and c are North's whole row.
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 0, 2, 3, 2, 0, 0, 0, 16, 20])?;
    /// let chain = board.capture_chain(Seat::South, House::c);
    /// assert!(chain.is_grand_slam(board));
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn is_grand_slam(self, board: Board) -> bool {
        let bits = self.house_set().bits();
        // The chain lies in one row; every other non-empty house of that row
        // would keep its seeds.
        let row = if bits & 0x3f != 0 { 0x3f } else { 0xfc0 };
        // `&`, not `&&`: both sides are cheap, and a branch here mispredicts.
        (bits != 0) & (non_empty_houses(board.lanes()) & row & !bits == 0)
    }

    /// The chain itself, or the empty chain for a grand slam: what a move
    /// actually takes under every rule set.
    #[inline]
    pub(crate) fn unless_grand_slam(self, board: Board) -> Chain {
        // Branch-free: a grand slam takes the empty chain, which takes nothing.
        if self.is_grand_slam(board) {
            Chain::EMPTY
        } else {
            self
        }
    }
}

impl Position {
    /// The legal moves under `rules`: [`legal_moves_abapa`](Position::legal_moves_abapa),
    /// less the grand slams when the rules forbid them and another move exists.
    ///
    /// ```
    /// use oware_core::{Board, Position, Rules, Seat};
    /// // South's F (3 seeds) would make a, b, c hold 2, 3, 2: North's whole row.
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 3, 1, 2, 1, 0, 0, 0, 16, 20])?;
    /// let position = Position::new(board, Seat::South);
    /// assert_eq!(position.legal_moves_under(&Rules::ABAPA).to_string(), "AF");
    /// assert_eq!(position.legal_moves_under(&Rules::AWARI).to_string(), "A");
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn legal_moves_under(self, rules: &Rules) -> HouseSet {
        let moves = self.legal_moves_abapa();
        match rules.grand_slam() {
            GrandSlam::CapturesNothing => moves,
            GrandSlam::Forbidden => {
                let others = moves.difference(self.grand_slams(moves));
                if others.is_empty() { moves } else { others }
            }
        }
    }

    /// Which of `moves` would capture the opponent's whole row.
    ///
    /// ```
    /// use oware_core::{Board, Position, Seat};
    /// // South's F (3 seeds) would make a, b, c hold 2, 3, 2: North's whole row.
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 3, 1, 2, 1, 0, 0, 0, 16, 20])?;
    /// let position = Position::new(board, Seat::South);
    /// assert_eq!(position.grand_slams(position.legal_moves_abapa()).to_string(), "F");
    /// assert!(Position::OPENING.grand_slams(Position::OPENING.legal_moves_abapa()).is_empty());
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    pub fn grand_slams(self, moves: HouseSet) -> HouseSet {
        moves
            .iter()
            .filter(|&house| {
                let sowing = self.board().sow_unchecked(house);
                sowing
                    .board
                    .capture_chain(self.to_move(), sowing.last)
                    .is_grand_slam(sowing.board)
            })
            .collect()
    }

    /// Whether `house`, a legal move under Abapa, is a grand slam that
    /// `rules` forbid here.
    #[inline]
    pub(crate) fn is_forbidden_grand_slam(self, house: House, rules: &Rules) -> bool {
        rules.grand_slam() == GrandSlam::Forbidden && !self.legal_moves_under(rules).contains(house)
    }
}
