//! A game: a position with its history, under a rule set.

use crate::history::History;
use crate::house::{House, HouseSet};
use crate::notation::Transcript;
use crate::outcome::Outcome;
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
    /// Every position, the start first; position `i + 1` follows `moves[i]`.
    history: History,
    moves: Vec<House>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A game from the opening under `rules`.
    ///
    /// ```
    /// use oware_core::{Game, Position, Rules};
    /// let game = Game::new(Rules::SOWING);
    /// assert_eq!(game.position(), Position::OPENING);
    /// assert_eq!(game.legal_moves().len(), 6);
    /// assert!(game.moves().is_empty());
    /// ```
    #[must_use]
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::OPENING, rules)
    }

    /// A game from `start` under `rules` (the start counts once towards repetition).
    ///
    /// ```
    /// use oware_core::{Board, Game, House, Position, Rules, Seat};
    /// // A set-up position with North to move.
    /// let start = Position::new(Board::OPENING, Seat::North);
    /// let mut game = Game::from_position(start, Rules::ABAPA);
    /// assert!(game.play(House::A).is_err());
    /// game.play(House::a)?;
    /// assert_eq!(game.start(), start);
    /// // A start that is already decided is a finished game.
    /// let won = Board::from_cells([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2, 20, 25])?;
    /// assert!(Game::from_position(Position::new(won, Seat::South), Rules::ABAPA).is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn from_position(start: Position, rules: Rules) -> Game {
        let mut game = Game {
            rules,
            history: History::new(start),
            moves: Vec::new(),
            outcome: None,
        };
        game.outcome = game.decide();
        game
    }

    /// The rules in play.
    ///
    /// ```
    /// use oware_core::{Game, GrandSlam, Rules};
    /// assert_eq!(Game::default().rules(), Rules::ABAPA);
    /// assert_eq!(Game::new(Rules::AWARI).rules().grand_slam(), GrandSlam::Forbidden);
    /// ```
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The current position.
    ///
    /// ```
    /// use oware_core::{Game, House, Rules, Seat};
    /// let mut game = Game::new(Rules::ABAPA);
    /// game.play(House::E)?;
    /// assert_eq!(game.position().to_move(), Seat::North);
    /// assert_eq!(game.position().board()[House::c], 5);
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    #[must_use]
    pub fn position(&self) -> Position {
        self.history.current()
    }

    /// The start position.
    ///
    /// ```
    /// use oware_core::{Game, House, Position, Rules};
    /// let mut game = Game::new(Rules::ABAPA);
    /// game.play(House::E)?;
    /// game.play(House::c)?;
    /// assert_eq!(game.start(), Position::OPENING);
    /// assert_ne!(game.position(), game.start());
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    #[must_use]
    pub fn start(&self) -> Position {
        self.history.start()
    }

    /// Every position so far, the start first and the current last.
    ///
    /// ```
    /// use oware_core::{Game, House, Position, Rules, Seat};
    /// let mut game = Game::new(Rules::ABAPA);
    /// game.play(House::E)?;
    /// game.play(House::c)?;
    /// let positions = game.positions();
    /// assert_eq!(positions.len(), 3); // one more than the moves
    /// assert_eq!(positions[0], Position::OPENING);
    /// assert_eq!(positions[1].to_move(), Seat::North);
    /// assert_eq!(positions[2], game.position());
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        self.history.positions()
    }

    /// The game's history: its positions and the moves without capture
    /// behind each, which decide repetition and the move limit.
    ///
    /// ```
    /// use oware_core::{Game, House, Rules};
    /// let mut game = Game::new(Rules::ABAPA);
    /// game.play(House::E)?;
    /// assert_eq!(game.history().positions(), game.positions());
    /// assert_eq!(game.history().moves_without_capture(), 1);
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    #[must_use]
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The moves played so far.
    ///
    /// ```
    /// use oware_core::{Game, House, Rules};
    /// let mut game = Game::new(Rules::ABAPA);
    /// game.play(House::E)?;
    /// game.play(House::c)?;
    /// assert_eq!(game.moves(), [House::E, House::c]);
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    #[must_use]
    pub fn moves(&self) -> &[House] {
        &self.moves
    }

    /// The moves played so far as a transcript.
    ///
    /// ```
    /// use oware_core::{Game, House, Rules, Transcript};
    /// let mut game = Game::new(Rules::ABAPA);
    /// game.play(House::E)?;
    /// game.play(House::c)?;
    /// assert_eq!(game.transcript().to_string(), "Ec");
    /// assert_eq!(game.transcript(), "Ec".parse::<Transcript>()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn transcript(&self) -> Transcript {
        Transcript::from(self.moves.clone())
    }

    /// Consecutive moves without a capture up to now.
    ///
    /// ```
    /// use oware_core::{Board, Game, House, Position, Rules, Seat};
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 3, 1, 2, 1, 4, 0, 0, 16, 16])?;
    /// let mut game = Game::from_position(Position::new(board, Seat::South), Rules::ABAPA);
    /// game.play(House::F)?; // a, b, c now hold 2, 3, 2: all taken
    /// assert_eq!(game.moves_without_capture(), 0);
    /// game.play(House::d)?; // into e, f, A, B: B holds 1, nothing taken
    /// assert_eq!(game.moves_without_capture(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn moves_without_capture(&self) -> u16 {
        self.history.moves_without_capture()
    }

    /// The legal moves now; empty once the game is over (by any rule,
    /// repetition and the move limit included).
    ///
    /// ```
    /// use oware_core::{Game, House, Rules};
    /// // A game that ends after two moves without a capture.
    /// let rules = Rules::ABAPA.with_move_limit(2).unwrap();
    /// let mut game = Game::new(rules);
    /// assert_eq!(game.legal_moves().len(), 6);
    /// game.play(House::E)?;
    /// game.play(House::c)?;
    /// assert!(game.legal_moves().is_empty());
    /// assert_eq!(game.position().legal_moves_abapa().len(), 5); // the position alone has moves
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> HouseSet {
        if self.outcome.is_some() {
            HouseSet::EMPTY
        } else {
            self.position().legal_moves_under(&self.rules)
        }
    }

    /// How the game ended, or `None` while it goes on.
    ///
    /// ```
    /// use oware_core::{EndReason, Game, House, Rules, Seat};
    /// let mut game = Game::new(Rules::ABAPA.with_move_limit(2).unwrap());
    /// game.play(House::E)?;
    /// assert_eq!(game.outcome(), None);
    /// game.play(House::c)?;
    /// // Each player takes their own row: South 5+5+4+4+0+5, North 5+5+0+5+5+5.
    /// let outcome = game.outcome().expect("two quiet moves end this game");
    /// assert_eq!(outcome.reason, EndReason::MoveLimit);
    /// assert_eq!((outcome.seeds.south, outcome.seeds.north), (23, 25));
    /// assert_eq!(outcome.winner, Some(Seat::North));
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game has ended.
    ///
    /// ```
    /// use oware_core::{Board, Game, Position, Rules, Seat};
    /// assert!(!Game::default().is_over());
    /// // North's row is empty and South's B (3 seeds) cannot reach it.
    /// let board = Board::from_cells([0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 23, 22])?;
    /// assert!(Game::from_position(Position::new(board, Seat::South), Rules::ABAPA).is_over());
    /// # Ok::<(), oware_core::BoardError>(())
    /// ```
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
    ///
    /// ```
    /// use oware_core::{Game, House, IllegalMove, Rules, Seat};
    /// let mut game = Game::new(Rules::ABAPA);
    /// game.play(House::E)?;
    /// let refused = game.play(House::E);
    /// assert_eq!(refused, Err(IllegalMove::NotYourHouse { house: House::E, to_move: Seat::North }));
    /// assert_eq!(game.moves(), [House::E]);
    /// # Ok::<(), IllegalMove>(())
    /// ```
    pub fn play(&mut self, house: House) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let after = self.position().play_under(house, &self.rules)?;
        self.history.push(after);
        self.moves.push(house);
        self.outcome = self.decide();
        Ok(())
    }

    /// A game from `start` under `rules` with `moves` played in order: how
    /// every front end and tool turns a transcript into a game.
    ///
    /// # Errors
    /// A [`ReplayError`] naming the first move that is illegal where it
    /// stands, with its place from 1 and the reason.
    ///
    /// ```
    /// use oware_core::{Game, House, IllegalMove, Position, Rules, Transcript};
    /// let transcript: Transcript = "EcAb".parse()?;
    /// let game = Game::replay(Position::OPENING, Rules::ABAPA, &transcript)?;
    /// assert_eq!(game.moves(), [House::E, House::c, House::A, House::b]);
    /// // E is empty after E: the third move is refused, and says so.
    /// let error = Game::replay(Position::OPENING, Rules::ABAPA, &[House::E, House::c, House::E])
    ///     .unwrap_err();
    /// assert_eq!(error.number, 3);
    /// assert_eq!(error.reason, IllegalMove::EmptyHouse(House::E));
    /// assert_eq!(error.to_string(), "move 3, E, is illegal: house E is empty");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(start: Position, rules: Rules, moves: &[House]) -> Result<Game, ReplayError> {
        let mut game = Game::from_position(start, rules);
        game.play_all(moves)?;
        Ok(game)
    }

    /// Plays `moves` in order; on an illegal one the game keeps the moves
    /// before it and the error names the move's place in `moves`, from 1.
    ///
    /// # Errors
    /// A [`ReplayError`], as [`replay`](Game::replay).
    ///
    /// ```
    /// use oware_core::{Game, House, Rules};
    /// let mut game = Game::new(Rules::ABAPA);
    /// let error = game.play_all(&[House::E, House::E]).unwrap_err();
    /// assert_eq!(error.number, 2);
    /// assert_eq!(game.moves(), [House::E]);
    /// ```
    pub fn play_all(&mut self, moves: &[House]) -> Result<(), ReplayError> {
        for (index, &house) in moves.iter().enumerate() {
            self.play(house).map_err(|reason| ReplayError {
                number: index + 1,
                house,
                reason,
            })?;
        }
        Ok(())
    }

    /// Takes back the last move and returns it, or `None` at the start.
    ///
    /// ```
    /// use oware_core::{Game, House, Position, Rules};
    /// let mut game = Game::new(Rules::ABAPA.with_move_limit(2).unwrap());
    /// game.play(House::E)?;
    /// game.play(House::c)?;
    /// assert!(game.is_over());
    /// assert_eq!(game.undo(), Some(House::c));
    /// assert!(!game.is_over()); // taking back the last move reopens the game
    /// assert_eq!(game.undo(), Some(House::E));
    /// assert_eq!(game.undo(), None);
    /// assert_eq!(game.position(), Position::OPENING);
    /// # Ok::<(), oware_core::IllegalMove>(())
    /// ```
    pub fn undo(&mut self) -> Option<House> {
        let house = self.moves.pop()?;
        self.history.pop();
        self.outcome = self.decide();
        Some(house)
    }

    /// How many times the current position has occurred, itself included.
    ///
    /// ```
    /// use oware_core::{Board, EndReason, Game, Position, Rules, Seat};
    /// // One seed in A and one in a: each move steps one of them on, and no
    /// // house ever holds 2. After twelve moves they have swapped places.
    /// let board = Board::from_cells([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 23, 23])?;
    /// let mut game = Game::from_position(Position::new(board, Seat::South), Rules::ABAPA);
    /// assert_eq!(game.occurrences(), 1);
    /// for _ in 0..12 {
    ///     game.play(game.legal_moves().first().expect("one seed to move"))?;
    /// }
    /// assert_eq!(game.position(), game.start());
    /// assert_eq!(game.occurrences(), 2);
    /// for _ in 0..12 {
    ///     game.play(game.legal_moves().first().expect("one seed to move"))?;
    /// }
    /// assert_eq!(game.occurrences(), 3);
    /// assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::Repetition));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn occurrences(&self) -> usize {
        self.history.occurrences()
    }

    /// The end by the rules, checked in order: 25 or 24–24, no legal move
    /// (the position's own), then repetition and the move limit (the history's).
    fn decide(&self) -> Option<Outcome> {
        let position = self.position();
        if let Some(outcome) = position.outcome() {
            return Some(outcome);
        }
        let reason = self.history.end(&self.rules)?;
        Some(Outcome::ended(position.board(), reason, &self.rules))
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Rules::ABAPA)
    }
}

/// A move of a transcript that could not be played: its place, from 1, the
/// house, and why ([`Game::replay`], [`Game::play_all`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReplayError {
    /// The move's place among the moves played, from 1.
    pub number: usize,
    /// The house.
    pub house: House,
    /// Why it was refused.
    pub reason: IllegalMove,
}

impl core::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "move {}, {}, is illegal: {}",
            self.number, self.house, self.reason
        )
    }
}

// The message already says the reason, so it is not a `source` (which
// reporters would print a second time).
impl std::error::Error for ReplayError {}
