//! Retrograde analysis of one slice: every position with `n` seeds on the
//! board, given the solved slices below it.
//!
//! Within a slice, a capturing move leaves it for a smaller, solved slice:
//! an *exit* with a known payoff, `captured − child's value`. A quiet move
//! (including a grand slam, which captures nothing) stays in the slice, and
//! endless play never leaves it. The slice is a game graph with exits and a
//! default for infinite play, solved by a sweep over levels `t` from `n`
//! down:
//!
//! - a *win-type* node has value `>= t` iff its best exit is `>= t` or one of
//!   its quiet children (a loss-type node) has value `<= -t`;
//! - a *loss-type* node has value `<= -t` iff its best exit is `<= -t` and
//!   every quiet child (a win-type node) has value `>= t`.
//!
//! Both sets only grow as `t` falls, so a counter per node of the quiet
//! children not yet known `>= t` carries from level to level. Each level
//! scans for new seeds (best exit `== t`; counter 0 with best exit `<= -t`)
//! and propagates them through the parents ([`crate::unmove`]).
//!
//! Under **awari** every node is both types (endless play scores 0, between
//! the two), the levels run `n..=1`, and what is never decided is 0. Under
//! **abapa** the LO table is win-type (endless play gives the seeds to the
//! mover's opponent, `-n`) and its children are HI nodes, which are
//! loss-type (`+n`), and the other way round; the levels run
//! `n..=-n + 1`, and what is never decided keeps its default. The two
//! rule sets share the code: a node's LO and HI cells are the same cell
//! under awari (stride 1) and neighbours under abapa (stride 2).

use std::sync::atomic::{AtomicU64, Ordering};

use crate::database::Slice;
use crate::parallel;
use crate::rank::{rank, slice_len, step, unrank};
use crate::ruleset::{Bounds, Ruleset};
use crate::unmove::for_each_parent;
use crate::view::{Houses, moves, settled_value};

/// A cell not yet decided; also a node with no exit (below every payoff).
const UNKNOWN: i8 = i8::MIN;

/// Positions per piece of parallel work.
const PIECE: usize = 1 << 15;

/// Solves the slice of `seeds` seeds under `ruleset`; `below` holds the
/// slices `0..seeds`. `progress` is told how many of `2 × slice_len` units
/// are done (half for the forward pass, half for the levels), from any thread.
pub(crate) fn solve(
    ruleset: Ruleset,
    seeds: u8,
    below: &[Slice],
    progress: &(dyn Fn(u64) + Sync),
) -> Slice {
    debug_assert_eq!(below.len(), usize::from(seeds));
    let stride = if ruleset.has_bounds() { 2 } else { 1 };
    let len = usize::try_from(slice_len(seeds)).expect("the slice fits in memory");
    let mut work = Work {
        ruleset,
        seeds,
        stride,
        exits: vec![UNKNOWN; len * stride],
        quiet: vec![0; len],
        values: vec![UNKNOWN; len * stride],
    };
    work.forward(below, progress);
    work.sweep(|done| progress(len as u64 + done));
    work.finish()
}

/// The working tables of one slice.
struct Work {
    ruleset: Ruleset,
    seeds: u8,
    /// Cells per node: 1 (awari, LO and HI one cell) or 2 (abapa).
    stride: usize,
    /// Each node's best exit payoff, LO then HI; [`UNKNOWN`] if none.
    exits: Vec<i8>,
    /// Each node's quiet children not yet known `>= t` (the HI node's
    /// count under abapa).
    quiet: Vec<u8>,
    /// The decided values, LO then HI; [`UNKNOWN`] until decided.
    values: Vec<i8>,
}

impl Work {
    /// The forward pass, on every core: each node's best exits (from the
    /// solved slices below) and its count of quiet moves.
    fn forward(&mut self, below: &[Slice], progress: &(dyn Fn(u64) + Sync)) {
        let (seeds, stride, rules) = (self.seeds, self.stride, self.ruleset.rules());
        let pieces: Vec<_> = self
            .exits
            .chunks_mut(PIECE * stride)
            .zip(self.quiet.chunks_mut(PIECE))
            .enumerate()
            .collect();
        let done = AtomicU64::new(0);
        parallel::for_each(pieces, |(piece, (exits, quiet))| {
            let mut houses = unrank(seeds, (piece * PIECE) as u64);
            for (i, count) in quiet.iter_mut().enumerate() {
                let (mut lo, mut hi) = (UNKNOWN, UNKNOWN);
                let mut any = false;
                for m in moves(&houses, &rules) {
                    any = true;
                    if m.captured == 0 {
                        *count += 1;
                    } else {
                        let child = below[usize::from(seeds - m.captured)].bounds(rank(&m.child));
                        let payoff = Bounds::after_move(m.captured, child);
                        lo = lo.max(payoff.lo);
                        hi = hi.max(payoff.hi);
                    }
                }
                if !any {
                    (lo, hi) = (settled_value(&houses), settled_value(&houses));
                }
                exits[i * stride] = lo;
                exits[i * stride + stride - 1] = hi;
                step(&mut houses);
            }
            progress(done.fetch_add(quiet.len() as u64, Ordering::Relaxed) + quiet.len() as u64);
        });
    }

