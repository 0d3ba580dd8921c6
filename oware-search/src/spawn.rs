//! A search on a thread of its own ([`spawn`]), for a front end that
//! reads its events while it runs and may stop it. Not on WebAssembly,
//! which has no threads to start (the page runs searches in workers).

use std::sync::atomic::AtomicBool;

use oware_core::Game;

use crate::engine::Engine;
use crate::limits::Limits;
use crate::report::{Event, SearchResult};

/// A search running on its own thread, started by [`spawn`].
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
    use oware_core::Rules;

    use super::*;
    use crate::options::EngineOptions;

    fn engine() -> Engine {
        Engine::new(EngineOptions::default().with_hash_mb(1))
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
