//! The OGN reader over millions of generated and corrupted records, for
//! when cargo-fuzz is not at hand:
//!
//! ```sh
//! cargo run --release -p oware-fuzz --example ogn_storm -- 10000000 [SEED]
//! ```
//!
//! Every input is a record written from a random game (random tags and
//! comments, from the opening or a random position, under a random preset)
//! with up to eight random edits: characters of the notation inserted,
//! deleted or replaced, the text cut short, a line repeated or dropped.
//! Each is read; a record that is read must write back to text that reads
//! to the same record. A panic or a failed round trip prints the input and
//! makes the run fail. The summary says how many inputs were read and
//! refused.

use std::panic::{self, AssertUnwindSafe};
use std::time::Instant;

use oware_core::{Board, Game, House, Position, Record, Rules, Seat};

/// A small, fast generator (SplitMix64): the same seed gives the same run.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// The characters edits use: the notation's own, their neighbours, and a
/// few beyond ASCII.
const NEAR: &[char] = &[
    '0', '1', '2', '3', '4', '8', '9', ' ', '\n', '\r', '\t', '[', ']', '"', '\\', '{', '}', '(',
    ')', '.', '-', '+', '*', '?', '!', '$', 'A', 'C', 'F', 'G', 'a', 'c', 'f', 'g', 'S', 'N', 'é',
    '\u{a0}', '\u{feff}',
];

/// Words for tag values and comments.
const WORDS: &[&str] = &[
    "Ama",
    "Kofi",
    "club",
    "2026.11.30",
    "?",
    "a \"quoted\" word",
    "back\\slash",
    "{brace",
    "(aside)",
    "é",
    "1.",
    "24-24",
    "*",
    "E",
    "f+2",
];

/// A record of a random game with random tags and comments.
fn random_record(random: &mut Random) -> Record {
    let rules = random.pick(&Rules::PRESETS).1;
    let start = if random.below(4) == 0 {
        let mut cells = [0u8; 14];
        for _ in 0..48 {
            cells[random.below(14)] += 1;
        }
        let board = Board::from_cells(cells).expect("48 seeds");
        Position::new(board, random.pick(&[Seat::South, Seat::North]))
    } else {
        Position::OPENING
    };
    let mut game = Game::from_position(start, rules);
    let length = random.below(160);
    while game.moves().len() < length {
        let legal: Vec<House> = game.legal_moves().iter().collect();
        if legal.is_empty() {
            break;
        }
        game.play(random.pick(&legal)).expect("a legal move");
    }
    let mut record = Record::new(game);
    for _ in 0..random.below(4) {
        let name = random.pick(&["Event", "South", "North", "Site", "Annotator", "Time_1"]);
        let value = random.pick(WORDS);
        record.set_tag(name, value);
    }
    for _ in 0..random.below(6) {
        let index = random.below(record.comments().len());
        let text = format!("{} {}", random.pick(WORDS), random.pick(WORDS));
        record.set_comment(index, Some(&text));
    }
    record
}

/// `text` with up to eight random edits.
fn corrupt(text: &str, random: &mut Random) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..random.below(9) {
        let at = random.below(chars.len() + 1);
        match random.below(12) {
            0..=3 => chars.insert(at, random.pick(NEAR)),
            4..=6 if at < chars.len() => {
                chars.remove(at);
            }
            7..=9 if at < chars.len() => chars[at] = random.pick(NEAR),
            10 => chars.truncate(at),
            _ => {
                // A line repeated or dropped.
                let lines: Vec<String> = chars
                    .iter()
                    .collect::<String>()
                    .split('\n')
                    .map(str::to_owned)
                    .collect();
                let line = random.below(lines.len());
                let mut edited = lines.clone();
                if random.below(2) == 0 {
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

/// Reads `text`: `true` if it is a record (which then round-trips), `false`
/// if refused. Panics on a failed round trip.
fn check(text: &str) -> bool {
    match text.parse::<Record>() {
        Ok(record) => {
            let written = record.to_string();
            let again: Record = written
                .parse()
                .unwrap_or_else(|error| panic!("{error} in what was written:\n{written}"));
            assert_eq!(again, record, "the record written reads back differently");
            true
        }
        Err(error) => {
            assert!(error.line >= 1 && error.column >= 1, "{error}");
            false
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let count: u64 = args
        .next()
        .map_or(10_000_000, |n| n.parse().expect("a count"));
    let seed: u64 = args.next().map_or(1, |n| n.parse().expect("a seed"));
    let mut random = Random(seed);
    let started = Instant::now();
    let (mut read, mut refused, mut failed) = (0u64, 0u64, 0u64);
    let mut base = String::new();
    for index in 0..count {
        // A new record every 16 inputs: writing games costs more than reading.
        if index % 16 == 0 {
            base = random_record(&mut random).to_string();
        }
        let text = corrupt(&base, &mut random);
        match panic::catch_unwind(AssertUnwindSafe(|| check(&text))) {
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
