//! Lazy SMP: helper threads search the same root with the shared table,
//! at staggered depths, so the main thread finds more of its tree already
//! searched. Only the main thread reports; helpers stop when it ends.

use crate::ends::Line;
use crate::engine::iterate;
use crate::eval::Weights;
use crate::limits::TimeManager;
use crate::ordering::Heuristics;
use crate::report::Event;
use crate::root::Completed;
use crate::search::{SearchConfig, Worker};
use crate::tt::Table;

/// What a search on several threads needs.
pub(crate) struct Shared<'a> {
    pub(crate) table: &'a Table,
    pub(crate) weights: Weights,
    pub(crate) config: SearchConfig,
    pub(crate) analysis: bool,
    #[cfg_attr(all(target_arch = "wasm32", target_os = "unknown"), allow(dead_code))]
    pub(crate) threads: usize,
    pub(crate) endgame: Option<&'a dyn crate::endgame::Endgame>,
}

/// Searches `line` on `shared.threads` threads; returns the main thread's
/// last completed iteration, the nodes of all threads, and the main
/// thread's heuristics. On WebAssembly, which has no threads, the main
/// thread searches alone.
pub(crate) fn search(
    shared: &Shared<'_>,
    heuristics: Box<Heuristics>,
    line: Line,
    time: &TimeManager<'_>,
    on_event: &mut dyn FnMut(&Event),
) -> (Completed, u64, Box<Heuristics>) {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        let mut worker = Worker::new(
            shared.table,
            shared.weights,
            line,
            shared.config,
            heuristics,
        );
        worker.time = Some(time);
        worker.endgame = shared.endgame;
        let done = iterate(&mut worker, time, shared.analysis, on_event);
        (done, worker.nodes, worker.heuristics)
    }
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
        let counter = AtomicU64::new(0);
        let helpers_stop = AtomicBool::new(false);
        let helper_limits = crate::limits::Limits::default();
        std::thread::scope(|scope| {
            let mut helpers = Vec::new();
            for index in 1..shared.threads {
                let line = line.clone();
                let counter = &counter;
                let helpers_stop = &helpers_stop;
                let helper_limits = &helper_limits;
                helpers.push(scope.spawn(move || {
                    let time = TimeManager::new(helper_limits, time.clock, helpers_stop);
                    let mut worker = Worker::new(
                        shared.table,
                        shared.weights,
                        line,
                        shared.config,
                        Box::new(Heuristics::new()),
                    );
                    worker.time = Some(&time);
                    worker.endgame = shared.endgame;
                    worker.shared_nodes = Some(counter);
                    worker.may_stop = true;
                    let mut root = crate::root::Root::new(&worker, false);
                    // Odd helpers run one ply ahead, so the threads do not
                    // all search the same depth at the same moment.
                    let mut depth = 1 + (index % 2) as u32;
                    while depth < time.max_depth && root.iterate_play(&mut worker, depth) {
                        depth += 1;
                    }
                    worker.nodes
                }));
            }
            let mut worker = Worker::new(
                shared.table,
                shared.weights,
                line,
                shared.config,
                heuristics,
            );
            worker.time = Some(time);
            worker.endgame = shared.endgame;
            worker.shared_nodes = Some(&counter);
            let done = iterate(&mut worker, time, shared.analysis, on_event);
            helpers_stop.store(true, Ordering::Relaxed);
            let mut nodes = worker.nodes;
            for helper in helpers {
                nodes += helper.join().expect("a search helper panicked");
            }
            (done, nodes, worker.heuristics)
        })
    }
}
