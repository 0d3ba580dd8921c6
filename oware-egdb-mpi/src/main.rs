//! `oware-egdb-mpi build`: the endgame database built by several MPI
//! processes, each owning a range of every slice's ranks. It writes the same
//! files, byte for byte, as `oware egdb build` (see `docs/distributed.md`).
//!
//! ```text
//! mpirun -np 4 oware-egdb-mpi build --rules abapa --max-seeds 16 --dir DIR
//! ```
//!
//! A separate binary rather than `oware egdb build --mpi`: MPI programs are
//! started by `mpirun`, which the `oware` command never needs, and keeping
//! the MPI library out of `oware` lets it build and run where no MPI is
//! installed.

mod build;
mod clock;
mod exchange;
mod output;
mod partition;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use mpi::traits::Communicator;
use oware_egdb::Ruleset;

/// The endgame database built across MPI processes.
#[derive(Parser, Debug)]
#[command(name = "oware-egdb-mpi", version)]
enum Cli {
    Build(BuildArgs),
}

/// Build the database of every position with up to N seeds, the slice of
/// each seed count split over the processes by ranges of ranks.
///
/// One file per seed count, each process writing its own part into a
/// temporary file that rank 0 checks and renames when complete: a killed
/// build, started again, resumes after the last complete seed count. The
/// directory must be on a filesystem every process sees. Rank 0 reports
/// progress on stderr.
#[derive(clap::Args, Debug)]
struct BuildArgs {
    /// The rules: abapa or awari.
    #[arg(long, value_name = "R")]
    rules: Ruleset,
    /// The most seeds on the board.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=i64::from(oware_core::TOTAL_SEEDS)))]
    max_seeds: u8,
    /// The database directory, on a filesystem every process sees (each
    /// writes its part of every file).
    #[arg(long, value_name = "DIR")]
    dir: PathBuf,
    /// How the positions of a slice are split over the processes: in
    /// contiguous ranges of ranks, or in blocks of 4096 ranks dealt out in turn.
    #[arg(long, value_name = "HOW", default_value = "ranges")]
    owners: partition::Owners,
    /// For the tests: the last process aborts after the first level of
    /// this seed count, as if killed mid-slice.
    #[arg(long, value_name = "N", hide = true)]
    abort_at: Option<u8>,
    /// For the tests: the last process aborts once it has written its part
    /// of this seed count's file, before the file is complete.
    #[arg(long, value_name = "N", hide = true)]
    abort_writing: Option<u8>,
}

fn main() -> ExitCode {
    let Cli::Build(args) = Cli::parse();
    let Some(universe) = mpi::initialize() else {
        eprintln!("error: MPI was already initialised");
        return ExitCode::FAILURE;
    };
    let world = universe.world();
    if let Err(error) = build::run(&world, &args) {
        eprintln!("error (process {}): {}", world.rank(), describe(&error));
        // The others wait in collective calls: end them all.
        world.abort(1);
    }
    ExitCode::SUCCESS
}

/// The error and its causes, each said once: oware-egdb's errors already
/// end with what the system said, which the chain would repeat.
fn describe(error: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in error.chain() {
        let cause = cause.to_string();
        if !text.ends_with(&cause) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&cause);
        }
    }
    text
}
