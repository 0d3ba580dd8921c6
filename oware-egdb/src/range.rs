//! A slice solved in parts: the steps of [`crate::solve`] on a range of a
//! slice's ranks, for builds that split a slice over processes (the
//! `oware-egdb-mpi` crate). The rules of the sweep stay here; the caller
//! only carries decisions between the parts that own them.

use std::ops::Range;
use std::path::Path;

use crate::database::Database;
use crate::disk;
use crate::error::EgdbError;
use crate::rank::slice_len;
use crate::ruleset::Ruleset;
use crate::slice::Slice;
use crate::solve::Work;

/// One part of the next slice of a database: the ranks `range`, with their
/// exits, quiet counters and values, solved level by level.
///
/// A whole slice solved by parts gives the values [`Database::build`] gives:
/// for each level `t` of [`levels`](RangeSolver::levels), every part calls
/// [`scan`](RangeSolver::scan), then the parents of every node decided
/// ([`parents`](RangeSolver::parents)) are handed to the part that owns
/// them and [`apply`](RangeSolver::apply)d, until no part decides more.
pub struct RangeSolver {
    work: Work,
}

impl RangeSolver {
    /// The ranks `range` of the slice after the last one of `below`, with
    /// their forward pass done (best exits from `below`, quiet moves counted).
    ///
    /// # Panics
    /// If `below` already holds 48 seeds or `range` is not within the slice.
    #[must_use]
    pub fn new(below: &Database, range: Range<u64>) -> RangeSolver {
        let seeds = u8::try_from(below.slices().len()).expect("at most 49 slices");
        assert!(range.start <= range.end && range.end <= slice_len(seeds));
        let mut work = Work::new(below.ruleset(), seeds, range);
        work.forward(below.slices(), &|_| {});
        RangeSolver { work }
    }

    /// The levels of the sweep, in the order they must be solved.
    pub fn levels(&self) -> impl Iterator<Item = i8> + use<> {
        self.work.levels()
    }

    /// Decides the seeds of level `t` in this range (nodes whose best exit
    /// makes them, or whose quiet children are all known): their ranks join
    /// `wins` (win-type nodes worth `t`) and `losses` (loss-type, `-t`).
    pub fn scan(&mut self, t: i8, wins: &mut Vec<u64>, losses: &mut Vec<u64>) {
        self.work.scan(t, wins, losses);
    }

    /// Calls `found` with the rank of every parent of the node of rank
    /// `node` (in any range): the positions with a quiet move to it.
    pub fn parents(&self, node: u64, found: impl FnMut(u64)) {
        self.work.parents(node, found);
    }

    /// Level `t` reaches `parent` (in this range) from a child decided a loss
    /// (`loss`) or a win; a node it decides joins `wins` or `losses`.
    ///
    /// # Panics
    /// If `parent` is not in this range.
    pub fn apply(
        &mut self,
        t: i8,
        parent: u64,
        loss: bool,
        wins: &mut Vec<u64>,
        losses: &mut Vec<u64>,
    ) {
        self.work.apply(t, parent, loss, wins, losses);
    }

    /// The range's values, as its part of the slice file stores them.
    #[must_use]
    pub fn finish(self) -> Box<[i8]> {
        self.work.finish()
    }
}

/// Takes the next node of `wins` or `losses` (as [`RangeSolver::scan`] and
/// [`RangeSolver::apply`] fill them) whose parents are to be told, losses
/// first, with whether it is a loss.
pub fn next_decided(wins: &mut Vec<u64>, losses: &mut Vec<u64>) -> Option<(u64, bool)> {
    match losses.pop() {
        Some(node) => Some((node, true)),
        None => wins.pop().map(|node| (node, false)),
    }
}

/// The complete slices of `ruleset` in `dir`, from 0 seeds up to the first
/// one missing or `max_seeds`; none if the directory or slice 0 is not there.
/// A `.part` file left by an interrupted build is never read.
///
/// # Errors
/// When a slice file is there but damaged or cannot be read.
pub fn open_complete(dir: &Path, ruleset: Ruleset, max_seeds: u8) -> Result<Database, EgdbError> {
    let mut db = Database::empty(ruleset);
    for seeds in 0..=max_seeds {
        if !disk::is_complete(dir, ruleset, seeds)? {
            break;
        }
        db.push(disk::read_slice(dir, ruleset, seeds)?);
    }
    Ok(db)
}

/// Adds the next slice of `db` from its values (the parts of
/// [`RangeSolver::finish`] in rank order) and, given a directory, writes its
/// file there as [`crate::build_dir`] does (under a temporary name, renamed
/// when complete).
///
/// # Errors
/// When the file cannot be written.
///
/// # Panics
/// If `values` is not the length of the next slice.
pub fn push_slice(
    db: &mut Database,
    values: Box<[i8]>,
    dir: Option<&Path>,
) -> Result<(), EgdbError> {
    let seeds = u8::try_from(db.slices().len()).expect("at most 49 slices");
    assert_eq!(
        values.len() as u64,
        slice_len(seeds) * Slice::width(db.ruleset()) as u64,
        "the values of a whole slice"
    );
    db.push(Slice::new(db.ruleset(), seeds, values));
    match dir {
        Some(dir) => disk::write_slice(dir, db, seeds),
        None => Ok(()),
    }
}
