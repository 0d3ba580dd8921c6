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
//! under awari and neighbours under abapa (see [`Layout`]).

use std::sync::atomic::{AtomicU64, Ordering};

use crate::memory::{self, prefetch};
use crate::parallel;
use crate::rank::{rank, slice_len, unrank};
use crate::ruleset::{Bounds, Ruleset};
use crate::slice::Slice;
use crate::unmove::for_each_parent;
use crate::view::{HOUSE_LANES, Houses, houses_from_lanes, lanes_of, moves, settled_value};
use oware_core::next_arrangement;

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
    let len = slice_len(seeds);
    let mut work = Work::new(ruleset, seeds, 0..len);
    work.forward(below, progress);
    work.sweep(|done| progress(len + done));
    Slice::new(ruleset, seeds, work.finish())
}

/// Where a node's cells sit in its bytes. All of a node's state is in one
/// place, so that an update through a parent touches one cache line: the
/// parents of a position are scattered over the slice, and these random
/// accesses, not the move generation, are what retrograde analysis waits on.
#[derive(Clone, Copy)]
struct Layout {
    /// Bytes per node.
    width: usize,
    /// The LO (win-type) value.
    lo: usize,
    /// The HI (loss-type) value; the same cell as `lo` under awari.
    hi: usize,
    /// The best exit of the LO node.
    exit_lo: usize,
    /// The best exit of the HI node; the same cell as `exit_lo` under awari.
    exit_hi: usize,
    /// The loss-type node's quiet children not yet known `>= t`.
    quiet: usize,
}

impl Layout {
    const fn of(ruleset: Ruleset) -> Layout {
        if ruleset.has_bounds() {
            Layout {
                width: 5,
                lo: 0,
                hi: 1,
                exit_lo: 2,
                exit_hi: 3,
                quiet: 4,
            }
        } else {
            Layout {
                width: 3,
                lo: 0,
                hi: 0,
                exit_lo: 1,
                exit_hi: 1,
                quiet: 2,
            }
        }
    }
}

/// The working table of one slice, or of a range of its ranks (one
/// process's share when the slice is solved across processes).
pub(crate) struct Work {
    ruleset: Ruleset,
    seeds: u8,
    layout: Layout,
    /// The rank of the first node held.
    start: u64,
    /// Every node's cells, `layout.width` bytes each, in rank order: values
    /// ([`UNKNOWN`] until decided), best exits ([`UNKNOWN`] if none) and
    /// the quiet counter (as a byte).
    nodes: Vec<i8>,
}

/// The nodes decided by the threads of one step, win-type and loss-type:
/// ranks from a scan, [`Carried`] nodes from a round of spreading.
struct Decided<T>(std::sync::Mutex<(Vec<T>, Vec<T>)>);

impl<T> Default for Decided<T> {
    fn default() -> Self {
        Decided(std::sync::Mutex::new((Vec::new(), Vec::new())))
    }
}

impl<T> Decided<T> {
    /// Adds one thread's decisions.
    fn add(&self, mut wins: Vec<T>, mut losses: Vec<T>) {
        let mut decided = self.0.lock().expect("no thread panics holding the lists");
        decided.0.append(&mut wins);
        decided.1.append(&mut losses);
    }

    /// Hands every decision to the sweep's lists.
    fn into(self, wins: &mut Vec<T>, losses: &mut Vec<T>) {
        let (new_wins, new_losses) = self.0.into_inner().expect("no thread panicked");
        wins.extend(new_wins);
        losses.extend(new_losses);
    }
}

/// Nodes of the forward pass whose exits are looked up together: their
/// children's values are fetched from the smaller slices all at once.
const FORWARD_BATCH: usize = 64;

/// Decided nodes spread in one round of [`Work::propagate`]: bounds the
/// parents held at once (a few per node).
const ROUND: usize = 1 << 20;

/// Decided nodes whose parents one thread gathers at a time.
const GATHER: usize = 1 << 13;

/// The parts of the table that apply their updates apart: several per core,
/// so that the cores stay busy when some parts get more than others.
const PARTS: usize = 16;

/// Updates whose nodes are fetched ahead of the one applied: the loads are
/// scattered over the table, and overlapping them is what keeps the
/// processor busy.
const AHEAD: usize = 16;

