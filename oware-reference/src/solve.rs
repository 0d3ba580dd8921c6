//! A deliberately naive game solver that honours history: the exact result
//! of a game under perfect play, played to its real end (RULES.md section
//! 6), with repetition counted over the positions since the last capture.
//!
//! # Why history matters
//!
//! The endgame solver of [`endgame`](crate::endgame) gives a position's
//! value for a game that starts *fresh* there: no earlier position since the
//! last capture. A real game carries its history. A repetition (the first
//! under Aualé's rule, the third under abapa and awari) ends the game, each
//! player taking the seeds in their own row (or, under a rule set that says
//! so, the seeds left split evenly), and with earlier positions in the
//! history that can happen sooner, at a position the database never
//! weighed. This solver knows nothing of databases: it plays every line to
//! its end.
//!
//! # What is solved
//!
//! A game is the positions since the last capture, oldest first, each
//! reached from the one before by a move that captured nothing, the current
//! position last ([`Solver::solve`]); or a start position and the moves
//! played from it ([`Solver::solve_game`]), from which the positions since
//! the last capture are kept. The answer ([`Solution`]) is who wins with
//! perfect play by both, or a draw, and where one line of such play ends.
//!
//! The game ends as RULES.md section 6 says, checked in this order at every
//! position: a store of 25 or more, 24 in each store, no legal move for the
//! mover (who takes their own row), and the position's `repetition`-th
//! occurrence (counting the history given and the line played since). There
//! is no move limit.
//!
//! # How it is solved, and why that is right
//!
//! Minimax over the results Loss < Draw < Win for the mover (-1, 0, 1, so
//! that the other side's result is the negation), by depth-first search.
//! The state of the game is the current position and how often each
//! position has occurred since the last capture; the search carries exactly
//! that, counting a position in when a line enters it and out when the line
//! returns.
//!
//! - Every line ends: between two captures the stores do not change, so
//!   only finitely many positions can occur, each fewer than `repetition`
//!   times before the game ends; a capture lowers the seeds on the board,
//!   which happens at most 48 times. So the search terminates, and minimax
//!   over a finite tree is the exact result.
//! - Alpha-beta pruning over the three results gives the minimax value of
//!   any finite tree; the root is searched with the widest window, so its
//!   result is exact. Captures are tried first, since they are cheap.
//! - After a capture the history is just the new position: every earlier
//!   position had fewer seeds in the stores, and stores never give seeds
//!   back, so none of them can occur again. The result after a capture is
//!   therefore a function of the new position alone: it is searched with
//!   the widest window, once, and remembered ([`Solver`] keeps those
//!   across calls). Nothing else is remembered: in quiet play the result
//!   depends on the path.
//!
//! [`Solver::solve`] also reports a line: each side plays, at each position,
//! its first move (in house order) that keeps the best result, found by
//! solving each child again; the seeds at its end come with the answer.
//! [`Solver::winner`] gives the result alone, which is much cheaper.
//!
//! # What it costs
//!
//! The lines through quiet play are enumerated, so the cost grows
//! exponentially with the seeds on the board, and faster under the third
//! repetition than under the first (measured up to 3 seeds under both
//! rules: docs/performance.md, "The history-aware reference solver").
//!
//! Most single games of 3 seeds are quick under either rule, some under
//! abapa are not, and games of 4 seeds often are: `cargo xtask verify
//! --only history` solves games of 3 seeds by default (`--history-seeds 4`
//! for more) within a budget of 200 000 positions a question, counting
//! those it skips; at 4 seeds it skips about a third (the 3-seed run
//! measured there, 100 games: 52 of 318 questions). Beyond that, expect
//! minutes to hours a game.
//! [`Solver::set_budget`] bounds a call.
//!
//! ```
//! use oware_reference::solve::{SolveRules, Solver};
//! use oware_reference::{Position, Seat};
//!
//! // RULES.md's two seeds stepping round the ring: no capture is possible,
//! // and the third occurrence of the start ends the game, 24-24.
//! let mut cells = [0; 14];
//! cells[0] = 1;
//! cells[6] = 1;
//! cells[12] = 23;
//! cells[13] = 23;
//! let start = Position { cells, to_move: Seat::South };
//! let solution = Solver::new(SolveRules::ABAPA).solve(&[start])?;
//! assert_eq!(solution.winner, None);
//! assert_eq!(solution.seeds, [24, 24]);
//! # Ok::<(), oware_reference::solve::SolveError>(())
//! ```

