//! The build: slice after slice, each split over the processes, solved by
//! the steps of [`RangeSolver`] with the decisions carried to their owners
//! by collective exchanges, gathered (each process needs the whole slice for
//! the next one's exits), and written into the shared directory by its
//! owners, each its own part.

use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use mpi::topology::SimpleCommunicator;
use mpi::traits::{Communicator, CommunicatorCollectives};
use oware_egdb::{RangeSolver, next_decided, open_complete, push_slice, slice_len};

use crate::BuildArgs;
use crate::clock;
use crate::exchange::{all_gather, all_to_all, sum};
use crate::output::{self, Hosts};
use crate::partition::{Balance, Partition, imbalance};

/// Decided nodes whose parents one process sends in one exchange: bounds
/// the messages (each node has a few dozen parents at most).
const ROUND: usize = 1 << 16;

/// Builds the database `args` asks for, as process `world.rank()` of
/// `world.size()`.
pub(crate) fn run(world: &SimpleCommunicator, args: &BuildArgs) -> Result<()> {
    let me = world.rank() as usize;
    let report = |line: String| {
        if me == 0 {
            eprintln!("{line}");
        }
    };
    if me == 0 {
        std::fs::create_dir_all(&args.dir)
            .with_context(|| format!("cannot create {}", args.dir.display()))?;
    }
    world.barrier();
    let hosts = Hosts::gather(world);
    let mut db = open_complete(&args.dir, args.rules, args.max_seeds)
        .with_context(|| format!("cannot resume from {}", args.dir.display()))?;
    output::agree_on_resume(world, &hosts, &args.dir, db.slice_count())?;
    if db.slice_count() > 0 {
        report(format!(
            "{} slices of 0..={} seeds already complete in {}",
            db.slice_count(),
            db.slice_count() - 1,
            args.dir.display()
        ));
    }
    while db.slice_count() <= usize::from(args.max_seeds) {
        let seeds = db.slice_count() as u8;
        let started = Instant::now();
        let partition = Partition::new(args.owners, slice_len(seeds), world.size() as usize);
        let abort = args.abort_at == Some(seeds);
        let (part, balance, busy) = solve_slice(world, &db, &partition, abort);
        let gathered = all_gather(world, &part);
        let width = gathered.len() / slice_len(seeds) as usize;
        let whole = partition.assemble(gathered, width);
        push_slice(&mut db, whole.into_boxed_slice(), None)?;
        let abort = args.abort_writing == Some(seeds);
        let writing = Instant::now();
        let pieces = partition.split(me, &part, width);
        output::write_slice(world, &hosts, &args.dir, &db, &partition, pieces, abort)
            .with_context(|| format!("cannot write the slice of {seeds} seeds"))?;
        let written = writing.elapsed().as_secs_f64();
        let [owned, hash] = [0, 1].map(|scheme| {
            (
                imbalance(&balance.decided[scheme]),
                imbalance(&balance.updates[scheme]),
            )
        });
        let busy: Vec<String> = busy.iter().map(|s| format!("{s:.2}")).collect();
        report(format!(
            "{} seeds: {} positions in {:.2} s (written in {:.3} s) on {} processes; \
             {} updates in {} exchanges; busy CPU s per process: {}; \
             max/mean decided, updates: {:?} {:.3}, {:.3}; rank mod P {:.3}, {:.3}",
            seeds,
            slice_len(seeds),
            started.elapsed().as_secs_f64(),
            written,
            world.size(),
            balance.updates[0].iter().sum::<u64>(),
            balance.rounds,
            busy.join(" "),
            args.owners,
            owned.0,
            owned.1,
            hash.0,
            hash.1,
        ));
    }
    world.barrier();
    Ok(())
}

/// Solves this process's pieces of the next slice of `db`: their values in
/// rank order, the balance counted over every process, and every process's
/// busy seconds (CPU time outside the exchanges). `abort` is for the
/// tests: the last process dies after the first level.
fn solve_slice(
    world: &SimpleCommunicator,
    db: &oware_egdb::Database,
    partition: &Partition,
    abort: bool,
) -> (Vec<i8>, Balance, Vec<f64>) {
    let started = clock::process();
    let mut waiting = Duration::ZERO;
    let mut wait = |exchange: &mut dyn FnMut()| {
        let at = clock::thread();
        exchange();
        waiting += clock::thread() - at;
    };
    let size = world.size() as usize;
    let me = world.rank() as usize;
    let seeds = db.slice_count();
    let mut solvers: Vec<RangeSolver> = partition
        .pieces(me)
        .into_iter()
        .map(|piece| RangeSolver::new(db, piece))
        .collect();
    let mut balance = Balance::new(size);
    let mut outgoing: Vec<Vec<u64>> = vec![Vec::new(); size];
    let (mut wins, mut losses) = (Vec::new(), Vec::new());
    for (level, t) in solvers[0].levels().enumerate() {
        if level == 1 && abort && me == size - 1 {
            eprintln!("process {me} aborts in the slice of {seeds} seeds, as asked");
            std::process::abort();
        }
        for solver in &mut solvers {
            solver.scan(t, &mut wins, &mut losses);
        }
        loop {
            // A round: up to ROUND decided nodes, losses first, their
            // parents to their owners as `rank << 1 | loss`.
            outgoing.iter_mut().for_each(Vec::clear);
            for _ in 0..ROUND {
                let Some((node, loss)) = next_decided(&mut wins, &mut losses) else {
                    break;
                };
                balance.decided(node, me);
                solvers[0].parents(node, |parent| {
                    let (owner, _) = partition.owner(parent);
                    balance.update(parent, owner);
                    outgoing[owner].push(parent << 1 | u64::from(loss));
                });
            }
            balance.rounds += 1;
            let sent: usize = outgoing.iter().map(Vec::len).sum();
            let mut received = Vec::new();
            wait(&mut || received = all_to_all(world, &outgoing));
            for update in received {
                let parent = update >> 1;
                let (_, piece) = partition.owner(parent);
                solvers[piece].apply(t, parent, update & 1 == 1, &mut wins, &mut losses);
            }
            let pending = (sent + wins.len() + losses.len()) as u64;
            let mut total = 0;
            wait(&mut || total = sum(world, &[pending])[0]);
            if total == 0 {
                break;
            }
        }
    }
    let busy = (clock::process() - started)
        .saturating_sub(waiting)
        .as_secs_f64();
    let busy = all_gather(world, &[busy]);
    let totals = sum(world, &balance.flat());
    let list = |k: usize| totals[k * size..(k + 1) * size].to_vec();
    let balance = Balance {
        decided: [list(0), list(1)],
        updates: [list(2), list(3)],
        rounds: balance.rounds,
    };
    let part = solvers
        .into_iter()
        .flat_map(|solver| solver.finish().into_vec())
        .collect();
    (part, balance, busy)
}