/// Level `t` reaches one node (its cells `node`) from a child decided a
/// loss (`loss`) or a win: whether this decides the node, as a loss
/// (`Some(true)`) or a win (`Some(false)`).
#[inline]
fn apply_one(layout: Layout, t: i8, node: &mut [i8], loss: bool) -> Option<bool> {
    if loss {
        // A child worth `-t` to its mover makes every parent's win-type
        // node worth `t`.
        if node[layout.lo] == UNKNOWN {
            node[layout.lo] = t;
            return Some(false);
        }
    } else if node[layout.hi] == UNKNOWN {
        // One more quiet child known `>= t`: a loss-type parent whose last
        // such child this was, with no better exit, is worth `-t`.
        node[layout.quiet] -= 1;
        if node[layout.quiet] == 0 && node[layout.exit_hi] <= -t {
            node[layout.hi] = -t;
            return Some(true);
        }
    }
    None
}

/// A decided node on its way to its parents, carried with its houses so
/// that they need not be found again from its rank (unranking is a chain of
/// dependent steps: a fifth of the build's time in the profile, 8% less
/// CPU time without it): the houses in byte
/// lanes `0..12`, [`LOSS`] set for a loss. A seed of the level's scan comes
/// with its rank only, in the low 64 bits, marked [`RANK_ONLY`].
type Carried = u128;

/// The bit of a [`Carried`] node or an update that marks a loss: the top bit
/// of house 11's lane, which no count (at most 48) reaches.
const LOSS: u128 = 1 << 95;

/// The bit of a [`Carried`] node that holds a rank rather than houses.
const RANK_ONLY: u128 = 1 << 127;

/// The houses of a [`Carried`] node of slice `seeds`, and whether it is a loss.
#[inline]
fn carried_houses(seeds: u8, node: Carried) -> (Houses, bool) {
    let houses = if node & RANK_ONLY != 0 {
        unrank(seeds, node as u64)
    } else {
        houses_from_lanes(node & !LOSS)
    };
    (houses, node & LOSS != 0)
}

/// Applies `updates` to `nodes`, one part of the table: each is a parent's
/// houses with [`LOSS`] for a loss, and its place in the part in the top
/// 32 bits. The nodes decided join `wins` or `losses`, carried.
fn apply_all(
    layout: Layout,
    t: i8,
    nodes: &mut [i8],
    updates: &[u128],
    wins: &mut Vec<Carried>,
    losses: &mut Vec<Carried>,
) {
    let at = |update: u128| (update >> 96) as usize * layout.width;
    for (i, &update) in updates.iter().enumerate() {
        if let Some(&ahead) = updates.get(i + AHEAD) {
            prefetch(&nodes[at(ahead)]);
        }
        let node = at(update);
        let houses = update & HOUSE_LANES & !LOSS;
        match apply_one(
            layout,
            t,
            &mut nodes[node..node + layout.width],
            update & LOSS != 0,
        ) {
            Some(true) => losses.push(houses | LOSS),
            Some(false) => wins.push(houses),
            None => {}
        }
    }
}

impl Work {
    /// The table of the ranks `range` of slice `seeds`, nothing decided.
    pub(crate) fn new(ruleset: Ruleset, seeds: u8, range: core::ops::Range<u64>) -> Work {
        let len = usize::try_from(range.end - range.start).expect("the range fits in memory");
        let layout = Layout::of(ruleset);
        let mut node = vec![UNKNOWN; layout.width];
        node[layout.quiet] = 0;
        let mut nodes = memory::table(len * layout.width);
        for _ in 0..len {
            nodes.extend_from_slice(&node);
        }
        Work {
            ruleset,
            seeds,
            layout,
            start: range.start,
            nodes,
        }
    }

    /// The levels `t` of the sweep, from `n` down.
    pub(crate) fn levels(&self) -> impl Iterator<Item = i8> + use<> {
        let n = i32::from(self.seeds);
        let lowest = if self.ruleset.has_bounds() { -n + 1 } else { 1 };
        (lowest..=n).rev().map(|t| t as i8)
    }

