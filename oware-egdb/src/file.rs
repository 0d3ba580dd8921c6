//! The file format of one slice: oware-file's 32-byte header, then the values.
//!
//! | bytes  | field                                                    |
//! |--------|----------------------------------------------------------|
//! | 0..8   | magic word `OWAREEGD`                                    |
//! | 8..12  | format version, 1 (little-endian, as every number here)  |
//! | 12     | rule set: 0 abapa, 1 awari                               |
//! | 13     | seed count `n`                                           |
//! | 14     | bytes per entry: 2 (abapa: LO, HI) or 1 (awari)          |
//! | 15     | 0                                                        |
//! | 16..24 | entries: C(n + 11, 11), the slice's positions            |
//! | 24..32 | checksum of the data ([`oware_file::checksum`])          |
//! | 32..   | the values, as `i8`, in rank order                       |

use oware_file::{HeaderError, checksum};

use crate::error::Damage;
use crate::rank::slice_len;
use crate::ruleset::Ruleset;
use crate::slice::Slice;

/// The magic word every slice file starts with: how a program that finds
/// one where it expected another kind of file can say what it is.
pub const MAGIC: &oware_file::Magic = b"OWAREEGD";

/// The format version this code writes and reads.
const VERSION: u32 = 1;

/// Header bytes before the data.
pub(crate) const HEADER: usize = oware_file::HEADER_LEN;

/// The header of `slice`.
pub(crate) fn header(ruleset: Ruleset, slice: &Slice) -> [u8; HEADER] {
    let mut fields = [0; 16];
    fields[..4].copy_from_slice(&VERSION.to_le_bytes());
    fields[4] = ruleset.code();
    fields[5] = slice.seeds();
    fields[6] = Slice::width(ruleset) as u8;
    fields[8..].copy_from_slice(&slice_len(slice.seeds()).to_le_bytes());
    oware_file::Header {
        fields,
        checksum: checksum(as_bytes(slice.values())),
    }
    .to_bytes(MAGIC)
}

/// The values as bytes.
pub(crate) fn as_bytes(values: &[i8]) -> &[u8] {
    // SAFETY: i8 and u8 have the same size, alignment and validity.
    unsafe { core::slice::from_raw_parts(values.as_ptr().cast::<u8>(), values.len()) }
}

/// The bytes as values.
pub(crate) fn as_values(bytes: &[u8]) -> &[i8] {
    // SAFETY: i8 and u8 have the same size, alignment and validity.
    unsafe { core::slice::from_raw_parts(bytes.as_ptr().cast::<i8>(), bytes.len()) }
}

/// Checks a file's header and length against the slice asked for: `bytes`
/// is the whole file, or at least its header with the file's length `len`.
/// Gives the checksum the header states.
pub(crate) fn check_header(
    bytes: &[u8],
    len: u64,
    ruleset: Ruleset,
    seeds: u8,
) -> Result<u64, Damage> {
    let header = oware_file::Header::parse(bytes, MAGIC).map_err(|error| match error {
        HeaderError::TooShort { len } => Damage::NoHeader { len },
        HeaderError::Magic => Damage::Magic,
    })?;
    let fields = header.fields;
    let version = u32::from_le_bytes(fields[..4].try_into().expect("four bytes"));
    if version != VERSION {
        return Err(Damage::Version { found: version });
    }
    if fields[4] != ruleset.code() {
        return Err(Damage::Ruleset {
            expected: ruleset,
            found: fields[4],
        });
    }
    if fields[5] != seeds {
        return Err(Damage::Seeds {
            expected: seeds,
            found: fields[5],
        });
    }
    let entries = u64::from_le_bytes(fields[8..].try_into().expect("eight bytes"));
    let width = Slice::width(ruleset);
    if entries != slice_len(seeds) || usize::from(fields[6]) != width || fields[7] != 0 {
        return Err(Damage::Entries {
            expected: slice_len(seeds),
            found: entries,
        });
    }
    let expected = entries * width as u64;
    let found = len.saturating_sub(HEADER as u64);
    if found != expected {
        return Err(Damage::Length { expected, found });
    }
    Ok(header.checksum)
}

/// Checks the data of a file whose header [`check_header`] passed: its
/// checksum (fed to `progress` a piece at a time, in bytes), then every
/// value.
pub(crate) fn check_data(
    bytes: &[u8],
    ruleset: Ruleset,
    seeds: u8,
    progress: &mut dyn FnMut(u64),
) -> Result<(), Damage> {
    let stated = check_header(bytes, bytes.len() as u64, ruleset, seeds)?;
    let data = &bytes[HEADER..];
    const PIECE: usize = 4 << 20;
    let mut sum = oware_file::Checksum::new();
    for piece in data.chunks(PIECE) {
        sum.update(piece);
        progress(piece.len() as u64);
    }
    if sum.finish() != stated {
        return Err(Damage::Checksum);
    }
    let width = Slice::width(ruleset);
    let values = as_values(data);
    match (0..values.len() / width).find(|&r| !crate::slice::possible(ruleset, seeds, values, r)) {
        Some(rank) => Err(Damage::Value { rank: rank as u64 }),
        None => Ok(()),
    }
}

