//! The subcommands, one module each, each with its `Args` and a `run`.

pub(crate) mod analyze;
pub(crate) mod book;
pub(crate) mod egdb;
pub(crate) mod r#match;
pub(crate) mod perft;
pub(crate) mod play;
pub(crate) mod practice;
pub(crate) mod puzzle;
pub(crate) mod show;
pub(crate) mod uci;
