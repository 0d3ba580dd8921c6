//! The engine a front end drives: options, the table kept across the moves
//! of a game, and the search on the caller's thread, [`Engine::search`]
//! (the one on a thread of its own is `spawn.rs`).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use oware_core::{Game, House, Transcript};

use crate::config::SearchConfig;
use crate::endgame::Endgame;
use crate::eval::{Evaluation, Weights};
use crate::limits::{ClockFn, Limits, Timer};
use crate::line::Line;
use crate::options::{EngineError, EngineOptions};
use crate::ordering::Heuristics;
use crate::report::{Event, SearchResult};
use crate::root::finished_score;
use crate::score::Score;
use crate::time::Overhead;
use crate::time::TimeManager;
use crate::tt::Table;
use crate::worker::Shared;

/// Why [`Engine::best_move`] gave no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SearchError {
    /// The limits set no limit: the search would never end.
    Unlimited,
    /// The game is over: there is no move to choose.
    GameOver,
    /// The engine's endgame database is not right for the game's rules
    /// ([`Endgame::fits`]): set one that fits, or none.
    EndgameMisfit,
}

impl core::fmt::Display for SearchError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            SearchError::Unlimited => {
                "the limits set no depth, nodes, time or clock, so the search would never end"
            }
            SearchError::GameOver => "the game is over, so there is no move to choose",
            SearchError::EndgameMisfit => {
                "the engine's endgame database is not right for the game's rules: set one that fits, or none"
            }
        })
    }
}

impl std::error::Error for SearchError {}

/// The search engine: owns the transposition table and the ordering
/// heuristics, reused across the moves of a game.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use oware_core::{Game, Rules};
/// use oware_search::{Engine, EngineOptions, Event, Limits};
///
/// let mut engine = Engine::new(EngineOptions::default().with_hash_mb(1));
/// let game = Game::new(Rules::ABAPA);
/// let mut depths = Vec::new();
/// let result = engine.search(&game, &Limits::depth(4), &AtomicBool::new(false), &mut |event| {
///     if let Event::Iteration(it) = event {
///         depths.push(it.depth);
///     }
/// });
/// assert_eq!(depths, [1, 2, 3, 4]);
/// assert!(game.legal_moves().contains(result.best.unwrap()));
/// assert_eq!(result.root_scores.len(), 6); // analysis mode: every move scored
/// ```
pub struct Engine {
    options: EngineOptions,
    table: Table,
    heuristics: Box<Heuristics>,
    evaluation: Evaluation,
    clock: Option<ClockFn>,
    analysis: bool,
    config: SearchConfig,
    endgame: Option<Arc<dyn Endgame>>,
    overhead: Overhead,
}

impl Engine {
    /// An engine with `options` and an empty table.
    ///
    /// # Errors
    /// [`EngineError::HashTooLarge`] when the table cannot be allocated (a
    /// size past the address space, or more memory than the system gives),
    /// [`EngineError::NoThreads`] for `threads: 0`.
    pub fn try_new(options: EngineOptions) -> Result<Engine, EngineError> {
        let table = Engine::table_for(options)?;
        Ok(Engine {
            options,
            table,
            heuristics: Box::new(Heuristics::new()),
            evaluation: Evaluation::DEFAULT,
            clock: None,
            analysis: true,
            config: SearchConfig::PLAY,
            endgame: None,
            overhead: Overhead::default(),
        })
    }

    /// An engine with `options` and an empty table, for options known to
    /// be good (a table of a few megabytes, one thread or more): as
    /// [`try_new`](Engine::try_new), which a program taking sizes from its
    /// user calls instead.
    ///
    /// # Panics
    /// When [`try_new`](Engine::try_new) would return an error.
    #[must_use]
    #[track_caller]
    pub fn new(options: EngineOptions) -> Engine {
        match Engine::try_new(options) {
            Ok(engine) => engine,
            Err(error) => panic!("{error}"),
        }
    }

    /// A table for `options`, once they are checked.
    fn table_for(options: EngineOptions) -> Result<Table, EngineError> {
        if options.threads == 0 {
            return Err(EngineError::NoThreads);
        }
        Table::new(options.hash_mb).ok_or(EngineError::HashTooLarge {
            hash_mb: options.hash_mb,
        })
    }

    /// The options in use.
    #[must_use]
    pub fn options(&self) -> EngineOptions {
        self.options
    }

    /// Changes the options; a new table size empties the table.
    ///
    /// # Errors
    /// As [`try_new`](Engine::try_new); the engine then keeps its options
    /// and its table.
    pub fn set_options(&mut self, options: EngineOptions) -> Result<(), EngineError> {
        if options.hash_mb != self.options.hash_mb {
            self.table = Engine::table_for(options)?;
        } else if options.threads == 0 {
            return Err(EngineError::NoThreads);
        }
        self.options = options;
        Ok(())
    }

