//! `oware egdb`: a small database built on disk, probed as JSON and for
//! people, and the errors that refuse to give a wrong number.

use std::path::{Path, PathBuf};

use insta::assert_snapshot;

use crate::{oware, timing_filters};

/// A fresh directory holding the awari and abapa databases up to 6 seeds.
fn database(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oware-cli-egdb-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for rules in ["awari", "abapa"] {
        build(&dir, rules, "6");
    }
    dir
}

/// Runs `oware egdb build` in `dir` and checks that it succeeded.
pub(crate) fn build(dir: &Path, rules: &str, max_seeds: &str) -> crate::Run {
    let dir = dir.to_str().unwrap();
    let run = oware(
        &[
            "egdb",
            "build",
            "--rules",
            rules,
            "--max-seeds",
            max_seeds,
            "--dir",
            dir,
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    run
}

/// The second of the two lines a run wrote.
fn second_of_two(run: &crate::Run) -> &str {
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}{}", run.stdout, run.stderr);
    lines[1]
}

/// Probes `positions` with `rules` in `dir`, with `--json`.
fn probe_json(dir: &Path, rules: &str, positions: &[&str], input: &str) -> crate::Run {
    let mut args = vec![
        "egdb",
        "probe",
        "--rules",
        rules,
        "--dir",
        dir.to_str().unwrap(),
        "--json",
    ];
    args.extend_from_slice(positions);
    oware(&args, input)
}

#[test]
fn probe_writes_one_json_object_per_position() {
    let dir = database("json");
    // South's F takes North's a (2 seeds) and North, with f = 1 only, must
    // then feed South with nothing: South takes all 3.
    let run = probe_json(&dir, "awari", &["0-0-0-0-0-1-1-0-0-0-0-1-22-23-S"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "{\"seeds\": 3, \"value\": {\"lo\": 3, \"hi\": 3}, \"moves\": {\"F\": {\"lo\": 3, \"hi\": 3}}}\n"
    );
    // The same position with the rows swapped and North to move: North's letters.
    let run = probe_json(&dir, "awari", &["1-0-0-0-0-1-0-0-0-0-0-1-23-22-N"], "");
    assert_eq!(
        run.stdout,
        "{\"seeds\": 3, \"value\": {\"lo\": 3, \"hi\": 3}, \"moves\": {\"f\": {\"lo\": 3, \"hi\": 3}}}\n"
    );
    // Several positions, and a settled one with no move.
    let run = probe_json(
        &dir,
        "abapa",
        &[
            "0-0-0-0-0-1-1-0-0-0-0-1-22-23-S",
            "0-0-0-0-0-0-0-0-0-0-0-0-24-24-N",
        ],
        "",
    );
    assert_eq!(
        second_of_two(&run),
        "{\"seeds\": 0, \"value\": {\"lo\": 0, \"hi\": 0}, \"moves\": {}}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn probe_reads_positions_from_stdin_with_a_dash() {
    let dir = database("stdin");
    let input = "0-0-0-0-0-1-1-0-0-0-0-1-22-23-S\n\n1-1-1-1-1-1-0-0-0-0-0-0-21-21-N\n";
    let run = probe_json(&dir, "awari", &["-"], input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // North to move with an empty row: South takes its six seeds.
    assert_eq!(
        second_of_two(&run),
        "{\"seeds\": 6, \"value\": {\"lo\": -6, \"hi\": -6}, \"moves\": {}}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn probe_for_people_and_the_build_report() {
    let dir = database("people");
    let dir_text = dir.to_str().unwrap();
    let args = [
        "egdb",
        "probe",
        "--rules",
        "abapa",
        "--dir",
        dir_text,
        "2-0-0-0-0-1-0-0-1-0-0-1-22-21-S",
        "0-0-0-0-0-1-0-0-0-0-2-1-22-22-S",
    ];
    let run = oware(&args, "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_snapshot!(run.transcript(&args).replace(dir_text, "DIR"));
    // Built already: nothing to do.
    let run = build(&dir, "abapa", "6");
    assert_eq!(
        run.stdout,
        format!("the abapa database up to 6 seeds is already complete in {dir_text}\n")
    );
    // One more slice: one line for it, with its speed and exact share.
    let run = build(&dir, "abapa", "7");
    let args = [
        "egdb",
        "build",
        "--rules",
        "abapa",
        "--max-seeds",
        "7",
        "--dir",
        dir_text,
    ];
    insta::with_settings!({ filters => {
        let mut filters = timing_filters();
        filters.push((r"\d+(\.\d+)?[kMG]? positions/s", "[rate] positions/s"));
        filters
    } }, {
        assert_snapshot!(run.transcript(&args).replace(dir_text, "DIR"));
    });
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn probe_refuses_what_it_cannot_answer() {
    let dir = database("errors");
    let cases = [
        (
            "1-1-1-1-1-2-4-2-3-0-0-0-16-16-S",
            "oware: error: position 1, `1-1-1-1-1-2-4-2-3-0-0-0-16-16-S`: the position holds 16 seeds on the board; the awari database goes up to 6\n",
        ),
        (
            "1-1-1-1-1-2-4-2-3-0-0-16-16-S",
            "oware: error: position 1, `1-1-1-1-1-2-4-2-3-0-0-16-16-S`: the fen `1-1-1-1-1-2-4-2-3-0-0-16-16-S` has 14 fields; it needs 15: twelve houses, South's store, North's store, S or N\n",
        ),
        (
            "1-x-0-0-0-0-0-0-0-0-0-0-23-23-S",
            "oware: error: position 1, `1-x-0-0-0-0-0-0-0-0-0-0-23-23-S`: field 2 of the fen, `x`, is not a count of seeds\n",
        ),
    ];
    for (fen, message) in cases {
        let run = probe_json(&dir, "awari", &[fen], "");
        assert_eq!(run.code, 1);
        assert_eq!(run.stdout, "");
        assert_eq!(run.stderr, message);
    }
    // From stdin, the line is named, and what came before it stands.
    let run = probe_json(
        &dir,
        "awari",
        &["-"],
        "0-0-0-0-0-0-0-0-0-0-0-0-24-24-S\n0-0-0-0-0-0-0-0-0-0-0-0-24-24-X\n",
    );
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout.lines().count(), 1);
    assert!(
        run.stderr.starts_with("oware: error: line 2 of stdin"),
        "{}",
        run.stderr
    );
    // A damaged file: the last position of slice 4 (every seed in the
    // mover's first house) is given a value out of range.
    let file = dir.join("awari-04.egdb");
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x10;
    std::fs::write(&file, bytes).unwrap();
    let run = probe_json(&dir, "awari", &["0-0-0-0-0-0-0-0-0-0-0-0-24-24-S"], "");
    assert_eq!(
        run.code, 0,
        "the smaller slices still answer: {}",
        run.stderr
    );
    let run = probe_json(&dir, "awari", &["4-0-0-0-0-0-0-0-0-0-0-0-24-20-S"], "");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
    assert_snapshot!(run.stderr.replace(dir.to_str().unwrap(), "DIR"), @r"
    oware: the endgame database is damaged: DIR/awari-04.egdb: position 1364 holds a value no position of its seed count can have; that file is not used from here on (check it with `oware egdb verify`)
    oware: error: the database is damaged where this position is (see above)
    ");
    // No database at all.
    let empty = dir.join("nothing-here");
    let run = probe_json(&empty, "awari", &["0-0-0-0-0-0-0-0-0-0-0-0-24-24-S"], "");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("no awari database in"),
        "{}",
        run.stderr
    );
    // A rule set the databases do not know.
    let run = probe_json(&dir, "sowing", &["0-0-0-0-0-0-0-0-0-0-0-0-24-24-S"], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unknown rule set \"sowing\""),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_default_directory_is_documented_and_follows_the_environment() {
    let run = oware(&["egdb", "build", "--help"], "");
    assert!(
        run.stdout.contains("$XDG_DATA_HOME/oware/egdb"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("~/.local/share/oware/egdb"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("$OWARE_EGDB"), "{}", run.stdout);
}

#[test]
fn stats_counts_the_results_the_bounds_decide() {
    let dir = std::env::temp_dir().join(format!("oware-cli-egdb-{}-stats", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    build(&dir, "abapa", "4");
    let args = ["egdb", "stats", "--dir", dir.to_str().unwrap()];
    let run = oware(&args, "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    // With 1 seed every pair of bounds is exact; at 2, (-2, +2) is the only
    // pair that is not, and no pair of stores makes it a sure result.
    assert_snapshot!(run.stdout, @r#"
        | seeds | positions | store pairs | bounds meet | result decided |
        |---:|---:|---:|---:|---:|
        | 0 | 1 | 0 | 100.00% | - |
        | 1 | 12 | 2 | 100.00% | 100.00% |
        | 2 | 78 | 3 | 83.33% | 83.33% |
        | 3 | 364 | 4 | 82.42% | 82.42% |
        | 4 | 1365 | 5 | 72.82% | 80.73% |
        "#);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn build_takes_abapa_by_default_and_egdb_alone_says_what_is_installed() {
    let dir = std::env::temp_dir().join(format!("oware-cli-egdb-{}-status", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.to_str().unwrap();
    // Nothing there: each rule set is missing, with what it would take and add.
    let empty = crate::oware_with_egdb(&["egdb"], "", path);
    assert_eq!(empty.code, 0, "{}", empty.stderr);
    assert!(
        empty.stdout.starts_with(&format!(
            "endgame databases in {path}:\n  abapa: none (used under abapa, auale)\n    `oware egdb build` installs abapa's up to 20 seeds: 452 MB on disk, about "
        )),
        "{}",
        empty.stdout
    );
    assert!(empty.stdout.contains("+80 ± 24 Elo"), "{}", empty.stdout);
    // --rules left out: abapa's, the default's rule set.
    let run = oware(&["egdb", "build", "--max-seeds", "6", "--dir", path], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let last = run.stdout.lines().last().unwrap_or_default();
    assert!(
        last.starts_with(&format!(
            "the abapa database up to 6 seeds is complete in {path}: {} positions solved in ",
            oware_egdb::positions_up_to(6)
        )),
        "{}",
        run.stdout
    );
    assert!(dir.join("abapa-06.egdb").exists() && !dir.join("awari-00.egdb").exists());
    let bytes: u64 = (0..=6)
        .map(|seeds| oware_egdb::file_len(oware_egdb::Ruleset::Abapa, seeds))
        .sum();
    // `oware egdb` and `oware egdb status --dir` say the same, but for the
    // advice, which builds where the database was looked for: in the
    // directory given, or the default one.
    let status = oware(&["egdb", "status", "--dir", path], "");
    let alone = crate::oware_with_egdb(&["egdb"], "", path);
    // The advice writes the directory as a shell reads it: quoted where it
    // holds more than letters, digits and `/._-+,:@=%~` (a Windows
    // temporary folder's backslashes).
    let plain = path
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+,:@=%~".contains(c));
    let word = if plain {
        path.to_owned()
    } else {
        format!("'{path}'")
    };
    let given = format!(" --dir {word}`");
    assert_eq!(status.stdout.replace(&given, "`"), alone.stdout);
    assert!(
        status
            .stdout
            .contains(&format!("`oware egdb build{given} completes it"))
    );
    let lines: Vec<&str> = alone.stdout.lines().collect();
    assert_eq!(
        lines[1],
        format!(
            "  abapa: up to 6 seeds, {:.1} MB on disk (used under abapa, auale)",
            bytes as f64 / 1e6
        )
    );
    assert!(
        lines[2].starts_with(
            "    `oware egdb build` completes it to 20 seeds, the default, worth +80 ± 24 Elo"
        ),
        "{}",
        status.stdout
    );
    assert_eq!(lines[3], "  awari: none (used under awari-split)");
    // A file where the directory should be: one error, not one a slice.
    let file = dir.join("abapa-06.egdb");
    let file = file.to_str().unwrap();
    for command in ["status", "build", "verify"] {
        let run = oware(&["egdb", command, "--dir", file], "");
        assert_eq!(run.code, 1, "{command}: {}", run.stdout);
        assert_eq!(
            run.stderr,
            format!(
                "oware: error: --dir {file}: {file} is not a directory; name the directory that holds the database (a new one is made by `oware egdb build`)\n"
            ),
            "{command}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn with_home_unset_the_messages_say_there_is_no_directory() {
    let unset = |args: &[&str], input: &str| {
        let mut command = crate::oware_command(args);
        command
            .env_remove("OWARE_EGDB")
            .env_remove("XDG_DATA_HOME")
            .env_remove("HOME");
        crate::run(command, input)
    };
    let run = unset(&["uci"], "uci\nquit\n");
    let line = run
        .stdout
        .lines()
        .find(|line| line.contains("endgame database"))
        .unwrap_or_else(|| panic!("a line on the database in:\n{}", run.stdout));
    assert!(
        line.starts_with(
            "info string no abapa endgame database: OWARE_EGDB, XDG_DATA_HOME and HOME are all unset, so there is no directory to look in;"
        ),
        "{line}"
    );
    assert!(!run.stdout.contains(" in :"), "{}", run.stdout);
    let run = unset(&["egdb", "status"], "");
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "oware: error: no database directory: OWARE_EGDB, XDG_DATA_HOME and HOME are all unset; give --dir, or set one\n"
    );
}
