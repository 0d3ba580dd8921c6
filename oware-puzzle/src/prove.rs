//! Proving puzzles: finding a puzzle at a position (the goal, the line, how
//! it is proved), checking one again, and the starting rating from the
//! bot's levels.
//!
//! Every claim rests on oware-search's proven scores from a fresh game at
//! the puzzle's start, searched to a fixed depth in analysis mode (every
//! root move an exact score), one thread, a cleared table: the same search
//! gives the same scores, so a check repeats the build's proof exactly. In
//! [`Proof::Database`] mode the engine holds the endgame database right
//! for the rules, built in memory to [`Settings::egdb_seeds`]; the search
//! takes a database value only at a node reached by a capture, where it is
//! a fact about the game whatever came before (`oware_search`'s "Where a
//! value is a fact"), so the history of the line is honoured.

use core::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

use oware_core::{Game, House, Position, Rules, Seat};
use oware_egdb::{Database, Ruleset};
use oware_player::Bot;
use oware_player::Level;
use oware_search::{Endgame, EndgameValue, Engine, EngineOptions, Limits, Proven, Score};

use crate::puzzle::{Goal, MAX_SOLVER_MOVES, Proof, Puzzle, Uniqueness};
use crate::theme::Themes;
use crate::turn::{TurnFailure, judge_turn};

/// The settings a set of puzzles is proved with, kept in its file so a
/// check repeats the same proofs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The depth of the searches that find puzzles, in plies; each puzzle
    /// keeps the least depth (up to this) at which its proof holds
    /// ([`Puzzle::depth`]), so that checking it again is cheap.
    pub depth: u8,
    /// The endgame database's size, in seeds on the board, for
    /// [`Proof::Database`] puzzles.
    pub egdb_seeds: u8,
    /// The clear margin, in hundredths of a seed: where uniqueness is not
    /// proven, every other solver move scores at most this much (for a win;
    /// for a draw, at most its negation: clearly losing).
    pub margin_centi: u16,
}

impl Settings {
    /// The settings the shipped set is built with.
    pub const SHIPPED: Settings = Settings {
        depth: 16,
        egdb_seeds: 12,
        margin_centi: 200,
    };
}

/// The least depth of a search whose margin shows uniqueness: a margin is
/// a claim only from a deep search.
pub const MARGIN_DEPTH: u8 = 12;

/// How far behind (in stored seeds) a solver looks lost: a draw is a
/// puzzle only from such a position.
pub const LOST_LOOKING_SEEDS: u8 = 3;

/// Why a puzzle failed its check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// A solver move of the line fails (its place in the line, from 1).
    Solver {
        /// The move's place in the line, from 1.
        ply: usize,
        /// Why.
        failure: TurnFailure,
    },
    /// The proof found a move uniqueness claimed proven only by the margin.
    Weaker {
        /// The move's place in the line, from 1.
        ply: usize,
    },
    /// A draw to save a game whose solver does not look lost ([`looks_lost`]).
    NotLost,
    /// A defender's reply is not the best defence.
    Defence {
        /// The move's place in the line, from 1.
        ply: usize,
        /// The reply in the line.
        played: House,
        /// A reply that resists longer.
        better: House,
    },
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Solver { ply, failure } => write!(f, "move {ply} of the line: {failure}"),
            CheckError::NotLost => write!(
                f,
                "a draw to save a game, but the solver is not {LOST_LOOKING_SEEDS} seeds behind"
            ),
            CheckError::Weaker { ply } => write!(
                f,
                "move {ply} of the line: uniqueness is claimed proven, but only the margin shows it"
            ),
            CheckError::Defence {
                ply,
                played,
                better,
            } => write!(
                f,
                "move {ply} of the line: the reply {played} is not the best defence ({better} resists longer)"
            ),
        }
    }
}

impl std::error::Error for CheckError {}

