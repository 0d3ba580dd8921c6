//! The puzzle file: oware-file's 32-byte header and the puzzles,
//! little-endian, checked by its checksum, so a damaged or foreign file is
//! refused with a reason.
//!
//! ```text
//! offset size  field
//!      0    8  magic: the bytes `OWAREPZ` and a newline
//!      8    2  format version (1)
//!     10    1  the deepest proving search of the build, in plies
//!     11    1  the endgame database's seeds, for database proofs
//!     12    2  the margin, in hundredths of a seed
//!     14    2  zero
//!     16    4  puzzle count
//!     20    4  length of the body, in bytes
//!     24    8  oware_file::checksum of the first 24 bytes and the body
//!     32       body: the puzzles, one after another
//! ```
//!
//! A puzzle is: the rule set's number (0 abapa, 1 sowing, 2 awari, 3
//! auale, 4 awari-split); a flags byte (bit 0 the goal, a draw; bit 1 a
//! database proof; bit 2 uniqueness by the margin; bit 3 North to move);
//! the start's 14 cells in the canonical layout; the themes' bits and the
//! rating, two bytes each; the depth of its proving searches; the line's
//! length `n` (odd, 1 to 11) and its `n` houses (index 0–11).

use core::fmt;

use oware_core::{Board, House, Position, Rules, Seat};

use crate::prove::Settings;
use crate::puzzle::{Goal, Proof, Puzzle, Uniqueness};
use crate::theme::Themes;

/// The first eight bytes of every puzzle file.
pub const MAGIC: [u8; 8] = *b"OWAREPZ\n";
/// The format version this crate reads and writes.
pub const VERSION: u16 = 1;
const HEADER_LEN: usize = oware_file::HEADER_LEN;

/// Each preset's number in the file (the same as the opening book's).
const RULES_NUMBERS: [(u8, Rules); 5] = [
    (0, Rules::ABAPA),
    (1, Rules::SOWING),
    (2, Rules::AWARI),
    (3, Rules::AUALE),
    (4, Rules::AWARI_SPLIT),
];

/// Why bytes are not a puzzle file this crate can read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleFileError {
    /// Fewer bytes than a header.
    TooShort {
        /// The length found.
        len: usize,
    },
    /// The first eight bytes are not [`MAGIC`].
    NotAPuzzleFile,
    /// A version this crate does not read.
    Version {
        /// The version found.
        found: u16,
    },
    /// The body's length differs from the header's.
    Length {
        /// The length the header gives.
        expected: usize,
        /// The length found.
        found: usize,
    },
    /// The checksum differs from the header's: the file is damaged.
    Checksum {
        /// The checksum the header gives.
        expected: u64,
        /// The checksum found.
        found: u64,
    },
    /// A puzzle that cannot be right.
    Entry {
        /// The puzzle's number, from 0.
        index: usize,
        /// Its offset in the file, in bytes.
        offset: usize,
        /// What is wrong with it.
        problem: String,
    },
}

impl fmt::Display for PuzzleFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleFileError::TooShort { len } => write!(
                f,
                "not a puzzle file: {len} bytes, shorter than the {HEADER_LEN}-byte header"
            ),
            PuzzleFileError::NotAPuzzleFile => {
                f.write_str("not a puzzle file: the magic bytes are wrong")
            }
            PuzzleFileError::Version { found } => write!(
                f,
                "puzzle file version {found} is not supported (this program reads version {VERSION})"
            ),
            PuzzleFileError::Length { expected, found } => write!(
                f,
                "damaged puzzle file: the header gives {expected} bytes of puzzles, the file has {found}"
            ),
            PuzzleFileError::Checksum { expected, found } => write!(
                f,
                "damaged puzzle file: checksum {found:016x} does not match the header's {expected:016x}"
            ),
            PuzzleFileError::Entry {
                index,
                offset,
                problem,
            } => write!(
                f,
                "damaged puzzle file: puzzle {index} (byte {offset}): {problem}"
            ),
        }
    }
}

impl std::error::Error for PuzzleFileError {}

fn checksum_of(head: &[u8], body: &[u8]) -> u64 {
    let mut sum = oware_file::Checksum::new();
    sum.update(head);
    sum.update(body);
    sum.finish()
}

