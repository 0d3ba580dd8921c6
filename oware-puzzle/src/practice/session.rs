//! A practice session's rules ([`Practice`]): the goal, each move of the
//! player's judged where the database proves something, the defence, the
//! hint, retry. See the parent module for what is proved where.

use core::fmt;

use oware_core::{Game, House, IllegalMove, Position, Rules, Seat, Winner};
use oware_search::{Endgame, EndgameResult, EndgameValue, probe_game, probe_game_moves};

use super::{defence, worth};
use crate::puzzle::Goal;

/// Why a position gives nothing to practise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoPractice {
    /// The game is over.
    Over,
    /// The database does not hold the position (too many seeds on the
    /// board, or a damaged slice) or does not fit the game's rules.
    Outside,
    /// The seat to move loses with best play.
    Lost(Seat),
    /// The database's bounds do not settle the result: it hangs on how
    /// endless play would end.
    Open(Seat),
}

impl fmt::Display for NoPractice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoPractice::Over => f.write_str("the game is over: nothing to practise"),
            NoPractice::Outside => f.write_str(
                "the endgame database does not hold this position under its rules: nothing to practise",
            ),
            NoPractice::Lost(seat) => {
                write!(f, "{seat} to move loses this with best play; nothing to practise")
            }
            NoPractice::Open(seat) => write!(
                f,
                "the endgame database cannot settle this for {seat} to move (the result hangs on how endless play would end); nothing to practise"
            ),
        }
    }
}

impl std::error::Error for NoPractice {}

/// What the database proves of a move of the player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The goal is proved still in hand after the move.
    Keeps,
    /// The goal is proved gone: with best play the game now ends in
    /// `now`. `this_move`: the goal was proved in hand just before the
    /// player's last move, so that move let it slip (said after the move,
    /// or after the defender's reply when only a capture of the reply lets
    /// the database speak: see [`probe_game`]); otherwise one of the
    /// player's moves since the last position where it was proved in hand
    /// did.
    Slipped {
        /// The result with best play from here.
        now: Winner,
        /// Whether it was this move that let the goal slip.
        this_move: bool,
    },
    /// The database cannot say: a position since the last capture can come
    /// back, so its value after the move is no fact.
    Unknown,
}

/// A practice session: a position the database decides, played by the
/// side to move (the solver) for the database's result (a win, or at least
/// a draw) against the database's defence ([`defence`]), each move judged
/// where the database proves something ([`Judgement`]), the way back to
/// the last position where the goal was proved in hand ([`Practice::retry`]).
/// The terminal and the page share these rules; each draws and words them
/// itself. The database is passed to each call that probes it, so the
/// session holds no borrow.
#[derive(Clone, Debug)]
pub struct Practice {
    /// The game from the start (a fresh game: its value is a fact).
    game: Game,
    goal: Goal,
    solver: Seat,
    /// Whether the goal is proved in hand now.
    in_hand: bool,
    /// The moves played at the last solver's turn where the goal was
    /// proved in hand.
    checkpoint: usize,
    /// Whether a slip was proved since the start (or the last retry).
    slipped: bool,
    /// Whether the player's last move was said to let the goal slip, so
    /// the defender's reply does not say it again.
    said_at_last_move: bool,
}

/// How [`Practice::hint`] ranks a move, the first field first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct HintRank {
    /// The move ends the game with the goal reached.
    ends_reaching: bool,
    /// The database says the goal is kept.
    keeps: bool,
    /// The move captures: progress no repetition can undo.
    captures: bool,
    /// The position after it was not met since the last capture.
    new_position: bool,
    /// The seeds it keeps, low bound then high ([`defence`]'s order).
    worth: (i32, i32),
}

/// Whether `result`, for the solver, reaches `goal`.
fn reaches(result: EndgameResult, goal: Goal) -> bool {
    match goal {
        Goal::Win => result == EndgameResult::Win,
        Goal::Draw => matches!(result, EndgameResult::Win | EndgameResult::Draw),
    }
}

