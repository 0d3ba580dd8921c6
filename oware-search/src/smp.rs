//! Lazy SMP, the one entry of every search: helper threads search the same
//! root with the shared table, at staggered depths, so the reporting thread
//! finds more of its tree already searched. Only the reporting thread
//! reports; helpers stop when it ends. One thread is the same search with
//! no helpers: it runs on the caller's thread and starts none.

use std::sync::atomic::AtomicU64;

use crate::deepen::deepen;
use crate::line::Line;
use crate::ordering::Heuristics;
use crate::report::Event;
use crate::root::Completed;
use crate::time::TimeManager;
use crate::worker::{Shared, Worker};

/// Searches `line` on `shared.threads` threads (the caller's and helpers);
/// returns the reporting thread's last completed iteration, the nodes of
/// all threads, and the reporting thread's heuristics. On WebAssembly,
/// which has no threads, there are no helpers.
pub(crate) fn search(
    shared: &Shared<'_>,
    heuristics: Box<Heuristics>,
    line: Line,
    time: &TimeManager<'_>,
    on_event: &mut dyn FnMut(&Event),
) -> (Completed, u64, Box<Heuristics>) {
    // The reporting thread; `counter` sums the nodes of all threads.
    let report = |line, counter: Option<&AtomicU64>| {
        let mut worker = Worker::new(shared, line, heuristics, time, counter);
        let done = deepen(&mut worker, shared.analysis, on_event);
        (done, worker.nodes, worker.heuristics)
    };
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    if shared.threads > 1 {
        return with_helpers(shared, shared.threads - 1, line, time, report);
    }
    report(line, None)
}

/// Runs `report` on the caller's thread while `helpers` threads search
/// beside it; stops and joins them when it returns, adding their nodes.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn with_helpers(
    shared: &Shared<'_>,
    helpers: usize,
    line: Line,
    time: &TimeManager<'_>,
    report: impl FnOnce(Line, Option<&AtomicU64>) -> (Completed, u64, Box<Heuristics>),
) -> (Completed, u64, Box<Heuristics>) {
    use std::sync::atomic::{AtomicBool, Ordering};
    let counter = AtomicU64::new(0);
    let helpers_stop = AtomicBool::new(false);
    let helper_limits = crate::limits::Limits::default();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..=helpers)
            .map(|index| {
                let line = line.clone();
                let (counter, helpers_stop, helper_limits) =
                    (&counter, &helpers_stop, &helper_limits);
                scope.spawn(move || {
                    let time = TimeManager::new(
                        helper_limits,
                        0,
                        std::time::Duration::ZERO,
                        time.clock,
                        helpers_stop,
                    );
                    let heuristics = Box::new(Heuristics::new());
                    let mut worker = Worker::new(shared, line, heuristics, &time, Some(counter));
                    crate::deepen::deepen_helper(&mut worker, index);
                    worker.nodes
                })
            })
            .collect();
        let (done, mut nodes, heuristics) = report(line, Some(&counter));
        helpers_stop.store(true, Ordering::Relaxed);
        for handle in handles {
            nodes += handle.join().expect("a search helper panicked");
        }
        (done, nodes, heuristics)
    })
}