mod error;
mod fresh;
mod line;

use std::collections::HashMap;

use crate::legality::row_total;
use crate::outcome::{EndReason, Outcome, each_takes_own_row, outcome_without_history, winner};
use crate::position::Position;
use crate::rules::Rules;
use crate::seat::Seat;

use line::{Line, captured};

pub use error::SolveError;
pub use fresh::database_standings;

/// Whether a grand slam may be played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GrandSlam {
    /// A grand slam is legal and captures nothing (abapa, Aualé's).
    CapturesNothing,
    /// A grand slam is illegal unless every legal move is one, and then it
    /// captures nothing (awari).
    ForbiddenUnlessForced,
}

/// How the seeds left on the board are shared when a repetition ends the
/// game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Sharing {
    /// Each player takes the seeds in their own row (RULES.md).
    OwnRows,
    /// Each player takes half the seeds left. When an odd number is left
    /// the odd seed goes to neither: the stores then hold an odd total and
    /// so differ, and half a seed could not change who is ahead.
    EvenSplit,
}

/// The rules a game is solved under: the grand slam, which occurrence of a
/// position ends the game, and how the seeds left are then shared.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SolveRules {
    /// Whether a grand slam may be played.
    pub grand_slam: GrandSlam,
    /// The occurrence of a position (counting the first) that ends the game:
    /// 2 is the first repetition, 3 the third occurrence. At least 1.
    pub repetition: usize,
    /// How the seeds left are shared when a repetition ends the game.
    pub sharing: Sharing,
}

impl SolveRules {
    /// Abapa: a grand slam captures nothing, the third occurrence ends the
    /// game, each player taking their own row.
    pub const ABAPA: SolveRules = SolveRules {
        grand_slam: GrandSlam::CapturesNothing,
        repetition: 3,
        sharing: Sharing::OwnRows,
    };

    /// Aualé's rule: abapa, but the first repetition ends the game.
    pub const AUALE: SolveRules = SolveRules {
        repetition: 2,
        ..SolveRules::ABAPA
    };

    /// Awari: a grand slam is forbidden unless forced; otherwise abapa.
    pub const AWARI: SolveRules = SolveRules {
        grand_slam: GrandSlam::ForbiddenUnlessForced,
        ..SolveRules::ABAPA
    };

    /// Awari with a repetition splitting the seeds left evenly, as Romein
    /// and Bal score endless play.
    pub const AWARI_SPLIT: SolveRules = SolveRules {
        sharing: Sharing::EvenSplit,
        ..SolveRules::AWARI
    };

    /// This crate's rule set that generates the moves (only the grand slam
    /// matters to it; ends are decided here).
    fn move_rules(self) -> Rules {
        match self.grand_slam {
            GrandSlam::CapturesNothing => Rules::Abapa,
            GrandSlam::ForbiddenUnlessForced => Rules::Awari,
        }
    }
}

/// A game's result for one seat.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Standing {
    /// The other seat wins.
    Loss,
    /// Neither wins.
    Draw,
    /// This seat wins.
    Win,
}

