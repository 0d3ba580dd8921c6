//! The library half of the `oware` command: the engine protocol's parser,
//! public so that a fuzz target can read every line `oware uci` reads. The
//! command itself (`src/main.rs`) uses it from here.

pub mod protocol;