    /// The transposition table, for the search's own tests of what it keeps there.
    #[cfg(test)]
    pub(crate) fn table(&self) -> &Table {
        &self.table
    }

    /// Forgets everything learnt: clears the table and the ordering heuristics.
    pub fn new_game(&mut self) {
        self.table.clear();
        *self.heuristics = Heuristics::new();
    }

    /// Sets the clock that time limits are read from: a function returning
    /// milliseconds from any fixed origin (in a browser, `performance.now()`).
    ///
    /// Without one, the engine uses `std::time::Instant`, except on
    /// `wasm32-unknown-unknown`, where `Instant::now()` panics: there,
    /// without a clock, elapsed time reads zero and a time limit becomes a
    /// node budget of [`NODES_PER_MS_WITHOUT_CLOCK`](crate::NODES_PER_MS_WITHOUT_CLOCK) per millisecond.
    pub fn set_clock(&mut self, clock: Option<ClockFn>) {
        self.clock = clock;
    }

    /// Analysis mode (on by default): every root move gets an exact score at
    /// every depth, streamed as [`Event::RootMove`]s. Off, only the best
    /// move's score is exact (and `root_scores` holds only it), which is
    /// faster: use it to play, not to show the chalk on each house.
    pub fn set_analysis(&mut self, on: bool) {
        self.analysis = on;
    }

    /// Whether analysis mode is on.
    #[must_use]
    pub fn analysis(&self) -> bool {
        self.analysis
    }

    /// Replaces the evaluation by the linear one with `weights` (for tuning).
    pub fn set_weights(&mut self, weights: Weights) {
        self.evaluation = Evaluation::Linear(weights);
    }

    /// Replaces the evaluation (the default is [`Evaluation::DEFAULT`]).
    pub fn set_evaluation(&mut self, evaluation: Evaluation) {
        self.evaluation = evaluation;
    }

    /// The evaluation in use.
    #[must_use]
    pub fn evaluation(&self) -> Evaluation {
        self.evaluation
    }

    /// Gives the engine an endgame database (or takes it away with `None`).
    /// The search probes it at every node below the root whose game is not
    /// over, when the game's rules fit it ([`Endgame::fits`]); under other
    /// rules it is ignored.
    pub fn set_endgame(&mut self, endgame: Option<Arc<dyn Endgame>>) {
        self.endgame = endgame;
    }

    /// The endgame database in use, if any.
    #[must_use]
    pub fn endgame(&self) -> Option<&Arc<dyn Endgame>> {
        self.endgame.as_ref()
    }

    /// The lag a GUI's clock adds to every move beyond the search's own
    /// time, as learnt so far: a front end that sees what the GUI charged
    /// teaches it ([`Overhead::observe`]); every search on a clock plans
    /// with its estimate ([`Limits::clock`]). Zero for an engine whose clock
    /// is its caller's own, with nothing in between.
    pub fn overhead_mut(&mut self) -> &mut Overhead {
        &mut self.overhead
    }