/// A solution found at a position: what [`Prover::solve`] gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// What the solver forces.
    pub goal: Goal,
    /// The line, ending on a solver move.
    pub line: Vec<House>,
    /// What proves it.
    pub proof: Proof,
    /// How uniqueness is known, over every solver move.
    pub uniqueness: Uniqueness,
}

/// The prover: an engine and the endgame databases, built in memory once
/// and shared by [`Prover::fork`].
pub struct Prover {
    settings: Settings,
    engine: Engine,
    databases: Vec<(Ruleset, Arc<Lazy>)>,
}

/// An endgame database built on its first probe of a position it holds,
/// then kept: a prover whose searches never reach the endgame (`oware
/// analyze` going through an opening) never pays for the build. It answers
/// as the built database would, `None` above its seeds.
struct Lazy {
    ruleset: Ruleset,
    seeds: u8,
    built: OnceLock<Database>,
}

impl Lazy {
    /// The database, built now if it is not yet.
    fn database(&self) -> &Database {
        self.built
            .get_or_init(|| Database::build(self.ruleset, self.seeds))
    }
}

impl Endgame for Lazy {
    fn probe(&self, position: &Position) -> Option<EndgameValue> {
        if crate::practice::seeds_on_board(position) > self.seeds {
            return None;
        }
        Endgame::probe(self.database(), position)
    }

    fn fits(&self, rules: &Rules) -> bool {
        self.ruleset.fits(rules)
    }
}

impl Prover {
    /// A prover with `settings`; the databases are built when first needed.
    #[must_use]
    pub fn new(settings: Settings) -> Prover {
        Prover {
            settings,
            engine: Engine::new(EngineOptions::default().with_hash_mb(8)),
            databases: Vec::new(),
        }
    }

    /// The settings.
    #[must_use]
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Another prover with the same settings and databases (for another thread).
    #[must_use]
    pub fn fork(&self) -> Prover {
        Prover {
            settings: self.settings,
            engine: Engine::new(self.engine.options()),
            databases: self.databases.clone(),
        }
    }

    /// Builds now the database right for `rules` (if any), so that forks share it.
    pub fn prepare(&mut self, rules: Rules) {
        if let Some(lazy) = self.lazy(rules) {
            lazy.database();
        }
    }

    /// The database right for `rules`, built in memory on its first probe
    /// of a position it holds.
    fn database(&mut self, rules: Rules) -> Option<Arc<dyn Endgame>> {
        self.lazy(rules).map(|lazy| lazy as Arc<dyn Endgame>)
    }

    /// The database right for `rules`, maybe not built yet, shared by forks.
    fn lazy(&mut self, rules: Rules) -> Option<Arc<Lazy>> {
        let ruleset = Ruleset::fitting(&rules)?;
        if let Some((_, db)) = self.databases.iter().find(|(r, _)| *r == ruleset) {
            return Some(db.clone());
        }
        let db = Arc::new(Lazy {
            ruleset,
            seeds: self.settings.egdb_seeds,
            built: OnceLock::new(),
        });
        self.databases.push((ruleset, db.clone()));
        Some(db)
    }

    /// Every legal move of `game` with its score, best first, by the
    /// fixed-depth search of `proof`'s kind.
    fn scores(&mut self, game: &Game, proof: Proof, depth: u8) -> Vec<(House, Score)> {
        let endgame = match proof {
            Proof::Search => None,
            Proof::Database => self.database(game.rules()),
        };
        self.engine.new_game();
        self.engine.set_endgame(endgame);
        self.engine.set_analysis(true);
        let stop = AtomicBool::new(false);
        let result = self
            .engine
            .search(game, &Limits::depth(u32::from(depth)), &stop, &mut |_| {});
        result.root_scores
    }

