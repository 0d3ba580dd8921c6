//! The slice files, written by their owners into a directory every process
//! shares, and the checks that it is shared: every process resumes from the
//! same slices, and every part reaches the file rank 0 commits.

use std::path::Path;

use anyhow::{Context, Result, bail};
use mpi::topology::SimpleCommunicator;
use mpi::traits::{Communicator, CommunicatorCollectives};
use oware_egdb::{Database, SliceParts};

use crate::exchange::all_gather;
use crate::partition::Partition;

/// The host each process runs on, by process, to name them in errors.
pub(crate) struct Hosts(Vec<String>);

impl Hosts {
    /// Every process's host name, on every process.
    pub(crate) fn gather(world: &SimpleCommunicator) -> Hosts {
        let name = mpi::environment::processor_name().unwrap_or_else(|_| "?".to_owned());
        let lens = all_gather(world, &[name.len() as u64]);
        let bytes = all_gather(world, name.as_bytes());
        let mut at = 0;
        let names = lens
            .iter()
            .map(|&len| {
                let name = String::from_utf8_lossy(&bytes[at..at + len as usize]).into_owned();
                at += len as usize;
                name
            })
            .collect();
        Hosts(names)
    }

    /// The host of `process`.
    fn of(&self, process: usize) -> &str {
        &self.0[process]
    }

    /// Which processes run where: `a (processes 0, 1), b (2, 3)`.
    fn layout(&self) -> String {
        let mut hosts: Vec<(&str, Vec<String>)> = Vec::new();
        for (process, host) in self.0.iter().enumerate() {
            match hosts.iter_mut().find(|(h, _)| h == host) {
                Some((_, processes)) => processes.push(process.to_string()),
                None => hosts.push((host, vec![process.to_string()])),
            }
        }
        let listed: Vec<String> = hosts
            .iter()
            .map(|(host, processes)| format!("{host} (processes {})", processes.join(", ")))
            .collect();
        listed.join(", ")
    }
}

/// Why a directory that is not shared shows, and what to do.
const SHARED: &str = "the database directory must be on a filesystem every process sees \
                      (a cluster's shared filesystem)";

/// Fails unless every process found the same `complete` slices in `dir`:
/// a directory local to each host holds different files on each.
pub(crate) fn agree_on_resume(
    world: &SimpleCommunicator,
    hosts: &Hosts,
    dir: &Path,
    complete: usize,
) -> Result<()> {
    let found = all_gather(world, &[complete as u64]);
    if found.iter().all(|&count| count == found[0]) {
        return Ok(());
    }
    let each: Vec<String> = found
        .iter()
        .enumerate()
        .map(|(process, count)| format!("process {process} on {}: {count}", hosts.of(process)))
        .collect();
    bail!(
        "the processes find different complete slices in {} ({}); {SHARED}",
        dir.display(),
        each.join(", ")
    )
}

/// Writes the last slice of `db` (which every process holds whole) into
/// `dir`, each process its own `pieces` (first rank, values); rank 0 creates the file
/// first and, once every part is written and synced, checks and commits it.
/// `abort` is for the tests: the last process dies once its part is written.
pub(crate) fn write_slice<'a>(
    world: &SimpleCommunicator,
    hosts: &Hosts,
    dir: &Path,
    db: &Database,
    partition: &Partition,
    pieces: impl IntoIterator<Item = (u64, &'a [i8])>,
    abort: bool,
) -> Result<()> {
    let me = world.rank() as usize;
    let seeds = db.max_seeds();
    let parts = SliceParts::new(dir, db.ruleset(), seeds);
    if me == 0 {
        parts.create()?;
    }
    world.barrier();
    parts.write(pieces).with_context(|| {
        format!(
            "process {me} on {} cannot write its part of {}; {SHARED}",
            hosts.of(me),
            parts.partial().display()
        )
    })?;
    if abort && me + 1 == world.size() as usize {
        eprintln!("process {me} aborts once its part of slice {seeds} is written, as asked");
        std::process::abort();
    }
    world.barrier();
    if me == 0 {
        // The checksum comes from the values in memory (rank 0 holds them
        // all: the next slice's exits need them), not from the file: it is
        // then a witness the parts can fail, so a file missing a part is
        // refused by every reader even if committed. The read-back names
        // the part that went astray before the rename; it costs one
        // sequential read of the slice, small beside solving it.
        if let Some(rank) = parts.first_difference(db)? {
            let (owner, _) = partition.owner(rank);
            bail!(
                "the part of process {owner} on {} is not in {} as process 0 on {} reads it \
                 (position {rank} differs); {SHARED}; the processes run on {}",
                hosts.of(owner),
                parts.partial().display(),
                hosts.of(0),
                hosts.layout()
            );
        }
        parts.commit(db)?;
    }
    Ok(())
}
