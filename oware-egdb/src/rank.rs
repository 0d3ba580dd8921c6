//! Ranking: a dense number for every way of putting `n` seeds in twelve
//! houses, and back.
//!
//! A position of slice `n` is a composition `h0 + … + h11 = n`. Writing it
//! as stars and bars, the eleven bars stand at `b_i = (h0 + … + hi) + i`
//! for `i` in `0..11`, a strictly increasing set drawn from `0..n + 11`;
//! the combinatorial number system numbers such sets densely by
//! `Σ C(b_i, i + 1)`, from 0 to `C(n + 11, 11) - 1`. The order is colex on
//! the bars: the position with every seed in the last house is 0, the one
//! with every seed in the first house is last. That is the order of
//! oware-core's [`next_arrangement`](oware_core::next_arrangement), which steps a position to the next
//! rank.

/// The most seeds a slice can hold: the whole game.
pub(crate) const MAX_SEEDS: usize = oware_core::TOTAL_SEEDS as usize;

/// Houses on the board.
const HOUSES: usize = 12;

/// `BINOMIAL[a][b]` = C(a, b), for every bar position and bar number.
static BINOMIAL: [[u64; HOUSES + 1]; MAX_SEEDS + HOUSES + 1] = {
    let mut table = [[0u64; HOUSES + 1]; MAX_SEEDS + HOUSES + 1];
    let mut a = 0;
    while a < table.len() {
        table[a][0] = 1;
        let mut b = 1;
        while b <= HOUSES {
            table[a][b] = if a == 0 {
                0
            } else {
                table[a - 1][b - 1] + table[a - 1][b]
            };
            b += 1;
        }
        a += 1;
    }
    table
};

/// Bars below the first that [`unrank`] may look at when it steps down
/// several at once: `COLUMN[b][a + BELOW]` = C(a, b), 0 for negative `a`.
const BELOW: usize = 3;

/// [`BINOMIAL`] by column, so that the binomials of neighbouring bar
/// positions, which [`unrank`] compares together, share a cache line.
static COLUMN: [[u64; MAX_SEEDS + HOUSES + 1 + BELOW]; HOUSES + 1] = {
    let mut table = [[0u64; MAX_SEEDS + HOUSES + 1 + BELOW]; HOUSES + 1];
    let mut a = 0;
    while a < BINOMIAL.len() {
        let mut b = 0;
        while b <= HOUSES {
            table[b][a + BELOW] = BINOMIAL[a][b];
            b += 1;
        }
        a += 1;
    }
    table
};

/// C(a, b) for `a <= 60`, `b <= 12`.
#[must_use]
pub(crate) const fn binomial(a: usize, b: usize) -> u64 {
    BINOMIAL[a][b]
}

/// Positions with exactly `seeds` seeds on the board: C(seeds + 11, 11).
///
/// ```
/// assert_eq!(oware_egdb::slice_len(0), 1);
/// assert_eq!(oware_egdb::slice_len(1), 12);
/// assert_eq!(oware_egdb::slice_len(20), 84_672_315);
/// ```
#[must_use]
pub const fn slice_len(seeds: u8) -> u64 {
    binomial(seeds as usize + HOUSES - 1, HOUSES - 1)
}

/// Positions with at most `seeds` seeds on the board: C(seeds + 12, 12).
///
/// ```
/// assert_eq!(oware_egdb::positions_up_to(20), 225_792_840);
/// assert_eq!(oware_egdb::positions_up_to(24), 1_251_677_700);
/// ```
#[must_use]
pub const fn positions_up_to(seeds: u8) -> u64 {
    binomial(seeds as usize + HOUSES, HOUSES)
}

/// `BY_BAR[i][b]` = C(b, i + 1), the term of bar `i` standing at `b`, for
/// every byte `b` (0 past the last bar position): indexed by a byte, a row
/// needs no bounds check, so [`rank`] is eleven loads and adds. Only the
/// first 60 entries of a row are ever read: 5 kB of the table's 22 kB.
static BY_BAR: [[u64; 256]; HOUSES - 1] = {
    let mut table = [[0u64; 256]; HOUSES - 1];
    let mut i = 0;
    while i < HOUSES - 1 {
        let mut b = 0;
        while b < BINOMIAL.len() {
            table[i][b] = BINOMIAL[b][i + 1];
            b += 1;
        }
        i += 1;
    }
    table
};

