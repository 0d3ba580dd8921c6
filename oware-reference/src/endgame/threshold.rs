//! The fixed-point sweeps that decide, threshold by threshold, what the mover
//! of each position in one seed-count table can force (see the module docs
//! of `endgame.rs` for why they are right).

use super::Bounds;

/// A position of the table being solved.
pub(super) enum Choice {
    /// No legal move; the mover's net.
    Settled(i32),
    /// The legal moves (never empty).
    Steps(Vec<Step>),
}

/// One legal move.
pub(super) enum Step {
    /// A capture: play goes on in a smaller table, already solved, and the
    /// move's worth to the mover is known.
    Ends(Bounds),
    /// No capture: play goes on at this index of the same table.
    Stays(usize),
}

/// For threshold `t`, which movers can force a net of at least `t` (first)
/// and which can be held by their opponent to at most `-t` (second), when
/// endless play reaches neither: each is a least fixed point, swept up from
/// nothing.
///
/// A capture counts for the mover with its `lo` and against the mover with
/// its `hi`, so that under Abapa the first set is about `lo` and the second
/// about `hi`; under Awari the two are equal.
fn forcing_sets(table: &[Choice], t: i32) -> (Vec<bool>, Vec<bool>) {
    let mut at_least = vec![false; table.len()];
    let mut at_most = vec![false; table.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for (at, choice) in table.iter().enumerate() {
            if !at_least[at] && mover_forces(choice, t, &at_most) {
                at_least[at] = true;
                changed = true;
            }
            if !at_most[at] && opponent_forces(choice, t, &at_least) {
                at_most[at] = true;
                changed = true;
            }
        }
    }
    (at_least, at_most)
}

/// Whether the mover can reach a net of at least `t`: settled so, or some
/// move captures into it, or some move leads to a position whose mover is
/// held to at most `-t`.
fn mover_forces(choice: &Choice, t: i32, held: &[bool]) -> bool {
    match choice {
        Choice::Settled(net) => *net >= t,
        Choice::Steps(steps) => steps.iter().any(|step| match step {
            Step::Ends(worth) => worth.lo >= t,
            Step::Stays(child) => held[*child],
        }),
    }
}

/// Whether the mover's opponent can hold the mover to at most `-t`: settled
/// so, or every move captures into it or leads to a position whose mover
/// forces at least `t`.
fn opponent_forces(choice: &Choice, t: i32, forced: &[bool]) -> bool {
    match choice {
        Choice::Settled(net) => *net <= -t,
        Choice::Steps(steps) => steps.iter().all(|step| match step {
            Step::Ends(worth) => worth.hi <= -t,
            Step::Stays(child) => forced[*child],
        }),
    }
}

/// Abapa bounds of a table of `seeds` seeds. Endless play gives the mover
/// `-seeds` for `lo` and `+seeds` for `hi`, so every threshold above
/// `-seeds` is a reachability game for the player it favours.
pub(super) fn abapa_bounds(table: &[Choice], seeds: i32) -> Vec<Bounds> {
    let mut bounds = vec![
        Bounds {
            lo: -seeds,
            hi: seeds
        };
        table.len()
    ];
    for t in -seeds + 1..=seeds {
        let (at_least, at_most) = forcing_sets(table, t);
        for (at, bound) in bounds.iter_mut().enumerate() {
            if at_least[at] {
                bound.lo = bound.lo.max(t);
            }
            if at_most[at] {
                bound.hi = bound.hi.min(-t);
            }
        }
    }
    bounds
}

/// Awari values of a table of `seeds` seeds. Endless play scores 0, so the
/// thresholds `t >= 1` for either player are reachability games; a position
/// in neither set for `t = 1` is worth 0.
pub(super) fn awari_values(table: &[Choice], seeds: i32) -> Vec<Bounds> {
    let mut values = vec![0; table.len()];
    for t in 1..=seeds {
        let (at_least, at_most) = forcing_sets(table, t);
        for (at, value) in values.iter_mut().enumerate() {
            if at_least[at] {
                *value = (*value).max(t);
            }
            if at_most[at] {
                *value = (*value).min(-t);
            }
        }
    }
    values.into_iter().map(Bounds::exact).collect()
}
