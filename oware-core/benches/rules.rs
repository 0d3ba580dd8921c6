//! Benchmarks of the rules (filled in by the core issue).

fn main() {}
