//! Every way of putting a number of seeds in the twelve houses, one after
//! another: what a retrograde analysis walks (the endgame database numbers
//! its positions in this order) and what exhaustive tests check.
//!
//! The order is colex on the stars-and-bars picture of an arrangement
//! `h0 + … + h11 = n` (eleven bars standing at `h0 + … + hi + i`): the
//! arrangement with every seed in the last house comes first, the one with
//! every seed in the first house last.

/// Steps `houses` to the next arrangement of the same seeds; false (and
/// `houses` unspecified) after the last.
///
/// The next set of bars moves up the lowest bar that has room and puts
/// every bar below it back at the bottom: the seeds of houses `0..=i`
/// gather in house `i`, one more taken from house `i + 1`.
#[inline]
pub fn next_arrangement(houses: &mut [u8; 12]) -> bool {
    let mut below = 0u8;
    for i in 0..11 {
        if houses[i + 1] > 0 {
            houses[i + 1] -= 1;
            houses[i] += below + 1;
            return true;
        }
        below += houses[i];
        houses[i] = 0;
    }
    false
}

/// Every arrangement of `seeds` seeds in the twelve houses (A–F then a–f,
/// or the mover's row then the opponent's), in the order of
/// [`next_arrangement`], starting with every seed in the last house.
///
/// ```
/// let all: Vec<[u8; 12]> = oware_core::arrangements(2).collect();
/// assert_eq!(all.len(), 78); // C(13, 11)
/// assert_eq!(all[0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
/// assert_eq!(all[77], [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
/// ```
#[must_use]
pub fn arrangements(seeds: u8) -> Arrangements {
    let mut first = [0; 12];
    first[11] = seeds;
    Arrangements { next: Some(first) }
}

/// The iterator of [`arrangements`].
#[derive(Clone, Debug)]
pub struct Arrangements {
    next: Option<[u8; 12]>,
}

impl Iterator for Arrangements {
    type Item = [u8; 12];

    fn next(&mut self) -> Option<[u8; 12]> {
        let here = self.next?;
        let mut after = here;
        self.next = next_arrangement(&mut after).then_some(after);
        Some(here)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// C(n + 11, 11), by the product formula.
    fn count(seeds: u64) -> u64 {
        (1..=11).fold(1, |c, k| c * (seeds + k) / k)
    }

    #[test]
    fn each_arrangement_comes_once_with_every_seed() {
        for seeds in 0..=6u8 {
            let all: Vec<[u8; 12]> = arrangements(seeds).collect();
            assert_eq!(all.len() as u64, count(u64::from(seeds)), "{seeds} seeds");
            assert!(
                all.iter()
                    .all(|h| h.iter().map(|&x| u32::from(x)).sum::<u32>() == u32::from(seeds))
            );
            let mut sorted = all.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), all.len(), "no arrangement twice");
        }
    }
}
