//! A game's history and the two ends that need it: repetition and the move limit.
//!
//! Both [`Game`](crate::Game) and a search's line of play keep one
//! [`History`]; a search pushes and truncates it once per ply, so nothing
//! here allocates once the capacity is reserved.

use crate::outcome::EndReason;
use crate::position::Position;
use crate::rules::Rules;

/// The positions of a game so far, the start first, and how many moves
/// without a capture led to the current one: what repetition and the move
/// limit need.
///
/// ```
/// use oware_core::{EndReason, History, House, Position, Rules};
/// let mut history = History::new(Position::OPENING);
/// let after_e = Position::OPENING.play_abapa(House::E)?;
/// history.push(after_e);
/// assert_eq!(history.current(), after_e);
/// assert_eq!(history.moves_without_capture(), 1);
/// assert_eq!(history.occurrences(), 1);
/// assert_eq!(history.end(&Rules::ABAPA), None);
/// // One quiet move is enough under a move limit of one.
/// let rules = Rules::ABAPA.with_move_limit(1).unwrap();
/// assert_eq!(history.end(&rules), Some(EndReason::MoveLimit));
/// assert_eq!(history.pop(), Some(after_e));
/// assert_eq!(history.pop(), None); // the start stays
/// # Ok::<(), oware_core::IllegalMove>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// Every position, the start first.
    positions: Vec<Position>,
    /// Consecutive moves without a capture up to the current position.
    quiet: u16,
    /// Consecutive moves without a capture up to the start (nonzero for a
    /// history cut at its last capture while quiet moves followed it).
    start_quiet: u16,
}

impl History {
    /// A history of one position, `start`, with no move behind it.
    ///
    /// ```
    /// use oware_core::{History, Position};
    /// let history = History::new(Position::OPENING);
    /// assert_eq!(history.positions(), [Position::OPENING]);
    /// assert_eq!(history.moves_without_capture(), 0);
    /// ```
    #[must_use]
    pub fn new(start: Position) -> History {
        History {
            positions: vec![start],
            quiet: 0,
            start_quiet: 0,
        }
    }

    /// The first position kept.
    ///
    /// ```
    /// use oware_core::{History, House, Position};
    /// let mut history = History::new(Position::OPENING);
    /// history.push(Position::OPENING.play_abapa(House::A)?);
    /// assert_eq!(history.start(), Position::OPENING);
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    #[must_use]
    pub fn start(&self) -> Position {
        self.positions[0]
    }

    /// The last position.
    ///
    /// ```
    /// use oware_core::{History, Position};
    /// assert_eq!(History::new(Position::OPENING).current(), Position::OPENING);
    /// ```
    #[must_use]
    #[inline]
    pub fn current(&self) -> Position {
        *self.positions.last().expect("a history keeps its start")
    }

