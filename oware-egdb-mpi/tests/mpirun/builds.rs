use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use oware_egdb::{Ruleset, build_dir, slice_len, slice_path};

use crate::launcher::Launcher;

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

/// `oware-egdb-mpi build` on `processes` processes under the launcher.
fn mpirun(
    launcher: &Launcher,
    processes: u32,
    ruleset: Ruleset,
    max: u8,
    dir: &Path,
    more: &[&str],
) -> Output {
    launcher
        .command()
        .args(["-np", &processes.to_string()])
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
        .output()
        .expect("the launcher runs")
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
    let Some(launcher) = Launcher::find() else {
        return;
    };
    for (ruleset, max) in [(Ruleset::Abapa, 13), (Ruleset::Awari, 11)] {
        let expected = reference(&format!("reference-{ruleset}"), ruleset, max);
        for processes in [1, 2, 4] {
            let dir = scratch(&format!("{ruleset}-{processes}"));
            let output = mpirun(&launcher, processes, ruleset, max, &dir, &[]);
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
fn blocks_dealt_out_in_turn_write_the_same_files() {
    let Some(launcher) = Launcher::find() else {
        return;
    };
    let (ruleset, max) = (Ruleset::Abapa, 11);
    let expected = reference("reference-blocks", ruleset, max);
    let dir = scratch("blocks");
    let output = mpirun(&launcher, 3, ruleset, max, &dir, &["--owners", "blocks"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stderr(&output).contains("Blocks"), "{}", stderr(&output));
    assert_same_files(&expected, &dir, ruleset, max);
    fs::remove_dir_all(&dir).expect("clean up");
    fs::remove_dir_all(&expected).expect("clean up");
}

#[test]
fn a_build_killed_mid_slice_or_mid_write_resumes_to_the_same_files() {
    let Some(launcher) = Launcher::find() else {
        return;
    };
    let (ruleset, max) = (Ruleset::Abapa, 12);
    let expected = reference("reference-killed", ruleset, max);
    let dir = scratch("killed");
    let present = |seeds| slice_path(&dir, ruleset, seeds).exists();
    let output = mpirun(&launcher, 4, ruleset, max, &dir, &["--abort-at", "10"]);
    assert!(!output.status.success(), "the killed build must fail");
    assert!((0..10).all(present), "slices 0-9 were complete");
    assert!(!present(10), "no slice 10 yet");
    // Killed once its part of slice 11 is written, before the file is.
    let output = mpirun(&launcher, 4, ruleset, max, &dir, &["--abort-writing", "11"]);
    assert!(!output.status.success(), "the killed build must fail");
    assert!(
        stderr(&output).contains("10 slices of 0..=9 seeds already complete"),
        "{}",
        stderr(&output)
    );
    assert!(present(10) && !present(11), "slice 10 done, 11 not");
    let part = dir.join(format!("{ruleset}-11.egdb.part"));
    let half = fs::read(&part).expect("the half-written slice 11");
    assert_eq!(&half[..8], &[0; 8], "no header, so never read as a slice");
    assert!(
        half[32..].iter().any(|&b| b != 0),
        "some parts were written"
    );
    let output = mpirun(&launcher, 4, ruleset, max, &dir, &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("11 slices of 0..=10 seeds already complete"),
        "{}",
        stderr(&output)
    );
    assert_same_files(&expected, &dir, ruleset, max);
    fs::remove_dir_all(&dir).expect("clean up");
    fs::remove_dir_all(&expected).expect("clean up");
}

/// Two processes under `mpirun`, each given its own directory: what a
/// directory local to each host looks like to the build.
fn unshared(launcher: &Launcher, first: &Path, second: &Path, ruleset: Ruleset, max: u8) -> Output {
    let bin = env!("CARGO_BIN_EXE_oware-egdb-mpi");
    let max = max.to_string();
    let app = |dir: &Path| {
        let dir = dir.to_str().expect("a UTF-8 scratch path").to_owned();
        [
            "-np",
            "1",
            bin,
            "build",
            "--rules",
            ruleset.name(),
            "--max-seeds",
            &max,
            "--dir",
        ]
        .map(str::to_owned)
        .into_iter()
        .chain([dir])
        .collect::<Vec<String>>()
    };
    launcher
        .command()
        .args(app(first))
        .arg(":")
        .args(app(second))
        .output()
        .expect("the launcher runs")
}

#[test]
fn a_directory_not_shared_by_every_process_is_refused_naming_the_hosts() {
    let Some(launcher) = Launcher::find() else {
        return;
    };
    let (first, second) = (scratch("unshared-0"), scratch("unshared-1"));
    // Process 1 cannot find the file process 0 created for slice 0.
    let output = unshared(&launcher, &first, &second, Ruleset::Awari, 5);
    assert!(!output.status.success());
    let report = stderr(&output);
    assert!(report.contains("process 1 on "), "{report}");
    assert!(report.contains("every process sees"), "{report}");
    assert!(!report.contains("panicked"), "{report}");
    assert!(!slice_path(&first, Ruleset::Awari, 0).exists());
    // Process 0 would resume from slices that process 1 does not see.
    build_dir(&first, Ruleset::Awari, 3, &|_| {}).expect("a single-process build");
    let output = unshared(&launcher, &first, &second, Ruleset::Awari, 5);
    assert!(!output.status.success());
    let report = stderr(&output);
    assert!(report.contains("different complete slices"), "{report}");
    assert!(report.contains(": 4, process 1 on "), "{report}");
    assert!(!slice_path(&first, Ruleset::Awari, 4).exists());
    // Process 1 finds a file to write into, but not process 0's: rank 0's
    // read-back misses its part of slice 1 (abapa's 1-seed values are odd,
    // never the zeros of a part not written).
    for dir in [&first, &second] {
        fs::remove_dir_all(dir).expect("clean up");
        fs::create_dir_all(dir).expect("a scratch directory");
    }
    for seeds in [0, 1] {
        let part = second.join(format!("abapa-{seeds:02}.egdb.part"));
        fs::write(&part, vec![0; 32 + 2 * slice_len(seeds) as usize]).expect("a .part");
    }
    let output = unshared(&launcher, &first, &second, Ruleset::Abapa, 1);
    assert!(!output.status.success());
    let report = stderr(&output);
    assert!(report.contains("the part of process 1 on "), "{report}");
    assert!(report.contains("(processes 0, 1)"), "{report}");
    assert!(slice_path(&first, Ruleset::Abapa, 0).exists());
    assert!(!slice_path(&first, Ruleset::Abapa, 1).exists());
    fs::remove_dir_all(&first).expect("clean up");
    fs::remove_dir_all(&second).expect("clean up");
}

#[test]
fn a_damaged_slice_is_refused_naming_the_file() {
    let Some(launcher) = Launcher::find() else {
        return;
    };
    let dir = scratch("damaged");
    let output = mpirun(&launcher, 2, Ruleset::Awari, 6, &dir, &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    let path = slice_path(&dir, Ruleset::Awari, 4);
    let mut bytes = fs::read(&path).expect("slice 4");
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    fs::write(&path, &bytes).expect("damage slice 4");
    let output = mpirun(&launcher, 2, Ruleset::Awari, 8, &dir, &[]);
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
