//! Databases on disk: one file per slice in a directory, written under a
//! temporary name and renamed when complete, so that an interrupted build
//! leaves only whole slices behind and resumes after the last of them.

use std::fs;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use crate::database::{BuildEvent, Database, SliceReport};
use crate::error::{Damage, EgdbError};
use crate::file;
use crate::rank::slice_len;
use crate::ruleset::Ruleset;
use crate::slice::Slice;

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
    /// The slices that were already complete on disk, checked in full, and
    /// were left alone.
    pub present: Vec<u8>,
    /// The slices found damaged on disk, each with what was wrong: they
    /// were solved and written again.
    pub damaged: Vec<(u8, Damage)>,
    /// The slices solved and written by this run.
    pub built: Vec<SliceReport>,
}

/// The slice file of `seeds` mapped, its header and length checked (not
/// its data); `None` when it is not there.
fn map_slice(dir: &Path, ruleset: Ruleset, seeds: u8) -> Result<Option<Slice>, EgdbError> {
    let path = slice_path(dir, ruleset, seeds);
    let Some(mapped) = map_file(&path)? else {
        return Ok(None);
    };
    file::check_header(&mapped, mapped.len() as u64, ruleset, seeds).map_err(|damage| {
        EgdbError::Damaged {
            file: path.display().to_string(),
            damage,
        }
    })?;
    Ok(Some(
        Slice::mapped(ruleset, seeds, mapped).named(path.display().to_string()),
    ))
}

/// The file at `path` mapped; `None` when it is not there.
fn map_file(path: &Path) -> Result<Option<oware_file::Mapped>, EgdbError> {
    match oware_file::Mapped::open(path) {
        Ok(mapped) => Ok(Some(mapped)),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(EgdbError::Io {
            path: path.to_owned(),
            source,
        }),
    }
}

/// Whether the slice file of `seeds` is there with the right header and
/// length (its data is checked when it is read).
pub(crate) fn is_complete(dir: &Path, ruleset: Ruleset, seeds: u8) -> Result<bool, EgdbError> {
    map_slice(dir, ruleset, seeds).map(|slice| slice.is_some())
}

/// What `dir` holds of the `ruleset` database, slice by slice: each slice
/// file there, from 0 seeds up, with its length when its header and length
/// are right, or why it is refused (another format version, another
/// slice, truncated...). Its data is not read: that is [`check_slice`]'s.
/// Slices with no file are left out; [`Database::open`] uses the slices
/// from 0 up to the first one missing, and refuses the database if one of
/// those is refused here.
#[must_use]
pub fn survey(dir: &Path, ruleset: Ruleset) -> Vec<(u8, Result<u64, EgdbError>)> {
    (0..=crate::rank::MAX_SEEDS as u8)
        .filter_map(|seeds| match map_slice(dir, ruleset, seeds) {
            Ok(None) => None,
            Ok(Some(_)) => Some((seeds, Ok(crate::extent::file_len(ruleset, seeds)))),
            Err(error) => Some((seeds, Err(error))),
        })
        .collect()
}

/// Reads the slice file of `seeds` in full and checks it.
pub(crate) fn read_slice(dir: &Path, ruleset: Ruleset, seeds: u8) -> Result<Slice, EgdbError> {
    let path = slice_path(dir, ruleset, seeds);
    let bytes = fs::read(&path).map_err(|source| EgdbError::Io {
        path: path.clone(),
        source,
    })?;
    let name = path.display().to_string();
    file::read(&bytes, ruleset, seeds, name.clone())
        .map_err(|damage| EgdbError::Damaged { file: name, damage })
}

/// Checks the slice file of `seeds` in `dir` in full: header, length,
/// checksum and every value, telling `progress` the bytes checked as it
/// goes. Gives the file's length; `None` when it is not there.
///
/// # Errors
/// [`EgdbError::Damaged`], naming the file and the fault, or
/// [`EgdbError::Io`] when it cannot be read.
pub fn check_slice(
    dir: &Path,
    ruleset: Ruleset,
    seeds: u8,
    progress: &mut dyn FnMut(u64),
) -> Result<Option<u64>, EgdbError> {
    let path = slice_path(dir, ruleset, seeds);
    let Some(mapped) = map_file(&path)? else {
        return Ok(None);
    };
    file::check_data(&mapped, ruleset, seeds, progress).map_err(|damage| EgdbError::Damaged {
        file: path.display().to_string(),
        damage,
    })?;
    Ok(Some(mapped.len() as u64))
}