    /// Whether a quick search (a third of the depth, the database at hand)
    /// finds a forced result for the side to move of `game`: a cheap
    /// filter before [`solve`](Prover::solve).
    pub fn promising(&mut self, game: &Game) -> bool {
        let depth = (self.settings.depth * 3 / 4).max(2);
        let has_db = Ruleset::fitting(&game.rules()).is_some();
        let proof = if has_db {
            Proof::Database
        } else {
            Proof::Search
        };
        let scores = self.scores(game, proof, depth);
        scores.first().is_some_and(|&(_, score)| {
            matches!(score.result(), Some(Proven::Win { .. }))
                || (score.result() == Some(Proven::Draw) && looks_lost(game.position()))
        })
    }

    /// The puzzle at `start` (a fresh game under `rules`), if there is one:
    /// the solver has two legal moves or more and can force a win (or, looking lost, a draw) with a move no
    /// other keeps, proven without the database if the search alone can,
    /// else with it (and with it too where the search alone proves the
    /// solution but not its uniqueness). The line goes on with the defender's best reply and
    /// the solver's only move while each is found, up to
    /// [`MAX_SOLVER_MOVES`], and stops before a turn with several.
    pub fn solve(&mut self, start: Position, rules: Rules) -> Option<Solution> {
        let kinds: &[Proof] = if Ruleset::fitting(&rules).is_some() {
            &[Proof::Search, Proof::Database]
        } else {
            &[Proof::Search]
        };
        // The first kind that proves uniqueness, else the first that finds
        // a solution by the margin.
        let mut found = None;
        for &proof in kinds {
            match self.solve_by(start, rules, proof) {
                Some(s) if s.uniqueness == Uniqueness::Proven => return Some(s),
                Some(s) => {
                    found.get_or_insert(s);
                }
                None => {}
            }
        }
        found
    }

    fn solve_by(&mut self, start: Position, rules: Rules, proof: Proof) -> Option<Solution> {
        let margin = f32::from(self.settings.margin_centi) / 100.0;
        let depth = self.settings.depth;
        let mut game = Game::from_position(start, rules);
        // A single legal move is no puzzle.
        if game.is_over() || game.legal_moves().len() < 2 {
            return None;
        }
        let scores = self.scores(&game, proof, depth);
        let &(first, best) = scores.first()?;
        let goal = match best.proven()? {
            Proven::Win { .. } => Goal::Win,
            Proven::Draw if looks_lost(start) => Goal::Draw,
            _ => return None,
        };
        let mut uniqueness = judge_turn(&scores, first, goal, margin).ok()?;
        let mut line = vec![first];
        game.play(first).ok()?;
        while line.len().div_ceil(2) < MAX_SOLVER_MOVES && !game.is_over() {
            let &(reply, _) = self.scores(&game, proof, depth).first()?;
            let mut next = game.clone();
            next.play(reply).ok()?;
            if next.is_over() {
                break;
            }
            let scores = self.scores(&next, proof, depth);
            let Some(&(answer, _)) = scores.first() else {
                break;
            };
            let Ok(found) = judge_turn(&scores, answer, goal, margin) else {
                break;
            };
            if found == Uniqueness::Margin {
                uniqueness = Uniqueness::Margin;
            }
            next.play(answer).ok()?;
            line.extend([reply, answer]);
            game = next;
        }
        Some(Solution {
            goal,
            line,
            proof,
            uniqueness,
        })
    }

