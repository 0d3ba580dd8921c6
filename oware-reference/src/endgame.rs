//! A deliberately naive endgame solver: the exact value of every position
//! with up to a few seeds on the board, for checking a fast endgame database
//! against.
//!
//! # What is solved
//!
//! A database position is the twelve houses and the side to move; the stores
//! are left out. Houses are given from the mover's view: `houses[0..6]` is the
//! mover's row (A–F when South moves), `houses[6..12]` the opponent's (a–f).
//! Its value is the net number of seeds (the mover's minus the opponent's)
//! the mover collects from the `n` seeds on the board under perfect play, play
//! going on until the board is settled:
//!
//! - no legal move: each player takes the seeds in their own row. When the
//!   mover cannot feed, that is `+n`; when the mover's row is empty (a set-up,
//!   never reached by play), `−n`; the empty board is `0`;
//! - a move that captures `c` seeds is worth `c − value(child)`, one that
//!   captures nothing `−value(child)`, the child seen from its own mover.
//!
//! Play without a capture can go on for ever. Under [`EndgameRules::Awari`]
//! (a grand slam is illegal unless every legal move is one) such endless play
//! scores 0. Under [`EndgameRules::Abapa`] (a grand slam is legal) two bounds
//! are kept: `lo`, the value if endless play gave every seed still on the
//! board to the mover's opponent, and `hi`, the value if it gave them to the
//! mover. Along a line endless play always favours the same player, who is
//! the mover at every other position, so `lo(P) = max(c − hi(child))` and
//! `hi(P) = max(c − lo(child))`. Under Awari `lo == hi`.
//!
//! # How it is solved, and why that is right
//!
//! The rules come from this crate's own
//! [`Position::legal_moves`](crate::Position::legal_moves) and
//! [`Position::play`](crate::Position::play); nothing here sows or captures.
//! Positions are solved one
//! seed count at a time, smallest first. A capture leaves fewer seeds, so
//! every capture lands in a table already solved and its worth to the mover is
//! a known number. Only moves without a capture stay in the table being
//! solved, and only they can make play endless.
//!
//! Fix a threshold `t` and a player X who wants a net of at least `t`. Play
//! either ends, with a capture or a settled board whose worth is known, or
//! goes on for ever in the table. Where endless play gives X less than `t`, X
//! wins exactly when X can force play to an ending worth at least `t` to X: a
//! reachability game. Its winning positions are the least fixed point of
//!
//! - X to move: some move ends worth at least `t`, or leads to a position won
//!   for X;
//! - X's opponent to move: the position is settled worth at least `t` to X,
//!   or every move ends worth at least `t` to X or leads to a position won
//!   for X;
//!
//! found by starting from nothing and sweeping every position, adding those
//! the rules above admit, until a sweep adds nothing. (Positions are never
//! removed, so sweeping in place only reaches the fixed point sooner.) A
//! reachability game on a finite graph is determined, so outside that set the
//! opponent can hold X below `t`; hence the mover's value is at least `t`
//! exactly when the mover, as X, wins.
//!
//! - Abapa `lo`: endless play gives the mover `−n`, below every threshold
//!   `t > −n`, so `lo` is the largest such `t` the mover can force (else
//!   `−n`). Captures are worth `c − hi(child)` to the mover here, because in
//!   the child the fixed beneficiary of endless play is the child's mover.
//! - Abapa `hi`: endless play gives the mover `+n`, so the opponent, as X,
//!   wants the mover's net at most `−t` and endless play gives it less; `hi`
//!   is the smallest `−t` the opponent can force (else `+n`). Captures are
//!   worth `c − lo(child)` to the mover.
//! - Awari: endless play gives 0. For `t ≥ 1` it reaches neither "the mover
//!   gets at least `t`" nor "the mover gets at most `−t`", so both are
//!   reachability games; the value is the largest `t ≥ 1` of the first kind,
//!   else minus the largest `t ≥ 1` of the second kind, else 0.
//!
//! Both sets of one threshold are swept together, since each feeds the other
//! through the positions one move away (see `threshold.rs`).
//!
//! ```
//! use oware_reference::{Bounds, EndgameRules, solve_endgames};
//!
//! let solved = solve_endgames(EndgameRules::Awari, 2);
//! // The mover's F holds the only seed: sowing it into a feeds the opponent,
//! // whose a cannot then feed back, so the opponent takes it.
//! let houses = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0];
//! assert_eq!(solved[&houses], Bounds { lo: -1, hi: -1 });
//! ```

mod graph;
mod threshold;

use std::collections::BTreeMap;
use std::fmt;

use crate::notation::house_letter;
use crate::rules::Rules;
use graph::{Edge, Node, node, positions_with};
use threshold::{Choice, Step};

/// The rule sets an endgame can be solved under. They differ only in the
/// grand slam and so in how endless play is scored.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndgameRules {
    /// A grand slam is legal and captures nothing; endless play is kept as
    /// two bounds.
    Abapa,
    /// A grand slam is illegal unless every legal move is one, and then it
    /// captures nothing; endless play scores 0.
    Awari,
}

impl EndgameRules {
    /// The rule set of this crate that generates the moves.
    fn move_rules(self) -> Rules {
        match self {
            EndgameRules::Abapa => Rules::Abapa,
            EndgameRules::Awari => Rules::Awari,
        }
    }
}