/// Builds the database of `ruleset` up to `max_seeds` in `dir`, creating
/// it if need be. Every slice file already there is checked in full; the
/// sound ones are kept (and used, when a larger slice must be solved on
/// top of them), a damaged one is reported to `progress` and solved and
/// written again, and a `.part` file left by an interrupted run is
/// overwritten. Nothing is solved when every slice is there and sound.
///
/// # Errors
/// When the directory or a file cannot be written or read.
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
    // Checked through maps first, a piece at a time: a complete database
    // is checked without being held in memory.
    let mut sound = Vec::new();
    for seeds in 0..=max_seeds {
        let found = match check_slice(dir, ruleset, seeds, &mut |_| {}) {
            Ok(found) => found.is_some(),
            Err(EgdbError::Damaged { damage, .. }) => {
                progress(BuildEvent::Damaged { seeds, damage });
                summary.damaged.push((seeds, damage));
                false
            }
            Err(other) => return Err(other),
        };
        if found {
            summary.present.push(seeds);
        }
        sound.push(found);
    }
    if sound.iter().all(|&found| found) {
        return Ok(summary);
    }
    let mut db = Database::empty(ruleset);
    for (seeds, found) in (0..=max_seeds).zip(sound) {
        if found {
            db.push(read_slice(dir, ruleset, seeds)?);
            progress(BuildEvent::Loaded { seeds });
        } else {
            summary.built.push(db.solve_next(progress));
            write_slice(dir, &db, seeds)?;
        }
    }
    Ok(summary)
}

/// Writes slice `seeds` of `db` under its temporary name, then renames it.
/// A slice file that is a symbolic link (to a larger disk) is written
/// through: the temporary file beside the file it points to, renamed over
/// that file, the link kept.
pub(crate) fn write_slice(dir: &Path, db: &Database, seeds: u8) -> Result<(), EgdbError> {
    let slice = db.slice(seeds).expect("the slice was just solved");
    let path = followed(slice_path(dir, db.ruleset(), seeds));
    let mut partial = path.clone().into_os_string();
    partial.push(".part");
    let partial = PathBuf::from(partial);
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
    fs::rename(&partial, &path).map_err(|source| EgdbError::Io { path, source })
}

/// `path` with each symbolic link at its end replaced by what it points
/// to (a relative one from the link's folder), until a name that is not a
/// link, which may not exist yet; after 40 links (a loop), as it stands.
fn followed(mut path: PathBuf) -> PathBuf {
    for _ in 0..40 {
        let Ok(link) = fs::read_link(&path) else {
            return path;
        };
        path = path.parent().unwrap_or(Path::new("")).join(link);
    }
    path
}

/// The file of one slice written in parts, by processes that each own a
/// range of its ranks and share its directory (`oware-egdb-mpi`).
///
/// One process [`create`](SliceParts::create)s the temporary file at its
/// full length; then every process [`write`](SliceParts::write)s its values
/// at their offset; once all have, one process that holds the whole slice
/// [`commit`](SliceParts::commit)s it: the header, then the rename. Until
/// the rename the file has a name no reader opens and a header of zeros, so
/// a build killed at any point leaves nothing that is read as valid. The
/// bytes are those [`build_dir`] writes.
#[derive(Clone, Debug)]
pub struct SliceParts {
    ruleset: Ruleset,
    seeds: u8,
    /// Where the parts are written.
    partial: PathBuf,
    /// The name the file takes when complete.
    path: PathBuf,
}

impl SliceParts {
    /// The file of slice `seeds` of `ruleset` in `dir`, to be written in parts.
    #[must_use]
    pub fn new(dir: &Path, ruleset: Ruleset, seeds: u8) -> SliceParts {
        SliceParts {
            ruleset,
            seeds,
            partial: partial_path(dir, ruleset, seeds),
            path: slice_path(dir, ruleset, seeds),
        }
    }

    /// The temporary file the parts are written to.
    #[must_use]
    pub fn partial(&self) -> &Path {
        &self.partial
    }

    /// Bytes per entry.
    fn width(&self) -> u64 {
        Slice::width(self.ruleset) as u64
    }

    /// Bytes of data, after the header.
    fn data_len(&self) -> u64 {
        slice_len(self.seeds) * self.width()
    }

    fn io_error(&self, source: io::Error) -> EgdbError {
        EgdbError::Io {
            path: self.partial.clone(),
            source,
        }
    }

    /// Creates the temporary file at its full length, all zeros (replacing
    /// one an interrupted build left), for the parts to be written into.
    ///
    /// # Errors
    /// When the file cannot be created.
    pub fn create(&self) -> Result<(), EgdbError> {
        let created = fs::File::create(&self.partial).map_err(|e| self.io_error(e))?;
        created
            .set_len(file::HEADER as u64 + self.data_len())
            .map_err(|e| self.io_error(e))?;
        created.sync_all().map_err(|e| self.io_error(e))
    }

