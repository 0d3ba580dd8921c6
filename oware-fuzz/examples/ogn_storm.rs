//! The OGN reader over millions of generated and corrupted records, for
//! when cargo-fuzz is not at hand:
//!
//! ```sh
//! cargo run --release -p oware-fuzz --example ogn_storm -- 10000000 [SEED]
//! ```
//!
//! Every input is a record from the property tests' strategy
//! ([`strategies::record`]: a game from the opening or a position, finished
//! or not, under a preset, with tags and comments), written, with up to
//! eight random edits: characters of the notation inserted,
//! deleted or replaced, the text cut short, a line repeated or dropped.
//! Each is read; a record that is read must write back to text that reads
//! to the same record. A panic or a failed round trip prints the input and
//! makes the run fail. The summary says how many inputs were read and
//! refused.

use std::panic::{self, AssertUnwindSafe};
use std::time::Instant;

use oware_fuzz::{ogn, strategies};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

/// A number below `n` (n > 0).
fn below(random: &mut TestRng, n: usize) -> usize {
    (random.next_u64() % n as u64) as usize
}

/// One of `items`.
fn pick<T: Copy>(random: &mut TestRng, items: &[T]) -> T {
    items[below(random, items.len())]
}

/// The characters edits use: the notation's own, their neighbours, and a
/// few beyond ASCII.
const NEAR: &[char] = &[
    '0', '1', '2', '3', '4', '8', '9', ' ', '\n', '\r', '\t', '[', ']', '"', '\\', '{', '}', '(',
    ')', '.', '-', '+', '*', '?', '!', '$', 'A', 'C', 'F', 'G', 'a', 'c', 'f', 'g', 'S', 'N', 'é',
    '\u{a0}', '\u{feff}',
];

/// `text` with up to eight random edits.
fn corrupt(text: &str, random: &mut TestRng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..below(random, 9) {
        let at = below(random, chars.len() + 1);
        match below(random, 12) {
            0..=3 => chars.insert(at, pick(random, NEAR)),
            4..=6 if at < chars.len() => {
                chars.remove(at);
            }
            7..=9 if at < chars.len() => chars[at] = pick(random, NEAR),
            10 => chars.truncate(at),
            _ => {
                // A line repeated or dropped.
                let lines: Vec<String> = chars
                    .iter()
                    .collect::<String>()
                    .split('\n')
                    .map(str::to_owned)
                    .collect();
                let line = below(random, lines.len());
                let mut edited = lines.clone();
                if below(random, 2) == 0 {
                    edited.insert(line, lines[line].clone());
                } else {
                    edited.remove(line);
                }
                chars = edited.join("\n").chars().collect();
            }
        }
    }
    chars.into_iter().collect()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let count: u64 = args
        .next()
        .map_or(10_000_000, |n| n.parse().expect("a count"));
    let seed: u64 = args.next().map_or(1, |n| n.parse().expect("a seed"));
    let mut seed_bytes = [0u8; 32];
    seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes);
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    let records = strategies::record();
    let started = Instant::now();
    let (mut read, mut refused, mut failed) = (0u64, 0u64, 0u64);
    let mut base = String::new();
    for index in 0..count {
        // A new record every 64 inputs: making games costs more than reading.
        if index % 64 == 0 {
            let tree = records.new_tree(&mut runner).expect("a record");
            base = tree.current().to_string();
        }
        let text = corrupt(&base, runner.rng());
        match panic::catch_unwind(AssertUnwindSafe(|| ogn::read_round_trip(&text))) {
            Ok(true) => read += 1,
            Ok(false) => refused += 1,
            Err(_) => {
                failed += 1;
                eprintln!("input {index} failed:\n{text}\n---");
            }
        }
        if (index + 1) % 1_000_000 == 0 {
            eprintln!("{} inputs, {:.0?}", index + 1, started.elapsed());
        }
    }
    println!(
        "ogn storm (seed {seed}): {count} inputs in {:.1?}: {read} read and round-tripped, {refused} refused, {failed} failed",
        started.elapsed()
    );
    if failed > 0 {
        std::process::exit(1);
    }
}
