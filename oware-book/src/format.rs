//! The book file: oware-file's 32-byte header and the entries,
//! little-endian, checked by its checksum, so a damaged or foreign file is
//! refused with a reason.
//!
//! ```text
//! offset size  field
//!      0    8  magic: the bytes `OWAREBK` and a newline
//!      8    2  format version (2; version 1 had a byte-wise FNV-1a)
//!     10    1  rule set: 0 abapa, 1 sowing, 2 awari, 3 auale, 4 awari-split
//!     11    1  depth of the searches, in plies
//!     12    1  plies of the game the book covers
//!     13    1  zero
//!     14    2  margin: moves within this many hundredths of a seed of the best
//!     16    4  entry count
//!     20    4  length of the body, in bytes
//!     24    8  oware_file::checksum of the first 24 bytes and the body
//!     32       body: the entries, in increasing order of their key
//! ```
//!
//! An entry is the position's key (the 14 cells in the canonical layout,
//! then 0 for South or 1 for North to move: 15 bytes), a move count `n`
//! (1–6), then `n` moves, best first: the house's index (0–11) and its
//! score in hundredths of a seed for the mover as an `i32` (a proven win in
//! `p` plies is `100000 - p`, a loss its negation).

use core::fmt;
use std::path::Path;

use oware_core::{Board, House, Position, Rules, Seat};

use crate::book::{Book, BookMove, Key};

/// The first eight bytes of every book file.
pub const MAGIC: [u8; 8] = *b"OWAREBK\n";
/// The format version this crate reads and writes.
pub const VERSION: u16 = 2;
/// The header's size in bytes.
pub const HEADER_LEN: usize = oware_file::HEADER_LEN;
/// Why bytes are not a book this crate can use.
#[derive(Debug)]
pub enum BookError {
    /// The file could not be read or written.
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// Fewer bytes than a header.
    TooShort {
        /// The length found.
        len: usize,
    },
    /// The first eight bytes are not [`MAGIC`]: not a book file.
    NotABook,
    /// A version this crate does not read.
    Version {
        /// The version found.
        found: u16,
    },
    /// A rule-set number with no preset.
    UnknownRules {
        /// The number found.
        found: u8,
    },
    /// The body's length differs from the header's.
    Length {
        /// The length the header gives.
        expected: usize,
        /// The length found.
        found: usize,
    },
    /// The body's checksum differs from the header's: the file is damaged.
    Checksum {
        /// The checksum the header gives.
        expected: u64,
        /// The checksum of the body found.
        found: u64,
    },
    /// An entry that cannot be right.
    Entry {
        /// The entry's number, from 0.
        index: usize,
        /// Its offset in the file, in bytes.
        offset: usize,
        /// What is wrong with it.
        problem: &'static str,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io { path, source } => write!(f, "{path}: {source}"),
            BookError::TooShort { len } => write!(
                f,
                "not a book file: {len} bytes, shorter than the {HEADER_LEN}-byte header"
            ),
            BookError::NotABook => f.write_str("not a book file: the magic bytes are wrong"),
            BookError::Version { found } => write!(
                f,
                "book format version {found} is not supported (this program reads version {VERSION})"
            ),
            BookError::UnknownRules { found } => {
                write!(f, "damaged book: rule set number {found} is unknown")
            }
            BookError::Length { expected, found } => write!(
                f,
                "damaged book: the header gives {expected} bytes of entries, the file has {found}"
            ),
            BookError::Checksum { expected, found } => write!(
                f,
                "damaged book: checksum {found:016x} does not match the header's {expected:016x}"
            ),
            BookError::Entry {
                index,
                offset,
                problem,
            } => write!(f, "damaged book: entry {index} (byte {offset}): {problem}"),
        }
    }
}

// The cause's message is already part of this error's own,
// so it is not handed on as `source()` too: a reporter that prints the
// chain (anyhow's `{:#}`) would print it twice.
impl std::error::Error for BookError {}

/// The checksum of a file: over the header before the checksum (so a
/// damaged setting is caught too), then the body.
fn checksum_of(header: &[u8], body: &[u8]) -> u64 {
    let mut sum = oware_file::Checksum::new();
    sum.update(header);
    sum.update(body);
    sum.finish()
}

/// Each preset's number in the header. Fixed once written: a preset added
/// to [`Rules::PRESETS`] takes the next number wherever its name is listed,
/// so books already built keep reading as the rules they were built for.
const RULES_NUMBERS: [(u8, Rules); 5] = [
    (0, Rules::ABAPA),
    (1, Rules::SOWING),
    (2, Rules::AWARI),
    (3, Rules::AUALE),
    (4, Rules::AWARI_SPLIT),
];

