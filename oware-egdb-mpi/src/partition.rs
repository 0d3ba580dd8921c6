//! Which process owns which positions of a slice: contiguous ranges of
//! ranks, so that each owner's values are one piece of the slice file. The
//! alternative, a position to process `rank % size`, is only counted (see
//! [`Balance`]), to measure which spreads the work more evenly.

use std::ops::Range;

/// The split of one slice's ranks over `size` processes.
pub(crate) struct Partition {
    /// `starts[p]` is the first rank of process `p`; one more entry, the
    /// slice's length, ends the last range.
    starts: Vec<u64>,
}

impl Partition {
    /// `len` ranks in `size` ranges as equal as they go.
    pub(crate) fn new(len: u64, size: usize) -> Partition {
        let starts = (0..=size as u128)
            .map(|p| (u128::from(len) * p / size as u128) as u64)
            .collect();
        Partition { starts }
    }

    /// The ranks of process `process`.
    pub(crate) fn range(&self, process: usize) -> Range<u64> {
        self.starts[process]..self.starts[process + 1]
    }

    /// The process that owns rank `rank`.
    pub(crate) fn owner(&self, rank: u64) -> usize {
        // The last range that starts at or before `rank` (empty ranges
        // share their start with the next one, which owns it).
        self.starts.partition_point(|&start| start <= rank) - 1
    }
}

/// Work counted per process under both ways of owning positions: nodes
/// decided (each costs an un-move generation) and updates received (each a
/// random access to the owner's table).
pub(crate) struct Balance {
    /// `[ranges, hash]` × process: nodes decided.
    pub(crate) decided: [Vec<u64>; 2],
    /// `[ranges, hash]` × process: updates applied.
    pub(crate) updates: [Vec<u64>; 2],
    /// Exchanges (rounds of all-to-all) the slice took.
    pub(crate) rounds: u64,
}

impl Balance {
    /// Nothing counted yet, for `size` processes.
    pub(crate) fn new(size: usize) -> Balance {
        Balance {
            decided: [vec![0; size], vec![0; size]],
            updates: [vec![0; size], vec![0; size]],
            rounds: 0,
        }
    }

    /// Node `rank`, owned by `owner` under ranges, was decided.
    pub(crate) fn decided(&mut self, rank: u64, owner: usize) {
        let size = self.decided[0].len() as u64;
        self.decided[0][owner] += 1;
        self.decided[1][(rank % size) as usize] += 1;
    }

    /// An update for node `rank`, owned by `owner` under ranges, was sent.
    pub(crate) fn update(&mut self, rank: u64, owner: usize) {
        let size = self.updates[0].len() as u64;
        self.updates[0][owner] += 1;
        self.updates[1][(rank % size) as usize] += 1;
    }

    /// The counts as one flat list, to be summed over the processes.
    pub(crate) fn flat(&self) -> Vec<u64> {
        self.decided
            .iter()
            .chain(&self.updates)
            .flatten()
            .copied()
            .collect()
    }
}

/// The largest of `counts` over their mean: 1.0 is perfect balance.
pub(crate) fn imbalance(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    let max = counts.iter().copied().max().unwrap_or(0);
    if total == 0 {
        1.0
    } else {
        max as f64 * counts.len() as f64 / total as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rank_has_exactly_one_owner_whose_range_holds_it() {
        for (len, size) in [(1, 4), (12, 4), (78, 3), (1001, 7), (5, 5), (0, 2)] {
            let partition = Partition::new(len, size);
            let mut covered = 0;
            for process in 0..size {
                let range = partition.range(process);
                covered += range.end - range.start;
                for rank in range {
                    assert_eq!(partition.owner(rank), process, "len {len}, size {size}");
                }
            }
            assert_eq!(covered, len);
            let sizes: Vec<u64> = (0..size)
                .map(|p| partition.range(p).count() as u64)
                .collect();
            assert!(sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1);
        }
    }

    #[test]
    fn imbalance_is_the_maximum_over_the_mean() {
        assert_eq!(imbalance(&[5, 5, 5, 5]), 1.0);
        assert_eq!(imbalance(&[8, 0, 0, 0]), 4.0);
        assert_eq!(imbalance(&[3, 1]), 1.5);
    }
}
