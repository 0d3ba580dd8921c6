//! The learned evaluation: a small network over the side to move's view of
//! the board, in integer arithmetic, adding a positional correction to the
//! captured-seed difference.
//!
//! The inputs are one-hot: for each of the twelve houses counted from the
//! side to move (its own A to F, then the opponent's a to f), which of
//! `COUNTS` seed counts it holds (23 standing for 23 or more); and for each
//! store, which of `STORE_COUNTS` counts it holds (0 to 24: 25 ends the
//! game, and a terminal position is never evaluated). Every position has
//! exactly `ACTIVE` inputs on, so the hidden layer is the bias plus
//! fourteen rows of the first layer's weights: no multiplication.
//!
//! ```text
//! hidden[j] = clamp(bias[j] + Σ rows[input][j], 0, ONE)       i16
//! value     = 32 × (mover's store − opponent's store)
//!           + (output_bias + Σ hidden[j] × output[j]) >> SHIFT  i32
//! ```
//!
//! The weights are trained by `cargo lab train` (docs/evaluation.md) and
//! checked in as `net.bin`; [`Network::from_bytes`] reads that format, and
//! [`Network::DEFAULT`] is the checked-in file, read at compile time (a
//! damaged file fails the build).
//!
//! The network's shape (the constants above, a [`Network`]'s fields) and
//! its input encoding are public for the project's trainer (`cargo lab
//! train`), tests and benchmarks, and hidden from the documentation: they
//! change with every network, so they are no stable interface.

use oware_core::{Position, Seat, WINNING_STORE};

#[cfg(target_arch = "x86_64")]
use super::simd;
use crate::score::{SEED, Value};

/// Seed counts one-hot per house: 0 to 22, and 23 for 23 or more.
#[doc(hidden)]
pub const COUNTS: usize = 24; // tidy: not a rule: where the one-hot counts stop
/// Store counts one-hot per store: 0 to 24 (a store of 25 has won).
#[doc(hidden)]
pub const STORE_COUNTS: usize = WINNING_STORE as usize;
/// The inputs: 12 houses × [`COUNTS`], then 2 stores × [`STORE_COUNTS`].
#[doc(hidden)]
pub const INPUTS: usize = 12 * COUNTS + 2 * STORE_COUNTS;
/// The inputs on in every position: one per house and one per store.
#[doc(hidden)]
pub const ACTIVE: usize = 14;
/// The hidden layer's width.
#[doc(hidden)]
pub const HIDDEN: usize = 32;
/// The hidden activation of 1.0 (its clipping point): first-layer weights
/// are stored as multiples of 1/ONE.
#[doc(hidden)]
pub const ONE: i32 = 128;
/// The output weights are stored as multiples of 1/OUTPUT_SCALE value units.
#[doc(hidden)]
pub const OUTPUT_SCALE: i32 = 64;
/// `ONE × OUTPUT_SCALE = 2^SHIFT`: the shift from the output sum to value units.
#[doc(hidden)]
pub const SHIFT: u32 = 13;

const MAGIC: [u8; 8] = *b"OWARENN1";
/// The file's length: magic, inputs and hidden (u16 each), the first
/// layer's rows and biases and the output weights (i16), the output bias
/// (i32) and an FNV-1a checksum of everything before it (u32).
#[doc(hidden)]
pub const FILE_LEN: usize = 8 + 4 + 2 * (INPUTS * HIDDEN + 2 * HIDDEN) + 4 + 4;

/// A network's weights, quantized.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// The first layer: one row of [`HIDDEN`] weights per input, in 1/[`ONE`].
    #[doc(hidden)]
    pub rows: [[i16; HIDDEN]; INPUTS],
    /// The first layer's biases, in 1/[`ONE`].
    #[doc(hidden)]
    pub bias: [i16; HIDDEN],
    /// The output weights, in 1/[`OUTPUT_SCALE`] value units per unit of activation.
    #[doc(hidden)]
    pub output: [i16; HIDDEN],
    /// The output bias, in 1/2^[`SHIFT`] value units.
    #[doc(hidden)]
    pub output_bias: i32,
}

/// Why bytes are not a network file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NetError {
    /// The file has the wrong length.
    Length {
        /// Its length.
        found: usize,
    },
    /// The file does not start with the format's magic bytes.
    Magic,
    /// The file's shape is not this build's.
    Shape {
        /// Inputs in the file.
        inputs: u16,
        /// Hidden width in the file.
        hidden: u16,
    },
    /// The checksum does not match the contents.
    Checksum,
    /// A hidden unit's sum could leave the i16 range.
    Overflow {
        /// The unit.
        unit: usize,
    },
}

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            NetError::Length { found } => write!(
                f,
                "a network file is {FILE_LEN} bytes long, this one {found}"
            ),
            NetError::Magic => write!(f, "not a network file: the magic bytes are missing"),
            NetError::Shape { inputs, hidden } => write!(
                f,
                "the network has {inputs} inputs and {hidden} hidden units, this build {INPUTS} and {HIDDEN}"
            ),
            NetError::Checksum => write!(f, "the network file is damaged: its checksum differs"),
            NetError::Overflow { unit } => write!(
                f,
                "hidden unit {unit} can overflow 16 bits: the weights are too large"
            ),
        }
    }
}

