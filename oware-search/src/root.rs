//! The root of one iteration: aspiration windows, analysis mode (an exact
//! score for every root move, streamed as each is found) or play mode
//! (principal variation search), proven draws, and what an iteration
//! completed. The loop over depths is in `deepen.rs`.

use oware_core::{House, Position};

use crate::aspiration::Window;
use crate::line::captured;
use crate::report::RootMove;
use crate::score::{DRAW, INFINITY, Proven, Score, Value, is_decisive};
use crate::worker::Worker;

/// One root move and what the last completed iteration found for it.
#[derive(Clone)]
pub(crate) struct RootEntry {
    pub(crate) house: House,
    pub(crate) child: Position,
    /// Exact value at the last completed depth, if known.
    pub(crate) value: Option<Value>,
    /// A proven draw at that depth.
    pub(crate) proven_draw: bool,
    /// A win or loss found through table results that are no proof here
    /// (see `Worker::doubts`): a likely result.
    pub(crate) likely: bool,
    /// The last proven win or loss an iteration found for this move: a
    /// proof stays one, so a later iteration's likely result of the same
    /// kind gives way to it.
    pub(crate) proof: Option<Value>,
    /// The line after this move.
    pub(crate) pv: Vec<House>,
}

impl RootEntry {
    pub(crate) fn score(&self) -> Option<Score> {
        self.value.map(|v| {
            if self.proven_draw {
                Score::PROVEN_DRAW
            } else if self.likely {
                Score::from_value(v).doubted()
            } else {
                Score::from_value(v)
            }
        })
    }
}

/// The outcome of one completed iteration.
#[derive(Clone)]
pub(crate) struct Completed {
    pub(crate) depth: u32,
    pub(crate) best: House,
    pub(crate) score: Score,
    pub(crate) pv: Vec<House>,
    pub(crate) root_scores: Vec<(House, Score)>,
}

/// The root of one thread's search.
pub(crate) struct Root {
    pub(crate) position: Position,
    pub(crate) quiet: u16,
    pub(crate) entries: Vec<RootEntry>,
    pub(crate) analysis: bool,
    /// Whether the last iteration proved the position itself a draw.
    pub(crate) root_draw: bool,
}

impl Root {
    /// The root of `worker`'s line with its legal moves.
    pub(crate) fn new(worker: &Worker<'_>, analysis: bool) -> Root {
        let position = worker.line.root();
        let legal = crate::line::moves(position, worker.line.rules());
        let entries = legal
            .iter()
            .map(|house| RootEntry {
                house,
                child: position.play_unchecked(house),
                value: None,
                proven_draw: false,
                likely: false,
                proof: None,
                pv: vec![house],
            })
            .collect();
        Root {
            position,
            quiet: worker.line.root_quiet(),
            entries,
            analysis,
            root_draw: false,
        }
    }

    /// The value of root move `index` searched to `depth` in (alpha, beta).
    fn search_move<const PV: bool>(
        &self,
        worker: &mut Worker<'_>,
        index: usize,
        depth: i32,
        alpha: Value,
        beta: Value,
    ) -> Value {
        let entry = &self.entries[index];
        worker.pv.clear(1);
        worker.child_value::<PV>(
            self.position,
            entry.child,
            depth,
            0,
            self.quiet,
            alpha,
            beta,
        )
    }

    /// Searches every root move to an exact value at `depth` (analysis
    /// mode), each in an aspiration window around its previous value.
    /// Returns false if the search was stopped before the end.
    pub(crate) fn iterate_analysis(
        &mut self,
        worker: &mut Worker<'_>,
        depth: u32,
        on_move: &mut dyn FnMut(RootMove),
    ) -> bool {
        let depth_i = depth as i32;
        let mut found: Vec<(Value, bool, Vec<House>)> = Vec::with_capacity(self.entries.len());
        for index in 0..self.entries.len() {
            let doubts = worker.doubts;
            let mut window = Window::around(self.entries[index].value, depth, &worker.config.knobs);
            let value = loop {
                let v = self.search_move::<true>(worker, index, depth_i, window.alpha, window.beta);
                if worker.stopped {
                    return false;
                }
                if window.settle(v) {
                    break v;
                }
            };
            let mut line = vec![self.entries[index].house];
            line.extend_from_slice(worker.pv.line(1));
            let likely = worker.doubts > doubts;
            let score = Score::from_value(value);
            on_move(RootMove {
                depth,
                house: self.entries[index].house,
                score: if likely { score.doubted() } else { score },
            });
            found.push((value, likely, line));
        }
        for (entry, (value, likely, line)) in self.entries.iter_mut().zip(found) {
            entry.value = Some(value);
            entry.proven_draw = false;
            entry.likely = likely;
            entry.pv = line;
        }
        self.sort();
        true
    }