    /// The whole puzzle at `start`: [`solve`](Prover::solve), then the
    /// themes, the starting rating ([`rate`](Prover::rate)) and the least
    /// depth at which [`check`](Prover::check) proves it (from 2, every
    /// other ply; from [`MARGIN_DEPTH`] where uniqueness rests on the margin).
    pub fn puzzle_at(&mut self, start: Position, rules: Rules) -> Option<Puzzle> {
        let solution = self.solve(start, rules)?;
        let game = Game::from_position(start, rules);
        let themes = Themes::of(&game, &solution.line);
        let rating = self.rate(&game, solution.line[0]);
        let full = self.settings.depth;
        let puzzle = Puzzle::new(
            rules,
            start,
            solution.goal,
            solution.line,
            themes,
            rating,
            solution.proof,
            solution.uniqueness,
            full,
        )
        .ok()?;
        let least = match puzzle.uniqueness() {
            Uniqueness::Proven => 2,
            Uniqueness::Margin => MARGIN_DEPTH.min(full),
        };
        let depth = (least..full)
            .step_by(2)
            .find(|&depth| self.check_at(&puzzle, depth).is_ok())
            .unwrap_or(full);
        Puzzle::new(
            rules,
            start,
            puzzle.goal(),
            puzzle.line().to_vec(),
            themes,
            rating,
            puzzle.proof(),
            puzzle.uniqueness(),
            depth,
        )
        .ok()
    }

    /// Checks `puzzle` again with the same searches (to its
    /// [`depth`](Puzzle::depth)): every solver move keeps
    /// the goal by a proof, no other move does (proven, or by the margin
    /// where the puzzle says so), and every reply is the best defence
    /// (no other reply scores better for the defender).
    ///
    /// # Errors
    /// The first [`CheckError`] found along the line.
    pub fn check(&mut self, puzzle: &Puzzle) -> Result<(), CheckError> {
        self.check_at(puzzle, puzzle.depth())
    }

    fn check_at(&mut self, puzzle: &Puzzle, depth: u8) -> Result<(), CheckError> {
        let margin = f32::from(self.settings.margin_centi) / 100.0;
        if puzzle.goal() == Goal::Draw && !looks_lost(puzzle.start()) {
            return Err(CheckError::NotLost);
        }
        let mut game = puzzle.game();
        for (i, &house) in puzzle.line().iter().enumerate() {
            let ply = i + 1;
            let scores = self.scores(&game, puzzle.proof(), depth);
            if i % 2 == 0 {
                let found = judge_turn(&scores, house, puzzle.goal(), margin)
                    .map_err(|failure| CheckError::Solver { ply, failure })?;
                if found == Uniqueness::Margin && puzzle.uniqueness() == Uniqueness::Proven {
                    return Err(CheckError::Weaker { ply });
                }
            } else {
                let played = scores.iter().find(|(h, _)| *h == house).map(|&(_, s)| s);
                if let Some(&(better, best)) = scores.first()
                    && played.is_none_or(|score| score < best)
                {
                    return Err(CheckError::Defence {
                        ply,
                        played: house,
                        better,
                    });
                }
            }
            game.play(house)
                .expect("a puzzle's line is legal (checked when built)");
        }
        Ok(())
    }

    /// The starting rating of a puzzle whose first move is `first` at the
    /// fresh game `game`: [`rating_for`] the lowest level from 1 to
    /// [`RATED_LEVELS`] that plays `first` every time, three seeds of its
    /// noise where it has noise, searching without a database (as a person
    /// thinks, without one); 2100 when none does.
    pub fn rate(&mut self, game: &Game, first: House) -> u16 {
        self.engine.set_endgame(None);
        let stop = AtomicBool::new(false);
        let finds = |engine: &mut Engine, level: Level| {
            let tries = if level.noise() > 0.0 { 3 } else { 1 };
            (0..tries).all(|seed| {
                engine.new_game();
                let bot = Bot::new(level, None);
                let chosen = bot.choose(engine, game, None, seed, &stop, &mut |_| {});
                chosen.result.best == Some(first)
            })
        };
        let level = Level::all()
            .take(usize::from(RATED_LEVELS))
            .find(|&level| finds(&mut self.engine, level));
        rating_for(level)
    }
}

/// The levels that rate puzzles: those limited by depth (1 to 14), whose
/// search is the same on every machine; the levels above are limited by
/// time.
pub const RATED_LEVELS: u8 = 14;

