//! The search's integration tests, one binary for all (as the rules' tests
//! in oware-core are): each change to the crate links one test program, not
//! one per file, which is most of what a mutation run spends per mutant.

mod endgame;
mod examples;
mod first_repetition;
mod oracles;
mod promises;
mod split_repetition;
mod support;