/// The value of a position for the mover: net seeds under perfect play when
/// endless play gives every seed left to the mover's opponent (`lo`) and to
/// the mover (`hi`). Exact when `lo == hi`, as it always is under Awari.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Bounds {
    /// The value if endless play gave every seed left to the mover's opponent.
    pub lo: i32,
    /// The value if endless play gave every seed left to the mover.
    pub hi: i32,
}

impl Bounds {
    /// Both bounds equal to `value`.
    #[must_use]
    pub fn exact(value: i32) -> Bounds {
        Bounds {
            lo: value,
            hi: value,
        }
    }

    /// Whether the bounds meet, so the value does not depend on how endless
    /// play is scored.
    #[must_use]
    pub fn is_exact(self) -> bool {
        self.lo == self.hi
    }
}

/// What one legal move is worth to the mover.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MoveBounds {
    /// The house played, from the mover's view (0–5, A–F).
    pub house: usize,
    /// The seeds the move captures.
    pub capture: u32,
    /// The move's worth: the capture minus the child's value, the child's
    /// `hi` giving this `lo` and its `lo` this `hi`.
    pub bounds: Bounds,
}

/// Why a per-move breakdown could not be given.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndgameError {
    /// The position after a move is not in the solved table given (it holds
    /// more seeds than were solved).
    ChildNotSolved {
        /// The house played, from the mover's view (0–5, A–F).
        house: usize,
        /// The position after the move, from its own mover's view.
        child: [u8; 12],
    },
}

impl fmt::Display for EndgameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndgameError::ChildNotSolved { house, child } => {
                let seeds: u32 = child.iter().map(|&h| u32::from(h)).sum();
                write!(
                    f,
                    "the position after {} ({seeds} seeds) is not in the solved table",
                    house_letter(*house).unwrap_or('?'),
                )
            }
        }
    }
}

impl std::error::Error for EndgameError {}

/// Every position with up to `max_seeds` seeds on the board, mover-relative
/// houses, with its value under `rules`.
///
/// There are C(n + 11, 11) positions of `n` seeds, so this is meant for small
/// counts: up to 8 seeds is 125 970 positions.
#[must_use]
pub fn solve_endgames(rules: EndgameRules, max_seeds: u32) -> BTreeMap<[u8; 12], Bounds> {
    let mut solved = BTreeMap::new();
    for seeds in 0..=max_seeds {
        solve_table(rules, seeds, &positions_with(seeds), &mut solved);
    }
    solved
}

/// What each legal move of `houses` (mover-relative) is worth under `rules`,
/// read from `solved`, in ascending house order. Empty when the board is
/// settled (no legal move). The position's own bounds are the largest `lo`
/// and the largest `hi` of its moves.
///
/// # Errors
///
/// [`EndgameError::ChildNotSolved`] when the position after a move is not in
/// `solved`.
pub fn move_bounds(
    rules: EndgameRules,
    solved: &BTreeMap<[u8; 12], Bounds>,
    houses: [u8; 12],
) -> Result<Vec<MoveBounds>, EndgameError> {
    let Node::Moves(edges) = node(rules.move_rules(), houses) else {
        return Ok(Vec::new());
    };
    let mut moves = Vec::new();
    for Edge {
        house,
        capture,
        child,
    } in edges
    {
        let Some(&after) = solved.get(&child) else {
            return Err(EndgameError::ChildNotSolved { house, child });
        };
        moves.push(MoveBounds {
            house,
            capture,
            bounds: worth(capture, after),
        });
    }
    Ok(moves)
}

/// A move's worth to the mover: what it captures minus the child's value.
/// The bounds cross over because the child's mover is the other player: the
/// child's `hi` (endless play to the child's mover) is the mover's `lo`.
fn worth(capture: u32, child: Bounds) -> Bounds {
    let capture = i32::try_from(capture).unwrap_or(i32::MAX);
    Bounds {
        lo: capture - child.hi,
        hi: capture - child.lo,
    }
}

/// Solves `positions`, which all hold `seeds` seeds, and adds them to
/// `solved`. Every position a move without capture leads to must be in
/// `positions`, and every position a capture leads to already in `solved`.
fn solve_table(
    rules: EndgameRules,
    seeds: u32,
    positions: &[[u8; 12]],
    solved: &mut BTreeMap<[u8; 12], Bounds>,
) {
    let index: BTreeMap<[u8; 12], usize> = positions
        .iter()
        .enumerate()
        .map(|(at, &houses)| (houses, at))
        .collect();
    let mut table = Vec::with_capacity(positions.len());
    for &houses in positions {
        table.push(match node(rules.move_rules(), houses) {
            Node::Settled(value) => Choice::Settled(value),
            Node::Moves(edges) => Choice::Steps(
                edges
                    .iter()
                    .map(|edge| {
                        if edge.capture > 0 {
                            Step::Ends(worth(edge.capture, solved[&edge.child]))
                        } else {
                            Step::Stays(index[&edge.child])
                        }
                    })
                    .collect(),
            ),
        });
    }
    let seeds = i32::try_from(seeds).unwrap_or(i32::MAX);
    let bounds = match rules {
        EndgameRules::Abapa => threshold::abapa_bounds(&table, seeds),
        EndgameRules::Awari => threshold::awari_values(&table, seeds),
    };
    solved.extend(positions.iter().copied().zip(bounds));
}