/// The rank of `houses` within its slice (the slice of its seed count, at
/// most [`MAX_SEEDS`]).
#[must_use]
#[inline]
pub(crate) fn rank(houses: &[u8; 12]) -> u64 {
    debug_assert!(houses.iter().map(|&h| usize::from(h)).sum::<usize>() <= MAX_SEEDS);
    let mut rank = 0;
    // Bar `i` stands at `h0 + … + hi + i`, at most 58: it fits in a byte,
    // and the byte indexes its row of `BY_BAR` directly.
    let mut bar = 0u8;
    for (i, &seeds) in houses[..HOUSES - 1].iter().enumerate() {
        bar = bar.wrapping_add(seeds);
        rank += BY_BAR[i][usize::from(bar)];
        bar = bar.wrapping_add(1);
    }
    rank
}

/// The houses of rank `rank` in slice `seeds`; `rank` must be below
/// [`slice_len`]`(seeds)`.
#[must_use]
pub(crate) fn unrank(seeds: u8, mut rank: u64) -> [u8; 12] {
    debug_assert!(rank < slice_len(seeds));
    let mut houses = [0u8; 12];
    // The bars from the last down: each is the highest position whose
    // binomial still fits in what is left of the rank.
    let mut above = usize::from(seeds) + HOUSES - 1;
    let mut sum_above = usize::from(seeds);
    for i in (0..HOUSES - 1).rev() {
        // Most houses hold few seeds: four bar positions are compared at
        // once, without a branch, and only a house of four or more goes
        // round again. Positions below 0 hold 0, which always fits.
        let column = &COLUMN[i + 1];
        let mut bar = above - 1;
        loop {
            let at = bar + BELOW;
            let down = usize::from(column[at] > rank)
                + usize::from(column[at - 1] > rank)
                + usize::from(column[at - 2] > rank)
                + usize::from(column[at - 3] > rank);
            bar -= down;
            if down < 4 {
                break;
            }
        }
        rank -= BINOMIAL[bar][i + 1];
        let sum = bar - i;
        houses[i + 1] = (sum_above - sum) as u8;
        sum_above = sum;
        above = bar;
    }
    houses[0] = sum_above as u8;
    houses
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::next_arrangement;

    #[test]
    fn every_rank_of_small_slices_round_trips_and_steps_in_order() {
        for seeds in 0..=7u8 {
            let mut houses = unrank(seeds, 0);
            assert_eq!(
                houses[11], seeds,
                "rank 0 holds every seed in the last house"
            );
            for r in 0..slice_len(seeds) {
                assert_eq!(
                    houses.iter().map(|&h| u32::from(h)).sum::<u32>(),
                    u32::from(seeds)
                );
                assert_eq!(rank(&houses), r);
                assert_eq!(unrank(seeds, r), houses);
                let more = next_arrangement(&mut houses);
                assert_eq!(more, r + 1 < slice_len(seeds), "seeds {seeds}, rank {r}");
            }
        }
    }

    #[test]
    fn ranks_are_dense_in_big_slices_too() {
        let seeds = 48;
        let len = slice_len(seeds);
        let mut first = [0; 12];
        first[11] = 48;
        let mut last = [0; 12];
        last[0] = 48;
        assert_eq!(rank(&first), 0);
        assert_eq!(rank(&last), len - 1);
        for r in [1, 2, 1000, len / 3, len / 2, len - 2] {
            let houses = unrank(seeds, r);
            assert_eq!(rank(&houses), r);
            let mut next = houses;
            assert!(next_arrangement(&mut next));
            assert_eq!(rank(&next), r + 1);
        }
    }

    #[test]
    fn slice_sizes_add_up() {
        let mut total = 0;
        for seeds in 0..=48 {
            total += slice_len(seeds);
            assert_eq!(positions_up_to(seeds), total);
        }
    }
}
