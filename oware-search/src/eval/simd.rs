//! What the CPU offers beyond the build's target, detected once at run
//! time: the network's inference takes its widest path from here
//! (docs/performance.md, "Portable builds").

/// Whether the CPU has AVX2 (x86-64 only): detected on the first call,
/// then one cached load. `OWARE_NO_AVX2` in the environment at start-up
/// turns it off, to measure or test the portable path on any machine.
#[cfg(target_arch = "x86_64")]
#[must_use]
#[inline]
pub fn avx2() -> bool {
    use std::sync::atomic::{AtomicU8, Ordering};
    // 0: not yet asked; 1: no; 2: yes.
    static AVX2: AtomicU8 = AtomicU8::new(0);
    match AVX2.load(Ordering::Relaxed) {
        0 => {
            let yes = std::env::var_os("OWARE_NO_AVX2").is_none()
                && std::arch::is_x86_feature_detected!("avx2");
            AVX2.store(1 + u8::from(yes), Ordering::Relaxed);
            yes
        }
        known => known == 2,
    }
}

/// The instruction set the network's inference runs on, for reports
/// (`cargo xtask bench`, `oware --version`-style banners).
#[must_use]
pub fn describe() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    if avx2() {
        return "x86-64 with AVX2, chosen at run time";
    }
    #[cfg(target_arch = "x86_64")]
    return "x86-64 baseline (SSE2)";
    #[cfg(target_arch = "aarch64")]
    return "aarch64 (NEON)";
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return "WebAssembly SIMD";
    #[allow(unreachable_code)]
    "the build's target, without SIMD"
}
