//! Iterative deepening: the loop over depths, one per thread. The reporting
//! thread searches depth 1, 2, 3… until its limits or a settled root stop
//! it, proving draws and sending an event per depth; a lazy SMP helper
//! searches from a staggered first depth, silently, until it is told to stop.

use crate::report::{Event, Iteration};
use crate::root::{Completed, Root};
use crate::score::DRAW;
use crate::worker::Worker;

/// Iterative deepening on the reporting thread until the limits stop it;
/// returns the last completed iteration (depth 1 always completes).
pub(crate) fn deepen(
    worker: &mut Worker<'_>,
    analysis: bool,
    on_event: &mut dyn FnMut(&Event),
) -> Completed {
    let time = worker.time;
    let mut root = Root::new(worker, analysis);
    let mut last = None;
    let mut depth = 1;
    loop {
        worker.may_stop = depth > 1;
        worker.estimated = false;
        let complete = if analysis {
            root.iterate_analysis(worker, depth, &mut |m| on_event(&Event::RootMove(m)))
        } else {
            root.iterate_play(worker, depth)
        };
        if !complete {
            break;
        }
        // An earlier proof stands for a likely result of the same kind; a
        // likely one without is searched again, and what is proven noted.
        root.keep_proofs();
        if depth > 1 && root.entries.iter().any(|e| e.likely) {
            let budget = (worker.nodes / 4).max(20_000);
            root.confirm_likely(worker, depth, budget);
            root.keep_proofs();
        }
        if root.entries.iter().any(|e| e.value == Some(DRAW)) {
            let budget = (worker.nodes / 8).max(20_000);
            root.prove_draws(worker, depth, budget);
        }
        let done = root.completed(depth);
        on_event(&iteration_event(
            &done,
            worker.total_nodes(),
            time.clock.elapsed(),
        ));
        let best_changed = last
            .as_ref()
            .is_some_and(|l: &Completed| l.best != done.best);
        last = Some(done);
        // With no estimate anywhere the tree was searched to its ends:
        // a deeper iteration would find the same.
        let exhausted = !worker.estimated;
        if exhausted
            || root.is_settled(depth)
            || !time.may_deepen(depth, worker.total_nodes(), best_changed)
        {
            break;
        }
        depth += 1;
    }
    last.expect("depth 1 always completes")
}

/// Iterative deepening on lazy SMP helper number `index` (from 1), in play
/// mode, until its limits stop it or the depth reaches the last one (which
/// the reporting thread searches). Helpers only fill the shared table, so
/// nothing is returned.
#[cfg_attr(all(target_arch = "wasm32", target_os = "unknown"), allow(dead_code))]
pub(crate) fn deepen_helper(worker: &mut Worker<'_>, index: usize) {
    let max_depth = worker.time.max_depth;
    worker.may_stop = true;
    let mut root = Root::new(worker, false);
    // Odd helpers run one ply ahead, so the threads do not all search the
    // same depth at the same moment.
    let mut depth = 1 + (index % 2) as u32;
    while depth < max_depth && root.iterate_play(worker, depth) {
        depth += 1;
    }
}

/// The event for a completed iteration.
fn iteration_event(done: &Completed, nodes: u64, elapsed: std::time::Duration) -> Event {
    Event::Iteration(Iteration {
        depth: done.depth,
        score: done.score,
        best: done.best,
        pv: done.pv.clone(),
        root_scores: done.root_scores.clone(),
        nodes,
        elapsed,
    })
}