    /// Every position kept, the start first and the current last.
    ///
    /// ```
    /// use oware_core::{History, House, Position};
    /// let mut history = History::new(Position::OPENING);
    /// history.push(Position::OPENING.play_abapa(House::A)?);
    /// assert_eq!(history.positions().len(), 2);
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Consecutive moves without a capture up to the current position.
    ///
    /// ```
    /// use oware_core::{Board, History, House, Position, Seat};
    /// // South's F (3 seeds) makes a, b, c hold 2, 3, 2 with d keeping 4: all three taken.
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 3, 1, 2, 1, 4, 0, 0, 16, 16])?;
    /// let start = Position::new(board, Seat::South);
    /// let mut history = History::new(start);
    /// history.push(start.play_abapa(House::F)?);
    /// assert_eq!(history.moves_without_capture(), 0);
    /// history.push(history.current().play_abapa(House::d)?);
    /// assert_eq!(history.moves_without_capture(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn moves_without_capture(&self) -> u16 {
        self.quiet
    }

    /// Adds the position a move led to.
    ///
    /// ```
    /// use oware_core::{History, House, Position};
    /// let mut history = History::new(Position::OPENING);
    /// history.push(Position::OPENING.play_abapa(House::E)?);
    /// assert_eq!(history.positions().len(), 2);
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    #[inline]
    pub fn push(&mut self, position: Position) {
        let before = self.current();
        self.quiet = if position.board().captured_since(before.board()) {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        self.positions.push(position);
    }

    /// Keeps the first `index` positions (at least the start) and puts
    /// `position` after them, reached by `quiet` moves without a capture:
    /// a search stepping to a ply. No allocation once [`reserve`](History::reserve)d.
    ///
    /// ```
    /// use oware_core::{History, House, Position};
    /// let mut history = History::new(Position::OPENING);
    /// history.push(Position::OPENING.play_abapa(House::B)?);
    /// // Back to ply 1, another move there.
    /// let other = Position::OPENING.play_abapa(House::C)?;
    /// history.set(1, other, 1);
    /// assert_eq!(history.positions(), [Position::OPENING, other]);
    /// assert_eq!(history.moves_without_capture(), 1);
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    #[inline]
    pub fn set(&mut self, index: usize, position: Position, quiet: u16) {
        debug_assert!(
            index <= self.positions.len(),
            "position {index} follows a gap"
        );
        self.positions.truncate(index.max(1));
        self.positions.push(position);
        self.quiet = quiet;
    }

    /// Removes the current position and returns it, or `None` when only the
    /// start is left (it is never removed).
    ///
    /// ```
    /// use oware_core::{History, House, Position};
    /// let mut history = History::new(Position::OPENING);
    /// let next = Position::OPENING.play_abapa(House::B)?;
    /// history.push(next);
    /// assert_eq!(history.pop(), Some(next));
    /// assert_eq!(history.pop(), None);
    /// assert_eq!(history.current(), Position::OPENING);
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    pub fn pop(&mut self) -> Option<Position> {
        if self.positions.len() == 1 {
            return None;
        }
        let popped = self.positions.pop();
        self.quiet = self.count_quiet();
        popped
    }

    /// Keeps the first `len` positions (at least the start).
    ///
    /// ```
    /// use oware_core::{History, House, Position};
    /// let mut history = History::new(Position::OPENING);
    /// history.push(Position::OPENING.play_abapa(House::B)?);
    /// history.push(history.current().play_abapa(House::a)?);
    /// history.truncate(1);
    /// assert_eq!(history.positions(), [Position::OPENING]);
    /// history.truncate(0); // the start stays
    /// assert_eq!(history.positions().len(), 1);
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    pub fn truncate(&mut self, len: usize) {
        self.positions.truncate(len.max(1));
        self.quiet = self.count_quiet();
    }

    /// The moves without capture up to the current position, counted back
    /// through the positions (only a capture changes the stores).
    fn count_quiet(&self) -> u16 {
        let mut quiet: u16 = 0;
        for pair in self.positions.windows(2).rev() {
            if pair[1].board().captured_since(pair[0].board()) {
                return quiet;
            }
            quiet = quiet.saturating_add(1);
        }
        quiet.saturating_add(self.start_quiet)
    }

    /// Makes room for `additional` more positions, so that pushing that
    /// many never allocates.
    ///
    /// ```
    /// use oware_core::{History, Position};
    /// let mut history = History::new(Position::OPENING);
    /// history.reserve(128);
    /// assert_eq!(history.positions().len(), 1);
    /// ```
    pub fn reserve(&mut self, additional: usize) {
        self.positions.reserve(additional);
    }

    /// The history from the position after the last capture on (or from the
    /// start): every position that can still repeat, the current one's count
    /// of moves without capture kept.
    ///
    /// ```
    /// use oware_core::{Board, History, House, Position, Seat};
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 3, 1, 2, 1, 4, 0, 0, 16, 16])?;
    /// let start = Position::new(board, Seat::South);
    /// let mut history = History::new(start);
    /// history.push(start.play_abapa(House::F)?); // captures a, b, c
    /// history.push(history.current().play_abapa(House::d)?);
    /// let kept = history.since_last_capture();
    /// assert_eq!(kept.positions(), &history.positions()[1..]);
    /// assert_eq!(kept.moves_without_capture(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn since_last_capture(&self) -> History {
        let last = self.positions.len() - 1;
        let kept = usize::from(self.quiet).min(last);
        History {
            positions: self.positions[last - kept..].to_vec(),
            quiet: self.quiet,
            start_quiet: self.quiet - kept as u16,
        }
    }

    /// How many times the current position has occurred, itself included.
    /// Positions are equal when their houses, stores and seat to move are.
    ///
    /// ```
    /// use oware_core::{Board, History, Position, Seat};
    /// // One seed in A and one in a step round the ring; after twelve moves
    /// // they have swapped places and the first position is back.
    /// let board = Board::from_cells([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 23, 23])?;
    /// let start = Position::new(board, Seat::South);
    /// let mut history = History::new(start);
    /// for _ in 0..12 {
    ///     let current = history.current();
    ///     history.push(current.play_unchecked(current.legal_moves_abapa().first().unwrap()));
    /// }
    /// assert_eq!(history.current(), start);
    /// assert_eq!(history.occurrences(), 2);
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    pub fn occurrences(&self) -> usize {
        let index = self.positions.len() - 1;
        self.occurrences_at(
            index,
            self.current(),
            self.moves_without_capture(),
            usize::MAX,
        )
        .0
    }

    /// How the game ends at the current position by the rules that need
    /// history: repetition (checked first), then the move limit. `None` if
    /// neither applies (the position itself may still be over, see
    /// [`Position::outcome`]).
    ///
    /// ```
    /// use oware_core::{Board, EndReason, History, Position, Rules, Seat};
    /// let board = Board::from_cells([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 23, 23])?;
    /// let start = Position::new(board, Seat::South);
    /// let mut history = History::new(start);
    /// for _ in 0..12 {
    ///     let current = history.current();
    ///     history.push(current.play_unchecked(current.legal_moves_abapa().first().unwrap()));
    /// }
    /// // The start is back: a first repetition, which only Aualé's rule ends.
    /// assert_eq!(history.end(&Rules::ABAPA), None);
    /// assert_eq!(history.end(&Rules::AUALE), Some(EndReason::FirstRepetition));
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    pub fn end(&self, rules: &Rules) -> Option<EndReason> {
        let index = self.positions.len() - 1;
        self.end_at(index, self.current(), self.moves_without_capture(), rules)
    }

    /// [`end`](History::end) for `position` standing at `index` (the start
    /// is 0) after `quiet` moves without a capture, without writing it: the
    /// search's form, for a node whose children never look back.
    ///
    /// Only the positions at `index - 2`, `index - 4`, … down to
    /// `index - quiet` are read (those with the same seat to move, since
    /// the last capture); they must be the game's. What is at `index - 1`
    /// or beyond may be stale.
    ///
    /// ```
    /// use oware_core::{Board, EndReason, History, Position, Rules, Seat};
    /// let board = Board::from_cells([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 23, 23])?;
    /// let start = Position::new(board, Seat::South);
    /// let mut history = History::new(start);
    /// for _ in 0..11 {
    ///     let current = history.current();
    ///     history.push(current.play_unchecked(current.legal_moves_abapa().first().unwrap()));
    /// }
    /// // The twelfth move would bring the start back, at index 12.
    /// let rules = Rules::AUALE;
    /// assert_eq!(history.end_at(12, start, 12, &rules), Some(EndReason::FirstRepetition));
    /// assert_eq!(history.end_at(12, start, 12, &Rules::ABAPA), None);
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn end_at(
        &self,
        index: usize,
        position: Position,
        quiet: u16,
        rules: &Rules,
    ) -> Option<EndReason> {
        self.end_from(index, position, quiet, rules)
            .map(|(reason, _)| reason)
    }

    /// [`end_at`](History::end_at), with the index of the earliest position
    /// the end rests on: the first of the occurrences counted for a
    /// repetition, the position the move limit counts from.
    ///
    /// A search caches what it learns of a position for use wherever that
    /// position comes back; a result that rests on a position earlier than
    /// the one it is about belongs to that line of play alone, and this
    /// index is how the search tells.
    ///
    /// ```
    /// use oware_core::{Board, EndReason, History, Position, Rules, Seat};
    /// let board = Board::from_cells([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 23, 23])?;
    /// let start = Position::new(board, Seat::South);
    /// let mut history = History::new(start);
    /// for _ in 0..11 {
    ///     let current = history.current();
    ///     history.push(current.play_unchecked(current.legal_moves_abapa().first().unwrap()));
    /// }
    /// // The start comes back at index 12: under Aualé's rule the
    /// // repetition ends the game, resting on index 0.
    /// assert_eq!(
    ///     history.end_from(12, start, 12, &Rules::AUALE),
    ///     Some((EndReason::FirstRepetition, 0))
    /// );
    /// // Under abapa's third repetition the game goes on.
    /// assert_eq!(history.end_from(12, start, 12, &Rules::ABAPA), None);
    /// // A move limit of 5 rests on the position 5 moves back.
    /// let limited = Rules::ABAPA.without_repetition().with_move_limit(5).unwrap();
    /// assert_eq!(
    ///     history.end_from(7, history.positions()[7], 7, &limited),
    ///     Some((EndReason::MoveLimit, 2))
    /// );
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn end_from(
        &self,
        index: usize,
        position: Position,
        quiet: u16,
        rules: &Rules,
    ) -> Option<(EndReason, usize)> {
        if let Some(limit) = rules.repetition() {
            let limit = usize::from(limit);
            let (count, earliest) = self.occurrences_at(index, position, quiet, limit);
            if count >= limit {
                let reason = if limit <= 2 {
                    EndReason::FirstRepetition
                } else {
                    EndReason::Repetition
                };
                return Some((reason, earliest));
            }
        }
        rules
            .move_limit()
            .filter(|&limit| quiet >= limit)
            .map(|limit| {
                (
                    EndReason::MoveLimit,
                    index.saturating_sub(usize::from(limit)),
                )
            })
    }

    /// The occurrences of `position` at `index` after `quiet` moves without
    /// capture, counting up to `enough` (the count stops growing there), and
    /// the index of the earliest one counted.
    #[inline]
    fn occurrences_at(
        &self,
        index: usize,
        position: Position,
        quiet: u16,
        enough: usize,
    ) -> (usize, usize) {
        // A capture changes the stores for good, so only the last `quiet`
        // positions can equal this one; and only every other one has the
        // same seat to move.
        let reach = usize::from(quiet).min(index);
        let mut count = 1;
        let mut earliest = index;
        let mut back = 2;
        while back <= reach && count < enough {
            if self.positions[index - back] == position {
                count += 1;
                earliest = index - back;
            }
            back += 2;
        }
        (count, earliest)
    }
}
