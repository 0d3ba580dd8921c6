//! What a puzzle is: a position from a real game, as a fresh game (nothing
//! before it), where the side to move can force a result, and the line
//! that forces it, with how it was proved.

use core::fmt;

use oware_core::{Game, House, Position, Rules, Seat};

use crate::theme::Themes;

/// What the solver must force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// A win, whatever the defender does.
    Win,
    /// A draw, from a position that looks lost (the solver's store behind):
    /// every other move loses.
    Draw,
}

impl Goal {
    /// `win` or `draw`, as `oware puzzle list` writes it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Goal::Win => "win",
            Goal::Draw => "draw",
        }
    }
}

/// What proves the solution's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Proof {
    /// The search played every line to the end of the game.
    Search,
    /// The search reached positions an endgame database decides, each
    /// reached by a capture, where a database value is a fact about the
    /// game (`oware_search`'s `database_applies`).
    Database,
}

impl Proof {
    /// `search` or `database`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Proof::Search => "search",
            Proof::Database => "database",
        }
    }
}

/// How it is known that no other solver move keeps the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Uniqueness {
    /// Every other move is proven not to keep it (a proven loss or draw
    /// where a win is the goal, a proven loss where a draw is).
    Proven,
    /// Some other move is not proven either way: the deep search leaves it
    /// at least the set's margin below the goal (see
    /// [`Settings::margin_centi`](crate::Settings::margin_centi)).
    Margin,
}

impl Uniqueness {
    /// `proven` or `margin`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Uniqueness::Proven => "proven",
            Uniqueness::Margin => "margin",
        }
    }
}

/// A puzzle: the start position under its rules (a fresh game: a database
/// value there is a fact), the goal, the solution line (the solver's moves
/// with the defender's best replies between them, ending on a solver move),
/// its themes, its starting rating, and how it was proved (the kind of
/// proof, how uniqueness is known, and the depth of the searches).
///
/// ```
/// use oware_core::{House, Position, Rules};
/// use oware_puzzle::{Goal, Proof, Puzzle, Themes, Uniqueness};
///
/// let start = Position::from_fen("0-0-0-0-0-1-2-0-0-0-0-1-22-22-S")?;
/// let puzzle = Puzzle::new(Rules::ABAPA, start, Goal::Win, vec![House::F], Themes::NONE, 800, Proof::Search, Uniqueness::Proven, 2)?;
/// assert_eq!(puzzle.solver(), oware_core::Seat::South);
/// assert_eq!(puzzle.solver_moves().collect::<Vec<_>>(), [House::F]);
/// assert_eq!(puzzle.line_text(), "F");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    rules: Rules,
    start: Position,
    goal: Goal,
    line: Vec<House>,
    themes: Themes,
    rating: u16,
    proof: Proof,
    uniqueness: Uniqueness,
    depth: u8,
}

/// Why the parts given are not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// The line is empty, longer than [`MAX_PLIES`], or ends on a
    /// defender's move.
    LineLength(usize),
    /// A move of the line is illegal there.
    Illegal {
        /// The move's place in the line, from 1.
        ply: usize,
        /// The move.
        house: House,
    },
    /// The game ends before the line does.
    OverEarly {
        /// The move after which it ends, from 1.
        ply: usize,
    },
    /// The start position is already over.
    Over,
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::LineLength(n) => write!(
                f,
                "a solution line of {n} moves: it needs an odd number from 1 to {MAX_PLIES} (it ends on a solver's move)"
            ),
            PuzzleError::Illegal { ply, house } => {
                write!(f, "move {ply} of the line, {house}, is illegal there")
            }
            PuzzleError::OverEarly { ply } => {
                write!(
                    f,
                    "the game ends after move {ply} of the line, before the line does"
                )
            }
            PuzzleError::Over => f.write_str("the start position is already over"),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// The most solver moves a line holds.
pub const MAX_SOLVER_MOVES: usize = 6;
/// The most moves (plies) a line holds: the solver's and the replies between.
pub const MAX_PLIES: usize = 2 * MAX_SOLVER_MOVES - 1;

