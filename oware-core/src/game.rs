//! A game: a position with its history, under a rule set.

use crate::house::{House, HouseSet};
use crate::notation::Transcript;
use crate::outcome::{EndReason, Outcome};
use crate::position::{IllegalMove, Position};
use crate::rules::Rules;

/// A game in progress or finished: the start, every move since, and the
/// rules that decide legality and the end (repetition, the move limit).
///
/// ```
/// use oware_core::{Game, House, Rules};
/// let mut game = Game::new(Rules::ABAPA);
/// game.play(House::E)?;
/// game.play(House::c)?;
/// assert_eq!(game.transcript().to_string(), "Ec");
/// assert_eq!(game.undo(), Some(House::c));
/// assert_eq!(game.moves(), [House::E]);
///
/// // Play on with the first legal move until the game ends.
/// while game.outcome().is_none() {
///     let house = game.legal_moves().first().expect("a game not over has a move");
///     game.play(house)?;
/// }
/// let outcome = game.outcome().unwrap();
/// assert_eq!(u32::from(outcome.seeds.south + outcome.seeds.north), 48);
/// # Ok::<(), oware_core::IllegalMove>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    positions: Vec<Position>,
    moves: Vec<House>,
    /// Moves without a capture up to each position (same length as `positions`).
    quiet: Vec<u16>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A game from the opening under `rules`.
    #[must_use]
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::OPENING, rules)
    }

    /// A game from `start` under `rules` (the start counts once towards repetition).
    #[must_use]
    pub fn from_position(start: Position, rules: Rules) -> Game {
        let mut game = Game {
            rules,
            positions: vec![start],
            moves: Vec::new(),
            quiet: vec![0],
            outcome: None,
        };
        game.outcome = game.decide();
        game
    }

    /// The rules in play.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> Position {
        *self.positions.last().expect("a game always has its start")
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> Position {
        self.positions[0]
    }

    /// Every position so far, the start first and the current last.
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played so far.
    #[must_use]
    pub fn moves(&self) -> &[House] {
        &self.moves
    }

    /// The moves played so far as a transcript.
    #[must_use]
    pub fn transcript(&self) -> Transcript {
        Transcript::from(self.moves.clone())
    }

    /// Consecutive moves without a capture up to now.
    #[must_use]
    pub fn moves_without_capture(&self) -> u16 {
        *self.quiet.last().expect("a game always has its start")
    }

    /// The legal moves now; empty once the game is over (by any rule,
    /// repetition and the move limit included).
    #[must_use]
    pub fn legal_moves(&self) -> HouseSet {
        if self.outcome.is_some() {
            HouseSet::EMPTY
        } else {
            self.position().legal_moves_under(&self.rules)
        }
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Plays `house` for the seat to move.
    ///
    /// # Errors
    /// An [`IllegalMove`] saying why the move was refused (the game is over,
    /// the house is not the mover's, it is empty, it does not feed, or it is
    /// a forbidden grand slam); the game is unchanged.
    pub fn play(&mut self, house: House) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let before = self.position();
        let after = before.play_under(house, &self.rules)?;
        let captured = after.board().stores() != before.board().stores();
        let quiet = if captured {
            0
        } else {
            self.moves_without_capture().saturating_add(1)
        };
        self.positions.push(after);
        self.moves.push(house);
        self.quiet.push(quiet);
        self.outcome = self.decide();
        Ok(())
    }

    /// Takes back the last move and returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<House> {
        let house = self.moves.pop()?;
        self.positions.pop();
        self.quiet.pop();
        self.outcome = self.decide();
        Some(house)
    }

    /// How many times the current position has occurred, itself included.
    #[must_use]
    pub fn occurrences(&self) -> usize {
        let current = self.position();
        // A capture changes the stores for good, so no position before the
        // last capture can equal the current one: look back only that far.
        let since_capture = usize::from(self.moves_without_capture());
        let window =
            &self.positions[self.positions.len() - 1 - since_capture.min(self.moves.len())..];
        window.iter().filter(|&&p| p == current).count()
    }

    /// The end by SPEC's rules, checked in order: 25 or 24–24, no legal move,
    /// repetition, move limit.
    fn decide(&self) -> Option<Outcome> {
        let position = self.position();
        if let Some(outcome) = position.outcome() {
            return Some(outcome);
        }
        let reason = if self
            .rules
            .repetition
            .is_some_and(|limit| self.occurrences() >= usize::from(limit))
        {
            EndReason::Repetition
        } else if self
            .rules
            .move_limit
            .is_some_and(|limit| self.moves_without_capture() >= limit)
        {
            EndReason::MoveLimit
        } else {
            return None;
        };
        Some(Outcome::new(position.board(), reason))
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Rules::ABAPA)
    }
}
