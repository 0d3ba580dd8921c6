//! The frame shared by the files of Oware's programs (endgame database
//! slices, `.egdb`, and opening books, `.book`): a 32-byte header, then the
//! data, checked by one checksum; and, off the web, files mapped read-only
//! so that a reader touches only the pages it needs and every process
//! reading the same file shares them through the page cache. Large tables
//! in memory (a slice being built, the search's transposition table) ask
//! for huge pages through [`advise_huge_pages`].
//!
//! | bytes  | field                                                       |
//! |--------|-------------------------------------------------------------|
//! | 0..8   | the kind's magic word                                       |
//! | 8..24  | the kind's own fields (version first)                       |
//! | 24..32 | a checksum, little-endian (what it covers is the kind's say) |
//!
//! ```
//! use oware_file::{Header, checksum};
//! let data = b"some values";
//! let header = Header { fields: [1; 16], checksum: checksum(data) };
//! let bytes = header.to_bytes(b"EXAMPLE!");
//! assert_eq!(Header::parse(&bytes, b"EXAMPLE!"), Ok(header));
//! assert!(Header::parse(&bytes, b"ANOTHER!").is_err());
//! ```

use core::fmt;

/// Bytes in a header, before the data.
pub const HEADER_LEN: usize = 32;

/// Where the checksum starts in the header.
const CHECKSUM_AT: usize = 24; // tidy: not a rule: a byte offset

/// The first eight bytes of a file, naming its kind.
pub type Magic = [u8; 8];

/// A file's header without its magic word: the kind's fields and the
/// checksum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// Bytes 8..24, read and written by the file's kind.
    pub fields: [u8; 16],
    /// Bytes 24..32.
    pub checksum: u64,
}

impl Header {
    /// The header's bytes, after `magic`.
    #[must_use]
    pub fn to_bytes(&self, magic: &Magic) -> [u8; HEADER_LEN] {
        let mut bytes = [0; HEADER_LEN];
        bytes[..8].copy_from_slice(magic);
        bytes[8..CHECKSUM_AT].copy_from_slice(&self.fields);
        bytes[CHECKSUM_AT..].copy_from_slice(&self.checksum.to_le_bytes());
        bytes
    }

    /// The header at the start of `bytes` (a whole file, or at least its
    /// first 32 bytes).
    ///
    /// # Errors
    /// [`HeaderError::TooShort`] under 32 bytes, [`HeaderError::Magic`] when
    /// they do not start with `magic`.
    pub fn parse(bytes: &[u8], magic: &Magic) -> Result<Header, HeaderError> {
        let Some(head) = bytes.first_chunk::<HEADER_LEN>() else {
            return Err(HeaderError::TooShort {
                len: bytes.len() as u64,
            });
        };
        if &head[..8] != magic {
            return Err(HeaderError::Magic);
        }
        let mut fields = [0; 16];
        fields.copy_from_slice(&head[8..CHECKSUM_AT]);
        let mut checksum = [0; 8];
        checksum.copy_from_slice(&head[CHECKSUM_AT..]);
        Ok(Header {
            fields,
            checksum: u64::from_le_bytes(checksum),
        })
    }
}

/// Why bytes do not start with a header of the kind asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeaderError {
    /// Shorter than a header.
    TooShort {
        /// The length in bytes.
        len: u64,
    },
    /// The first eight bytes are not the kind's magic word.
    Magic,
}

impl fmt::Display for HeaderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeaderError::TooShort { len } => {
                write!(
                    f,
                    "it holds {len} bytes, less than the {HEADER_LEN}-byte header"
                )
            }
            HeaderError::Magic => f.write_str("its first eight bytes are not the magic word"),
        }
    }
}

impl std::error::Error for HeaderError {}

/// The FNV-1a prime, 64 bits.
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// The checksum of `data`: see [`Checksum`].
///
/// ```
/// let data = [7u8; 100];
/// let mut damaged = data;
/// damaged[42] ^= 0x10;
/// assert_ne!(oware_file::checksum(&data), oware_file::checksum(&damaged));
/// ```
#[must_use]
pub fn checksum(data: &[u8]) -> u64 {
    let mut sum = Checksum::new();
    sum.update(data);
    sum.finish()
}

