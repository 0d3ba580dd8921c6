//! The engine a front end drives: options, the table kept across the moves
//! of a game, synchronous [`Engine::search`] and off-thread [`spawn`].

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use oware_core::Game;

use crate::config::SearchConfig;
use crate::endgame::Endgame;
use crate::eval::{Evaluation, Weights};
use crate::limits::{ClockFn, Limits, Timer};
use crate::line::Line;
use crate::ordering::Heuristics;
use crate::report::{Event, SearchResult};
use crate::root::finished_score;
use crate::time::Overhead;
use crate::time::TimeManager;
use crate::tt::Table;
use crate::worker::Shared;

/// How the engine is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EngineOptions {
    /// The transposition table's size in megabytes.
    pub hash_mb: usize,
    /// Search threads (lazy SMP). 1 searches on the caller's thread only.
    pub threads: usize,
}

impl Default for EngineOptions {
    /// 16 MB, one thread.
    fn default() -> EngineOptions {
        EngineOptions {
            hash_mb: 16,
            threads: 1,
        }
    }
}

/// The search engine: owns the transposition table and the ordering
/// heuristics, reused across the moves of a game.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use oware_core::{Game, Rules};
/// use oware_search::{Engine, EngineOptions, Event, Limits};
///
/// let mut engine = Engine::new(EngineOptions { hash_mb: 1, ..EngineOptions::default() });
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
    #[must_use]
    pub fn new(options: EngineOptions) -> Engine {
        Engine {
            options,
            table: Table::new(options.hash_mb),
            heuristics: Box::new(Heuristics::new()),
            evaluation: Evaluation::DEFAULT,
            clock: None,
            analysis: true,
            config: SearchConfig::PLAY,
            endgame: None,
            overhead: Overhead::default(),
        }
    }

    /// The options in use.
    #[must_use]
    pub fn options(&self) -> EngineOptions {
        self.options
    }

    /// Changes the options; a new table size empties the table.
    pub fn set_options(&mut self, options: EngineOptions) {
        if options.hash_mb != self.options.hash_mb {
            self.table = Table::new(options.hash_mb);
        }
        self.options = options;
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

    /// Searches the game's current position on the caller's thread (and,
    /// with `threads > 1`, on helper threads it starts and joins), until a
    /// limit is reached or `stop` is set by another thread. Every completed
    /// depth (and, in analysis mode, every root move's score) is sent to
    /// `on_event` as it is found. Repetition and the move limit of the
    /// game's rules are honoured inside the search, counting the game's history.
    ///
    /// On a finished game the result has no move and the game's score.
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
        let time = TimeManager::new(limits, legal, self.overhead.estimate(), clock, stop);
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

/// A search running on its own thread, started by [`spawn`].
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub struct SearchHandle {
    events: std::sync::mpsc::Receiver<Event>,
    stop: std::sync::Arc<AtomicBool>,
    thread: std::thread::JoinHandle<(Engine, SearchResult)>,
}

/// Starts `engine` searching `game` under `limits` on a new thread; the
/// events arrive on [`SearchHandle::events`], and [`SearchHandle::join`]
/// gives the engine back with the result. Not on WebAssembly.
///
/// ```
/// use oware_core::{Game, Rules};
/// use oware_search::{Engine, EngineOptions, Limits, spawn};
/// let handle = spawn(Engine::new(EngineOptions::default()), Game::new(Rules::ABAPA), Limits::default());
/// let first = handle.events().recv().unwrap(); // runs until stopped
/// handle.stop();
/// let (_engine, result) = handle.join();
/// assert!(result.best.is_some());
/// # let _ = first;
/// ```
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
#[must_use]
pub fn spawn(engine: Engine, game: Game, limits: Limits) -> SearchHandle {
    let (sender, events) = std::sync::mpsc::channel();
    let stop = std::sync::Arc::new(AtomicBool::new(false));
    let flag = std::sync::Arc::clone(&stop);
    let thread = std::thread::spawn(move || {
        let mut engine = engine;
        let result = engine.search(&game, &limits, &flag, &mut |event| {
            // The receiver may have been dropped; the search goes on regardless.
            let _ = sender.send(event.clone());
        });
        (engine, result)
    });
    SearchHandle {
        events,
        stop,
        thread,
    }
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl SearchHandle {
    /// The progress events, in the order they happened.
    #[must_use]
    pub fn events(&self) -> &std::sync::mpsc::Receiver<Event> {
        &self.events
    }

    /// Asks the search to stop; it returns its best move so far soon after.
    pub fn stop(&self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Whether the search has finished.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.thread.is_finished()
    }

    /// Waits for the search to end; gives back the engine and the result.
    ///
    /// # Panics
    /// If the search thread panicked.
    #[must_use]
    pub fn join(self) -> (Engine, SearchResult) {
        self.thread.join().expect("the search thread panicked")
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use oware_core::Rules;

    use super::*;

    fn engine() -> Engine {
        Engine::new(EngineOptions {
            hash_mb: 1,
            threads: 1,
        })
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
        let db: Arc<dyn Endgame> =
            Arc::new(oware_egdb::Database::build(oware_egdb::Ruleset::Abapa, 2));
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
        let options = EngineOptions {
            hash_mb: 2,
            threads: 1,
        };
        engine.set_options(options);
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
    fn a_spawned_search_is_finished_only_once_it_ends() {
        let game = Game::new(Rules::ABAPA);
        // No limits: it runs until stopped.
        let endless = spawn(engine(), game.clone(), Limits::default());
        assert!(!endless.is_finished());
        endless.stop();
        let (_, result) = endless.join();
        assert!(result.best.is_some());
        let short = spawn(engine(), game, Limits::depth(2));
        // Its events end when its thread does.
        while short.events().recv().is_ok() {}
        while !short.is_finished() {
            std::thread::yield_now();
        }
        assert_eq!(short.join().1.depth, 2);
    }
}
