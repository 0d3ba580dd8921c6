//! Databases on disk: the round trip, damaged and mismatched files refused
//! with a clear message, and interrupted builds resumed.

use std::fs;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use oware_egdb::{Damage, Database, EgdbError, Ruleset, build_dir, file_len, slice_path, survey};

/// A fresh, empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oware-egdb-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// What is wrong with the file an error refuses, if that is the error.
fn damage(error: &EgdbError) -> Option<Damage> {
    match error {
        EgdbError::Damaged { damage, .. } => Some(*damage),
        _ => None,
    }
}

/// Every position of slices up to `max` probes the same in both.
fn assert_same(a: &Database, b: &Database, max: u8) {
    assert_eq!(a.max_seeds(), b.max_seeds());
    assert_eq!(a.ruleset(), b.ruleset());
    for n in 0..=max {
        assert_eq!(a.exact_count(n), b.exact_count(n));
    }
    // A sample of positions: every split of up to `max` seeds over A, c and f.
    for x in 0..=max {
        for y in 0..=max - x {
            for z in 0..=max - x - y {
                let houses = [x, 0, 0, 0, 0, 0, 0, 0, y, 0, 0, z];
                assert_eq!(a.probe_houses(houses), b.probe_houses(houses), "{houses:?}");
            }
        }
    }
}

#[test]
fn a_database_written_and_read_back_is_the_same() {
    for ruleset in Ruleset::ALL {
        let dir = scratch(&format!("round-trip-{ruleset}"));
        let db = Database::build(ruleset, 7);
        db.write_to(&dir).expect("written");
        let read = Database::open(&dir, ruleset).expect("read back");
        assert_same(&db, &read, 7);
        let files: Vec<Vec<u8>> = (0..=7)
            .map(|n| fs::read(slice_path(&dir, ruleset, n)).unwrap())
            .collect();
        let from_bytes = Database::from_files(ruleset, files.iter().map(Vec::as_slice)).unwrap();
        assert_same(&db, &from_bytes, 7);
        assert_eq!(db.slice_file(7).as_deref(), Some(files[7].as_slice()));
        // No temporary file is left behind.
        assert!(
            fs::read_dir(&dir).unwrap().all(|e| !e
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".part"))
        );
        fs::remove_dir_all(dir).unwrap();
    }
}

/// Opens `dir` after `damage` did something to slice 5's file, and returns
/// the error and its message.
fn refused(name: &str, damage: impl FnOnce(&mut Vec<u8>, &std::path::Path)) -> (EgdbError, String) {
    let dir = scratch(name);
    Database::build(Ruleset::Abapa, 6).write_to(&dir).unwrap();
    let path = slice_path(&dir, Ruleset::Abapa, 5);
    let mut bytes = fs::read(&path).unwrap();
    damage(&mut bytes, &dir);
    fs::write(&path, &bytes).unwrap();
    let error = Database::open(&dir, Ruleset::Abapa).expect_err("a damaged file is refused");
    let message = error.to_string();
    assert!(
        message.contains("abapa-05.egdb"),
        "the message names the file: {message}"
    );
    fs::remove_dir_all(dir).unwrap();
    (error, message)
}

