//! The build under `mpirun` on 1, 2 and 4 processes (loopback,
//! oversubscribed) gives the single-process build's files byte for byte,
//! resumes after a process is killed mid-slice, and refuses bad input.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use oware_egdb::{Ruleset, build_dir, slice_path};

/// A fresh, empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oware-egdb-mpi-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// The single-process build of `ruleset` up to `max` seeds, in a fresh directory.
fn reference(name: &str, ruleset: Ruleset, max: u8) -> PathBuf {
    let dir = scratch(name);
    build_dir(&dir, ruleset, max, &|_| {}).expect("the single-process build");
    dir
}

/// `oware-egdb-mpi build` on `processes` processes under `mpirun`.
fn mpirun(processes: u32, ruleset: Ruleset, max: u8, dir: &Path, more: &[&str]) -> Output {
    Command::new("mpirun")
        .args(["--oversubscribe", "-np", &processes.to_string()])
        .arg(env!("CARGO_BIN_EXE_oware-egdb-mpi"))
        .args([
            "build",
            "--rules",
            ruleset.name(),
            "--max-seeds",
            &max.to_string(),
        ])
        .arg("--dir")
        .arg(dir)
        .args(more)
        // Open MPI refuses root unless told; CI containers run as root.
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .output()
        .expect("mpirun runs (Open MPI is installed: see .ci/run)")
}

/// Every file of `expected` (slices `0..=max`) is in `found`, byte for
/// byte, and nothing else is: no `.part` is left behind.
fn assert_same_files(expected: &Path, found: &Path, ruleset: Ruleset, max: u8) {
    for seeds in 0..=max {
        let want = fs::read(slice_path(expected, ruleset, seeds)).expect("the reference file");
        let got = fs::read(slice_path(found, ruleset, seeds))
            .unwrap_or_else(|e| panic!("{ruleset} slice {seeds} missing from the MPI build: {e}"));
        assert!(
            want == got,
            "{ruleset} slice {seeds} differs from the single-process build"
        );
    }
    let mut names: Vec<_> = fs::read_dir(found)
        .expect("the build directory")
        .map(|entry| entry.expect("an entry").file_name())
        .collect();
    names.sort();
    assert_eq!(
        names.len(),
        usize::from(max) + 1,
        "only the slice files: {names:?}"
    );
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn one_two_and_four_processes_write_the_single_process_files() {
    for (ruleset, max) in [(Ruleset::Abapa, 13), (Ruleset::Awari, 11)] {
        let expected = reference(&format!("reference-{ruleset}"), ruleset, max);
        for processes in [1, 2, 4] {
            let dir = scratch(&format!("{ruleset}-{processes}"));
            let output = mpirun(processes, ruleset, max, &dir, &[]);
            assert!(output.status.success(), "{}", stderr(&output));
            // Rank 0 alone reports: one line per slice.
            let report = stderr(&output);
            assert_eq!(
                report
                    .lines()
                    .filter(|l| l.contains(" positions in "))
                    .count(),
                usize::from(max) + 1,
                "{report}"
            );
            assert_same_files(&expected, &dir, ruleset, max);
            fs::remove_dir_all(&dir).expect("clean up");
        }
        fs::remove_dir_all(&expected).expect("clean up");
    }
}

#[test]
fn a_build_killed_mid_slice_resumes_to_the_same_files() {
    let (ruleset, max, killed) = (Ruleset::Abapa, 12, 10);
    let expected = reference("reference-killed", ruleset, max);
    let dir = scratch("killed");
    let output = mpirun(4, ruleset, max, &dir, &["--abort-at", &killed.to_string()]);
    assert!(!output.status.success(), "the killed build must fail");
    for seeds in 0..killed {
        assert!(
            slice_path(&dir, ruleset, seeds).exists(),
            "slice {seeds} was complete"
        );
    }
    assert!(
        !slice_path(&dir, ruleset, killed).exists(),
        "no slice {killed} yet"
    );
    // A half-written file such as a kill during the write leaves behind:
    // never read, overwritten.
    let part = dir.join(format!("{ruleset}-{killed:02}.egdb.part"));
    fs::write(&part, b"OWAREEGD half a slice").expect("a .part file");
    let output = mpirun(4, ruleset, max, &dir, &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("10 slices of 0..=9 seeds already complete"),
        "{}",
        stderr(&output)
    );
    assert_same_files(&expected, &dir, ruleset, max);
    fs::remove_dir_all(&dir).expect("clean up");
    fs::remove_dir_all(&expected).expect("clean up");
}

#[test]
fn a_damaged_slice_is_refused_naming_the_file() {
    let dir = scratch("damaged");
    let output = mpirun(2, Ruleset::Awari, 6, &dir, &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    let path = slice_path(&dir, Ruleset::Awari, 4);
    let mut bytes = fs::read(&path).expect("slice 4");
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    fs::write(&path, &bytes).expect("damage slice 4");
    let output = mpirun(2, Ruleset::Awari, 8, &dir, &[]);
    assert!(!output.status.success());
    let report = stderr(&output);
    assert!(report.contains("awari-04.egdb"), "{report}");
    assert!(report.contains("checksum"), "{report}");
    assert!(!report.contains("panicked"), "{report}");
    assert_eq!(
        fs::read(&path).expect("slice 4"),
        bytes,
        "the damaged file is left alone"
    );
    fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn an_unknown_rule_set_is_refused_before_mpi_starts() {
    let output = Command::new(env!("CARGO_BIN_EXE_oware-egdb-mpi"))
        .args([
            "build",
            "--rules",
            "sowing",
            "--max-seeds",
            "4",
            "--dir",
            "unused",
        ])
        .output()
        .expect("the binary runs");
    assert!(!output.status.success());
    let report = stderr(&output);
    assert!(report.contains("unknown rule set \"sowing\""), "{report}");
}
