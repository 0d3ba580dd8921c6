//! Why a database could not be read or written.

use core::fmt;
use std::io;
use std::path::PathBuf;

use crate::ruleset::Ruleset;

/// Why a database could not be opened, read or written.
#[derive(Debug)]
pub enum EgdbError {
    /// A file or directory could not be read or written.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The directory holds no database for the rule set (not even the
    /// empty board's slice).
    NotFound {
        /// The directory.
        dir: PathBuf,
        /// The rule set looked for.
        ruleset: Ruleset,
    },
    /// A file is not the slice it should be, or is damaged.
    Damaged {
        /// The file (or, for bytes, the slice asked for).
        file: String,
        /// What is wrong with it.
        damage: Damage,
    },
}

/// What is wrong with a slice file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Damage {
    /// Shorter than a header.
    NoHeader {
        /// Its length in bytes.
        len: u64,
    },
    /// The first eight bytes are not the magic word.
    Magic,
    /// A format version this program does not read.
    Version {
        /// The version found.
        found: u32,
    },
    /// The rule set code is not the one asked for.
    Ruleset {
        /// The rule set asked for.
        expected: Ruleset,
        /// The code found.
        found: u8,
    },
    /// The seed count is not the one asked for.
    Seeds {
        /// The seed count asked for.
        expected: u8,
        /// The seed count found.
        found: u8,
    },
    /// The header's entry count or width is not the slice's.
    Entries {
        /// The slice's entry count.
        expected: u64,
        /// The header's.
        found: u64,
    },
    /// The data is not as long as the header says: truncated or padded.
    Length {
        /// The bytes the header calls for.
        expected: u64,
        /// The bytes there are.
        found: u64,
    },
    /// The data does not match the header's checksum.
    Checksum,
    /// A value no position of the seed count can have (out of range, LO
    /// above HI, or of the wrong parity).
    Value {
        /// The rank of the first such position.
        rank: u64,
    },
}

impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Damage::NoHeader { len } => {
                write!(f, "it holds {len} bytes, less than the 32-byte header")
            }
            Damage::Magic => f.write_str("it does not start with the magic word OWAREEGD"),
            Damage::Version { found } => {
                write!(
                    f,
                    "its format version is {found}; this program reads version 1"
                )
            }
            Damage::Ruleset { expected, found } => match Ruleset::ALL
                .into_iter()
                .find(|ruleset| ruleset.code() == found)
            {
                Some(ruleset) => write!(f, "it is for {ruleset}, not {expected}"),
                None => write!(
                    f,
                    "its rule set code {found} is unknown (expected {expected})"
                ),
            },
            Damage::Seeds { expected, found } => {
                write!(
                    f,
                    "it holds the {found}-seed slice, not the {expected}-seed one"
                )
            }
            Damage::Entries { expected, found } => write!(
                f,
                "its header counts {found} entries where the slice has {expected}"
            ),
            Damage::Length { expected, found } => write!(
                f,
                "it holds {found} bytes of data where its header calls for {expected} (truncated?)"
            ),
            Damage::Checksum => f.write_str("its data does not match its checksum"),
            Damage::Value { rank } => {
                write!(
                    f,
                    "position {rank} holds a value no position of its seed count can have"
                )
            }
        }
    }
}

impl fmt::Display for EgdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EgdbError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            EgdbError::NotFound { dir, ruleset } => write!(
                f,
                "no {ruleset} database in {0} (build one with `oware egdb build --rules {ruleset} --dir {0}`)",
                dir.display()
            ),
            EgdbError::Damaged { file, damage } => {
                write!(f, "{file} is refused: {damage}")
            }
        }
    }
}

// The cause's message is already part of this error's own,
// so it is not handed on as `source()` too: a reporter that prints the
// chain (anyhow's `{:#}`) would print it twice.
impl std::error::Error for EgdbError {}