/// The result of a game under perfect play, and the end of one line of it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Solution {
    /// The seat that wins with perfect play by both, or `None` for a draw.
    pub winner: Option<Seat>,
    /// How the line ends where each side plays its first move (in house
    /// order) with the best result.
    pub reason: EndReason,
    /// The seeds each seat holds at the end of that line, South's first.
    /// An even split of an odd count leaves one seed to neither.
    pub seeds: [u8; 2],
    /// The moves of that line.
    pub plies: usize,
}

impl Solution {
    /// The result for `seat`.
    #[must_use]
    pub fn standing(&self, seat: Seat) -> Standing {
        match self.winner {
            None => Standing::Draw,
            Some(winner) if winner == seat => Standing::Win,
            Some(_) => Standing::Loss,
        }
    }
}

/// Solves games under one rule set, remembering what it learns about every
/// position reached by a capture (those do not depend on history).
#[derive(Clone, Debug)]
pub struct Solver {
    rules: SolveRules,
    /// The result, for its mover, of a position with no earlier history:
    /// -1 a loss, 0 a draw, 1 a win.
    fresh: HashMap<Position, i8>,
    /// How many positions one call may visit before giving up, if limited.
    budget: Option<u64>,
    /// Positions visited by the current call.
    visited: u64,
}

/// A result for the mover as a number, so that the other side's is its
/// negation: -1 a loss, 0 a draw, 1 a win.
fn standing_value(standing: Standing) -> i8 {
    match standing {
        Standing::Loss => -1,
        Standing::Draw => 0,
        Standing::Win => 1,
    }
}

/// Below every result: the bottom of the widest window.
const BELOW: i8 = -2;
/// Above every result: the top of the widest window.
const ABOVE: i8 = 2;

impl Solver {
    /// A solver for `rules`, remembering nothing yet.
    #[must_use]
    pub fn new(rules: SolveRules) -> Solver {
        Solver {
            rules,
            fresh: HashMap::new(),
            budget: None,
            visited: 0,
        }
    }

    /// Limits how many positions one call may visit (`None`: no limit, the
    /// default). A call that would visit more gives up with
    /// [`SolveError::TooHard`]; what was learnt before stays right.
    pub fn set_budget(&mut self, budget: Option<u64>) {
        self.budget = budget;
    }

    /// Whether the current call has used up its budget.
    fn over_budget(&self) -> bool {
        self.budget.is_some_and(|budget| self.visited > budget)
    }

    /// Starts the count of a call's positions; gives `result` back unless
    /// the budget ran out on the way.
    fn within_budget<T>(&mut self, run: impl FnOnce(&mut Solver) -> T) -> Result<T, SolveError> {
        self.visited = 0;
        let result = run(self);
        if self.over_budget() {
            return Err(SolveError::TooHard {
                budget: self.budget.unwrap_or(u64::MAX),
            });
        }
        Ok(result)
    }

    /// The rules this solver plays.
    #[must_use]
    pub fn rules(&self) -> SolveRules {
        self.rules
    }

    /// How many positions with no earlier history it has learnt about.
    #[must_use]
    pub fn remembered(&self) -> usize {
        self.fresh.len()
    }

    /// The result of the game whose positions since the last capture are
    /// `history`, oldest first, the current position last, and the end of
    /// one line of perfect play (see [`Solution`]).
    ///
    /// # Errors
    ///
    /// [`SolveError::NoPosition`] for an empty `history`;
    /// [`SolveError::NotAQuietMove`] when a position does not follow the one
    /// before it by a legal move that captures nothing;
    /// [`SolveError::EndedBefore`] when the game was already over at an
    /// earlier position; [`SolveError::BadRepetition`] for a repetition
    /// count of 0.
    pub fn solve(&mut self, history: &[Position]) -> Result<Solution, SolveError> {
        let (line, position) = self.line_of(history)?;
        self.within_budget(|solver| solver.principal_line(line, position))
    }