/// The rule set's number in the header, or `None` for a custom rule set.
pub(crate) fn rules_number(rules: Rules) -> Option<u8> {
    RULES_NUMBERS
        .iter()
        .find(|(_, preset)| *preset == rules)
        .map(|&(number, _)| number)
}

/// The book as bytes, in the format above.
fn encode(book: &Book) -> Vec<u8> {
    let mut body = Vec::new();
    for (key, moves) in book.iter_entries() {
        body.extend_from_slice(key);
        body.push(moves.len() as u8);
        for m in moves {
            body.push(m.house.index() as u8);
            body.extend_from_slice(&m.centi.to_le_bytes());
        }
    }
    let mut fields = [0; 16];
    fields[..2].copy_from_slice(&VERSION.to_le_bytes());
    fields[2] = rules_number(book.rules()).expect("books are built for preset rules");
    fields[3] = book.depth();
    fields[4] = book.plies();
    fields[6..8].copy_from_slice(&book.margin().to_le_bytes());
    fields[8..12].copy_from_slice(&(book.len() as u32).to_le_bytes());
    fields[12..16].copy_from_slice(&(body.len() as u32).to_le_bytes());
    let mut head = [0; 24];
    head[..8].copy_from_slice(&MAGIC);
    head[8..].copy_from_slice(&fields);
    let header = oware_file::Header {
        fields,
        checksum: checksum_of(&head, &body),
    };
    let mut bytes = Vec::with_capacity(HEADER_LEN + body.len());
    bytes.extend_from_slice(&header.to_bytes(&MAGIC));
    bytes.extend_from_slice(&body);
    bytes
}

/// Reads a book from `bytes`, checking everything it can: header, length,
/// checksum, and that every entry is a real position with legal moves in
/// increasing key order.
fn decode(bytes: &[u8]) -> Result<Book, BookError> {
    let header = oware_file::Header::parse(bytes, &MAGIC).map_err(|error| match error {
        oware_file::HeaderError::TooShort { .. } => BookError::TooShort { len: bytes.len() },
        oware_file::HeaderError::Magic => BookError::NotABook,
    })?;
    let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let version = u16_at(8);
    if version != VERSION {
        return Err(BookError::Version { found: version });
    }
    let (_, rules) = *RULES_NUMBERS
        .iter()
        .find(|&&(number, _)| number == bytes[10])
        .ok_or(BookError::UnknownRules { found: bytes[10] })?;
    let count = u32_at(16) as usize;
    let body = &bytes[HEADER_LEN..];
    let expected = u32_at(20) as usize;
    if body.len() != expected {
        return Err(BookError::Length {
            expected,
            found: body.len(),
        });
    }
    let stored = header.checksum;
    let found = checksum_of(&bytes[..24], body);
    if found != stored {
        return Err(BookError::Checksum {
            expected: stored,
            found,
        });
    }
    let mut book = Book::empty(rules, bytes[11], bytes[12], u16_at(14));
    let mut at = 0;
    let mut previous: Option<Key> = None;
    for index in 0..count {
        let offset = HEADER_LEN + at;
        let bad = |problem| BookError::Entry {
            index,
            offset,
            problem,
        };
        let head = body.get(at..at + 16).ok_or(bad("cut short"))?;
        let key: Key = head[..15].try_into().expect("15 bytes");
        if previous.is_some_and(|p| p >= key) {
            return Err(bad("out of order or repeated"));
        }
        let position = position_of(&key).ok_or(bad("not a position"))?;
        let n = usize::from(head[15]);
        if !(1..=6).contains(&n) {
            return Err(bad("a move count outside 1-6"));
        }
        let legal = position.legal_moves_under(&rules);
        let mut moves = Vec::with_capacity(n);
        for i in 0..n {
            let m = body
                .get(at + 16 + 5 * i..at + 21 + 5 * i)
                .ok_or(bad("cut short"))?;
            let house = House::from_index(usize::from(m[0]))
                .filter(|&h| legal.contains(h))
                .ok_or(bad("a move that is not legal there"))?;
            let centi = i32::from_le_bytes(m[1..5].try_into().expect("4 bytes"));
            moves.push(BookMove { house, centi });
        }
        book.insert(position, moves);
        previous = Some(key);
        at += 16 + 5 * n;
    }
    if at != body.len() {
        return Err(BookError::Entry {
            index: count,
            offset: HEADER_LEN + at,
            problem: "bytes after the last entry",
        });
    }
    Ok(book)
}

/// The position a key stands for, if it is one (48 seeds, a seat).
fn position_of(key: &Key) -> Option<Position> {
    let board = Board::from_cells(key[..14].try_into().expect("14 cells")).ok()?;
    let seat = match key[14] {
        0 => Seat::South,
        1 => Seat::North,
        _ => return None,
    };
    Some(Position::new(board, seat))
}

