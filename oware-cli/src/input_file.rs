//! The one way the command reads a text file a person names (or stdin,
//! for `-`): a board, a transcript, a record, openings, a match's saved
//! games; a line typed (or piped) to `oware play`; and what a file holds,
//! told by its first bytes, for a message when it is not what was asked
//! for (or is about to be replaced).
//!
//! Every read is bounded, so that no input (`/dev/zero`, one endless line)
//! can fill the memory: a file at [`MAX_FILE`] bytes, a line at
//! [`MAX_LINE`], each refused past it with the name and the limit.

use std::fs::File;
use std::io::{self, BufRead, Read};
use std::path::Path;

use anyhow::{Context, Result, bail};
use oware_core::Record;

/// The longest file read, in bytes: 64 MiB, hundreds of thousands of games
/// (a match's saved games run to about 1 kB each).
pub(crate) const MAX_FILE: u64 = 64 << 20;

/// The longest line typed, in bytes, as the engine protocol bounds its
/// own: far more than any move, command or answer.
pub(crate) use oware_uci::MAX_LINE;

/// Whether `text` is a game record rather than a transcript: its first
/// character that is not white space opens a tag (`[`), a comment (`{`) or
/// a variation (`(`), is a move number or the result `*`, or there is none
/// (an empty file is read as a record, so the reader says it is empty). A
/// transcript starts with a house letter.
pub(crate) fn holds_record(text: &str) -> bool {
    text.trim_start()
        .chars()
        .next()
        .is_none_or(|c| matches!(c, '[' | '{' | '(' | '*') || c.is_ascii_digit())
}

/// Reads the OGN record in `path`, or on stdin for `-`, whatever the
/// file's name; a malformed record or an illegal move fails with the line,
/// column and move number.
/// A file of many records is refused with how to take one of them out.
pub(crate) fn read_record(path: &Path) -> Result<Record> {
    let (text, name) = read_text(path, "record")?;
    let mut records =
        Record::read_all(&text).with_context(|| format!("{name} is not a game record"))?;
    if records.len() > 1 {
        bail!(
            "{name} holds {} games, and one is continued: write the one to a file of its own with `oware show {name} --game N --format ogn > game.ogn`",
            records.len()
        );
    }
    Ok(records.remove(0))
}

/// Whether `a` and `b` name the same existing file.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The text in `path`, or on stdin for `-`, and a name for it in messages;
/// `what` says what the text should be, for the error. A leading byte-order
/// mark is dropped ([`without_bom`]).
pub(crate) fn read_text(path: &Path, what: &str) -> Result<(String, String)> {
    if path.as_os_str() == "-" {
        let text = read_bounded(std::io::stdin().lock())
            .and_then(into_text)
            .with_context(|| format!("cannot read the {what} from stdin"))?;
        Ok((without_bom(text), "stdin".to_owned()))
    } else {
        let text = read_file(path)
            .with_context(|| format!("cannot read the {what} file {}", path.display()))?;
        Ok((text, path.display().to_string()))
    }
}

/// The text of the file at `path`, without a leading byte-order mark: the
/// one way the command reads a text file (a board, a transcript, a record,
/// openings, a match's saved games).
/// A file that is not text says what it is when its first bytes tell
/// (an opening book given where a record is expected).
pub(crate) fn read_file(path: &Path) -> std::io::Result<String> {
    match File::open(path).and_then(read_bounded).and_then(into_text) {
        Ok(text) => Ok(without_bom(text)),
        Err(error) if error.kind() == std::io::ErrorKind::InvalidData => {
            match what_it_holds(path) {
                Some(kind) => Err(std::io::Error::new(
                    error.kind(),
                    format!("it holds {kind}, not text"),
                )),
                None => Err(error),
            }
        }
        Err(error) => Err(error),
    }
}

/// The bytes of the file at `path` (an opening book), refused past
/// [`MAX_FILE`] as every file read is.
pub(crate) fn read_bytes(path: &Path) -> io::Result<Vec<u8>> {
    File::open(path).and_then(read_bounded)
}

/// All of `input`, refused past [`MAX_FILE`] bytes (read no further).
fn read_bounded(input: impl Read) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    input.take(MAX_FILE + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!(
                "it holds more than {} MiB, the most oware reads from a file or stdin",
                MAX_FILE >> 20
            ),
        ));
    }
    Ok(bytes)
}

/// `bytes` as text, or the error `fs::read_to_string` gives.
fn into_text(bytes: Vec<u8>) -> io::Result<String> {
    String::from_utf8(bytes).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}

/// A line typed, or piped, to a question or a prompt.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum TypedLine {
    /// The line without its newline or a leading byte-order mark; bytes
    /// that are not UTF-8 read as U+FFFD, so that they are a word
    /// refused like any other, never the end of a game.
    Text(String),
    /// A line longer than [`MAX_LINE`], and its length in bytes: only its
    /// first bytes were kept.
    TooLong(usize),
}