#[test]
fn a_flipped_byte_opens_and_is_found_by_the_check() {
    let dir = scratch("flipped");
    Database::build(Ruleset::Abapa, 6).write_to(&dir).unwrap();
    let path = slice_path(&dir, Ruleset::Abapa, 5);
    let mut bytes = fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x02;
    fs::write(&path, &bytes).unwrap();
    // Opening reads headers only.
    assert_eq!(Database::open(&dir, Ruleset::Abapa).unwrap().max_seeds(), 6);
    let mut checked = 0;
    let error = oware_egdb::check_slice(&dir, Ruleset::Abapa, 5, &mut |n| checked += n)
        .expect_err("the check reads the data");
    assert_eq!(damage(&error), Some(Damage::Checksum), "{error:?}");
    assert_eq!(
        checked,
        bytes.len() as u64 - 32,
        "every data byte was summed"
    );
    let message = error.to_string();
    assert!(
        message.contains("abapa-05.egdb")
            && message.ends_with("is refused: its data does not match its checksum"),
        "{message}"
    );
    assert_eq!(
        oware_egdb::check_slice(&dir, Ruleset::Abapa, 4, &mut |_| {}).unwrap(),
        Some(
            fs::metadata(slice_path(&dir, Ruleset::Abapa, 4))
                .unwrap()
                .len()
        )
    );
    assert_eq!(
        oware_egdb::check_slice(&dir, Ruleset::Abapa, 9, &mut |_| {}).unwrap(),
        None
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_probe_that_reads_an_impossible_value_drops_the_slice_and_says_so_once() {
    let dir = scratch("impossible");
    let good = Database::build(Ruleset::Abapa, 6);
    good.write_to(&dir).unwrap();
    // Position 0 of slice 5 (every seed in the opponent's last house) gets
    // LO = +4: not of the parity of 5.
    let path = slice_path(&dir, Ruleset::Abapa, 5);
    let mut bytes = fs::read(&path).unwrap();
    bytes[32] = 4;
    fs::write(&path, &bytes).unwrap();
    let mut db = Database::open(&dir, Ruleset::Abapa).unwrap();
    let told = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&told);
    db.on_damage(move |error| sink.lock().unwrap().push(error.to_string()));
    let damaged = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5];
    let sound = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 4];
    let smaller = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 3];
    assert_eq!(db.probe_houses(sound), good.probe_houses(sound), "before");
    assert_eq!(db.probe_houses(damaged), None);
    assert_eq!(db.probe_houses(sound), None, "the whole slice is dropped");
    assert_eq!(db.probe_houses(damaged), None);
    assert_eq!(db.probe_houses(smaller), good.probe_houses(smaller));
    assert_eq!(db.damaged(), [5]);
    let told = told.lock().unwrap();
    assert_eq!(told.len(), 1, "said once: {told:?}");
    assert!(
        told[0].contains("abapa-05.egdb") && told[0].contains("position 0"),
        "{told:?}"
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_truncated_file_is_refused() {
    let (error, message) = refused("truncated", |bytes, _| bytes.truncate(bytes.len() - 10));
    assert_eq!(
        damage(&error),
        Some(Damage::Length {
            expected: 2 * 4368,
            found: 2 * 4368 - 10
        }),
        "{error:?}"
    );
    assert!(message.contains("truncated"), "{message}");
    let (error, _) = refused("header-only", |bytes, _| bytes.truncate(20));
    assert_eq!(
        damage(&error),
        Some(Damage::NoHeader { len: 20 }),
        "{error:?}"
    );
}

#[test]
fn a_wrong_magic_word_is_refused() {
    let (error, message) = refused("magic", |bytes, _| bytes[0] = b'X');
    assert_eq!(damage(&error), Some(Damage::Magic), "{error:?}");
    assert!(message.contains("magic word OWAREEGD"), "{message}");
}

#[test]
fn a_file_of_another_rule_set_or_seed_count_is_refused() {
    let (error, message) = refused("ruleset", |bytes, _| {
        let awari = Database::build(Ruleset::Awari, 5).slice_file(5).unwrap();
        *bytes = awari;
    });
    assert_eq!(
        damage(&error),
        Some(Damage::Ruleset {
            expected: Ruleset::Abapa,
            found: 1
        }),
        "{error:?}"
    );
    assert!(message.ends_with("it is for awari, not abapa"), "{message}");
    let (error, message) = refused("seeds", |bytes, dir| {
        *bytes = fs::read(slice_path(dir, Ruleset::Abapa, 4)).unwrap();
    });
    assert_eq!(
        damage(&error),
        Some(Damage::Seeds {
            expected: 5,
            found: 4
        }),
        "{error:?}"
    );
    assert!(
        message.ends_with("it holds the 4-seed slice, not the 5-seed one"),
        "{message}"
    );
}

#[test]
fn a_missing_database_is_an_error_and_a_gap_ends_it() {
    let dir = scratch("missing");
    let error = Database::open(&dir, Ruleset::Awari).unwrap_err();
    assert!(matches!(error, EgdbError::NotFound { .. }), "{error:?}");
    assert!(
        error.to_string().starts_with("no awari database in "),
        "{error}"
    );
    Database::build(Ruleset::Awari, 4).write_to(&dir).unwrap();
    fs::remove_file(slice_path(&dir, Ruleset::Awari, 3)).unwrap();
    assert_eq!(Database::open(&dir, Ruleset::Awari).unwrap().max_seeds(), 2);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_interrupted_build_resumes_after_its_last_whole_slice() {
    let dir = scratch("resume");
    let first = build_dir(&dir, Ruleset::Abapa, 5, &|_| {}).unwrap();
    assert!(first.present.is_empty());
    assert_eq!(
        first.built.iter().map(|r| r.seeds).collect::<Vec<_>>(),
        [0, 1, 2, 3, 4, 5]
    );
    // As if the run had been stopped while writing slice 6, and 5 lost.
    fs::remove_file(slice_path(&dir, Ruleset::Abapa, 5)).unwrap();
    let part = dir.join("abapa-06.egdb.part");
    fs::write(&part, b"OWAREEGD half a file").unwrap();
    let before = fs::metadata(slice_path(&dir, Ruleset::Abapa, 4))
        .unwrap()
        .modified()
        .unwrap();
    let second = build_dir(&dir, Ruleset::Abapa, 7, &|_| {}).unwrap();
    assert_eq!(second.present, [0, 1, 2, 3, 4]);
    assert_eq!(
        second.built.iter().map(|r| r.seeds).collect::<Vec<_>>(),
        [5, 6, 7]
    );
    assert!(!part.exists(), "the partial file was replaced");
    let after = fs::metadata(slice_path(&dir, Ruleset::Abapa, 4))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(before, after, "complete slices are left alone");
    assert_same(
        &Database::open(&dir, Ruleset::Abapa).unwrap(),
        &Database::build(Ruleset::Abapa, 7),
        7,
    );
    // Complete: nothing to do.
    let third = build_dir(&dir, Ruleset::Abapa, 7, &|_| {}).unwrap();
    assert!(third.built.is_empty());
    assert_eq!(third.present.len(), 8);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_damaged_slice_is_found_and_rebuilt_by_a_build() {
    let dir = scratch("build-damaged");
    build_dir(&dir, Ruleset::Awari, 4, &|_| {}).unwrap();
    let path = slice_path(&dir, Ruleset::Awari, 2);
    let sound = fs::read(&path).unwrap();
    let mut bytes = sound.clone();
    bytes[40] ^= 0x01;
    fs::write(&path, &bytes).unwrap();
    let events = Mutex::new(Vec::new());
    let summary = build_dir(&dir, Ruleset::Awari, 4, &|event| {
        if let oware_egdb::BuildEvent::Damaged { seeds, damage } = event {
            events.lock().unwrap().push((seeds, damage));
        }
    })
    .unwrap();
    assert_eq!(summary.damaged, [(2, Damage::Checksum)]);
    assert_eq!(*events.lock().unwrap(), [(2, Damage::Checksum)]);
    assert_eq!(summary.present, [0, 1, 3, 4]);
    assert_eq!(
        summary.built.iter().map(|r| r.seeds).collect::<Vec<_>>(),
        [2]
    );
    assert_eq!(fs::read(&path).unwrap(), sound, "rebuilt as it was");
    fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_slice_file_that_is_a_link_is_written_through_and_the_link_kept() {
    let dir = scratch("build-linked");
    let elsewhere = scratch("build-linked-elsewhere");
    build_dir(&dir, Ruleset::Awari, 4, &|_| {}).unwrap();
    // Slice 3 moved to another disk, a link left in its place; slice 4's
    // link points to a file not made yet.
    let three = slice_path(&dir, Ruleset::Awari, 3);
    let four = slice_path(&dir, Ruleset::Awari, 4);
    let sound = [fs::read(&three).unwrap(), fs::read(&four).unwrap()];
    let moved = [elsewhere.join("three.egdb"), elsewhere.join("four.egdb")];
    fs::write(&moved[0], b"damaged").unwrap();
    fs::remove_file(&three).unwrap();
    fs::remove_file(&four).unwrap();
    std::os::unix::fs::symlink(&moved[0], &three).unwrap();
    std::os::unix::fs::symlink(&moved[1], &four).unwrap();
    let summary = build_dir(&dir, Ruleset::Awari, 4, &|_| {}).unwrap();
    assert_eq!(summary.present, [0, 1, 2]);
    for (link, (target, sound)) in [three, four].iter().zip(moved.iter().zip(&sound)) {
        assert!(fs::symlink_metadata(link).unwrap().file_type().is_symlink());
        assert_eq!(&fs::read(target).unwrap(), sound, "{}", target.display());
    }
    let mut names: Vec<_> = fs::read_dir(&elsewhere)
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    names.sort();
    assert_eq!(names, ["four.egdb", "three.egdb"], "no .part file is left");
    fs::remove_dir_all(dir).unwrap();
    fs::remove_dir_all(elsewhere).unwrap();
}

#[test]
fn a_file_of_another_format_version_is_refused_surveyed_and_rebuilt_never_read() {
    let dir = scratch("version");
    build_dir(&dir, Ruleset::Abapa, 5, &|_| {}).unwrap();
    let path = slice_path(&dir, Ruleset::Abapa, 3);
    let sound = fs::read(&path).unwrap();
    // As another version of the program would have written it: the header's
    // format version (bytes 8..12) is 2, the rest as before.
    let mut other = sound.clone();
    other[8..12].copy_from_slice(&2u32.to_le_bytes());
    fs::write(&path, &other).unwrap();
    let error = Database::open(&dir, Ruleset::Abapa).expect_err("another version is not read");
    assert_eq!(damage(&error), Some(Damage::Version { found: 2 }));
    assert!(
        error.to_string().contains("abapa-03.egdb")
            && error.to_string().contains("format version is 2"),
        "{error}"
    );
    let surveyed = survey(&dir, Ruleset::Abapa);
    assert_eq!(
        surveyed.iter().map(|(seeds, _)| *seeds).collect::<Vec<_>>(),
        [0, 1, 2, 3, 4, 5]
    );
    for (seeds, state) in &surveyed {
        match state {
            Ok(len) => assert_eq!(*len, file_len(Ruleset::Abapa, *seeds)),
            Err(error) => {
                assert_eq!(*seeds, 3);
                assert_eq!(damage(error), Some(Damage::Version { found: 2 }));
            }
        }
    }
    assert_eq!(survey(&dir, Ruleset::Awari).len(), 0, "no awari file");
    // A build writes it again, at this version, and leaves the others.
    let summary = build_dir(&dir, Ruleset::Abapa, 5, &|_| {}).unwrap();
    assert_eq!(summary.damaged, [(3, Damage::Version { found: 2 })]);
    assert_eq!(summary.present, [0, 1, 2, 4, 5]);
    assert_eq!(fs::read(&path).unwrap(), sound);
    assert!(
        survey(&dir, Ruleset::Abapa)
            .iter()
            .all(|(_, state)| state.is_ok())
    );
    fs::remove_dir_all(dir).unwrap();
}