    /// The end of the line from `position`, the last of `line`, where each
    /// side plays its first move, in house order, with the best result.
    fn principal_line(&mut self, mut line: Line, mut position: Position) -> Solution {
        let mut plies = 0;
        loop {
            if let Some(mut end) = self.end(&line, &position) {
                end.plies = plies;
                return end;
            }
            let target = self.line_value(&mut line, position);
            let mut next = None;
            for (child, capture) in self.children(&position) {
                let mut child_line = if capture {
                    Line::default()
                } else {
                    line.clone()
                };
                child_line.enter(child);
                if -self.line_value(&mut child_line, child) == target {
                    next = Some((child, child_line));
                    break;
                }
            }
            // Out of budget the values are not to be trusted, and the call
            // reports that it gave up: any answer will do.
            let Some(found) = next.filter(|_| !self.over_budget()) else {
                return Solution {
                    winner: None,
                    reason: EndReason::Repetition,
                    seeds: [0, 0],
                    plies,
                };
            };
            (position, line) = found;
            plies += 1;
        }
    }

    /// The winner of the game whose positions since the last capture are
    /// `history` (as for [`Solver::solve`]), `None` for a draw: the result
    /// alone, without following a line to its end.
    ///
    /// # Errors
    ///
    /// As [`Solver::solve`].
    pub fn winner(&mut self, history: &[Position]) -> Result<Option<Seat>, SolveError> {
        let (mut line, position) = self.line_of(history)?;
        let mover = position.to_move;
        let value = self.within_budget(|solver| solver.line_value(&mut line, position))?;
        Ok(match value {
            1 => Some(mover),
            -1 => Some(mover.opponent()),
            _ => None,
        })
    }

    /// The result of the game played from `start` by `moves` (house
    /// indices, 0–11), counting only the positions since its last capture.
    ///
    /// # Errors
    ///
    /// [`SolveError::Refused`] when a move is illegal, and
    /// [`SolveError::EndedBefore`] when the game was over before a move
    /// (both with the move's index); [`SolveError::BadRepetition`] for a
    /// repetition count of 0.
    pub fn solve_game(&mut self, start: Position, moves: &[usize]) -> Result<Solution, SolveError> {
        self.solve(&self.since_last_capture(start, moves)?)
    }

    /// The positions of the game from `start` by `moves` since its last
    /// capture, oldest first, the current one last.
    ///
    /// # Errors
    ///
    /// As [`Solver::solve_game`].
    pub fn since_last_capture(
        &self,
        start: Position,
        moves: &[usize],
    ) -> Result<Vec<Position>, SolveError> {
        if self.rules.repetition == 0 {
            return Err(SolveError::BadRepetition);
        }
        let mut line = Line::default();
        let mut positions = vec![start];
        line.enter(start);
        for (at, &house) in moves.iter().enumerate() {
            let current = positions[positions.len() - 1];
            if self.end(&line, &current).is_some() {
                return Err(SolveError::EndedBefore { at });
            }
            let next = current
                .play(house, self.rules.move_rules())
                .map_err(|refusal| SolveError::Refused { at, refusal })?;
            if captured(&current, &next) {
                positions.clear();
                line = Line::default();
            }
            positions.push(next);
            line.enter(next);
        }
        Ok(positions)
    }

    /// The occurrences of `history`'s positions, and its current position,
    /// once the history is checked.
    fn line_of(&self, history: &[Position]) -> Result<(Line, Position), SolveError> {
        if self.rules.repetition == 0 {
            return Err(SolveError::BadRepetition);
        }
        let Some((&current, earlier)) = history.split_last() else {
            return Err(SolveError::NoPosition);
        };
        let mut line = Line::default();
        for (at, &position) in earlier.iter().enumerate() {
            line.enter(position);
            if self.end(&line, &position).is_some() {
                return Err(SolveError::EndedBefore { at });
            }
            if !self.children(&position).contains(&(history[at + 1], false)) {
                return Err(SolveError::NotAQuietMove { at: at + 1 });
            }
        }
        line.enter(current);
        Ok((line, current))
    }