impl Practice {
    /// Practice from `start` under `rules`, taken as a fresh game (nothing
    /// before it, so the database's value is a fact): the goal is the
    /// database's result for the side to move.
    ///
    /// # Errors
    /// [`NoPractice`]: the game is over, the database does not hold the
    /// position, the side to move loses, or the result is open.
    pub fn new(
        endgame: &dyn Endgame,
        start: Position,
        rules: Rules,
    ) -> Result<Practice, NoPractice> {
        let game = Game::from_position(start, rules);
        if game.outcome().is_some() {
            return Err(NoPractice::Over);
        }
        let solver = start.to_move();
        let value = probe_game(endgame, &game).ok_or(NoPractice::Outside)?;
        let goal = match value.result(&start) {
            EndgameResult::Win => Goal::Win,
            EndgameResult::Draw => Goal::Draw,
            EndgameResult::Loss => return Err(NoPractice::Lost(solver)),
            EndgameResult::Open { .. } => return Err(NoPractice::Open(solver)),
        };
        Ok(Practice {
            game,
            goal,
            solver,
            in_hand: true,
            checkpoint: 0,
            slipped: false,
            said_at_last_move: false,
        })
    }

    /// The game so far, from the start.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// What the solver plays for: the database's result at the start.
    #[must_use]
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// The seat the player plays: the side to move at the start.
    #[must_use]
    pub fn solver(&self) -> Seat {
        self.solver
    }

    /// The player's moves so far.
    #[must_use]
    pub fn solver_moves(&self) -> usize {
        self.game.moves().len().div_ceil(2)
    }

    /// Whether a slip has been proved since the start or the last retry.
    #[must_use]
    pub fn slipped(&self) -> bool {
        self.slipped
    }

    /// Whether the game is over and its result reaches the goal.
    #[must_use]
    pub fn reached(&self) -> Option<bool> {
        self.ends_reaching(&self.game)
    }

    /// Whether the game is over with a result that reaches the goal.
    fn ends_reaching(&self, game: &Game) -> Option<bool> {
        let outcome = game.outcome()?;
        Some(match Winner::from(outcome.winner) {
            Winner::Seat(seat) => seat == self.solver,
            Winner::Draw => self.goal == Goal::Draw,
        })
    }

    /// A move for the solver that keeps the goal by the database and makes
    /// progress: a move that ends the game reaching the goal first, then
    /// one the database says keeps the goal that captures, then one that
    /// keeps it and leads to a position not met since the last capture,
    /// each by the seeds it keeps ([`defence`]'s order). The database's
    /// values alone would let the solver wander in a circle of positions of
    /// the same value until a repetition ends the game. `None` where the
    /// database does not hold every position after a move.
    #[must_use]
    pub fn hint(&self, endgame: &dyn Endgame) -> Option<House> {
        let position = self.game.position();
        let mover = position.to_move();
        let history = self.game.positions();
        let since_capture =
            &history[history.len() - 1 - usize::from(self.game.moves_without_capture())..];
        let mut best: Option<(House, HintRank)> = None;
        for house in self.game.legal_moves().iter() {
            let mut after = self.game.clone();
            after.play(house).ok()?;
            let child = after.position();
            let captured = child.board().store(mover) > position.board().store(mover);
            let worth = worth(endgame, &position, &child, mover)?;
            let rank = match self.ends_reaching(&after) {
                Some(reached) => HintRank {
                    ends_reaching: reached,
                    keeps: reached,
                    captures: false,
                    new_position: false,
                    worth,
                },
                None => HintRank {
                    ends_reaching: false,
                    keeps: reaches(
                        EndgameValue {
                            lo: worth.0 as i8,
                            hi: worth.1 as i8,
                        }
                        .result(&position),
                        self.goal,
                    ),
                    captures: captured,
                    new_position: !since_capture.contains(&child),
                    worth,
                },
            };
            if best.is_none_or(|(_, b)| rank > b) {
                best = Some((house, rank));
            }
        }
        best.map(|(house, _)| house)
    }

