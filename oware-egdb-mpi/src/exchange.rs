//! The collective exchanges: batches of updates to their owners, and every
//! process's part of a slice to every process.

use mpi::Count;
use mpi::collective::SystemOperation;
use mpi::datatype::{Partition, PartitionMut};
use mpi::topology::SimpleCommunicator;
use mpi::traits::{Communicator, CommunicatorCollectives, Equivalence};

/// Sends `outgoing[p]` to process `p` (one all-to-all of counts, one of the
/// data) and returns what every process sent here, in process order.
pub(crate) fn all_to_all<T: Equivalence + Copy + Default>(
    world: &SimpleCommunicator,
    outgoing: &[Vec<T>],
) -> Vec<T> {
    let send_counts: Vec<Count> = outgoing.iter().map(|batch| count(batch.len())).collect();
    let mut recv_counts = vec![0 as Count; outgoing.len()];
    world.all_to_all_into(&send_counts[..], &mut recv_counts[..]);
    let send: Vec<T> = outgoing.concat();
    let mut received = vec![T::default(); recv_counts.iter().map(|&c| c as usize).sum()];
    let send_displs = displacements(&send_counts);
    let recv_displs = displacements(&recv_counts);
    let send = Partition::new(&send[..], &send_counts[..], &send_displs[..]);
    let mut recv = PartitionMut::new(&mut received[..], &recv_counts[..], &recv_displs[..]);
    world.all_to_all_varcount_into(&send, &mut recv);
    received
}

/// Every process's `part`, concatenated in process order, on every process.
pub(crate) fn all_gather<T: Equivalence + Copy + Default>(
    world: &SimpleCommunicator,
    part: &[T],
) -> Vec<T> {
    let size = world.size() as usize;
    let mut counts = vec![0 as Count; size];
    world.all_gather_into(&count(part.len()), &mut counts[..]);
    let displs = displacements(&counts);
    let mut all = vec![T::default(); counts.iter().map(|&c| c as usize).sum()];
    let mut recv = PartitionMut::new(&mut all[..], &counts[..], &displs[..]);
    world.all_gather_varcount_into(part, &mut recv);
    all
}

/// The sum of `local` over every process, element by element.
pub(crate) fn sum(world: &SimpleCommunicator, local: &[u64]) -> Vec<u64> {
    let mut total = vec![0; local.len()];
    world.all_reduce_into(local, &mut total[..], SystemOperation::sum());
    total
}

/// A buffer length as an MPI count.
fn count(len: usize) -> Count {
    Count::try_from(len).expect("an exchange of fewer than 2^31 items")
}

/// Where each process's piece starts in a buffer of pieces of `counts`.
fn displacements(counts: &[Count]) -> Vec<Count> {
    counts
        .iter()
        .scan(0, |at, &c| {
            let start = *at;
            *at += c;
            Some(start)
        })
        .collect()
}