/// `puzzles`, proved with `settings`, as the file's bytes.
///
/// # Panics
/// If a puzzle's rules are not a preset (the builder keeps only presets).
#[must_use]
pub fn encode(settings: Settings, puzzles: &[Puzzle]) -> Vec<u8> {
    let mut body = Vec::new();
    for puzzle in puzzles {
        let rules = RULES_NUMBERS
            .iter()
            .find(|(_, r)| *r == puzzle.rules())
            .map(|&(n, _)| n)
            .expect("puzzles are built under preset rules");
        body.push(rules);
        let flags = u8::from(puzzle.goal() == Goal::Draw)
            | u8::from(puzzle.proof() == Proof::Database) << 1
            | u8::from(puzzle.uniqueness() == Uniqueness::Margin) << 2
            | u8::from(puzzle.solver() == Seat::North) << 3;
        body.push(flags);
        body.extend_from_slice(&puzzle.start().board().to_cells());
        body.extend_from_slice(&puzzle.themes().bits().to_le_bytes());
        body.extend_from_slice(&puzzle.rating().to_le_bytes());
        body.push(puzzle.depth());
        body.push(puzzle.line().len() as u8);
        body.extend(puzzle.line().iter().map(|h| h.index() as u8));
    }
    let mut fields = [0; 16];
    fields[..2].copy_from_slice(&VERSION.to_le_bytes());
    fields[2] = settings.depth;
    fields[3] = settings.egdb_seeds;
    fields[4..6].copy_from_slice(&settings.margin_centi.to_le_bytes());
    fields[8..12].copy_from_slice(&(puzzles.len() as u32).to_le_bytes());
    fields[12..16].copy_from_slice(&(body.len() as u32).to_le_bytes());
    let mut head = [0; 24];
    head[..8].copy_from_slice(&MAGIC);
    head[8..].copy_from_slice(&fields);
    let header = oware_file::Header {
        fields,
        checksum: checksum_of(&head, &body),
    };
    let mut bytes = header.to_bytes(&MAGIC).to_vec();
    bytes.extend_from_slice(&body);
    bytes
}

/// The settings and puzzles of a file's bytes, everything checked: the
/// header, the length, the checksum, and every puzzle (known rules, a real
/// position, a legal line).
///
/// # Errors
/// [`PuzzleFileError`] naming what is wrong, and where.
pub fn decode(bytes: &[u8]) -> Result<(Settings, Vec<Puzzle>), PuzzleFileError> {
    let header = oware_file::Header::parse(bytes, &MAGIC).map_err(|error| match error {
        oware_file::HeaderError::TooShort { .. } => PuzzleFileError::TooShort { len: bytes.len() },
        oware_file::HeaderError::Magic => PuzzleFileError::NotAPuzzleFile,
    })?;
    let f = header.fields;
    let version = u16::from_le_bytes([f[0], f[1]]);
    if version != VERSION {
        return Err(PuzzleFileError::Version { found: version });
    }
    let settings = Settings {
        depth: f[2],
        egdb_seeds: f[3],
        margin_centi: u16::from_le_bytes([f[4], f[5]]),
    };
    let count = u32::from_le_bytes([f[8], f[9], f[10], f[11]]) as usize;
    let expected = u32::from_le_bytes([f[12], f[13], f[14], f[15]]) as usize;
    let body = &bytes[HEADER_LEN..];
    if body.len() != expected {
        return Err(PuzzleFileError::Length {
            expected,
            found: body.len(),
        });
    }
    let found = checksum_of(&bytes[..24], body);
    if found != header.checksum {
        return Err(PuzzleFileError::Checksum {
            expected: header.checksum,
            found,
        });
    }
    let mut puzzles = Vec::with_capacity(count);
    let mut at = 0;
    for index in 0..count {
        let (puzzle, len) = entry(&body[at..]).map_err(|problem| PuzzleFileError::Entry {
            index,
            offset: HEADER_LEN + at,
            problem,
        })?;
        puzzles.push(puzzle);
        at += len;
    }
    if at != body.len() {
        return Err(PuzzleFileError::Entry {
            index: count,
            offset: HEADER_LEN + at,
            problem: "bytes after the last puzzle".to_owned(),
        });
    }
    Ok((settings, puzzles))
}

/// Bytes before a puzzle's line.
const FIXED_LEN: usize = 22;