    /// Opens the temporary file [`create`](SliceParts::create) made, and
    /// checks it is at its full length.
    fn open(&self, write: bool) -> Result<fs::File, EgdbError> {
        let opened = fs::OpenOptions::new()
            .read(true)
            .write(write)
            .open(&self.partial)
            .map_err(|e| self.io_error(e))?;
        let len = opened.metadata().map_err(|e| self.io_error(e))?.len();
        if len != file::HEADER as u64 + self.data_len() {
            return Err(EgdbError::Damaged {
                file: self.partial.display().to_string(),
                damage: Damage::Length {
                    expected: self.data_len(),
                    found: len.saturating_sub(file::HEADER as u64),
                },
            });
        }
        Ok(opened)
    }

    /// Writes this process's part: each of `pieces` is the entries of the
    /// ranks from its first one on (as
    /// [`RangeSolver::finish`](crate::RangeSolver::finish) gives them),
    /// written at their place in the temporary file; then syncs them. An empty part still
    /// opens the file: it checks this process sees it.
    ///
    /// # Errors
    /// When the file is not there or not at its full length (it was created
    /// in a directory this process does not see), or cannot be written.
    ///
    /// # Panics
    /// If a piece is not whole entries within the slice.
    pub fn write<'a>(
        &self,
        pieces: impl IntoIterator<Item = (u64, &'a [i8])>,
    ) -> Result<(), EgdbError> {
        let width = self.width();
        let mut opened = self.open(true)?;
        for (first, values) in pieces {
            assert!(
                (values.len() as u64).is_multiple_of(width)
                    && first * width + values.len() as u64 <= self.data_len(),
                "whole entries within the slice"
            );
            // A seek then a write on this process's own handle: positioned
            // as `pwrite` is, and portable.
            opened
                .seek(SeekFrom::Start(file::HEADER as u64 + first * width))
                .and_then(|_| opened.write_all(file::as_bytes(values)))
                .map_err(|e| self.io_error(e))?;
        }
        opened.sync_data().map_err(|e| self.io_error(e))
    }

    /// The first rank whose entry in the temporary file is not the one of
    /// the file's slice in `db`; `None` when every part is there.
    ///
    /// # Errors
    /// When the file is not there, not at its full length, or cannot be read.
    ///
    /// # Panics
    /// If `db` does not hold the slice.
    pub fn first_difference(&self, db: &Database) -> Result<Option<u64>, EgdbError> {
        let expected = file::as_bytes(self.slice(db).values());
        let mut opened = self.open(false)?;
        opened
            .seek(SeekFrom::Start(file::HEADER as u64))
            .map_err(|e| self.io_error(e))?;
        const CHUNK: usize = 1 << 20;
        let mut got = vec![0u8; CHUNK];
        for (chunk, want) in expected.chunks(CHUNK).enumerate() {
            let got = &mut got[..want.len()];
            opened.read_exact(got).map_err(|e| self.io_error(e))?;
            if let Some(byte) = got.iter().zip(want).position(|(g, w)| g != w) {
                return Ok(Some((chunk * CHUNK + byte) as u64 / self.width()));
            }
        }
        Ok(None)
    }

    /// Writes the header of the file's slice of `db` (its checksum from the
    /// values in memory), syncs, and renames the file to its final name.
    /// A part missing from the file then makes the data disagree with the
    /// checksum, and readers refuse it;
    /// [`first_difference`](SliceParts::first_difference) tells it before
    /// the rename.
    ///
    /// # Errors
    /// When the file is not there, not at its full length, or cannot be
    /// written or renamed.
    ///
    /// # Panics
    /// If `db` does not hold the slice.
    pub fn commit(&self, db: &Database) -> Result<(), EgdbError> {
        let header = file::header(self.ruleset, self.slice(db));
        let mut opened = self.open(true)?;
        opened
            .write_all(&header)
            .and_then(|()| opened.sync_all())
            .map_err(|e| self.io_error(e))?;
        fs::rename(&self.partial, &self.path).map_err(|source| EgdbError::Io {
            path: self.path.clone(),
            source,
        })
    }

    /// The slice of `db` this file holds.
    #[track_caller]
    fn slice<'a>(&self, db: &'a Database) -> &'a Slice {
        assert_eq!(
            db.ruleset(),
            self.ruleset,
            "the database of the file's rules"
        );
        db.slice(self.seeds).expect("the database holds the slice")
    }
}