impl TypedLine {
    /// The line as a message says it was refused, when it was too long.
    pub(crate) fn too_long(bytes: usize) -> String {
        format!("the line is {bytes} bytes long, over the limit of {MAX_LINE}")
    }
}

/// Reads one line of `input` ([`TypedLine`]); `None` at the end of input.
/// However long the line, no more than [`MAX_LINE`] bytes of it are held.
pub(crate) fn read_typed_line(input: &mut impl BufRead) -> io::Result<Option<TypedLine>> {
    let mut bytes = Vec::new();
    let Some(length) = oware_uci::read_bounded_line(input, &mut bytes, MAX_LINE)? else {
        return Ok(None);
    };
    if length > MAX_LINE {
        return Ok(Some(TypedLine::TooLong(length)));
    }
    let text = String::from_utf8_lossy(&bytes).into_owned();
    // Moves piped from a file saved on Windows start with a byte-order
    // mark, and end their lines with a carriage return: neither is part
    // of a move.
    let text = without_bom(text);
    Ok(Some(TypedLine::Text(
        text.strip_suffix('\r').unwrap_or(&text).to_owned(),
    )))
}

/// `text` without a leading UTF-8 byte-order mark, which editors on
/// Windows write at the start of a file; it is no part of the text.
pub(crate) fn without_bom(text: String) -> String {
    match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_owned(),
        None => text,
    }
}

/// What the file at `path` holds, in a few words for a message (`an
/// opening book`, `a game record`), when its first bytes say; `None` for
/// anything else or a file that cannot be read.
pub(crate) fn what_it_holds(path: &Path) -> Option<&'static str> {
    let mut head = Vec::with_capacity(HEAD_BYTES);
    File::open(path)
        .ok()?
        .take(HEAD_BYTES as u64)
        .read_to_end(&mut head)
        .ok()?;
    kind_of(&head)
}

/// How much of a file [`what_it_holds`] reads.
const HEAD_BYTES: usize = 4096;

/// What a file that starts with `head` holds, when that says.
pub(crate) fn kind_of(head: &[u8]) -> Option<&'static str> {
    if head.starts_with(&oware_book::MAGIC) {
        return Some("an opening book");
    }
    if head.starts_with(oware_egdb::MAGIC) {
        return Some("an endgame database slice");
    }
    // The first 4096 bytes may end inside a character: judge the rest.
    let text = match std::str::from_utf8(head) {
        Ok(text) => text,
        Err(error) => std::str::from_utf8(&head[..error.valid_up_to()]).ok()?,
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    (!text.trim().is_empty() && holds_record(text)).then_some("a game record")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_told_from_transcripts_by_their_text() {
        for record in [
            "[Event \"x\"]",
            "\n  1. E c *",
            "{a note} E",
            "*",
            "",
            " \n",
        ] {
            assert!(holds_record(record), "{record:?}");
        }
        for transcript in ["EcAb", "  EcAb\n", "x"] {
            assert!(!holds_record(transcript), "{transcript:?}");
        }
    }

    #[test]
    fn what_a_file_holds_is_told_by_its_first_bytes() {
        assert_eq!(kind_of(b"OWAREBK\n\x01\x02"), Some("an opening book"));
        assert_eq!(kind_of(b"OWAREEGD\x01"), Some("an endgame database slice"));
        assert_eq!(kind_of(b"[Event \"x\"]\n"), Some("a game record"));
        assert_eq!(kind_of("\u{feff}1. E *".as_bytes()), Some("a game record"));
        assert_eq!(kind_of(b"EcAb\n"), None);
        assert_eq!(kind_of(b""), None);
        assert_eq!(kind_of(b"\xff\xfe"), None);
    }

    #[test]
    fn typed_lines_are_bytes_bounded_and_never_an_error() {
        let mut input: &[u8] = b"\xef\xbb\xbfE\r\n\xe9\nquit";
        let mut lines = Vec::new();
        while let Some(line) = read_typed_line(&mut input).unwrap() {
            lines.push(line);
        }
        assert_eq!(
            lines,
            [
                TypedLine::Text("E".to_owned()),
                TypedLine::Text("\u{fffd}".to_owned()),
                TypedLine::Text("quit".to_owned()),
            ]
        );
        let long = vec![b'E'; MAX_LINE + 1];
        let mut input = [long.as_slice(), b"\nhint\n"].concat();
        let mut input = input.as_mut_slice() as &[u8];
        assert_eq!(
            read_typed_line(&mut input).unwrap(),
            Some(TypedLine::TooLong(MAX_LINE + 1))
        );
        assert_eq!(
            read_typed_line(&mut input).unwrap(),
            Some(TypedLine::Text("hint".to_owned()))
        );
    }

    #[test]
    fn a_file_past_the_limit_is_refused_without_reading_it_all() {
        let error = read_bounded(std::io::repeat(0)).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(
            error.to_string(),
            "it holds more than 64 MiB, the most oware reads from a file or stdin"
        );
        assert_eq!(read_bounded(&b"EcAb"[..]).unwrap(), b"EcAb");
    }
}