    /// The forward pass, on every core: each node's best exits (from the
    /// solved slices below) and its count of quiet moves.
    pub(crate) fn forward(&mut self, below: &[Slice], progress: &(dyn Fn(u64) + Sync)) {
        let (seeds, layout, rules) = (self.seeds, self.layout, self.ruleset.rules());
        let start = self.start;
        let pieces: Vec<_> = self
            .nodes
            .chunks_mut(PIECE * layout.width)
            .enumerate()
            .collect();
        let done = AtomicU64::new(0);
        parallel::for_each(pieces, |(piece, nodes)| {
            let mut houses = unrank(seeds, start + (piece * PIECE) as u64);
            // The captures of a batch of nodes: the node, the seeds taken,
            // and the child's slice and rank, whose value is fetched ahead.
            let mut exits: Vec<(usize, u8, u64)> = Vec::with_capacity(FORWARD_BATCH * 6);
            for batch in nodes.chunks_mut(FORWARD_BATCH * layout.width) {
                exits.clear();
                for (i, node) in batch.chunks_exact_mut(layout.width).enumerate() {
                    let mut quiet = 0;
                    let mut any = false;
                    for m in moves(&houses, &rules) {
                        any = true;
                        if m.captured == 0 {
                            quiet += 1;
                        } else {
                            let child = rank(&m.child);
                            below[usize::from(seeds - m.captured)].prefetch(child);
                            exits.push((i, m.captured, child));
                        }
                    }
                    if !any {
                        node[layout.exit_lo] = settled_value(&houses);
                        node[layout.exit_hi] = settled_value(&houses);
                    }
                    node[layout.quiet] = quiet;
                    next_arrangement(&mut houses);
                }
                for &(i, captured, child) in &exits {
                    let child = below[usize::from(seeds - captured)].bounds(child);
                    let payoff = Bounds::after_move(captured, child);
                    let node = &mut batch[i * layout.width..(i + 1) * layout.width];
                    node[layout.exit_lo] = node[layout.exit_lo].max(payoff.lo);
                    node[layout.exit_hi] = node[layout.exit_hi].max(payoff.hi);
                }
            }
            let count = (nodes.len() / layout.width) as u64;
            progress(done.fetch_add(count, Ordering::Relaxed) + count);
        });
    }

    /// The levels, from `n` down; `progress` gets the units done of `len`.
    fn sweep(&mut self, progress: impl Fn(u64)) {
        let levels = self.levels().count().max(1) as u64;
        let len = (self.nodes.len() / self.layout.width) as u64;
        let mut wins = Vec::new();
        let mut losses = Vec::new();
        for (k, t) in self.levels().enumerate() {
            self.scan(t, &mut wins, &mut losses);
            self.propagate(t, &mut wins, &mut losses);
            progress(len * (k as u64 + 1) / levels);
        }
    }

    /// The seeds of level `t`, on every core: undecided win-type nodes whose
    /// best exit is `t`, and undecided loss-type nodes with every quiet
    /// child known `>= t` and best exit `<= -t`.
    pub(crate) fn scan(&mut self, t: i8, wins: &mut Vec<u64>, losses: &mut Vec<u64>) {
        let (layout, start) = (self.layout, self.start);
        let pieces: Vec<_> = self
            .nodes
            .chunks_mut(PIECE * layout.width)
            .enumerate()
            .collect();
        let found = Decided::default();
        parallel::for_each(pieces, |(piece, nodes)| {
            let (mut new_wins, mut new_losses) = (Vec::new(), Vec::new());
            let base = start + (piece * PIECE) as u64;
            for (i, node) in nodes.chunks_exact_mut(layout.width).enumerate() {
                if node[layout.lo] == UNKNOWN && node[layout.exit_lo] == t {
                    node[layout.lo] = t;
                    new_wins.push(base + i as u64);
                }
                if node[layout.hi] == UNKNOWN
                    && node[layout.quiet] == 0
                    && node[layout.exit_hi] <= -t
                {
                    node[layout.hi] = -t;
                    new_losses.push(base + i as u64);
                }
            }
            found.add(new_wins, new_losses);
        });
        found.into(wins, losses);
    }