    /// Plays the solver's `house` and judges it.
    ///
    /// # Errors
    /// The move is illegal, or it is the defender's turn (refused as the
    /// defender's); the game is unchanged.
    pub fn play(&mut self, endgame: &dyn Endgame, house: House) -> Result<Judgement, IllegalMove> {
        if self.game.outcome().is_some() {
            return Err(IllegalMove::GameOver);
        }
        let to_move = self.game.position().to_move();
        if to_move != self.solver {
            return Err(IllegalMove::NotYourHouse { house, to_move });
        }
        let before = self.game.position();
        let after = probe_game_moves(endgame, &self.game)
            .into_iter()
            .find(|(h, _)| *h == house)
            .and_then(|(_, value)| value)
            .map(|value| value.result(&before));
        let was_in_hand = self.in_hand && self.checkpoint == self.game.moves().len();
        self.game.play(house)?;
        let judgement = self.judge(self.ended().or(after), was_in_hand);
        self.said_at_last_move = matches!(judgement, Judgement::Slipped { .. });
        Ok(judgement)
    }

    /// Plays the defender's reply ([`defence`]), judging the position it
    /// leaves where the database can: a slip it proves is returned (after
    /// one returned, another only when it is proved to be the player's
    /// last move; else [`Judgement::Unknown`]).
    /// `None` when the game is over or not the defender's turn, or the
    /// database cannot rank the moves (a damaged slice).
    pub fn defend(&mut self, endgame: &dyn Endgame) -> Option<(House, Judgement)> {
        if self.game.position().to_move() == self.solver || self.game.outcome().is_some() {
            return None;
        }
        let reply = defence(endgame, &self.game)?;
        self.game.play(reply).ok()?;
        // The solver is to move: the value is its.
        let now = self.ended().or_else(|| {
            probe_game(endgame, &self.game).map(|value| value.result(&self.game.position()))
        });
        let judgement = match now {
            Some(result) if reaches(result, self.goal) => Judgement::Keeps,
            Some(EndgameResult::Open { .. }) | None => {
                if self.in_hand {
                    Judgement::Keeps
                } else {
                    Judgement::Unknown
                }
            }
            // In hand before the player's last move, gone after this
            // reply: that move let it slip (the reply only proves it).
            Some(result) => {
                let this_move = self.checkpoint + 2 == self.game.moves().len();
                self.slip(result, this_move && !self.said_at_last_move)
            }
        };
        if let Judgement::Keeps = judgement {
            self.in_hand = true;
            self.checkpoint = self.game.moves().len();
        }
        Some((reply, judgement))
    }

    /// The result for the solver of a game over: the fact a database value
    /// may not be (a repetition ends a game the database plays on).
    fn ended(&self) -> Option<EndgameResult> {
        let outcome = self.game.outcome()?;
        Some(match Winner::from(outcome.winner) {
            Winner::Seat(seat) if seat == self.solver => EndgameResult::Win,
            Winner::Seat(_) => EndgameResult::Loss,
            Winner::Draw => EndgameResult::Draw,
        })
    }

    /// Judges the position after a solver's move, whose result for the
    /// solver the database gives as `after` where it is a fact.
    fn judge(&mut self, after: Option<EndgameResult>, was_in_hand: bool) -> Judgement {
        match after {
            Some(result) if reaches(result, self.goal) => {
                self.in_hand = true;
                Judgement::Keeps
            }
            Some(EndgameResult::Open { .. }) | None => {
                self.in_hand = false;
                Judgement::Unknown
            }
            Some(result) => self.slip(result, was_in_hand),
        }
    }

    /// A slip proved: the solver's best is now `result`.
    fn slip(&mut self, result: EndgameResult, this_move: bool) -> Judgement {
        self.in_hand = false;
        let newly = !self.slipped;
        self.slipped = true;
        match result.winner(self.solver) {
            Some(now) if newly || this_move => Judgement::Slipped { now, this_move },
            _ => Judgement::Unknown,
        }
    }

