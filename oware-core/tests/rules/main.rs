//! oware-core's integration tests: the rules as the crate's public API
//! gives them, one module a topic. The hand-worked cases both
//! implementations are held to are in `tests/data/`, read by `rules_data`
//! here and by oware-reference's tests alike.
//!
//! One test binary rather than one per file: every change to the crate
//! relinks every test binary, and linking dominated the build of the tests
//! (see docs/mutants.md, "How to run it"). One topic alone runs as
//! `cargo test -p oware-core --test rules -- history::`.

mod common;

mod board_text;
mod capture;
mod debug_form;
mod examples;
mod fen;
mod game_end;
mod grand_slam;
mod history;
mod history_search;
mod illegal_moves;
mod move_effects;
mod notation;
mod ogn;
mod perft;
mod rules_data;
mod sowing;
mod unmoves;