/// Reads the slice of `seeds` seeds from the whole of a file's bytes,
/// checked in full, into memory.
pub(crate) fn read(
    bytes: &[u8],
    ruleset: Ruleset,
    seeds: u8,
    name: String,
) -> Result<Slice, Damage> {
    check_data(bytes, ruleset, seeds, &mut |_| {})?;
    let values: Box<[i8]> = as_values(&bytes[HEADER..]).into();
    Ok(Slice::new(ruleset, seeds, values).named(name))
}

impl crate::Database {
    /// A database from its slice files' bytes, slice 0 first (as the web
    /// page loads them, without a filesystem), each checked in full.
    ///
    /// # Errors
    /// [`EgdbError::Damaged`](crate::EgdbError::Damaged) for the first file
    /// that is not the next slice of `ruleset` or is damaged;
    /// [`EgdbError::NotFound`](crate::EgdbError::NotFound) given no file.
    ///
    /// ```
    /// use oware_egdb::{Database, Ruleset};
    /// let db = Database::build(Ruleset::Abapa, 3);
    /// let files: Vec<Vec<u8>> = (0..=3).map(|n| db.slice_file(n).unwrap()).collect();
    /// let read = Database::from_files(Ruleset::Abapa, files.iter().map(Vec::as_slice))?;
    /// assert_eq!(read.max_seeds(), 3);
    /// assert_eq!(read.probe_houses([0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0]), db.probe_houses([0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0]));
    /// # Ok::<(), oware_egdb::EgdbError>(())
    /// ```
    pub fn from_files<'a>(
        ruleset: Ruleset,
        files: impl IntoIterator<Item = &'a [u8]>,
    ) -> Result<crate::Database, crate::EgdbError> {
        let mut db = crate::Database::empty(ruleset);
        for bytes in files {
            db.read_next(bytes)?;
        }
        if db.slice(0).is_none() {
            return Err(crate::EgdbError::NotFound {
                dir: std::path::PathBuf::new(),
                ruleset,
            });
        }
        Ok(db)
    }

    /// Reads the next slice (of [`slice_count`](crate::Database::slice_count)
    /// seeds) from its file's bytes, checked in full: header, length,
    /// checksum and every value. The web page keeps its slices in the
    /// browser's storage and hands them back this way, one at a time.
    ///
    /// # Errors
    /// [`EgdbError::Damaged`](crate::EgdbError::Damaged), naming the slice,
    /// when the bytes are not that slice's file of this database's rule set
    /// (another format version, a file cut short) or are damaged; the
    /// database is then unchanged.
    ///
    /// ```
    /// use oware_egdb::{Database, Ruleset};
    /// let built = Database::build(Ruleset::Abapa, 4);
    /// let mut db = Database::build(Ruleset::Abapa, 2);
    /// let mut file = built.slice_file(3).unwrap();
    /// // A file cut short, or one of another slice, is refused.
    /// assert!(db.read_next(&file[..file.len() - 1]).is_err());
    /// assert!(db.read_next(&built.slice_file(4).unwrap()).is_err());
    /// db.read_next(&file)?;
    /// assert_eq!(db.max_seeds(), 3);
    /// // A flipped byte in the data fails the checksum.
    /// let mut next = built.slice_file(4).unwrap();
    /// next[40] ^= 2;
    /// assert!(db.read_next(&next).is_err());
    /// # Ok::<(), oware_egdb::EgdbError>(())
    /// ```
    pub fn read_next(&mut self, bytes: &[u8]) -> Result<(), crate::EgdbError> {
        let ruleset = self.ruleset();
        let seeds = u8::try_from(self.slice_count()).unwrap_or(u8::MAX);
        let file = format!("the {ruleset} slice of {seeds} seeds");
        let slice = read(bytes, ruleset, seeds, file.clone())
            .map_err(|damage| crate::EgdbError::Damaged { file, damage })?;
        self.push(slice);
        Ok(())
    }

    /// The file of slice `seeds` (header and data), as written to disk;
    /// `None` past the database's end.
    #[must_use]
    pub fn slice_file(&self, seeds: u8) -> Option<Vec<u8>> {
        let slice = self.slice(seeds)?;
        let mut bytes = header(self.ruleset(), slice).to_vec();
        bytes.extend_from_slice(as_bytes(slice.values()));
        Some(bytes)
    }
}