    /// Searches for the best root move at `depth` with principal variation
    /// search in an aspiration window (play mode): the best move's value is
    /// exact, the others' only bounded. Returns false if stopped.
    pub(crate) fn iterate_play(&mut self, worker: &mut Worker<'_>, depth: u32) -> bool {
        let depth_i = depth as i32;
        // The best move's value rests on every move's search: a doubt
        // anywhere in the iteration makes it likely only.
        let doubts = worker.doubts;
        let mut window = Window::around(self.entries[0].value, depth, &worker.config.knobs);
        loop {
            let (mut alpha, high) = (window.alpha, window.beta);
            let mut best = -INFINITY;
            let mut best_index = 0;
            let mut best_line = Vec::new();
            for index in 0..self.entries.len() {
                let v = if index == 0 {
                    self.search_move::<true>(worker, index, depth_i, alpha, high)
                } else {
                    let v = self.search_move::<false>(worker, index, depth_i, alpha, alpha + 1);
                    if v > alpha && v < high {
                        self.search_move::<true>(worker, index, depth_i, alpha, high)
                    } else {
                        v
                    }
                };
                if worker.stopped {
                    return false;
                }
                if v > best {
                    best = v;
                    best_index = index;
                    if v > alpha {
                        alpha = v;
                        best_line = vec![self.entries[index].house];
                        best_line.extend_from_slice(worker.pv.line(1));
                        if v >= high {
                            break;
                        }
                    }
                }
            }
            if !window.settle(best) {
                continue;
            }
            for entry in &mut self.entries {
                entry.value = None;
                entry.proven_draw = false;
                entry.likely = false;
            }
            let entry = &mut self.entries[best_index];
            entry.value = Some(best);
            entry.likely = worker.doubts > doubts;
            entry.pv = best_line;
            // The best first; the rest keep their order.
            let chosen = self.entries.remove(best_index);
            self.entries.insert(0, chosen);
            return true;
        }
    }

    /// Orders the entries best first (stable, so ties keep their order).
    fn sort(&mut self) {
        self.entries
            .sort_by_key(|e| core::cmp::Reverse(e.value.unwrap_or(-INFINITY)));
    }

    /// Keeps each move's proofs: a proven win or loss is noted, and a likely
    /// one of the same kind where an earlier iteration proved it becomes
    /// that proof again.
    pub(crate) fn keep_proofs(&mut self) {
        for entry in &mut self.entries {
            let Some(value) = entry.value.filter(|&v| is_decisive(v)) else {
                continue;
            };
            if !entry.likely {
                entry.proof = Some(value);
            } else if let Some(proof) = entry.proof.filter(|&p| (p > 0) == (value > 0)) {
                entry.value = Some(proof);
                entry.likely = false;
            }
        }
        if self.analysis {
            self.sort();
        }
    }

    /// Tries to confirm each likely root result of the last iteration at
    /// `depth` (see `Worker::doubts`), within `budget` nodes each: searched
    /// again taking no table result that would be doubted, a move whose
    /// value stays a win or loss is proven. Gives up on a move at the
    /// budget, or when the search must stop (the values found before stay).
    pub(crate) fn confirm_likely(&mut self, worker: &mut Worker<'_>, depth: u32, budget: u64) {
        for index in 0..self.entries.len() {
            let entry = &self.entries[index];
            let Some(value) = entry.value.filter(|&v| entry.likely && is_decisive(v)) else {
                continue;
            };
            worker.strict = true;
            worker.confirm_until = worker.nodes.saturating_add(budget);
            let doubts = worker.doubts;
            let found = self.search_move::<true>(worker, index, depth as i32, -INFINITY, INFINITY);
            let spent = worker.nodes >= worker.confirm_until;
            worker.strict = false;
            worker.confirm_until = u64::MAX;
            if worker.stopped {
                // The budget, not the clock: the next move may still try.
                if spent && !worker.time.must_stop(worker.total_nodes()) {
                    worker.stopped = false;
                    continue;
                }
                return;
            }
            if worker.doubts == doubts && is_decisive(found) && (found > 0) == (value > 0) {
                let entry = &mut self.entries[index];
                entry.value = Some(found);
                entry.likely = false;
            }
        }
        if self.analysis {
            self.sort();
        }
    }

    /// Tries to prove the draws among the exact root values of 0 at `depth`,
    /// within `budget` nodes each; when the best move is one, whether the
    /// position itself is a draw (no other move better).
    pub(crate) fn prove_draws(&mut self, worker: &mut Worker<'_>, depth: u32, budget: u64) {
        self.root_draw = false;
        for entry in &mut self.entries {
            if entry.value == Some(DRAW) {
                let quiet = if captured(self.position, entry.child) {
                    0
                } else {
                    self.quiet.saturating_add(1)
                };
                entry.proven_draw = crate::proof::proves_draw(
                    worker,
                    entry.child,
                    1,
                    depth.saturating_sub(1),
                    quiet,
                    budget,
                );
            }
        }
        let best_drawn = self.entries[0].proven_draw;
        if best_drawn && !self.entries.iter().all(no_better) {
            self.root_draw =
                crate::proof::proves_draw(worker, self.position, 0, depth, self.quiet, budget);
        }
    }