impl std::error::Error for NetError {}

/// FNV-1a, 32 bits.
const fn checksum(bytes: &[u8], len: usize) -> u32 {
    let mut hash = 0x811c_9dc5u32;
    let mut i = 0;
    while i < len {
        hash = (hash ^ bytes[i] as u32).wrapping_mul(0x0100_0193);
        i += 1;
    }
    hash
}

const fn read_i16(bytes: &[u8], at: usize) -> i16 {
    i16::from_le_bytes([bytes[at], bytes[at + 1]])
}

const fn read_u16(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

const fn read_u32(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// The groups of inputs of which exactly one is on: each house, each store.
const fn group_of(input: usize) -> usize {
    if input < 12 * COUNTS {
        input / COUNTS
    } else {
        12 + (input - 12 * COUNTS) / STORE_COUNTS
    }
}

impl Network {
    /// The checked-in network (`net.bin`), read and checked at compile time.
    pub const DEFAULT: Network = match Network::from_bytes(include_bytes!("net.bin")) {
        Ok(network) => network,
        Err(_) => panic!("oware-search/src/eval/net.bin is not a valid network file"),
    };

    /// Reads a network file: the magic, the shape, the weights, and a
    /// checksum; rejects weights whose hidden sums could overflow.
    ///
    /// # Errors
    /// A [`NetError`] saying what is wrong with the bytes.
    pub const fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() != FILE_LEN {
            return Err(NetError::Length { found: bytes.len() });
        }
        let mut i = 0;
        while i < MAGIC.len() {
            if bytes[i] != MAGIC[i] {
                return Err(NetError::Magic);
            }
            i += 1;
        }
        let (inputs, hidden) = (read_u16(bytes, 8), read_u16(bytes, 10));
        if inputs as usize != INPUTS || hidden as usize != HIDDEN {
            return Err(NetError::Shape { inputs, hidden });
        }
        if checksum(bytes, FILE_LEN - 4) != read_u32(bytes, FILE_LEN - 4) {
            return Err(NetError::Checksum);
        }
        let mut network = Network {
            rows: [[0; HIDDEN]; INPUTS],
            bias: [0; HIDDEN],
            output: [0; HIDDEN],
            output_bias: 0,
        };
        let mut at = 12;
        let mut input = 0;
        while input < INPUTS {
            let mut j = 0;
            while j < HIDDEN {
                network.rows[input][j] = read_i16(bytes, at);
                at += 2;
                j += 1;
            }
            input += 1;
        }
        let mut j = 0;
        while j < HIDDEN {
            network.bias[j] = read_i16(bytes, at);
            network.output[j] = read_i16(bytes, at + 2 * HIDDEN);
            at += 2;
            j += 1;
        }
        at += 2 * HIDDEN;
        network.output_bias = read_u32(bytes, at) as i32;
        match network.check() {
            Ok(()) => Ok(network),
            Err(error) => Err(error),
        }
    }

    /// Checks that no hidden sum can leave the i16 range: the bias plus,
    /// per group of inputs of which one is on, the largest weight in size.
    ///
    /// # Errors
    /// [`NetError::Overflow`] naming the first unit that could.
    pub const fn check(&self) -> Result<(), NetError> {
        let mut j = 0;
        while j < HIDDEN {
            let mut largest = [0i32; ACTIVE];
            let mut input = 0;
            while input < INPUTS {
                let size = (self.rows[input][j] as i32).abs();
                let group = group_of(input);
                if size > largest[group] {
                    largest[group] = size;
                }
                input += 1;
            }
            let mut bound = (self.bias[j] as i32).abs();
            let mut g = 0;
            while g < ACTIVE {
                bound += largest[g];
                g += 1;
            }
            if bound > i16::MAX as i32 {
                return Err(NetError::Overflow { unit: j });
            }
            j += 1;
        }
        Ok(())
    }

    /// The network file of these weights (what [`Network::from_bytes`] reads).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(FILE_LEN);
        bytes.extend_from_slice(&MAGIC);
        bytes.extend_from_slice(&(INPUTS as u16).to_le_bytes());
        bytes.extend_from_slice(&(HIDDEN as u16).to_le_bytes());
        for row in &self.rows {
            for w in row {
                bytes.extend_from_slice(&w.to_le_bytes());
            }
        }
        for w in self.bias.iter().chain(&self.output) {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
        bytes.extend_from_slice(&self.output_bias.to_le_bytes());
        let sum = checksum(&bytes, bytes.len());
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes
    }

    /// The evaluation of a position that is not over, from the side to
    /// move's view: the store difference in value units plus the network's
    /// correction. Allocates nothing.
    ///
    /// On x86-64 the widest vector instructions the CPU has are chosen at
    /// run time; every path gives the same value.
    #[must_use]
    #[inline]
    pub fn evaluate(&self, position: Position) -> Value {
        #[cfg(target_arch = "x86_64")]
        if simd::avx2() {
            // SAFETY: the CPU has AVX2, as just detected.
            return unsafe { self.evaluate_avx2(position) };
        }
        self.evaluate_portable(position)
    }

    /// [`Network::evaluate`] compiled for the build's own target features:
    /// the only path on targets other than x86-64, and the one for x86-64
    /// CPUs without AVX2. Public so that benchmarks and tests can hold the
    /// dispatched paths to it.
    ///
    /// Never inlined: inside the search's large functions the compiler
    /// stopped vectorising the accumulation (35% slower, measured), and on
    /// its own it vectorises it as the build's target allows.
    #[must_use]
    #[inline(never)]
    #[doc(hidden)]
    pub fn evaluate_portable(&self, position: Position) -> Value {
        self.forward(position)
    }

    /// The network's forward pass, written once and compiled into each
    /// path with that path's instruction set (hence `inline(always)`).
    #[inline(always)]
    fn forward(&self, position: Position) -> Value {
        let active = active_inputs(position);
        let mut hidden = self.bias;
        for &input in &active {
            let row = &self.rows[usize::from(input)];
            for (h, w) in hidden.iter_mut().zip(row) {
                // No overflow: `check` bounds every sum.
                *h = h.wrapping_add(*w);
            }
        }
        let mut sum = self.output_bias;
        for (&h, &w) in hidden.iter().zip(&self.output) {
            sum += i32::from(h.clamp(0, ONE as i16)) * i32::from(w);
        }
        store_difference(position) + (sum >> SHIFT)
    }

    /// [`Network::evaluate_portable`] compiled with AVX2: the same code,
    /// which the compiler vectorises 16 lanes wide instead of SSE2's 8
    /// (docs/performance.md measures what that is worth).
    ///
    /// # Safety
    /// The CPU must have AVX2 ([`simd::avx2`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[must_use]
    #[doc(hidden)]
    pub unsafe fn evaluate_avx2(&self, position: Position) -> Value {
        self.forward(position)
    }

    /// [`Network::evaluate`] computed the plain way, for checking it: the
    /// whole input vector times the whole first layer, in i32.
    #[must_use]
    #[doc(hidden)]
    pub fn evaluate_dense(&self, position: Position) -> Value {
        let inputs = inputs(position);
        let mut sum = self.output_bias;
        for j in 0..HIDDEN {
            let mut h = i32::from(self.bias[j]);
            for (input, &on) in inputs.iter().enumerate() {
                h += i32::from(on) * i32::from(self.rows[input][j]);
            }
            sum += h.clamp(0, ONE) * i32::from(self.output[j]);
        }
        store_difference(position) + (sum >> SHIFT)
    }
}

/// The captured-seed difference for the side to move, in value units.
#[must_use]
#[doc(hidden)]
pub fn store_difference(position: Position) -> Value {
    let board = position.board();
    let me = position.to_move();
    SEED * (i32::from(board.store(me)) - i32::from(board.store(me.opponent())))
}

/// The index of every input that is on, houses first (the side to move's
/// A to F, then the opponent's), then the side to move's store and the
/// opponent's.
#[must_use]
#[inline]
#[doc(hidden)]
pub fn active_inputs(position: Position) -> [u16; ACTIVE] {
    let cells = position.board().to_cells();
    // The side to move's houses come first in its own view.
    let (mine, stores) = match position.to_move() {
        Seat::South => (0, [cells[12], cells[13]]),
        Seat::North => (6, [cells[13], cells[12]]),
    };
    let mut active = [0u16; ACTIVE];
    for (k, slot) in active.iter_mut().take(12).enumerate() {
        let seeds = cells[(mine + k) % 12];
        *slot = (k * COUNTS + usize::from(seeds).min(COUNTS - 1)) as u16;
    }
    for (k, &store) in stores.iter().enumerate() {
        let count = usize::from(store).min(STORE_COUNTS - 1);
        active[12 + k] = (12 * COUNTS + k * STORE_COUNTS + count) as u16;
    }
    active
}

/// The whole input vector: 1 for each input on, 0 for the rest.
#[must_use]
#[doc(hidden)]
pub fn inputs(position: Position) -> [u8; INPUTS] {
    let mut inputs = [0; INPUTS];
    for input in active_inputs(position) {
        inputs[usize::from(input)] = 1;
    }
    inputs
}

#[cfg(test)]
mod tests;