    /// Sets which parts of the search are on (for checks; default [`SearchConfig::PLAY`]).
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = config;
    }

    /// The best move of the game's current position, searched to `limits`
    /// on the caller's thread: the one call a program that only wants a
    /// move makes. For the scores, the line, and progress as it comes (what
    /// a front end shows), or to stop a search from another thread, use
    /// [`search`](Engine::search).
    ///
    /// # Errors
    /// [`SearchError::Unlimited`] for limits that set none (such a search
    /// ends only when a stop flag is set, and this call has none);
    /// [`SearchError::GameOver`] for a finished game, which has no move;
    /// [`SearchError::EndgameMisfit`] when the engine holds an endgame
    /// database whose values are wrong under the game's rules (say, awari's
    /// in a game of abapa).
    ///
    /// ```
    /// use oware_core::{Game, Rules};
    /// use oware_search::{Engine, EngineOptions, Limits, SearchError};
    ///
    /// let mut engine = Engine::new(EngineOptions::default());
    /// let game = Game::new(Rules::ABAPA);
    /// let house = engine.best_move(&game, Limits::depth(8))?;
    /// assert!(game.legal_moves().contains(house));
    /// assert_eq!(engine.best_move(&game, Limits::default()), Err(SearchError::Unlimited));
    /// # Ok::<(), SearchError>(())
    /// ```
    pub fn best_move(&mut self, game: &Game, limits: Limits) -> Result<House, SearchError> {
        self.check(game, &limits)?;
        let result = self.search(game, &limits, &AtomicBool::new(false), &mut |_| {});
        Ok(result
            .best
            .expect("a search of a game not over completes depth 1, so it has a move"))
    }

    /// Searches `game` under `limits` and gives the whole answer in one
    /// value: the move, its score, the depth and nodes searched, and the
    /// principal variation. The one-call form of [`search`](Engine::search)
    /// for a program that needs no events and no stop flag.
    ///
    /// # Errors
    /// As [`best_move`](Engine::best_move)'s.
    ///
    /// ```
    /// use oware_core::{Game, Rules};
    /// use oware_search::{Engine, EngineOptions, Limits};
    ///
    /// let mut engine = Engine::new(EngineOptions::default());
    /// let game = Game::new(Rules::ABAPA);
    /// let analysis = engine.analyse(&game, Limits::depth(6))?;
    /// assert_eq!(analysis.depth, 6);
    /// assert_eq!(analysis.pv.first(), Some(&analysis.best));
    /// println!("{} ({}) after {} nodes: {}", analysis.best, analysis.score, analysis.nodes, analysis.pv);
    /// # Ok::<(), oware_search::SearchError>(())
    /// ```
    pub fn analyse(&mut self, game: &Game, limits: Limits) -> Result<Analysis, SearchError> {
        self.check(game, &limits)?;
        let result = self.search(game, &limits, &AtomicBool::new(false), &mut |_| {});
        Ok(Analysis {
            best: result
                .best
                .expect("a search of a game not over completes depth 1, so it has a move"),
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            pv: Transcript::from(result.pv),
        })
    }

    /// Why `game` under `limits` has no answer, if it has none.
    fn check(&self, game: &Game, limits: &Limits) -> Result<(), SearchError> {
        if limits.is_unlimited() {
            return Err(SearchError::Unlimited);
        }
        if game.is_over() {
            return Err(SearchError::GameOver);
        }
        if self
            .endgame
            .as_deref()
            .is_some_and(|db| !db.fits(&game.rules()))
        {
            return Err(SearchError::EndgameMisfit);
        }
        Ok(())
    }

    /// Searches the game's current position on the caller's thread (and,
    /// with `threads > 1`, on helper threads it starts and joins), until a
    /// limit is reached or `stop` is set by another thread. Every completed
    /// depth (and, in analysis mode, every root move's score) is sent to
    /// `on_event` as it is found. Repetition and the move limit of the
    /// game's rules are honoured inside the search, counting the game's history.
    ///
    /// On a finished game the result has no move and the game's score. An
    /// endgame database that does not fit the game's rules is not probed
    /// ([`best_move`](Engine::best_move) and [`analyse`](Engine::analyse)
    /// refuse it instead).
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_event: &mut dyn FnMut(&Event),
    ) -> SearchResult {
        let clock = Timer::start(self.clock);
        let position = game.position();
        if let Some(outcome) = game.outcome() {
            return SearchResult {
                best: None,
                score: finished_score(position, outcome),
                depth: 0,
                pv: Vec::new(),
                root_scores: Vec::new(),
                nodes: 0,
                elapsed: clock.elapsed(),
            };
        }
        self.table.new_search();
        self.heuristics.age();
        let legal = game.legal_moves().len();
        let time = TimeManager::new(limits, legal, self.overhead.estimate(), clock, stop)
            .with_knobs(self.config.knobs);
        let line = Line::of_game(game);
        let heuristics = std::mem::replace(&mut self.heuristics, Box::new(Heuristics::new()));
        let rules = game.rules();
        let endgame = self.endgame.as_deref().filter(|db| db.fits(&rules));
        let shared = Shared {
            table: &self.table,
            evaluation: self.evaluation,
            config: self.config,
            analysis: self.analysis,
            threads: self.options.threads,
            endgame,
        };
        let (done, nodes, heuristics) =
            crate::smp::search(&shared, heuristics, line, &time, on_event);
        self.heuristics = heuristics;
        SearchResult {
            best: Some(done.best),
            score: done.score,
            depth: done.depth,
            pv: done.pv,
            root_scores: done.root_scores,
            nodes,
            elapsed: clock.elapsed(),
        }
    }
}