    /// Spreads level `t` through the parents until nothing more is decided,
    /// on every core, in rounds: the parents of a round's decided nodes
    /// are found in pieces (each sorted by the part of the table it falls
    /// in), then each part applies what reached it. No two threads touch
    /// the same node, and the level's result does not depend on the order
    /// in which its decisions spread: it is the least fixed point of the
    /// level's rules.
    fn propagate(&mut self, t: i8, wins: &mut Vec<u64>, losses: &mut Vec<u64>) {
        let (ruleset, seeds, layout, start) = (self.ruleset, self.seeds, self.layout, self.start);
        let len = self.nodes.len() / layout.width;
        // A power of two, so that finding a parent's part is a shift rather
        // than a division (it showed in the profile).
        let part_shift = len
            .div_ceil(PARTS)
            .max(1)
            .next_power_of_two()
            .trailing_zeros();
        let part_len = 1usize << part_shift;
        assert!(
            part_len as u64 <= 1 << 32,
            "a part of slice {seeds} fits the 32 bits an update gives its place"
        );
        // The nodes this level's spreading decides, carried with their houses.
        let (mut carried_wins, mut carried_losses) = (Vec::new(), Vec::new());
        let mut round: Vec<Carried> = Vec::with_capacity(ROUND);
        loop {
            // Losses first (a loss decides its parents at once), spread
            // nodes before the scan's seeds.
            round.clear();
            while round.len() < ROUND {
                let next = carried_losses
                    .pop()
                    .or_else(|| losses.pop().map(|node| u128::from(node) | RANK_ONLY | LOSS))
                    .or_else(|| carried_wins.pop())
                    .or_else(|| wins.pop().map(|node| u128::from(node) | RANK_ONLY));
                let Some(next) = next else { break };
                round.push(next);
            }
            if round.is_empty() {
                return;
            }
            // The parents, by the part of the table that holds them.
            let found = std::sync::Mutex::new(Vec::new());
            parallel::for_each(round.chunks(GATHER).collect(), |decided| {
                let mut outbox: Vec<Vec<u128>> = vec![Vec::new(); PARTS];
                let rules = ruleset.rules();
                for &node in decided {
                    let (child, loss) = carried_houses(seeds, node);
                    let loss = if loss { LOSS } else { 0 };
                    for_each_parent(&child, &rules, |parent| {
                        let offset = (rank(parent) - start) as usize;
                        let place = (offset & (part_len - 1)) as u128;
                        outbox[offset >> part_shift].push(lanes_of(parent) | loss | place << 96);
                    });
                }
                found
                    .lock()
                    .expect("no gatherer panics holding the list")
                    .push(outbox);
            });
            let outboxes = found.into_inner().expect("no gatherer panicked");
            let decided = Decided::default();
            let parts: Vec<_> = self
                .nodes
                .chunks_mut(part_len * layout.width)
                .enumerate()
                .collect();
            parallel::for_each(parts, |(part, nodes)| {
                let (mut new_wins, mut new_losses) = (Vec::new(), Vec::new());
                for outbox in &outboxes {
                    apply_all(
                        layout,
                        t,
                        nodes,
                        &outbox[part],
                        &mut new_wins,
                        &mut new_losses,
                    );
                }
                decided.add(new_wins, new_losses);
            });
            decided.into(&mut carried_wins, &mut carried_losses);
        }
    }

    /// Calls `found` with the rank of every parent of node `node` (for the
    /// builds split over processes, which carry ranks between them).
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn parents(&self, node: u64, mut found: impl FnMut(u64)) {
        let houses: Houses = unrank(self.seeds, node);
        for_each_parent(&houses, &self.ruleset.rules(), |parent| {
            found(rank(parent));
        });
    }

    /// Level `t` reaches node `parent` (held here) from a child decided a
    /// loss (`loss`) or a win; a node it decides joins `wins` or `losses`.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn apply(
        &mut self,
        t: i8,
        parent: u64,
        loss: bool,
        wins: &mut Vec<u64>,
        losses: &mut Vec<u64>,
    ) {
        let layout = self.layout;
        let at = (parent - self.start) as usize * layout.width;
        match apply_one(layout, t, &mut self.nodes[at..at + layout.width], loss) {
            Some(true) => losses.push(parent),
            Some(false) => wins.push(parent),
            None => {}
        }
    }

    /// The values held, as a slice file stores them, with every undecided
    /// cell at its default: 0 under awari, LO `-n` and HI `+n` under abapa.
    pub(crate) fn finish(mut self) -> Box<[i8]> {
        let n = self.seeds as i8;
        let layout = self.layout;
        let bounds = self.ruleset.has_bounds();
        let count = self.nodes.len() / layout.width;
        // In place, so that a slice never needs its working table and its
        // values at once (at 30 seeds that is 3 GB more): node `i`'s values
        // go to bytes `i` or `2i, 2i + 1`, never past its own cells at
        // `width × i`, which are read before they are written.
        for i in 0..count {
            let node = i * layout.width;
            let (lo, hi) = (self.nodes[node + layout.lo], self.nodes[node + layout.hi]);
            if bounds {
                self.nodes[2 * i] = if lo == UNKNOWN { -n } else { lo };
                self.nodes[2 * i + 1] = if hi == UNKNOWN { n } else { hi };
            } else {
                self.nodes[i] = if lo == UNKNOWN { 0 } else { lo };
            }
        }
        self.nodes.truncate(count * if bounds { 2 } else { 1 });
        self.nodes.into_boxed_slice()
    }
}