    /// The positions the legal moves of `position` lead to, in house order,
    /// each with whether its move captured.
    fn children(&self, position: &Position) -> Vec<(Position, bool)> {
        position
            .legal_moves(self.rules.move_rules())
            .into_iter()
            .map(|house| {
                let child = position
                    .play(house, self.rules.move_rules())
                    .expect("a move from legal_moves is legal");
                (child, captured(position, &child))
            })
            .collect()
    }

    /// The exact result for its mover of `position`, the last position of
    /// `line`: remembered when `line` holds nothing else.
    fn line_value(&mut self, line: &mut Line, position: Position) -> i8 {
        if line.is_only(&position) {
            self.fresh_value(position)
        } else {
            self.value(line, position, BELOW, ABOVE)
        }
    }

    /// The result for its mover of `position` with no earlier history:
    /// remembered, or searched once with the widest window and remembered.
    fn fresh_value(&mut self, position: Position) -> i8 {
        if let Some(&known) = self.fresh.get(&position) {
            return known;
        }
        let mut line = Line::default();
        line.enter(position);
        let value = self.value(&mut line, position, BELOW, ABOVE);
        if !self.over_budget() {
            self.fresh.insert(position, value);
        }
        value
    }

    /// The result for its mover of `position`, the last position of `line`
    /// (which counts it already), by alpha-beta over -1, 0 and 1: exact when
    /// it lies strictly between `alpha` and `beta`, otherwise a bound on the
    /// same side of the window (at most `alpha`, or at least `beta`).
    fn value(&mut self, line: &mut Line, position: Position, alpha: i8, beta: i8) -> i8 {
        if let Some(end) = self.end(line, &position) {
            return standing_value(end.standing(position.to_move));
        }
        self.visited += 1;
        if self.over_budget() {
            // Any answer will do: the call reports that it gave up.
            return 0;
        }
        let mut best = BELOW;
        let mut children = self.children(&position);
        // Captures first: they are remembered, and often decide at once.
        children.sort_by_key(|&(_, capture)| !capture);
        for (child, capture) in children {
            let value = if capture {
                -self.fresh_value(child)
            } else {
                line.enter(child);
                let value = -self.value(line, child, -beta, -alpha.max(best));
                line.leave(child);
                value
            };
            best = best.max(value);
            if best >= beta {
                break;
            }
        }
        best
    }

    /// How the game ends at `position`, the last position of `line`, if it
    /// does: RULES.md section 6 in its order, without the move limit.
    fn end(&self, line: &Line, position: &Position) -> Option<Solution> {
        let outcome = outcome_without_history(position).or_else(|| {
            (line.occurrences(position) >= self.rules.repetition).then(|| {
                let reason = if self.rules.repetition == 2 {
                    EndReason::FirstRepetition
                } else {
                    EndReason::Repetition
                };
                match self.rules.sharing {
                    Sharing::OwnRows => each_takes_own_row(position, reason),
                    Sharing::EvenSplit => split_evenly(position, reason),
                }
            })
        })?;
        Some(Solution {
            winner: outcome.winner,
            reason: outcome.reason,
            seeds: outcome.seeds,
            plies: 0,
        })
    }
}

/// The outcome when the seeds left are split evenly: each store gains half
/// of them (an odd seed goes to neither; see [`Sharing::EvenSplit`]).
fn split_evenly(position: &Position, reason: EndReason) -> Outcome {
    let left = row_total(&position.cells, Seat::South) + row_total(&position.cells, Seat::North);
    let half = u8::try_from(left / 2).unwrap_or(u8::MAX);
    let mut outcome = each_takes_own_row(position, reason);
    outcome.seeds = [
        position.cells[Seat::South.store()].saturating_add(half),
        position.cells[Seat::North.store()].saturating_add(half),
    ];
    outcome.winner = winner(outcome.seeds);
    outcome
}