/// FNV-1a over the data's 64-bit little-endian words (the last one padded
/// with zeros), then its length: a word at a time, so that checking a whole
/// database slice as it opens costs little (dated in docs/endgames.md,
/// "Start-up and memory"), and any flipped byte changes it. Fed in pieces
/// of any length, it gives what [`checksum`] gives for their concatenation.
#[derive(Clone, Copy, Debug)]
pub struct Checksum {
    hash: u64,
    len: u64,
    /// The bytes of a word not yet whole.
    pending: [u8; 8],
    filled: usize,
}

impl Default for Checksum {
    fn default() -> Self {
        Checksum::new()
    }
}

impl Checksum {
    /// The checksum of nothing yet.
    #[must_use]
    pub const fn new() -> Checksum {
        Checksum {
            hash: 0xcbf2_9ce4_8422_2325,
            len: 0,
            pending: [0; 8],
            filled: 0,
        }
    }

    fn word(&mut self, word: [u8; 8]) {
        self.hash = (self.hash ^ u64::from_le_bytes(word)).wrapping_mul(PRIME);
    }

    /// Adds the next bytes.
    pub fn update(&mut self, mut data: &[u8]) {
        self.len += data.len() as u64;
        if self.filled > 0 {
            let take = data.len().min(8 - self.filled);
            self.pending[self.filled..self.filled + take].copy_from_slice(&data[..take]);
            self.filled += take;
            data = &data[take..];
            if self.filled < 8 {
                return;
            }
            self.word(self.pending);
            self.filled = 0;
        }
        let (words, rest) = data.as_chunks::<8>();
        for word in words {
            self.word(*word);
        }
        self.pending[..rest.len()].copy_from_slice(rest);
        self.filled = rest.len();
    }

    /// The checksum of everything added.
    #[must_use]
    pub fn finish(mut self) -> u64 {
        let mut last = [0; 8];
        last[..self.filled].copy_from_slice(&self.pending[..self.filled]);
        self.word(last);
        (self.hash ^ self.len).wrapping_mul(PRIME)
    }
}

#[cfg(all(feature = "map", not(target_arch = "wasm32")))]
mod map;
mod pages;
#[cfg(all(feature = "map", not(target_arch = "wasm32")))]
pub use map::Mapped;
pub use pages::advise_huge_pages;

#[cfg(test)]
mod tests {
    use super::*;

    /// The sum written as it was first defined, in one pass.
    fn plain(data: &[u8]) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut words = data.chunks_exact(8);
        for word in &mut words {
            hash = (hash ^ u64::from_le_bytes(word.try_into().unwrap())).wrapping_mul(PRIME);
        }
        let mut last = [0u8; 8];
        last[..words.remainder().len()].copy_from_slice(words.remainder());
        hash = (hash ^ u64::from_le_bytes(last)).wrapping_mul(PRIME);
        (hash ^ data.len() as u64).wrapping_mul(PRIME)
    }

    #[test]
    fn pieces_of_any_length_sum_as_the_whole() {
        let data: Vec<u8> = (0..200u32).map(|i| (i * 37 % 251) as u8).collect();
        for len in [0, 1, 7, 8, 9, 64, 199, 200] {
            let whole = &data[..len];
            assert_eq!(checksum(whole), plain(whole), "length {len}");
            for cut in [1, 3, 8, 13] {
                let mut sum = Checksum::new();
                for piece in whole.chunks(cut) {
                    sum.update(piece);
                }
                assert_eq!(
                    sum.finish(),
                    plain(whole),
                    "length {len} in pieces of {cut}"
                );
            }
        }
    }

    #[test]
    fn every_flipped_bit_and_a_trailing_zero_change_the_sum() {
        let data = [0x5au8; 24];
        for at in 0..data.len() {
            for bit in 0..8 {
                let mut damaged = data;
                damaged[at] ^= 1 << bit;
                assert_ne!(checksum(&damaged), checksum(&data), "byte {at} bit {bit}");
            }
        }
        assert_ne!(checksum(&[1, 2, 3]), checksum(&[1, 2, 3, 0]));
    }

    #[test]
    fn a_short_or_foreign_header_is_refused() {
        let bytes = Header {
            fields: [3; 16],
            checksum: 9,
        }
        .to_bytes(b"OWAREEGD");
        assert_eq!(
            Header::parse(&bytes[..31], b"OWAREEGD"),
            Err(HeaderError::TooShort { len: 31 })
        );
        assert_eq!(Header::parse(&bytes, b"OWAREBK\n"), Err(HeaderError::Magic));
        assert_eq!(
            HeaderError::TooShort { len: 5 }.to_string(),
            "it holds 5 bytes, less than the 32-byte header"
        );
    }
}
