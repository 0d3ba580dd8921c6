//! Byte-lane tests on the 16-byte board, each answering with a 16-bit mask
//! (bit `i` for cell `i`): the one place where the board is treated as a
//! vector. x86-64 uses SSE2 (part of its baseline, so always present); other
//! targets, WebAssembly among them, use the portable SWAR version. Both are
//! checked against each other and against a plain loop in the tests below.

/// Lanes that are at least the matching lane of `thresholds` (each threshold
/// between 1 and 128; board lanes never exceed 48).
#[inline(always)]
pub(crate) fn at_least(lanes: u128, thresholds: u128) -> u16 {
    imp::at_least(lanes, thresholds)
}

/// Lanes that hold exactly 2 or 3.
#[inline(always)]
pub(crate) fn two_or_three(lanes: u128) -> u16 {
    imp::two_or_three(lanes)
}

/// 1 in every lane.
pub(crate) const ONES: u128 = 0x0101_0101_0101_0101_0101_0101_0101_0101;

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod imp {
    use core::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_movemask_epi8, _mm_or_si128, _mm_set_epi64x,
        _mm_set1_epi8,
    };

    // SAFETY (for every `unsafe` block in this module): the intrinsics only
    // need SSE2, which this module is compiled for (`cfg(target_feature =
    // "sse2")`, part of every x86-64 baseline); they touch no memory.

    #[inline(always)]
    fn vector(lanes: u128) -> __m128i {
        // SAFETY: see the module comment.
        unsafe { _mm_set_epi64x((lanes >> 64) as i64, lanes as i64) }
    }

    #[inline(always)]
    pub(super) fn at_least(lanes: u128, thresholds: u128) -> u16 {
        // Signed compare is exact: every lane and threshold - 1 is below 128.
        let below = vector(thresholds.wrapping_sub(super::ONES));
        // SAFETY: see the module comment.
        unsafe { _mm_movemask_epi8(_mm_cmpgt_epi8(vector(lanes), below)) as u16 }
    }

    #[inline(always)]
    pub(super) fn two_or_three(lanes: u128) -> u16 {
        let v = vector(lanes);
        // SAFETY: see the module comment.
        unsafe {
            let hits = _mm_or_si128(
                _mm_cmpeq_epi8(v, _mm_set1_epi8(2)),
                _mm_cmpeq_epi8(v, _mm_set1_epi8(3)),
            );
            _mm_movemask_epi8(hits) as u16
        }
    }
}

#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
mod swar {
    /// 0x80 in every lane.
    const TOP_BITS: u128 = 0x8080_8080_8080_8080_8080_8080_8080_8080;
    /// 2 in every lane.
    const TWOS: u128 = 0x0202_0202_0202_0202_0202_0202_0202_0202;
    /// 0xfe in every lane.
    const ALL_BUT_LOW_BIT: u128 = 0xfefe_fefe_fefe_fefe_fefe_fefe_fefe_fefe;

    /// Gathers the top bit of each of the 16 lanes into a 16-bit mask.
    #[inline(always)]
    fn top_bits(tops: u128) -> u16 {
        // For each 64-bit half: shifting the top bits down to bit 8k and
        // multiplying by sum(2^(56-7k)) moves bit 8k to bit 56+k; the other
        // products land on distinct lower (or discarded) bits, so none carry.
        const GATHER: u64 = 0x0102_0408_1020_4080;
        let low = ((tops as u64 >> 7).wrapping_mul(GATHER) >> 56) as u16;
        let high = (((tops >> 64) as u64 >> 7).wrapping_mul(GATHER) >> 56) as u16;
        low | high << 8
    }

    #[inline(always)]
    pub(crate) fn at_least(lanes: u128, thresholds: u128) -> u16 {
        // 128 - t + lane has its top bit set exactly when lane >= t, and
        // stays below 256 (lane <= 48, t >= 1), so no lane carries.
        // Lane by lane 0x80 - t needs no borrow, as t <= 128.
        let bias = TOP_BITS.wrapping_sub(thresholds);
        top_bits(lanes.wrapping_add(bias) & TOP_BITS)
    }

    #[inline(always)]
    pub(crate) fn two_or_three(lanes: u128) -> u16 {
        // A lane holds 2 or 3 exactly when, xor 2, only its low bit may be
        // set; adding 0x7f to the rest (at most 0x32) flags the others.
        let rest = (lanes ^ TWOS) & ALL_BUT_LOW_BIT;
        !top_bits(rest.wrapping_add(!TOP_BITS) & TOP_BITS)
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
use self::swar as imp;

#[cfg(test)]
mod tests {
    use super::*;

    /// Every board-like vector of lanes 0..=48 we try, with thresholds 1..=128.
    fn samples() -> impl Iterator<Item = (u128, u128)> {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..20_000).map(move |_| {
            let mut lanes = [0u8; 16];
            let mut thresholds = [0u8; 16];
            for i in 0..16 {
                lanes[i] = (next() % 49) as u8;
                thresholds[i] = (next() % 128) as u8 + 1;
            }
            (u128::from_le_bytes(lanes), u128::from_le_bytes(thresholds))
        })
    }

    fn plain(lanes: u128, keep: impl Fn(u8, u8) -> bool, thresholds: u128) -> u16 {
        let (l, t) = (lanes.to_le_bytes(), thresholds.to_le_bytes());
        (0..16).filter(|&i| keep(l[i], t[i])).map(|i| 1 << i).sum()
    }

    #[test]
    fn vector_and_portable_versions_agree_with_a_plain_loop() {
        for (lanes, thresholds) in samples() {
            let at_least_plain = plain(lanes, |l, t| l >= t, thresholds);
            let two_or_three_plain = plain(lanes, |l, _| l == 2 || l == 3, 0);
            assert_eq!(at_least(lanes, thresholds), at_least_plain);
            assert_eq!(swar::at_least(lanes, thresholds), at_least_plain);
            assert_eq!(two_or_three(lanes), two_or_three_plain);
            assert_eq!(swar::two_or_three(lanes), two_or_three_plain);
        }
    }
}