    /// What the last completed iteration found.
    pub(crate) fn completed(&self, depth: u32) -> Completed {
        let best = &self.entries[0];
        let mut score = best.score().expect("the best move has an exact value");
        // A drawn best move proves the position drawn only if no other move
        // may be better: each proven a draw or a loss (or the position
        // proven a draw as a whole, `root_draw`).
        if score == Score::PROVEN_DRAW && !self.root_draw && !self.entries.iter().all(no_better) {
            score = Score::from_value(DRAW);
        }
        Completed {
            depth,
            best: best.house,
            score,
            pv: best.pv.clone(),
            root_scores: self
                .entries
                .iter()
                .filter_map(|e| e.score().map(|s| (e.house, s)))
                .collect(),
        }
    }

    /// Whether deeper iterations cannot change what the search reports: the
    /// best (or, in analysis, every) root value is proven and within reach.
    /// A database result counts: it is reached within the depth, and a
    /// deeper search could only find another way to a proven result. So
    /// does a likely one: a deeper search finds it through the same table.
    pub(crate) fn is_settled(&self, depth: u32) -> bool {
        let settled = |e: &RootEntry| match e.score().and_then(Score::result) {
            Some(crate::score::Proven::Win { plies } | crate::score::Proven::Loss { plies }) => {
                plies <= depth
            }
            Some(crate::score::Proven::Draw) => true,
            None => false,
        };
        if self.analysis {
            self.entries.iter().all(settled)
        } else {
            settled(&self.entries[0])
        }
    }
}

/// Whether root move `entry` is proven no better than a draw.
fn no_better(entry: &RootEntry) -> bool {
    matches!(
        entry.score().and_then(Score::proven),
        Some(Proven::Draw | Proven::Loss { .. })
    )
}

/// The score of a finished game for the side to move.
pub(crate) fn finished_score(position: Position, outcome: oware_core::Outcome) -> Score {
    match outcome.winner {
        Some(seat) if seat == position.to_move() => Score::win_in(0),
        Some(_) => Score::loss_in(0),
        None => Score::PROVEN_DRAW,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::win_in;

    /// A root of the opening whose moves A, B, C… have `values`, marked
    /// likely where `likely` says, with the proofs `proofs`.
    fn root(values: &[Option<Value>], likely: &[bool], proofs: &[Option<Value>]) -> Root {
        let entries = values
            .iter()
            .zip(likely)
            .zip(proofs)
            .zip(House::ALL)
            .map(|(((&value, &likely), &proof), house)| RootEntry {
                house,
                child: Position::OPENING.play_unchecked(house),
                value,
                proven_draw: false,
                likely,
                proof,
                pv: vec![house],
            })
            .collect();
        Root {
            position: Position::OPENING,
            quiet: 0,
            entries,
            analysis: true,
            root_draw: false,
        }
    }

    fn values(root: &Root) -> Vec<(House, Option<Value>, bool)> {
        root.entries
            .iter()
            .map(|e| (e.house, e.value, e.likely))
            .collect()
    }

    #[test]
    fn a_proof_is_noted_and_comes_back_for_a_likely_result_of_its_kind() {
        let (win, loss) = (win_in(9), -win_in(8));
        // First iteration: A a proven win, B a proven loss, C an estimate.
        let mut first = root(&[Some(win), Some(loss), Some(40)], &[false; 3], &[None; 3]);
        first.keep_proofs();
        let proofs: Vec<_> = first.entries.iter().map(|e| (e.house, e.proof)).collect();
        assert_eq!(
            proofs,
            [
                (House::A, Some(win)),
                (House::C, None),
                (House::B, Some(loss))
            ]
        );
        // A later one finds A a likely win in 7 and B a likely win: A's
        // proof comes back, B's kind differs and it stays likely; D, a
        // likely win with no proof, stays likely too.
        let mut later = root(
            &[Some(win_in(7)), Some(win_in(5)), Some(40), Some(win_in(3))],
            &[true, true, false, true],
            &[Some(win), Some(loss), None, None],
        );
        later.keep_proofs();
        assert_eq!(
            values(&later),
            [
                (House::D, Some(win_in(3)), true),
                (House::B, Some(win_in(5)), true),
                (House::A, Some(win), false),
                (House::C, Some(40), false),
            ]
        );
        // A likely result is never noted as a proof.
        assert_eq!(later.entries[0].proof, None);
    }

    #[test]
    fn sorting_puts_the_best_first_and_the_unsearched_last() {
        let mut root = root(
            &[None, Some(-30), Some(win_in(3)), Some(-30)],
            &[false; 4],
            &[None; 4],
        );
        root.sort();
        let order: Vec<House> = root.entries.iter().map(|e| e.house).collect();
        assert_eq!(order, [House::C, House::B, House::D, House::A]);
    }
}