    /// The levels, from `n` down; `progress` gets the units done of `len`.
    fn sweep(&mut self, progress: impl Fn(u64)) {
        let n = i32::from(self.seeds);
        let lowest = if self.ruleset.has_bounds() { -n + 1 } else { 1 };
        let levels = (n - lowest + 1).max(1) as u64;
        let len = self.quiet.len() as u64;
        let mut wins = Vec::new();
        let mut losses = Vec::new();
        for (k, t) in (lowest..=n).rev().enumerate() {
            let t = t as i8;
            self.scan(t, &mut wins, &mut losses);
            self.propagate(t, &mut wins, &mut losses);
            progress(len * (k as u64 + 1) / levels);
        }
    }

    /// The seeds of level `t`, on every core: undecided win-type nodes whose
    /// best exit is `t`, and undecided loss-type nodes with every quiet
    /// child known `>= t` and best exit `<= -t`.
    fn scan(&mut self, t: i8, wins: &mut Vec<u64>, losses: &mut Vec<u64>) {
        let stride = self.stride;
        let pieces: Vec<_> = self
            .values
            .chunks_mut(PIECE * stride)
            .zip(self.exits.chunks(PIECE * stride))
            .zip(self.quiet.chunks(PIECE))
            .enumerate()
            .collect();
        let found = std::sync::Mutex::new((Vec::new(), Vec::new()));
        parallel::for_each(pieces, |(piece, ((values, exits), quiet))| {
            let (mut new_wins, mut new_losses) = (Vec::new(), Vec::new());
            let base = (piece * PIECE) as u64;
            for (i, &count) in quiet.iter().enumerate() {
                let (lo, hi) = (i * stride, i * stride + stride - 1);
                if values[lo] == UNKNOWN && exits[lo] == t {
                    values[lo] = t;
                    new_wins.push(base + i as u64);
                }
                if values[hi] == UNKNOWN && count == 0 && exits[hi] <= -t {
                    values[hi] = -t;
                    new_losses.push(base + i as u64);
                }
            }
            let mut found = found.lock().expect("no scan panics holding the list");
            found.0.append(&mut new_wins);
            found.1.append(&mut new_losses);
        });
        let (new_wins, new_losses) = found.into_inner().expect("no scan panicked");
        wins.extend(new_wins);
        losses.extend(new_losses);
    }

    /// Spreads level `t` through the parents until nothing more is decided.
    fn propagate(&mut self, t: i8, wins: &mut Vec<u64>, losses: &mut Vec<u64>) {
        let rules = self.ruleset.rules();
        let stride = self.stride;
        loop {
            if let Some(node) = losses.pop() {
                // A child worth `-t` to its mover makes every parent's
                // win-type node worth `t`.
                let houses: Houses = unrank(self.seeds, node);
                for_each_parent(&houses, &rules, |parent| {
                    let p = rank(parent) as usize;
                    if self.values[p * stride] == UNKNOWN {
                        self.values[p * stride] = t;
                        wins.push(p as u64);
                    }
                });
            } else if let Some(node) = wins.pop() {
                // One more quiet child known `>= t`: a loss-type parent whose
                // last such child this was, with no better exit, is `-t`.
                let houses: Houses = unrank(self.seeds, node);
                for_each_parent(&houses, &rules, |parent| {
                    let p = rank(parent) as usize;
                    let hi = p * stride + stride - 1;
                    if self.values[hi] == UNKNOWN {
                        self.quiet[p] -= 1;
                        if self.quiet[p] == 0 && self.exits[hi] <= -t {
                            self.values[hi] = -t;
                            losses.push(p as u64);
                        }
                    }
                });
            } else {
                return;
            }
        }
    }

    /// The slice, with every undecided cell at its default: 0 under awari,
    /// LO `-n` and HI `+n` under abapa.
    fn finish(mut self) -> Slice {
        let n = self.seeds as i8;
        if self.stride == 1 {
            for value in &mut self.values {
                if *value == UNKNOWN {
                    *value = 0;
                }
            }
        } else {
            for pair in self.values.chunks_exact_mut(2) {
                if pair[0] == UNKNOWN {
                    pair[0] = -n;
                }
                if pair[1] == UNKNOWN {
                    pair[1] = n;
                }
            }
        }
        Slice::new(self.ruleset, self.seeds, self.values.into_boxed_slice())
    }
}
