//! `cargo xtask`: the project's checks, what CI and contributors run, one
//! small module each.
//!
//! - `test`: everything CI runs (the README's test command).
//! - `verify`: the rules cross-checked against oware-reference, and the
//!   search against plain minimax (the checks are the `oware-verify`
//!   crate's; this runs its binary with the flags given).
//! - `bench`: the search's node-count fingerprint and speed.
//! - `site`: the web page built, and served on 127.0.0.1; its types checked
//!   (`--types`) and its browser tests run (`--e2e`).
//! - `dist`: the release artifacts (static Linux `oware`s for x86-64 and
//!   aarch64, a Windows zip, the page, checksums), each tried here.
//! - `package`: each published crate packed as crates.io would hold it, and
//!   each library's package tested alone.
//! - `api`: each published library's public API against its snapshot in
//!   `api/` (`--bless` writes the snapshots).
//!
//! `needs.rs` finds (or names) what `test` needs from the system, `cross.rs`
//! runs the tests on other systems under emulators (QEMU, Wine), and
//! `tidy.rs` is a test, not a task: `cargo test -p xtask` checks the
//! workspace's shape (ARCHITECTURE.md's invariants). The strength work
//! (ladder, tune, train, baselines) is the laboratory's: `cargo lab`.

use clap::{Parser, Subcommand};

mod api;
mod bench;
mod cross;
mod dist;
mod needs;
mod package;
mod site;
mod test;
#[cfg(test)]
mod tidy;
mod zip;

/// The project's checks.
#[derive(Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask")]
struct Flags {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Run every check CI runs: formatting, clippy, tests, other targets, verify, web tests.
    Test(test::Args),
    /// Cross-check the rules against oware-reference and the search against minimax (`--help` for its flags).
    #[command(disable_help_flag = true)]
    Verify {
        /// The flags of oware-verify, passed on as they are.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        flags: Vec<String>,
    },
    /// Print the search's node-count fingerprint and speed on the bench suite.
    Bench(bench::Args),
    /// Build the web page (and serve it on 127.0.0.1 with --serve).
    Site(site::Args),
    /// Build and try the release artifacts into target/dist: Linux and Windows oware, the page, SHA256SUMS.
    Dist(dist::Args),
    /// Pack each published crate, then build and test each library's package alone.
    Package,
    /// Check each published library's public API against its snapshot in api/ (--bless writes it).
    Api(api::Args),
}

fn main() -> anyhow::Result<()> {
    match Flags::parse().task {
        Task::Test(args) => test::run(&args),
        Task::Verify { flags } => test::verify(&flags),
        Task::Bench(args) => bench::run(&args),
        Task::Site(args) => site::run(&args),
        Task::Dist(args) => dist::run(&args),
        Task::Package => package::run(),
        Task::Api(args) => api::run(&args),
    }
}