/// The book shipped with this crate (abapa rules), built by `oware book build`.
static SHIPPED_ABAPA: &[u8] = include_bytes!("../data/abapa.book");

/// The book's file form: reading, writing and the book that ships.
impl Book {
    /// The book that ships with this crate for `rules`, if there is one
    /// (abapa only).
    ///
    /// # Panics
    /// If the shipped file is damaged (a test reads it, so a release cannot be).
    #[must_use]
    pub fn shipped(rules: Rules) -> Option<Book> {
        (rules == Rules::ABAPA)
            .then(|| Book::from_bytes(SHIPPED_ABAPA).expect("the shipped book reads"))
    }

    /// The size of the shipped abapa book file, in bytes.
    #[must_use]
    pub fn shipped_size() -> usize {
        SHIPPED_ABAPA.len()
    }

    /// Reads a book file.
    ///
    /// # Errors
    /// [`BookError::Io`] when it cannot be read; the other variants when it
    /// is not a book, or a damaged one.
    pub fn open(path: impl AsRef<Path>) -> Result<Book, BookError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| BookError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Book::from_bytes(&bytes)
    }

    /// Reads a book from the bytes of a book file (see the crate docs for the format).
    ///
    /// # Errors
    /// When the bytes are not a book this crate reads, or a damaged one.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        decode(bytes)
    }

    /// The book as the bytes of a book file.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        encode(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Book {
        let mut book = Book::empty(Rules::ABAPA, 12, 2, 50);
        let opening = Position::default();
        book.insert(
            opening,
            vec![
                BookMove {
                    house: House::E,
                    centi: 81,
                },
                BookMove {
                    house: House::C,
                    centi: 50,
                },
            ],
        );
        let after = opening.play_abapa(House::E).expect("legal");
        book.insert(
            after,
            vec![BookMove {
                house: House::c,
                centi: -70,
            }],
        );
        book
    }

    #[test]
    fn every_preset_has_its_own_number() {
        for (name, rules) in Rules::PRESETS {
            let number = rules_number(rules).unwrap_or_else(|| panic!("{name} has no number"));
            let same = RULES_NUMBERS.iter().filter(|&&(n, _)| n == number).count();
            assert_eq!(same, 1, "{name}'s number {number} is given twice");
        }
        // The numbers of books already written.
        assert_eq!(rules_number(Rules::AWARI), Some(2));
        assert_eq!(rules_number(Rules::AUALE), Some(3));
    }

    #[test]
    fn a_book_reads_back_as_written() {
        let book = sample();
        let bytes = encode(&book);
        assert_eq!(&bytes[..8], b"OWAREBK\n");
        assert_eq!(bytes.len(), HEADER_LEN + 2 * 16 + 3 * 5);
        let back = decode(&bytes).expect("a good book");
        assert_eq!(back, book);
        assert_eq!(back.depth(), 12);
        assert_eq!(back.margin(), 50);
    }

    #[test]
    fn every_damaged_byte_is_refused_without_panic() {
        let bytes = encode(&sample());
        for at in 0..bytes.len() {
            for flip in [1u8, 0x80] {
                let mut damaged = bytes.clone();
                damaged[at] ^= flip;
                assert!(decode(&damaged).is_err(), "byte {at} ^ {flip} accepted");
            }
        }
        for len in 0..bytes.len() {
            assert!(decode(&bytes[..len]).is_err(), "cut at {len} accepted");
        }
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let bytes = encode(&sample());
        let mut damaged = bytes.clone();
        damaged[40] ^= 1;
        assert!(
            decode(&damaged)
                .unwrap_err()
                .to_string()
                .starts_with("damaged book: checksum")
        );
        assert_eq!(
            decode(b"hello").unwrap_err().to_string(),
            "not a book file: 5 bytes, shorter than the 32-byte header"
        );
        let mut version = bytes.clone();
        version[8] = 9;
        assert_eq!(
            decode(&version).unwrap_err().to_string(),
            "book format version 9 is not supported (this program reads version 2)"
        );
    }

    #[test]
    fn an_illegal_move_with_a_good_checksum_is_still_refused() {
        let mut bytes = encode(&sample());
        // The first entry (in key order) is North's after E: its first move
        // becomes A, South's.
        bytes[HEADER_LEN + 16] = 0;
        let sum = checksum_of(&bytes[..24], &bytes[HEADER_LEN..]);
        bytes[24..32].copy_from_slice(&sum.to_le_bytes());
        let error = decode(&bytes).unwrap_err().to_string();
        assert_eq!(
            error,
            "damaged book: entry 0 (byte 32): a move that is not legal there"
        );
    }
}
