//! A damaged endgame database: said once by the front ends, which go on
//! without it; found by `oware egdb verify`; built again by `oware egdb build`.

use std::fs;
use std::path::{Path, PathBuf};

use insta::assert_snapshot;

use crate::uci::Engine;
use crate::{oware, oware_with_egdb, timing_filters};

/// South holds 24 and its F takes North's a: 3 seeds on the board.
const WON: &str = "[21]  1  0  0  0  0  1\n      0  0  0  0  0  1 [24]\n";
/// The same position as the protocol writes it.
const WON_FEN: &str = "0-0-0-0-0-1-1-0-0-0-0-1-24-21-S";

/// A fresh directory holding the databases of `rules` up to `seeds`.
fn database(name: &str, rules: &[&str], seeds: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oware-cli-damage-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    for rules in rules {
        crate::egdb::build(&dir, rules, seeds);
    }
    dir
}

/// Changes the bytes of the file `name` in `dir`.
fn damage(dir: &Path, name: &str, change: impl FnOnce(&mut Vec<u8>)) {
    let path = dir.join(name);
    let mut bytes = fs::read(&path).unwrap();
    change(&mut bytes);
    fs::write(&path, bytes).unwrap();
}

/// Analyzes the won position with `dir` as the default database directory.
fn analyze(dir: &Path) -> crate::Run {
    let args = ["analyze", "--board", "-", "--depth", "4"];
    let run = oware_with_egdb(&args, WON, dir.to_str().unwrap());
    assert_eq!(run.code, 0, "the command goes on: {}", run.stderr);
    assert!(run.stdout.contains("best move: F"), "{}", run.stdout);
    run
}

