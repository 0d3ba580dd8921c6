//! Which process owns which positions of a slice. Two ways, measured
//! against each other (`docs/distributed.md`): contiguous ranges of ranks,
//! so that each owner's values are one piece of the slice file, and blocks
//! of ranks dealt out in turn, the nearest to `rank % size` that the
//! contiguous tables of [`oware_egdb::RangeSolver`] allow. [`Balance`]
//! also counts what `rank % size` itself would give.

use std::ops::Range;

/// Ranks per block when blocks are dealt out in turn: small enough that
/// every process gets a share of every part of the slice, large enough that
/// a table per block costs little.
const BLOCK: u64 = 1 << 12;

/// How the ranks of a slice are split over the processes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Owners {
    /// Process `p` of `P` owns ranks `len·p/P .. len·(p+1)/P`.
    Ranges,
    /// Block `b` of 4096 ranks belongs to process `b mod P`.
    Blocks,
}

/// The split of one slice's ranks over `size` processes.
pub(crate) struct Partition {
    owners: Owners,
    len: u64,
    size: usize,
    /// Under ranges, `starts[p]` is the first rank of process `p`; one
    /// more entry, the slice's length, ends the last range.
    starts: Vec<u64>,
}

impl Partition {
    /// `len` ranks over `size` processes, in ranges as equal as they go or
    /// in blocks.
    pub(crate) fn new(owners: Owners, len: u64, size: usize) -> Partition {
        let starts = (0..=size as u128)
            .map(|p| (u128::from(len) * p / size as u128) as u64)
            .collect();
        Partition {
            owners,
            len,
            size,
            starts,
        }
    }

    /// The ranks of process `process`, as ranges in rank order: at least
    /// one, perhaps empty.
    pub(crate) fn pieces(&self, process: usize) -> Vec<Range<u64>> {
        match self.owners {
            Owners::Ranges => {
                let range = self.starts[process]..self.starts[process + 1];
                std::iter::once(range).collect()
            }
            Owners::Blocks => {
                let blocks = self.len.div_ceil(BLOCK);
                let mut pieces: Vec<Range<u64>> = (process as u64..blocks)
                    .step_by(self.size)
                    .map(|b| b * BLOCK..((b + 1) * BLOCK).min(self.len))
                    .collect();
                if pieces.is_empty() {
                    pieces.push(0..0);
                }
                pieces
            }
        }
    }

    /// The process that owns rank `rank`, and which of its
    /// [`pieces`](Partition::pieces) holds it.
    pub(crate) fn owner(&self, rank: u64) -> (usize, usize) {
        match self.owners {
            // The last range that starts at or before `rank` (empty ranges
            // share their start with the next one, which owns it).
            Owners::Ranges => (self.starts.partition_point(|&start| start <= rank) - 1, 0),
            Owners::Blocks => {
                let block = rank / BLOCK;
                let size = self.size as u64;
                ((block % size) as usize, (block / size) as usize)
            }
        }
    }

    /// `part`, the values of process `process` (`width` bytes per entry),
    /// cut into its pieces: each with its first rank.
    pub(crate) fn split<'a>(
        &self,
        process: usize,
        part: &'a [i8],
        width: usize,
    ) -> Vec<(u64, &'a [i8])> {
        let mut rest = part;
        self.pieces(process)
            .into_iter()
            .map(|piece| {
                let (values, after) = rest.split_at((piece.end - piece.start) as usize * width);
                rest = after;
                (piece.start, values)
            })
            .collect()
    }

    /// The whole slice in rank order from every process's pieces (of
    /// `width` bytes per entry) concatenated in process order.
    pub(crate) fn assemble(&self, gathered: Vec<i8>, width: usize) -> Vec<i8> {
        if self.owners == Owners::Ranges {
            return gathered;
        }
        let mut whole = vec![0; gathered.len()];
        let mut rest = &gathered[..];
        for process in 0..self.size {
            let pieces = self.split(process, rest, width);
            for &(first, values) in &pieces {
                let at = first as usize * width;
                whole[at..at + values.len()].copy_from_slice(values);
            }
            let len: usize = pieces.iter().map(|(_, values)| values.len()).sum();
            rest = &rest[len..];
        }
        whole
    }
}

/// Work counted per process under both ways of owning positions: nodes
/// decided (each costs an un-move generation) and updates received (each a
/// random access to the owner's table).
pub(crate) struct Balance {
    /// `[the owners in use, rank % size]` × process: nodes decided.
    pub(crate) decided: [Vec<u64>; 2],
    /// `[the owners in use, rank % size]` × process: updates applied.
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

    /// Node `rank`, owned by `owner`, was decided.
    pub(crate) fn decided(&mut self, rank: u64, owner: usize) {
        let size = self.decided[0].len() as u64;
        self.decided[0][owner] += 1;
        self.decided[1][(rank % size) as usize] += 1;
    }

    /// An update for node `rank`, owned by `owner`, was sent.
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
    fn every_rank_has_exactly_one_owner_whose_pieces_hold_it() {
        for owners in [Owners::Ranges, Owners::Blocks] {
            for (len, size) in [
                (1, 4),
                (12, 4),
                (78, 3),
                (1001, 7),
                (5, 5),
                (0, 2),
                (20_000, 3),
            ] {
                let partition = Partition::new(owners, len, size);
                let mut covered = 0;
                for process in 0..size {
                    for (index, piece) in partition.pieces(process).into_iter().enumerate() {
                        covered += piece.end - piece.start;
                        for rank in piece {
                            assert_eq!(
                                partition.owner(rank),
                                (process, index),
                                "{owners:?} {len} {size}"
                            );
                        }
                    }
                }
                assert_eq!(covered, len, "{owners:?} {len} {size}");
            }
        }
    }

    #[test]
    fn ranges_are_as_equal_as_they_go() {
        for (len, size) in [(1, 4), (12, 4), (78, 3), (1001, 7), (5, 5), (0, 2)] {
            let partition = Partition::new(Owners::Ranges, len, size);
            let sizes: Vec<u64> = (0..size)
                .map(|p| partition.pieces(p)[0].clone().count() as u64)
                .collect();
            assert!(sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1);
        }
    }

    #[test]
    fn the_pieces_assemble_into_rank_order() {
        for owners in [Owners::Ranges, Owners::Blocks] {
            let (len, size, width) = (3 * BLOCK + 17, 2, 2);
            let partition = Partition::new(owners, len, size);
            // Each entry holds its rank's low bits, then its process.
            let mut gathered = Vec::new();
            for process in 0..size {
                for piece in partition.pieces(process) {
                    for rank in piece {
                        gathered.extend([rank as i8, process as i8]);
                    }
                }
            }
            let whole = partition.assemble(gathered, width);
            for rank in 0..len {
                let at = rank as usize * width;
                let owner = partition.owner(rank).0 as i8;
                assert_eq!(
                    &whole[at..at + width],
                    &[rank as i8, owner],
                    "{owners:?} {rank}"
                );
            }
        }
    }

    #[test]
    fn imbalance_is_the_maximum_over_the_mean() {
        assert_eq!(imbalance(&[5, 5, 5, 5]), 1.0);
        assert_eq!(imbalance(&[8, 0, 0, 0]), 4.0);
        assert_eq!(imbalance(&[3, 1]), 1.5);
    }
}
