//! Databases on disk: one file per slice in a directory, written under a
//! temporary name and renamed when complete, so that an interrupted build
//! leaves only whole slices behind and resumes after the last of them.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::database::{BuildEvent, Database, SliceReport};
use crate::error::EgdbError;
use crate::file;
use crate::ruleset::Ruleset;

/// The file of slice `seeds`: `abapa-07.egdb` in `dir`.
#[must_use]
pub fn slice_path(dir: &Path, ruleset: Ruleset, seeds: u8) -> PathBuf {
    dir.join(format!("{ruleset}-{seeds:02}.egdb"))
}

/// Where a slice is written before it is complete.
fn partial_path(dir: &Path, ruleset: Ruleset, seeds: u8) -> PathBuf {
    dir.join(format!("{ruleset}-{seeds:02}.egdb.part"))
}

/// What [`build_dir`] did, slice by slice.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BuildSummary {
    /// The slices that were already complete on disk and were left alone.
    pub present: Vec<u8>,
    /// The slices solved and written by this run.
    pub built: Vec<SliceReport>,
}

/// Whether the slice file of `seeds` is there with the right header (its
/// data is checked when it is read).
pub(crate) fn is_complete(dir: &Path, ruleset: Ruleset, seeds: u8) -> Result<bool, EgdbError> {
    let path = slice_path(dir, ruleset, seeds);
    let mut header = [0u8; file::HEADER];
    let mut opened = match fs::File::open(&path) {
        Ok(opened) => opened,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(false),
        Err(source) => return Err(EgdbError::Io { path, source }),
    };
    let len = opened
        .metadata()
        .map_err(|source| EgdbError::Io {
            path: path.clone(),
            source,
        })?
        .len();
    // The header in full, or all there is of a shorter file.
    let mut read = 0;
    while read < header.len() {
        match io::Read::read(&mut opened, &mut header[read..]) {
            Ok(0) => break,
            Ok(n) => read += n,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(source) => return Err(EgdbError::Io { path, source }),
        }
    }
    let damaged = |damage| EgdbError::Damaged {
        file: path.display().to_string(),
        damage,
    };
    let data = file::check_header(&header[..read], ruleset, seeds).map_err(damaged)?;
    if len != file::HEADER as u64 + data {
        return Err(damaged(crate::error::Damage::Length {
            expected: data,
            found: len.saturating_sub(file::HEADER as u64),
        }));
    }
    Ok(true)
}

/// Reads the slice file of `seeds` in full and checks it.
pub(crate) fn read_slice(
    dir: &Path,
    ruleset: Ruleset,
    seeds: u8,
) -> Result<crate::database::Slice, EgdbError> {
    let path = slice_path(dir, ruleset, seeds);
    let bytes = fs::read(&path).map_err(|source| EgdbError::Io {
        path: path.clone(),
        source,
    })?;
    file::read(&bytes, ruleset, seeds).map_err(|damage| EgdbError::Damaged {
        file: path.display().to_string(),
        damage,
    })
}

/// Builds the database of `ruleset` up to `max_seeds` in `dir`, creating
/// it if need be. Complete slices already there are kept (and read, when a
/// larger slice must be solved on top of them); a `.part` file left by an
/// interrupted run is overwritten. Nothing is solved when every slice is
/// there.
///
/// # Errors
/// When the directory or a file cannot be written or read, or a slice file
/// that is there is damaged (it is not overwritten: remove it to rebuild).
pub fn build_dir(
    dir: &Path,
    ruleset: Ruleset,
    max_seeds: u8,
    progress: &(dyn Fn(BuildEvent) + Sync),
) -> Result<BuildSummary, EgdbError> {
    fs::create_dir_all(dir).map_err(|source| EgdbError::Io {
        path: dir.to_owned(),
        source,
    })?;
    let mut summary = BuildSummary::default();
    let mut first_missing = None;
    for seeds in 0..=max_seeds {
        if is_complete(dir, ruleset, seeds)? {
            summary.present.push(seeds);
        } else {
            first_missing.get_or_insert(seeds);
        }
    }
    let Some(first_missing) = first_missing else {
        return Ok(summary);
    };
    let mut db = Database::empty(ruleset);
    for seeds in 0..first_missing {
        db.push(read_slice(dir, ruleset, seeds)?);
        progress(BuildEvent::Loaded { seeds });
    }
    for seeds in first_missing..=max_seeds {
        if summary.present.contains(&seeds) {
            db.push(read_slice(dir, ruleset, seeds)?);
            progress(BuildEvent::Loaded { seeds });
            continue;
        }
        let report = db.solve_next(progress);
        write_slice(dir, &db, seeds)?;
        summary.built.push(report);
    }
    Ok(summary)
}

/// Writes slice `seeds` of `db` under its temporary name, then renames it.
pub(crate) fn write_slice(dir: &Path, db: &Database, seeds: u8) -> Result<(), EgdbError> {
    let slice = db.slice(seeds).expect("the slice was just solved");
    let partial = partial_path(dir, db.ruleset(), seeds);
    let io_error = |source| EgdbError::Io {
        path: partial.clone(),
        source,
    };
    let mut out = io::BufWriter::new(fs::File::create(&partial).map_err(io_error)?);
    out.write_all(&file::header(db.ruleset(), slice))
        .map_err(io_error)?;
    out.write_all(file::as_bytes(slice.values()))
        .map_err(io_error)?;
    let out = out.into_inner().map_err(|e| io_error(e.into_error()))?;
    out.sync_all().map_err(io_error)?;
    let path = slice_path(dir, db.ruleset(), seeds);
    fs::rename(&partial, &path).map_err(|source| EgdbError::Io { path, source })
}

impl Database {
    /// Reads the database of `ruleset` in `dir`: every slice from 0 seeds
    /// up to the first one missing, each checked in full.
    ///
    /// # Errors
    /// [`EgdbError::NotFound`] when not even slice 0 is there; a damaged
    /// or mismatched file, or one that cannot be read, is an error too.
    pub fn open(dir: &Path, ruleset: Ruleset) -> Result<Database, EgdbError> {
        let mut db = Database::empty(ruleset);
        for seeds in 0..=crate::rank::MAX_SEEDS as u8 {
            if !is_complete(dir, ruleset, seeds)? {
                break;
            }
            db.push(read_slice(dir, ruleset, seeds)?);
        }
        if db.slice(0).is_none() {
            return Err(EgdbError::NotFound {
                dir: dir.to_owned(),
                ruleset,
            });
        }
        Ok(db)
    }

    /// Writes every slice to `dir` (created if need be), each under a
    /// temporary name renamed when complete.
    ///
    /// # Errors
    /// When the directory or a file cannot be written.
    pub fn write_to(&self, dir: &Path) -> Result<(), EgdbError> {
        fs::create_dir_all(dir).map_err(|source| EgdbError::Io {
            path: dir.to_owned(),
            source,
        })?;
        for seeds in 0..=self.max_seeds() {
            write_slice(dir, self, seeds)?;
        }
        Ok(())
    }
}