/// One puzzle at the start of `bytes`, and its length.
fn entry(bytes: &[u8]) -> Result<(Puzzle, usize), String> {
    let fixed = bytes
        .get(..FIXED_LEN)
        .ok_or_else(|| "the body ends inside it".to_owned())?;
    let rules = RULES_NUMBERS
        .iter()
        .find(|(n, _)| *n == fixed[0])
        .map(|&(_, r)| r)
        .ok_or_else(|| format!("rule set number {} is unknown", fixed[0]))?;
    let flags = fixed[1];
    if flags >> 4 != 0 {
        return Err(format!("flags {flags:#04x} set unknown bits"));
    }
    let cells: [u8; 14] = fixed[2..16].try_into().expect("14 bytes");
    let board = Board::from_cells(cells).map_err(|e| format!("not a board: {e}"))?;
    let seat = if flags & 8 != 0 {
        Seat::North
    } else {
        Seat::South
    };
    let themes = Themes::from_bits(u16::from_le_bytes([fixed[16], fixed[17]]))
        .ok_or_else(|| "a theme bit with no theme".to_owned())?;
    let rating = u16::from_le_bytes([fixed[18], fixed[19]]);
    let depth = fixed[20];
    if depth == 0 {
        return Err("a proving depth of 0".to_owned());
    }
    let n = usize::from(fixed[21]);
    let moves = bytes
        .get(FIXED_LEN..FIXED_LEN + n)
        .ok_or_else(|| "the body ends inside its line".to_owned())?;
    let line = moves
        .iter()
        .map(|&i| House::from_index(usize::from(i)).ok_or_else(|| format!("house {i} is no house")))
        .collect::<Result<Vec<_>, _>>()?;
    let goal = if flags & 1 != 0 {
        Goal::Draw
    } else {
        Goal::Win
    };
    let proof = if flags & 2 != 0 {
        Proof::Database
    } else {
        Proof::Search
    };
    let uniqueness = if flags & 4 != 0 {
        Uniqueness::Margin
    } else {
        Uniqueness::Proven
    };
    let puzzle = Puzzle::new(
        rules,
        Position::new(board, seat),
        goal,
        line,
        themes,
        rating,
        proof,
        uniqueness,
        depth,
    )
    .map_err(|e| e.to_string())?;
    Ok((puzzle, FIXED_LEN + n))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<Puzzle> {
        let start = Position::from_fen("0-0-0-0-0-1-2-0-0-0-0-1-22-22-S").unwrap();
        let north = Position::from_fen("4-4-4-4-4-4-4-4-4-4-4-4-0-0-N").unwrap();
        vec![
            Puzzle::new(
                Rules::ABAPA,
                start,
                Goal::Win,
                vec![House::F],
                Themes::NONE,
                600,
                Proof::Search,
                Uniqueness::Proven,
                3,
            )
            .unwrap(),
            Puzzle::new(
                Rules::AUALE,
                north,
                Goal::Draw,
                vec![House::a, House::A, House::b],
                Themes::from_bits(0b101).unwrap(),
                1700,
                Proof::Database,
                Uniqueness::Margin,
                12,
            )
            .unwrap(),
        ]
    }

    #[test]
    fn puzzles_read_back_as_written() {
        let bytes = encode(Settings::SHIPPED, &sample());
        assert_eq!(decode(&bytes), Ok((Settings::SHIPPED, sample())));
    }

    #[test]
    fn a_damaged_file_is_refused_with_the_reason() {
        let bytes = encode(Settings::SHIPPED, &sample());
        let mut flipped = bytes.clone();
        flipped[40] ^= 1;
        assert!(matches!(
            decode(&flipped),
            Err(PuzzleFileError::Checksum { .. })
        ));
        assert!(matches!(
            decode(&bytes[..bytes.len() - 1]),
            Err(PuzzleFileError::Length { .. })
        ));
        assert_eq!(
            decode(b"OWAREBK\n"),
            Err(PuzzleFileError::TooShort { len: 8 })
        );
        let mut foreign = bytes.clone();
        foreign[0] = b'X';
        assert_eq!(decode(&foreign), Err(PuzzleFileError::NotAPuzzleFile));
        assert!(
            decode(&flipped)
                .unwrap_err()
                .to_string()
                .starts_with("damaged puzzle file: checksum")
        );
    }
}
