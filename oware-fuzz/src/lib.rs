//! Property tests and fuzz targets for the oware crates: oware-core held to
//! RULES.md's invariants and to oware-reference, over generated positions,
//! games and text.
//!
//! - [`edges`]: random positions at the edges of the rules from any `Rng`,
//!   the one generator the property tests and `cargo xtask verify` share.
//! - [`strategies`]: the proptest strategies every property test shares —
//!   positions at the edges of the rules, games from the opening, texts
//!   near a board diagram or a transcript.
//! - [`agree`]: core and reference asked the same questions of a position,
//!   a game or a perft tree; the first different answer as a structured
//!   [`agree::Disagreement`] with its reproducer. The property tests, the
//!   `core_vs_reference` fuzz target and `cargo xtask verify` all use it.
//! - [`bytes`]: positions and moves decoded from raw fuzzer input.
//! - [`ogn`]: the game-record reader's contract on one text, for the OGN
//!   fuzz target and the `ogn_storm` driver.
//! - [`uci`]: the engine protocol's input as `oware uci` reads it, checked
//!   on any bytes (the `uci_protocol` fuzz target and `tests/uci.rs`).
//!
//! The tests are in `tests/`; the fuzz targets in `fuzz/` (see the README).
//!
//! ```
//! use oware_core::{House, Position, Rules, Transcript};
//! use oware_fuzz::agree;
//!
//! agree::position(Position::OPENING, Rules::AWARI)?;
//! let moves: Transcript = "EcAbDf".parse()?;
//! // Both games play the six moves and refuse North's `a` out of turn alike.
//! let tried = moves.iter().copied().chain([House::a]);
//! let game = agree::game(Position::OPENING, Rules::SOWING, tried)?;
//! assert_eq!(game.moves().len(), 6);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod agree;
pub mod bytes;
pub mod edges;
pub mod ogn;
pub mod strategies;
pub mod uci;