impl Database {
    /// Opens the database of `ruleset` in `dir`: every slice from 0 seeds
    /// up to the first one missing, each file's header and length checked
    /// and the file mapped read-only. Nothing more is read: a probe reads
    /// the pages it needs, and processes that open the same files share
    /// them. A damaged value is found by the probe that meets it (see
    /// [`Database::on_damage`]), or by [`check_slice`].
    ///
    /// # Errors
    /// [`EgdbError::NotFound`] when not even slice 0 is there; a file of
    /// the wrong header or length, or one that cannot be mapped, is an
    /// error too.
    pub fn open(dir: &Path, ruleset: Ruleset) -> Result<Database, EgdbError> {
        let mut db = Database::empty(ruleset);
        for seeds in 0..=crate::rank::MAX_SEEDS as u8 {
            match map_slice(dir, ruleset, seeds)? {
                Some(slice) => db.push(slice),
                None => break,
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh, empty directory for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("oware-egdb-parts-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a scratch directory");
        dir
    }

    /// The entries of ranks `from..to` of slice `seeds` of `db`.
    fn part(db: &Database, seeds: u8, from: u64, to: u64) -> &[i8] {
        let width = Slice::width(db.ruleset());
        let values = db.slice(seeds).expect("the slice").values();
        &values[from as usize * width..to as usize * width]
    }

    #[test]
    fn parts_written_in_any_order_give_the_single_writer_file() {
        for ruleset in Ruleset::ALL {
            let (seeds, db) = (7, Database::build(ruleset, 7));
            let whole = scratch(&format!("whole-{ruleset}"));
            write_slice(&whole, &db, seeds).expect("the single writer");
            let dir = scratch(&format!("parts-{ruleset}"));
            let parts = SliceParts::new(&dir, ruleset, seeds);
            parts.create().expect("created");
            let len = slice_len(seeds);
            // Two processes' parts of two pieces each, the last first, one
            // of them empty.
            let piece = |from, to| (from, part(&db, seeds, from, to));
            for pieces in [
                [piece(len / 2, len), piece(0, 1)],
                [piece(1, len / 2), piece(len, len)],
            ] {
                parts.write(pieces).expect("a part");
            }
            assert_eq!(parts.first_difference(&db).expect("read back"), None);
            parts.commit(&db).expect("committed");
            assert_eq!(
                fs::read(slice_path(&dir, ruleset, seeds)).expect("the file"),
                fs::read(slice_path(&whole, ruleset, seeds)).expect("the file"),
            );
            assert!(!parts.partial().exists(), "renamed");
            fs::remove_dir_all(&dir).expect("clean up");
            fs::remove_dir_all(&whole).expect("clean up");
        }
    }

    #[test]
    fn a_missing_part_is_found_and_never_read_as_valid() {
        let (ruleset, seeds) = (Ruleset::Abapa, 6);
        let db = Database::build(ruleset, seeds);
        let dir = scratch("missing");
        let parts = SliceParts::new(&dir, ruleset, seeds);
        parts.create().expect("created");
        let len = slice_len(seeds);
        let (from, to) = (len / 3, 2 * len / 3);
        parts
            .write([(0, part(&db, seeds, 0, from))])
            .expect("the first part");
        parts
            .write([(to, part(&db, seeds, to, len))])
            .expect("the last part");
        // The hole shows at its first entry that is not all zeros.
        let found = parts.first_difference(&db).expect("read back");
        assert!(
            found.is_some_and(|rank| (from..to).contains(&rank)),
            "{found:?}"
        );
        assert!(!is_complete(&dir, ruleset, seeds).expect("no error"));
        // Committed all the same, the checksum from memory gives it away.
        parts.commit(&db).expect("committed");
        match read_slice(&dir, ruleset, seeds) {
            Err(EgdbError::Damaged {
                damage: Damage::Checksum,
                ..
            }) => {}
            Err(other) => panic!("refused for the wrong reason: {other}"),
            Ok(_) => panic!("a file with a missing part was read"),
        }
        fs::remove_dir_all(&dir).expect("clean up");
    }

    #[test]
    fn a_part_file_not_there_or_of_another_length_is_refused_by_name() {
        let (ruleset, seeds) = (Ruleset::Awari, 5);
        let db = Database::build(ruleset, seeds);
        let dir = scratch("absent");
        let parts = SliceParts::new(&dir, ruleset, seeds);
        let values = part(&db, seeds, 0, 3);
        let error = parts
            .write([(0, values)])
            .expect_err("no file to write into");
        assert!(matches!(&error, EgdbError::Io { path, .. } if path == parts.partial()));
        assert!(error.to_string().contains("awari-05.egdb.part"), "{error}");
        parts.create().expect("created");
        let file = fs::OpenOptions::new()
            .write(true)
            .open(parts.partial())
            .expect("open");
        file.set_len(40).expect("truncated");
        let error = parts.write([(0, values)]).expect_err("a truncated file");
        assert!(
            matches!(
                error,
                EgdbError::Damaged {
                    damage: Damage::Length { found: 8, .. },
                    ..
                }
            ),
            "{error}"
        );
        assert!(parts.commit(&db).is_err(), "nothing to commit");
        assert!(!slice_path(&dir, ruleset, seeds).exists());
        fs::remove_dir_all(&dir).expect("clean up");
    }
}
