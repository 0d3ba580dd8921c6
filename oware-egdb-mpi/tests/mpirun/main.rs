//! The build under a real MPI launcher (`mpirun` of Open MPI or MPICH) on 1,
//! 2 and 4 processes on loopback gives the single-process build's files
//! byte for byte, resumes after a process is killed mid-slice, and refuses
//! bad input.
//!
//! These tests need the crate's `mpi` feature and a launcher on `PATH`.
//! Without either they say so on the terminal and pass, unless
//! `OWARE_NO_SKIP` is set (as `cargo xtask test --no-skip` and CI set it),
//! where a skip is a failure: nothing is skipped silently.

#[cfg(feature = "mpi")]
mod builds;
mod launcher;

#[cfg(not(feature = "mpi"))]
#[test]
fn the_mpi_build_is_tested_with_its_feature() {
    launcher::skip(
        "oware-egdb-mpi was built without its `mpi` feature; \
         run `cargo test -p oware-egdb-mpi --features mpi` where Open MPI or MPICH is installed",
    );
}
