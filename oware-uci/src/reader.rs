//! Reading the other side's lines: as bytes, each bounded, so that no line
//! (not UTF-8, or however long) can end a session or fill the memory. The
//! engine reads the GUI's commands with a [`Reader`]; a match runner reads
//! an engine's answers with [`read_bounded_line`].

use std::io::{self, BufRead};

use crate::command::{Located, parse_bytes};
use crate::error::{ErrorKind, ParseError};
use crate::words::lossy_excerpt;

/// The longest line read, in bytes: a position with thousands of moves fits,
/// and a runaway writer cannot make the engine hold its output in memory.
pub const MAX_LINE: usize = 64 * 1024;

/// Reads one line into `line` (without its `\n`), keeping its first `most`
/// bytes and reading past the rest. Its whole length, or `None` at the end
/// of input. The last line needs no newline.
///
/// ```
/// use oware_uci::read_bounded_line;
/// let mut input: &[u8] = b"bestmove E\nxxxxxxxx";
/// let mut line = Vec::new();
/// assert_eq!(read_bounded_line(&mut input, &mut line, 100)?, Some(10));
/// assert_eq!(line, b"bestmove E");
/// assert_eq!(read_bounded_line(&mut input, &mut line, 3)?, Some(8));
/// assert_eq!(line, b"xxx");
/// assert_eq!(read_bounded_line(&mut input, &mut line, 3)?, None);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// The input's own errors (an interrupted read is tried again).
pub fn read_bounded_line(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    most: usize,
) -> io::Result<Option<usize>> {
    line.clear();
    let mut length = 0;
    let mut read_any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            return Ok(read_any.then_some(length));
        }
        read_any = true;
        let newline = available.iter().position(|&b| b == b'\n');
        let chunk = &available[..newline.unwrap_or(available.len())];
        let room = most.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        length += chunk.len();
        let used = newline.map_or(available.len(), |at| at + 1);
        input.consume(used);
        if newline.is_some() {
            return Ok(Some(length));
        }
    }
}

/// Reads the GUI's lines as bytes and parses them, so that no line, however
/// long or garbled, ends the session: it is an error to answer.
#[derive(Debug)]
pub struct Reader<R> {
    input: R,
    /// The current line's first bytes (at most [`MAX_LINE`]), without its newline.
    line: Vec<u8>,
}

impl<R: BufRead> Reader<R> {
    /// A reader of `input`.
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            line: Vec::new(),
        }
    }

    /// The next command, or the error of the next line that is not one;
    /// blank lines are skipped. `None` at the end of input.
    ///
    /// # Errors
    /// Only the input's own errors: a bad line is an `Ok(Some(Err(…)))`.
    pub fn next_command(&mut self) -> io::Result<Option<Result<Located, ParseError>>> {
        while let Some(bytes) = read_bounded_line(&mut self.input, &mut self.line, MAX_LINE)? {
            let parsed = if bytes > MAX_LINE {
                Err(ParseError {
                    column: 1,
                    kind: ErrorKind::TooLong {
                        bytes,
                        start: lossy_excerpt(&self.line),
                    },
                })
            } else {
                parse_bytes(&self.line)
            };
            match parsed {
                Ok(None) => {}
                Ok(Some(command)) => return Ok(Some(Ok(command))),
                Err(error) => return Ok(Some(Err(error))),
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Command;

    /// Every command the reader finds in `input`, each as `Ok` or the error's text.
    fn read_all(input: &[u8]) -> Vec<Result<Command, String>> {
        let mut reader = Reader::new(input);
        let mut commands = Vec::new();
        while let Some(line) = reader.next_command().unwrap() {
            commands.push(line.map(|l| l.command).map_err(|e| e.to_string()));
        }
        commands
    }

    #[test]
    fn the_reader_skips_blank_lines_and_reads_past_bad_ones() {
        let mut input = b"uci\r\n\n  \n\xc3\x28\nisready".to_vec();
        input.extend_from_slice(b"\n");
        assert_eq!(
            read_all(&input),
            [
                Ok(Command::Uci),
                Err("column 1: the line is not UTF-8: `\u{fffd}(`".to_owned()),
                Ok(Command::IsReady),
            ]
        );
        // The last line needs no newline.
        assert_eq!(
            read_all(b"stop\nquit"),
            [Ok(Command::Stop), Ok(Command::Quit)]
        );
        assert_eq!(read_all(b""), []);
    }

    #[test]
    fn an_overlong_line_is_refused_with_its_start_and_the_next_is_read() {
        let mut input = b"position startpos moves ".to_vec();
        input.extend(std::iter::repeat_n(b'E', MAX_LINE));
        input.extend_from_slice(b"\nisready\n");
        let read = read_all(&input);
        assert_eq!(
            read,
            [
                Err(format!(
                    "column 1: the line is {} bytes long, over the limit of {MAX_LINE}: `position startpos moves EEEEEEEEEEEEEEEE…`",
                    MAX_LINE + 24
                )),
                Ok(Command::IsReady),
            ]
        );
        // A line of exactly the limit is read.
        let mut input = b"position startpos moves ".to_vec();
        input.resize(MAX_LINE, b' ');
        assert!(matches!(read_all(&input)[..], [Ok(Command::Position(_))]));
    }

    #[test]
    fn bounded_lines_keep_their_start_and_need_not_be_utf8() {
        let mut input = vec![b'x'; 3 * 100];
        input.extend_from_slice(b"\nbest\xffmove\r\nlast");
        let mut reader = io::BufReader::with_capacity(7, &input[..]);
        let mut line = Vec::new();
        let most = 100;
        assert_eq!(
            read_bounded_line(&mut reader, &mut line, most).unwrap(),
            Some(300)
        );
        assert_eq!(line.len(), most);
        assert_eq!(
            read_bounded_line(&mut reader, &mut line, most).unwrap(),
            Some(10)
        );
        assert_eq!(String::from_utf8_lossy(&line), "best\u{fffd}move\r");
        assert_eq!(
            read_bounded_line(&mut reader, &mut line, most).unwrap(),
            Some(4)
        );
        assert_eq!(line, b"last");
        assert_eq!(
            read_bounded_line(&mut reader, &mut line, most).unwrap(),
            None
        );
    }
}