impl Puzzle {
    /// A puzzle from its parts, the line checked against the rules (legal,
    /// the game not over before it ends, an odd length up to [`MAX_PLIES`]).
    /// The result and uniqueness are the prover's to check
    /// ([`Prover::check`](crate::Prover::check)).
    ///
    /// # Errors
    /// [`PuzzleError`] naming what is wrong.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        rules: Rules,
        start: Position,
        goal: Goal,
        line: Vec<House>,
        themes: Themes,
        rating: u16,
        proof: Proof,
        uniqueness: Uniqueness,
        depth: u8,
    ) -> Result<Puzzle, PuzzleError> {
        if line.is_empty() || line.len() > MAX_PLIES || line.len().is_multiple_of(2) {
            return Err(PuzzleError::LineLength(line.len()));
        }
        let mut game = Game::from_position(start, rules);
        if game.is_over() {
            return Err(PuzzleError::Over);
        }
        for (i, &house) in line.iter().enumerate() {
            if game.is_over() {
                return Err(PuzzleError::OverEarly { ply: i });
            }
            game.play(house)
                .map_err(|_| PuzzleError::Illegal { ply: i + 1, house })?;
        }
        Ok(Puzzle {
            rules,
            start,
            goal,
            line,
            themes,
            rating,
            proof,
            uniqueness,
            depth,
        })
    }

    /// The rules the puzzle is played under.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The start position (a fresh game: no history before it).
    #[must_use]
    pub fn start(&self) -> Position {
        self.start
    }

    /// The seat that solves: the one to move at the start.
    #[must_use]
    pub fn solver(&self) -> Seat {
        self.start.to_move()
    }

    /// What the solver must force.
    #[must_use]
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// The solution line: solver, defender, solver, …, ending on a solver move.
    #[must_use]
    pub fn line(&self) -> &[House] {
        &self.line
    }

    /// The solver's moves of the line.
    pub fn solver_moves(&self) -> impl Iterator<Item = House> + '_ {
        self.line.iter().step_by(2).copied()
    }

    /// The themes tagged from the line.
    #[must_use]
    pub fn themes(&self) -> Themes {
        self.themes
    }

    /// The starting rating (from the lowest level that finds the first move).
    #[must_use]
    pub fn rating(&self) -> u16 {
        self.rating
    }

    /// What proves the result.
    #[must_use]
    pub fn proof(&self) -> Proof {
        self.proof
    }

    /// How uniqueness is known.
    #[must_use]
    pub fn uniqueness(&self) -> Uniqueness {
        self.uniqueness
    }

    /// The depth, in plies, of the searches that prove it (each solver
    /// turn and each reply of the line).
    #[must_use]
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// A fresh game at the start.
    #[must_use]
    pub fn game(&self) -> Game {
        Game::from_position(self.start, self.rules)
    }

    /// The game after the whole line.
    #[must_use]
    pub fn final_game(&self) -> Game {
        let mut game = self.game();
        game.play_all(&self.line)
            .expect("a puzzle's line is legal (checked when built)");
        game
    }

    /// The line's letters run together, as a transcript: `FbE`.
    #[must_use]
    pub fn line_text(&self) -> String {
        self.line.iter().map(|h| h.letter()).collect()
    }

    /// The puzzle's id: six letters and digits from its rules and start,
    /// the same wherever it is built, for a share link or `--id`.
    #[must_use]
    pub fn id(&self) -> String {
        id_of(self.rules, self.start)
    }
}

/// The id of the puzzle at `start` under `rules` ([`Puzzle::id`]).
#[must_use]
pub fn id_of(rules: Rules, start: Position) -> String {
    const ALPHABET: &[u8; 32] = b"23456789abcdefghjkmnpqrstuvwxyz_";
    let text = format!("{} {}", rules, start.to_fen());
    let mut hash = oware_file::checksum(text.as_bytes());
    (0..6)
        .map(|_| {
            let c = ALPHABET[(hash & 31) as usize] as char;
            hash >>= 5;
            c
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Position {
        Position::from_fen("0-0-0-0-0-1-2-0-0-0-0-1-22-22-S").unwrap()
    }

    #[test]
    fn a_line_must_be_legal_and_end_on_a_solver_move() {
        let make = |line: Vec<House>| {
            Puzzle::new(
                Rules::ABAPA,
                start(),
                Goal::Win,
                line,
                Themes::NONE,
                1000,
                Proof::Search,
                Uniqueness::Proven,
                2,
            )
        };
        assert!(make(vec![House::F]).is_ok());
        assert_eq!(make(vec![]), Err(PuzzleError::LineLength(0)));
        assert_eq!(
            make(vec![House::A]),
            Err(PuzzleError::Illegal {
                ply: 1,
                house: House::A
            })
        );
        // F makes a hold 3 and takes it: 25 seeds, over after the first move.
        assert_eq!(
            make(vec![House::F, House::a, House::A]),
            Err(PuzzleError::OverEarly { ply: 1 })
        );
    }

    #[test]
    fn ids_are_stable_and_differ_by_rules_and_position() {
        let id = id_of(Rules::ABAPA, start());
        assert_eq!(id.len(), 6);
        assert_eq!(id, id_of(Rules::ABAPA, start()));
        assert_ne!(id, id_of(Rules::AUALE, start()));
        assert_ne!(id, id_of(Rules::ABAPA, Position::OPENING));
    }
}
