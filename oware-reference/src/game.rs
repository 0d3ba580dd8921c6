//! A game: a start position, the moves played, and the ends that need
//! history (repetition and the move limit).

use crate::outcome::{
    EndReason, Outcome, each_takes_own_row, outcome_without_history, split_evenly,
};
use crate::position::Position;
use crate::refusal::Refusal;
use crate::rules::Rules;

/// A game in progress or finished: the rule set, every position so far
/// (starting with the start position) and the moves between them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    rules: Rules,
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    positions: Vec<Position>,
    moves: Vec<usize>,
}

impl Game {
    /// A new game from the opening under `rules`.
    #[must_use]
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::opening(), rules)
    }

    /// A new game from `start` under `rules`. The start counts as the first
    /// occurrence of its position for repetition.
    #[must_use]
    pub fn from_position(start: Position, rules: Rules) -> Game {
        Game {
            rules,
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The rule set the game is played under.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> Position {
        self.positions[0]
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> Position {
        self.positions[self.positions.len() - 1]
    }

    /// The houses played so far, in order.
    #[must_use]
    pub fn moves(&self) -> &[usize] {
        &self.moves
    }

    /// Plays `house` for the seat to move.
    ///
    /// # Errors
    ///
    /// [`Refusal::GameOver`] when [`Game::outcome`] is `Some` (this includes
    /// repetition and the move limit), otherwise what
    /// [`Position::play`] refuses. On error the game is unchanged.
    pub fn play(&mut self, house: usize) -> Result<(), Refusal> {
        if self.outcome().is_some() {
            return Err(Refusal::GameOver);
        }
        let next = self.position().play(house, self.rules)?;
        self.positions.push(next);
        self.moves.push(house);
        Ok(())
    }

    /// How the game ended, or `None` while it goes on.
    ///
    /// Checked in order on the current position: a store of 25 or more, 24
    /// in both stores, no legal move for the seat to move, the third
    /// occurrence of the position (the second under Aualé's rule; cells and
    /// seat to move, counting the start; under awari-split the seeds left
    /// are then split evenly), and, under rules with a move limit, that many
    /// consecutive moves without a capture.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let current = self.position();
        if let Some(outcome) = outcome_without_history(&current) {
            return Some(outcome);
        }
        let occurrences = self.positions.iter().filter(|&&p| p == current).count();
        let repetition = self.rules.repetition();
        if occurrences >= repetition {
            let reason = if repetition == 2 {
                EndReason::FirstRepetition
            } else {
                EndReason::Repetition
            };
            if self.rules.splits_on_repetition() {
                return Some(split_evenly(&current, reason));
            }
            return Some(each_takes_own_row(&current, reason));
        }
        if let Some(limit) = self.rules.move_limit()
            && self.last_moves_without_capture() >= limit
        {
            return Some(each_takes_own_row(&current, EndReason::MoveLimit));
        }
        None
    }

    /// How many moves at the end of the game captured nothing, counted
    /// back to the last capture (or the start). A move captured when the
    /// stores grew; a grand slam leaves them as they were.
    fn last_moves_without_capture(&self) -> usize {
        let mut count = 0;
        for pair in self.positions.windows(2).rev() {
            let stores_before = u32::from(pair[0].cells[12]) + u32::from(pair[0].cells[13]);
            let stores_after = u32::from(pair[1].cells[12]) + u32::from(pair[1].cells[13]);
            if stores_after > stores_before {
                break;
            }
            count += 1;
        }
        count
    }
}
