//! Un-moves: the moves that lead to a position, found backwards, for
//! retrograde analysis (endgame databases solve positions from their
//! successors up, so they need every position one move before).
//!
//! Only quiet moves are undone, the ones that capture nothing: a capture
//! takes seeds off the board, and its parents hold more seeds than the
//! position, in another part of any database. A grand slam, which takes
//! nothing, is quiet.
//!
//! A candidate is undone by [`Board::unsow`], then held to the same
//! primitives that play forwards: [`Position::legal_moves_abapa`] (the feeding
//! rule), [`Board::capture_chain`] and [`Chain::is_grand_slam`] on the
//! board after sowing, which is the position itself when nothing is taken,
//! and [`Position::legal_moves_under`] for a grand slam the rules may
//! forbid. No candidate is played, yet each one found is exactly a move
//! that [`Position::play_under`] plays to this position.
//!
//! [`Board::unsow`]: crate::Board::unsow
//! [`Board::capture_chain`]: crate::Board::capture_chain
//! [`Chain::is_grand_slam`]: crate::Chain::is_grand_slam

use crate::grand_slam::GrandSlam;
use crate::house::{House, HouseSet};
use crate::position::Position;
use crate::rules::Rules;
use crate::sow::last_house;

/// A quiet move that leads to a position: the position before it and the
/// house sown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unmove {
    /// The position the move was played from.
    pub parent: Position,
    /// The house sown.
    pub house: House,
}

/// The quiet moves that lead to a position, from
/// [`Position::quiet_unmoves`].
#[derive(Clone, Debug)]
pub struct QuietUnmoves {
    /// The position they lead to.
    child: Position,
    /// The rules they are legal under.
    rules: Rules,
    /// The houses of the parent's mover still to undo, the current first:
    /// those empty in the child (a sowing empties its origin).
    origins: HouseSet,
    /// The seeds the current origin is tried with next.
    sown: u8,
}

impl Position {
    /// Every quiet move that leads here under `rules`: each position and
    /// house from which [`play_under`](Position::play_under) gives exactly
    /// this position and captures nothing (a grand slam included, since it
    /// takes nothing). The parents have the other seat to move and the same
    /// stores. No allocation.
    ///
    /// ```
    /// use oware_core::{House, Position, Rules};
    /// let after = Position::OPENING.play_abapa(House::E)?;
    /// let unmoves: Vec<_> = after.quiet_unmoves(&Rules::ABAPA).collect();
    /// // E, South's one empty house, was sown: the opening, whose E held
    /// // four seeds, is one of the positions it was sown from.
    /// assert!(unmoves.iter().any(|u| u.parent == Position::OPENING && u.house == House::E));
    /// for unmove in &unmoves {
    ///     assert_eq!(unmove.parent.play_under(unmove.house, &Rules::ABAPA), Ok(after));
    /// }
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    #[must_use]
    pub fn quiet_unmoves(self, rules: &Rules) -> QuietUnmoves {
        let mover = self.to_move().opponent();
        QuietUnmoves {
            child: self,
            rules: *rules,
            origins: mover.houses().difference(self.board().non_empty(mover)),
            sown: 1,
        }
    }
}

impl QuietUnmoves {
    /// Whether sowing `house` with `sown` seeds from `parent` is legal and
    /// leaves the child, whose board it gives before any capture.
    #[inline]
    fn is_quiet(&self, parent: Position, house: House, sown: u8) -> bool {
        if !parent.legal_moves_abapa().contains(house) {
            return false;
        }
        let board = self.child.board();
        let chain = board.capture_chain(parent.to_move(), last_house(house, sown));
        // A chain takes seeds unless it is a grand slam, which takes none.
        if chain.is_empty() {
            return true;
        }
        chain.is_grand_slam(board)
            && (self.rules.grand_slam() == GrandSlam::CapturesNothing
                || parent.legal_moves_under(&self.rules).contains(house))
    }
}

impl Iterator for QuietUnmoves {
    type Item = Unmove;

    #[inline]
    fn next(&mut self) -> Option<Unmove> {
        let mover = self.child.to_move().opponent();
        while let Some(house) = self.origins.first() {
            let sown = self.sown;
            let Some(before) = self.child.board().unsow(house, sown) else {
                // More seeds would drop more in every house: the next origin.
                self.origins = self.origins.without(house);
                self.sown = 1;
                continue;
            };
            self.sown += 1;
            let parent = Position::new(before, mover);
            if self.is_quiet(parent, house, sown) {
                return Some(Unmove { parent, house });
            }
        }
        None
    }
}