/// The starting rating of a puzzle the bot first solves at `level`: 500
/// plus 100 a level (600 at level 1, 1900 at level 14); 2100 for one no
/// rated level solves.
///
/// ```
/// use oware_puzzle::rating_for;
/// use oware_player::Level;
/// assert_eq!(rating_for(Some(Level::new(1)?)), 600);
/// assert_eq!(rating_for(Some(Level::new(14)?)), 1900);
/// assert_eq!(rating_for(None), 2100);
/// # Ok::<(), oware_player::LevelError>(())
/// ```
#[must_use]
pub fn rating_for(level: Option<Level>) -> u16 {
    level.map_or(2100, |level| 500 + 100 * u16::from(level.get()))
}

/// Whether the side to move of `position` looks lost: its store at least
/// [`LOST_LOOKING_SEEDS`] behind the opponent's.
#[must_use]
pub fn looks_lost(position: Position) -> bool {
    let board = position.board();
    let (mover, other): (Seat, Seat) = (position.to_move(), position.to_move().opponent());
    board.store(mover) + LOST_LOOKING_SEEDS <= board.store(other)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capture_to_25_is_found_proved_and_checked() {
        // South's F makes a hold 3: the 25th seed. B (1 seed) does nothing
        // of the kind, and North then has time... the search proves which.
        let start = Position::from_fen("0-1-0-0-0-1-2-0-0-0-0-1-22-21-S").unwrap();
        let mut prover = Prover::new(Settings {
            depth: 6,
            egdb_seeds: 6,
            margin_centi: 200,
        });
        let puzzle = prover.puzzle_at(start, Rules::ABAPA).expect("a puzzle");
        assert_eq!(puzzle.line(), [House::F]);
        assert_eq!(puzzle.goal(), Goal::Win);
        assert_eq!(puzzle.proof(), Proof::Search);
        assert!(prover.check(&puzzle).is_ok());
        // Level 1 sees a capture to 25 at once.
        assert_eq!(puzzle.rating(), 600);
        // A puzzle whose line is not the win fails its check, naming the move.
        let wrong = Puzzle::new(
            Rules::ABAPA,
            start,
            Goal::Win,
            vec![House::B],
            puzzle.themes(),
            600,
            Proof::Search,
            Uniqueness::Proven,
            puzzle.depth(),
        )
        .unwrap();
        assert_eq!(
            prover.check(&wrong),
            Err(CheckError::Solver {
                ply: 1,
                failure: TurnFailure::NotKept(House::B)
            })
        );
    }

    #[test]
    fn a_draw_to_save_needs_a_lost_looking_start() {
        // 22 each in store: nothing looks lost, whatever the line.
        let start = Position::from_fen("0-1-0-0-0-1-2-0-0-0-0-1-22-21-S").unwrap();
        let claim = Puzzle::new(
            Rules::ABAPA,
            start,
            Goal::Draw,
            vec![House::F],
            crate::theme::Themes::NONE,
            600,
            Proof::Search,
            Uniqueness::Proven,
            4,
        )
        .unwrap();
        let mut prover = Prover::new(Settings {
            depth: 4,
            egdb_seeds: 4,
            margin_centi: 200,
        });
        assert_eq!(prover.check(&claim), Err(CheckError::NotLost));
    }

    #[test]
    fn the_opening_is_no_puzzle() {
        let mut prover = Prover::new(Settings {
            depth: 4,
            egdb_seeds: 4,
            margin_centi: 200,
        });
        assert_eq!(prover.solve(Position::OPENING, Rules::ABAPA), None);
    }

    #[test]
    fn lost_looking_is_three_seeds_behind() {
        let behind = Position::from_fen("4-4-4-4-4-4-4-4-4-4-3-2-0-3-S").unwrap();
        assert!(looks_lost(behind));
        let level = Position::from_fen("4-4-4-4-4-4-4-4-4-4-3-2-1-2-S").unwrap();
        assert!(!looks_lost(level));
    }
}