#[test]
fn a_default_database_with_a_damaged_header_is_said_once_and_skipped() {
    let dir = database("header", &["abapa"], "6");
    // Slice 3's header claims the 4-seed slice.
    damage(&dir, "abapa-03.egdb", |bytes| bytes[13] = 4);
    let run = analyze(&dir);
    assert!(!run.stdout.contains("endgame database:"), "{}", run.stdout);
    let path = dir.to_str().unwrap();
    assert_snapshot!(run.stderr.replace(path, "DIR"), @r#"
        oware: the endgame database in DIR is not used: DIR/abapa-03.egdb is refused: it holds the 4-seed slice, not the 3-seed one; going on without it (check it with `oware egdb verify --dir DIR`)
        "#);
    // Under uci, nothing before uciok or at isready: the line comes with the
    // first search, and only with it.
    let mut engine = Engine::start_with_egdb(path);
    let hello = engine.exchange("uci");
    assert!(hello.iter().all(|l| !l.starts_with("info")), "{hello:?}");
    assert_eq!(engine.exchange("isready"), ["readyok"]);
    engine.send(&format!("position fen {WON_FEN}"));
    let first = engine.exchange("go depth 4");
    assert_eq!(
        first[0].replace(path, "DIR"),
        format!(
            "info string {}",
            run.stderr
                .replace(path, "DIR")
                .trim_start_matches("oware: ")
                .trim_end()
        )
    );
    assert_eq!(first.last().unwrap().split_whitespace().nth(1), Some("F"));
    let second = engine.exchange("go depth 4");
    assert!(
        second.iter().all(|l| !l.starts_with("info string")),
        "{second:?}"
    );
    engine.quit();
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_slice_found_damaged_by_the_search_is_said_once_and_left_out() {
    let dir = database("values", &["abapa"], "6");
    // Every value of slice 3 made impossible (+127): the checksum is not
    // read at open, the first probe into the slice finds it.
    damage(&dir, "abapa-03.egdb", |bytes| bytes[32..].fill(0x7f));
    let run = analyze(&dir);
    assert!(!run.stdout.contains("endgame database:"), "{}", run.stdout);
    assert_snapshot!(run.stderr.replace(dir.to_str().unwrap(), "DIR"), @r#"
        oware: the endgame database is damaged: DIR/abapa-03.egdb: position 51 holds a value no position of its seed count can have; that file is not used from here on (check it with `oware egdb verify`)
        "#);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn verify_passes_a_sound_database_and_names_each_damaged_file() {
    let dir = database("verify", &["awari", "abapa"], "5");
    let path = dir.to_str().unwrap();
    let args = ["egdb", "verify", "--dir", path];
    let good = oware(&args, "");
    assert_eq!(good.code, 0, "{}", good.stderr);
    assert_snapshot!(good.transcript(&args).replace(path, "DIR"), @r#"
        $ oware egdb verify --dir DIR
        exit code 0
        --- stdout
        abapa  0 seeds: sound, 34B
        abapa  1 seeds: sound, 56B
        abapa  2 seeds: sound, 188B
        abapa  3 seeds: sound, 760B
        abapa  4 seeds: sound, 2762B
        abapa  5 seeds: sound, 8768B
        the abapa database in DIR is sound: 6 slices, 0 to 5 seeds, 12.6kB
        awari  0 seeds: sound, 33B
        awari  1 seeds: sound, 44B
        awari  2 seeds: sound, 110B
        awari  3 seeds: sound, 396B
        awari  4 seeds: sound, 1397B
        awari  5 seeds: sound, 4400B
        the awari database in DIR is sound: 6 slices, 0 to 5 seeds, 6380B
        "#);
    damage(&dir, "awari-04.egdb", |bytes| bytes[40] ^= 0x01);
    damage(&dir, "abapa-02.egdb", |bytes| bytes.truncate(40));
    let bad = oware(&args, "");
    assert_eq!(bad.code, 1);
    assert_snapshot!(bad.transcript(&args).replace(path, "DIR"), @r#"
        $ oware egdb verify --dir DIR
        exit code 1
        --- stdout
        abapa  0 seeds: sound, 34B
        abapa  1 seeds: sound, 56B
        abapa  2 seeds: DAMAGED, DIR/abapa-02.egdb: it holds 8 bytes of data where its header calls for 156 (truncated?)
        abapa  3 seeds: sound, 760B
        abapa  4 seeds: sound, 2762B
        abapa  5 seeds: sound, 8768B
        the abapa database in DIR is DAMAGED: 1 of its 6 slices
        awari  0 seeds: sound, 33B
        awari  1 seeds: sound, 44B
        awari  2 seeds: sound, 110B
        awari  3 seeds: sound, 396B
        awari  4 seeds: DAMAGED, DIR/awari-04.egdb: its data does not match its checksum
        awari  5 seeds: sound, 4400B
        the awari database in DIR is DAMAGED: 1 of its 6 slices
        --- stderr
        oware: error: 2 damaged files in DIR: DIR/abapa-02.egdb: it holds 8 bytes of data where its header calls for 156 (truncated?); DIR/awari-04.egdb: its data does not match its checksum
        "#);
    let abapa_only = ["egdb", "verify", "--rules", "abapa", "--dir", path];
    let one = oware(&abapa_only, "");
    assert_eq!(one.code, 1);
    assert!(!one.stdout.contains("awari"), "{}", one.stdout);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn build_rebuilds_a_slice_with_a_flipped_byte() {
    let dir = database("rebuild", &["abapa"], "5");
    let path = dir.to_str().unwrap();
    let slice = dir.join("abapa-03.egdb");
    let sound = fs::read(&slice).unwrap();
    damage(&dir, "abapa-03.egdb", |bytes| bytes[50] ^= 0x04);
    let run = crate::egdb::build(&dir, "abapa", "5");
    let mut settings = insta::Settings::clone_current();
    settings.add_filter(r"\d+(\.\d+)?[kMG]? positions/s", "[rate] positions/s");
    for (pattern, replacement) in timing_filters() {
        settings.add_filter(pattern, replacement);
    }
    settings.bind(|| assert_snapshot!(run.stdout.replace(path, "DIR"), @r#"
        DIR/abapa-03.egdb is damaged (its data does not match its checksum): building it again
        abapa  3 seeds: 364 positions in [time] ([rate] positions/s), 82.42% exact, file 760B
        the abapa database up to 5 seeds is complete in DIR: 364 positions solved in [time] ([rate] positions/s)
        "#));
    assert_eq!(fs::read(&slice).unwrap(), sound, "built again as it was");
    // Sound again: the next build finds nothing to do.
    let again = crate::egdb::build(&dir, "abapa", "5");
    assert!(
        again.stdout.contains("already complete"),
        "{}",
        again.stdout
    );
    fs::remove_dir_all(dir).unwrap();
}
