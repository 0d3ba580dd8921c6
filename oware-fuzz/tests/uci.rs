//! The engine protocol's input over generated GUI-like bytes: lines built
//! from the protocol's words, numbers, house letters, fens and stray bytes
//! (bad UTF-8, control characters, the odd very long line), each read as
//! `oware uci` reads it and checked by `oware_fuzz::uci::check_input`.
//!
//! `UCI_INPUTS=10000000 cargo test --release -p oware-fuzz --test uci` is
//! the long run; by default a few thousand inputs.

use oware_fuzz::uci::check_input;

/// Words a GUI sends, and some it should not.
const WORDS: [&str; 41] = [
    "uci",
    "isready",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "stop",
    "ponderhit",
    "ponder",
    "quit",
    "setoption",
    "name",
    "value",
    "depth",
    "movetime",
    "nodes",
    "infinite",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "Hash",
    "Threads",
    "Rules",
    "OwnBook",
    "true",
    "false",
    "auale",
    "abapa",
    "awari-split",
    "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
    "0-0-0-0-0-1-0-0-0-0-0-3-20-24-N",
    "4-4-4",
    "EcAb",
    "FfEcAe",
    "-1",
    "18446744073709551616",
    "x",
];

/// A small, fast generator (xorshift64*): inputs must be cheap to make
/// when there are ten million of them.
struct Generator(u64);

impl Generator {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> usize {
        usize::try_from(self.next() % n).expect("small")
    }

    /// One input of a few lines into `out`.
    fn input(&mut self, out: &mut Vec<u8>) {
        out.clear();
        for _ in 0..=self.below(4) {
            for piece in 0..=self.below(8) {
                if piece > 0 {
                    out.push([b' ', b' ', b'\t', b'\r'][self.below(4)]);
                }
                match self.below(16) {
                    0..=8 => out.extend_from_slice(WORDS[self.below(40)].as_bytes()),
                    9..=10 => out.extend_from_slice(self.next().to_string().as_bytes()),
                    11..=12 => {
                        for _ in 0..=self.below(6) {
                            out.push(b"ABCDEFabcdefXz"[self.below(14)]);
                        }
                    }
                    13..=14 => {
                        for _ in 0..=self.below(4) {
                            out.push(u8::try_from(self.next() & 0xff).expect("a byte"));
                        }
                    }
                    // Rarely, a line longer than the reader keeps.
                    _ if self.below(2_000) == 0 => out.resize(out.len() + 70_000, b'E'),
                    _ => out.extend_from_slice("é€😀".as_bytes()),
                }
            }
            out.push(b'\n');
        }
    }
}

#[test]
fn generated_gui_input_keeps_every_promise() {
    let inputs: u64 = std::env::var("UCI_INPUTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(5_000);
    let mut generator = Generator(0x0123_4567_89ab_cdef);
    let mut input = Vec::new();
    let (mut commands, mut long) = (0, 0);
    for _ in 0..inputs {
        generator.input(&mut input);
        commands += check_input(&input);
        long += usize::from(input.len() > 65_536);
    }
    println!(
        "{inputs} inputs, {commands} commands and errors read, {long} with a line over the limit"
    );
    // (A line of stray blanks alone is skipped, so not quite one per input.)
    assert!(
        commands as u64 >= inputs / 2,
        "{commands} read from {inputs} inputs"
    );
}
