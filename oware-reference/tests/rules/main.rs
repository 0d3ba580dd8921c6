//! oware-reference's integration tests: the naive rules, the board as
//! text, transcripts and the naive solvers, one module a topic. The
//! hand-worked cases of `oware-core/tests/data/` are read by `rules_data`
//! here as by oware-core's own tests; nothing of oware-core's code is used.
//!
//! One test binary rather than one per file: every change to the crate
//! relinks every test binary, and linking dominated the build of the tests
//! (see docs/mutants.md, "How to run it"). One topic alone runs as
//! `cargo test -p oware-reference --test rules -- solve::`.

mod common;

mod board_text;
mod endgame;
mod legal_moves;
mod perft;
mod refusal;
mod rules_data;
mod solve;
mod transcript;