/// A search's answer, from [`Engine::analyse`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The move the search chose.
    pub best: House,
    /// Its score, from the mover's view.
    pub score: Score,
    /// The deepest depth completed, in plies.
    pub depth: u32,
    /// The positions searched.
    pub nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: Transcript,
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use oware_core::Rules;

    use super::*;

    fn engine() -> Engine {
        Engine::new(EngineOptions::default().with_hash_mb(1))
    }

    /// A database that holds nothing and fits every game.
    struct NoValues;

    impl Endgame for NoValues {
        fn probe(&self, _: &oware_core::Position) -> Option<crate::EndgameValue> {
            None
        }
        fn fits(&self, _: &oware_core::Rules) -> bool {
            true
        }
    }

    #[test]
    fn the_engine_keeps_what_it_is_given() {
        let mut engine = engine();
        assert_eq!(engine.evaluation(), Evaluation::DEFAULT);
        engine.set_weights(Weights::SEEDS_ONLY);
        assert_eq!(engine.evaluation(), Evaluation::Linear(Weights::SEEDS_ONLY));
        engine.set_evaluation(Evaluation::Linear(Weights::TUNED));
        assert_eq!(engine.evaluation(), Evaluation::Linear(Weights::TUNED));
        assert!(engine.endgame().is_none());
        let db: Arc<dyn Endgame> = Arc::new(NoValues);
        engine.set_endgame(Some(Arc::clone(&db)));
        assert!(engine.endgame().is_some_and(|kept| Arc::ptr_eq(kept, &db)));
        engine.set_endgame(None);
        assert!(engine.endgame().is_none());
        assert_eq!(*engine.overhead_mut(), Overhead::default());
        let ms = Duration::from_millis;
        engine.overhead_mut().observe(ms(300), ms(100));
        assert_eq!(engine.overhead_mut().estimate(), ms(200));
        assert!(engine.analysis());
        engine.set_analysis(false);
        assert!(!engine.analysis());
    }

    #[test]
    fn new_options_are_kept_and_a_new_table_size_empties_the_table() {
        let game = Game::new(Rules::ABAPA);
        let stop = AtomicBool::new(false);
        let nodes = |engine: &mut Engine| {
            engine
                .search(&game, &Limits::depth(7), &stop, &mut |_| {})
                .nodes
        };
        let mut engine = engine();
        let fresh = nodes(&mut engine);
        // The same table again: the first search's entries save many nodes.
        let again = nodes(&mut engine);
        let options = EngineOptions::default().with_hash_mb(2).with_threads(1);
        engine.set_options(options).unwrap();
        assert_eq!(engine.options(), options);
        // A new size: an empty table, so the search costs about what a
        // fresh one does (the move-ordering history is kept).
        let resized = nodes(&mut engine);
        assert!(again * 3 < fresh * 2, "{again} nodes again, {fresh} fresh");
        assert!(
            resized * 4 > fresh * 3,
            "{resized} nodes resized, {fresh} fresh"
        );
    }

    #[test]
    fn options_it_cannot_take_are_refused_and_change_nothing() {
        for hash_mb in [usize::MAX, 1 << 40] {
            let options = EngineOptions::default().with_hash_mb(hash_mb);
            assert_eq!(
                Engine::try_new(options).err(),
                Some(EngineError::HashTooLarge { hash_mb })
            );
        }
        let mut engine = engine();
        let before = engine.options();
        let huge = before.with_hash_mb(1 << 40);
        assert_eq!(
            engine.set_options(huge),
            Err(EngineError::HashTooLarge { hash_mb: 1 << 40 })
        );
        assert_eq!(
            engine.set_options(before.with_threads(0)),
            Err(EngineError::NoThreads)
        );
        assert_eq!(engine.options(), before);
        // The engine still searches with its table.
        let game = Game::new(Rules::ABAPA);
        let result = engine.search(
            &game,
            &Limits::depth(3),
            &AtomicBool::new(false),
            &mut |_| {},
        );
        assert_eq!(result.depth, 3);
    }

    #[test]
    fn the_one_call_search_refuses_what_has_no_move_or_no_end() {
        let mut engine = engine();
        let game = Game::new(Rules::ABAPA);
        assert_eq!(
            engine.best_move(&game, Limits::default()),
            Err(SearchError::Unlimited)
        );
        // The same move the streaming form finds at the same depth.
        let streamed = engine
            .search(
                &game,
                &Limits::depth(5),
                &AtomicBool::new(false),
                &mut |_| {},
            )
            .best;
        engine.new_game();
        assert_eq!(engine.best_move(&game, Limits::depth(5)).ok(), streamed);
        let won =
            oware_core::Board::from_cells([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2, 20, 25]).unwrap();
        let over = Game::from_position(
            oware_core::Position::new(won, oware_core::Seat::South),
            Rules::ABAPA,
        );
        assert_eq!(
            engine.best_move(&over, Limits::depth(3)),
            Err(SearchError::GameOver)
        );
    }

    #[test]
    #[should_panic(
        expected = "a transposition table of 1099511627776 megabytes cannot be allocated"
    )]
    fn the_panicking_constructor_says_why() {
        let _ = Engine::new(EngineOptions::default().with_hash_mb(1 << 40));
    }
}
