//! The file format of one slice: a 32-byte header, then the values.
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
//! | 24..32 | checksum of the data (see [`checksum`])                  |
//! | 32..   | the values, as `i8`, in rank order                       |

use crate::database::Slice;
use crate::error::Damage;
use crate::rank::slice_len;
use crate::ruleset::Ruleset;

/// The magic word every slice file starts with.
const MAGIC: &[u8; 8] = b"OWAREEGD";

/// The format version this code writes and reads.
const VERSION: u32 = 1;

/// Header bytes before the data.
pub(crate) const HEADER: usize = 32;

/// The header of `slice`.
pub(crate) fn header(ruleset: Ruleset, slice: &Slice) -> [u8; HEADER] {
    let mut header = [0; HEADER];
    header[..8].copy_from_slice(MAGIC);
    header[8..12].copy_from_slice(&VERSION.to_le_bytes());
    header[12] = ruleset.code();
    header[13] = slice.seeds();
    header[14] = Slice::width(ruleset) as u8;
    header[16..24].copy_from_slice(&slice_len(slice.seeds()).to_le_bytes());
    header[24..32].copy_from_slice(&checksum(as_bytes(slice.values())).to_le_bytes());
    header
}

/// The values as bytes.
pub(crate) fn as_bytes(values: &[i8]) -> &[u8] {
    // SAFETY: i8 and u8 have the same size, alignment and validity.
    unsafe { core::slice::from_raw_parts(values.as_ptr().cast::<u8>(), values.len()) }
}

/// Checks a header against the slice asked for; the data length it calls for.
pub(crate) fn check_header(bytes: &[u8], ruleset: Ruleset, seeds: u8) -> Result<u64, Damage> {
    if bytes.len() < HEADER {
        return Err(Damage::NoHeader {
            len: bytes.len() as u64,
        });
    }
    if &bytes[..8] != MAGIC {
        return Err(Damage::Magic);
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().expect("four bytes"));
    if version != VERSION {
        return Err(Damage::Version { found: version });
    }
    if bytes[12] != ruleset.code() {
        return Err(Damage::Ruleset {
            expected: ruleset,
            found: bytes[12],
        });
    }
    if bytes[13] != seeds {
        return Err(Damage::Seeds {
            expected: seeds,
            found: bytes[13],
        });
    }
    let entries = u64::from_le_bytes(bytes[16..24].try_into().expect("eight bytes"));
    let width = Slice::width(ruleset);
    if entries != slice_len(seeds) || usize::from(bytes[14]) != width || bytes[15] != 0 {
        return Err(Damage::Entries {
            expected: slice_len(seeds),
            found: entries,
        });
    }
    Ok(entries * width as u64)
}

/// Reads the slice of `seeds` seeds from the whole of a file's bytes.
pub(crate) fn read(bytes: &[u8], ruleset: Ruleset, seeds: u8) -> Result<Slice, Damage> {
    let expected = check_header(bytes, ruleset, seeds)?;
    let data = &bytes[HEADER..];
    if data.len() as u64 != expected {
        return Err(Damage::Length {
            expected,
            found: data.len() as u64,
        });
    }
    let sum = u64::from_le_bytes(bytes[24..32].try_into().expect("eight bytes"));
    if checksum(data) != sum {
        return Err(Damage::Checksum);
    }
    let n = seeds as i8;
    if let Some(at) = data.iter().position(|&v| !(-n..=n).contains(&(v as i8))) {
        return Err(Damage::Value {
            rank: (at / Slice::width(ruleset)) as u64,
        });
    }
    let values: Box<[i8]> = data.iter().map(|&v| v as i8).collect();
    Ok(Slice::new(ruleset, seeds, values))
}

/// FNV-1a over the data's 64-bit little-endian words (the last one padded
/// with zeros), then its length: a word at a time, it checks a 1.7 GB slice
/// in well under a second, and any flipped byte changes it.
pub(crate) fn checksum(data: &[u8]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut words = data.chunks_exact(8);
    for word in &mut words {
        hash =
            (hash ^ u64::from_le_bytes(word.try_into().expect("eight bytes"))).wrapping_mul(PRIME);
    }
    let mut last = [0u8; 8];
    last[..words.remainder().len()].copy_from_slice(words.remainder());
    hash = (hash ^ u64::from_le_bytes(last)).wrapping_mul(PRIME);
    (hash ^ data.len() as u64).wrapping_mul(PRIME)
}

impl crate::Database {
    /// A database from its slice files' bytes, slice 0 first (as the web
    /// page loads them, without a filesystem).
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
        for (seeds, bytes) in files.into_iter().enumerate() {
            let seeds = u8::try_from(seeds).unwrap_or(u8::MAX);
            let slice =
                read(bytes, ruleset, seeds).map_err(|damage| crate::EgdbError::Damaged {
                    file: format!("the {ruleset} slice of {seeds} seeds"),
                    damage,
                })?;
            db.push(slice);
        }
        if db.slice(0).is_none() {
            return Err(crate::EgdbError::NotFound {
                dir: std::path::PathBuf::new(),
                ruleset,
            });
        }
        Ok(db)
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