    /// Takes the game back to the last solver's turn where the goal was
    /// proved in hand; returns the moves taken back.
    pub fn retry(&mut self) -> Vec<House> {
        let mut taken = Vec::new();
        while self.game.moves().len() > self.checkpoint {
            taken.extend(self.game.undo());
        }
        taken.reverse();
        self.in_hand = true;
        self.slipped = false;
        taken
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_egdb::{Database, Ruleset};
    #[test]
    fn a_practice_judges_a_slip_at_once_and_retry_takes_it_back() {
        let db = Database::build(Ruleset::Abapa, 9);
        // North wins by e; d, a capture, lets South hold a draw.
        let start = Position::from_fen("0-1-0-0-0-1-0-0-0-4-3-0-17-22-N").unwrap();
        let mut practice = Practice::new(&db, start, Rules::AUALE).unwrap();
        assert_eq!(
            (practice.goal(), practice.solver()),
            (Goal::Win, Seat::North)
        );
        assert_eq!(practice.hint(&db), Some(House::e));
        // South's house is refused, the game unchanged.
        assert!(practice.play(&db, House::A).is_err());
        assert!(practice.game().moves().is_empty());
        assert_eq!(
            practice.play(&db, House::d),
            Ok(Judgement::Slipped {
                now: Winner::Draw,
                this_move: true
            })
        );
        assert!(practice.slipped());
        // The defender's turn: the player's move is refused.
        assert!(practice.play(&db, House::e).is_err());
        assert_eq!(practice.retry(), vec![House::d]);
        assert!(!practice.slipped() && practice.game().moves().is_empty());
        assert_eq!(practice.play(&db, House::e), Ok(Judgement::Keeps));
    }

    #[test]
    fn a_slip_is_proved_by_the_defenders_capture_after_a_quiet_move() {
        let db = Database::build(Ruleset::Abapa, 9);
        let start = Position::from_fen("0-0-0-0-0-1-1-1-0-1-4-1-18-21-N").unwrap();
        let mut practice = Practice::new(&db, start, Rules::ABAPA).unwrap();
        // b is quiet: the database cannot speak after it.
        assert_eq!(practice.play(&db, House::b), Ok(Judgement::Unknown));
        let (reply, judgement) = practice.defend(&db).unwrap();
        assert_eq!(reply, House::F);
        assert_eq!(
            judgement,
            Judgement::Slipped {
                now: Winner::Seat(Seat::South),
                this_move: true
            }
        );
        assert_eq!(practice.retry(), vec![House::b, House::F]);
    }

    #[test]
    fn following_the_hints_wins_and_a_lost_start_is_refused() {
        let db = Database::build(Ruleset::Abapa, 9);
        let start = Position::from_fen("0-1-0-0-0-1-0-0-0-4-3-0-17-22-N").unwrap();
        let mut practice = Practice::new(&db, start, Rules::AUALE).unwrap();
        while practice.reached().is_none() {
            let hint = practice.hint(&db).unwrap();
            assert_eq!(practice.play(&db, hint), Ok(Judgement::Keeps));
            if practice.reached().is_none() {
                let (_, judgement) = practice.defend(&db).unwrap();
                assert_ne!(judgement, Judgement::Unknown);
            }
        }
        assert_eq!(practice.reached(), Some(true));
        assert!(!practice.slipped());
        assert!(practice.solver_moves() >= 1);
        let lost = Position::from_fen("1-0-0-0-0-0-1-1-0-1-0-0-23-21-S").unwrap();
        let refused = Practice::new(&db, lost, Rules::ABAPA).unwrap_err();
        assert_eq!(refused, NoPractice::Lost(Seat::South));
        assert_eq!(
            refused.to_string(),
            "South to move loses this with best play; nothing to practise"
        );
        let big = Practice::new(&db, Position::OPENING, Rules::ABAPA).unwrap_err();
        assert_eq!(big, NoPractice::Outside);
    }

    #[test]
    fn a_slip_said_at_a_move_is_not_said_again_by_the_reply() {
        let db = Database::build(Ruleset::Abapa, 9);
        let set = crate::set::PuzzleSet::shipped();
        let mut said = 0;
        for puzzle in set.endings(crate::practice::GRADES[1]) {
            let Ok(start) = Practice::new(&db, puzzle.start(), puzzle.rules()) else {
                continue;
            };
            for house in start.game().legal_moves().iter() {
                let mut practice = start.clone();
                let judgement = practice.play(&db, house).unwrap();
                if !matches!(judgement, Judgement::Slipped { .. }) {
                    continue;
                }
                said += 1;
                if let Some((reply, again)) = practice.defend(&db) {
                    assert!(
                        !matches!(again, Judgement::Slipped { .. }),
                        "{}: {house} then {reply}",
                        puzzle.id()
                    );
                }
            }
        }
        assert!(said > 0);
    }
}
