//! The engine protocol's input as `oware uci` reads it, checked on any
//! bytes: the `uci_protocol` fuzz target and a property test over generated
//! GUI-like input both call [`check_input`].

use oware_uci::{Command, ErrorKind, MAX_LINE, Reader, parse_bytes};

/// The longest error message: a fixed text and a few excerpts.
pub const LONGEST_MESSAGE: usize = 600;

/// Reads `data` as `oware uci` does and panics at the first broken promise:
/// the reader and the line parser agree line by line; nothing panics;
/// every error is one line of at most [`LONGEST_MESSAGE`] bytes with no
/// control character (a GUI may take a carriage return for the end of a
/// line) that names a column; every position read holds 48 seeds; every
/// command read is written back as a line that reads as the same command.
/// Returns how many commands and errors were read.
///
/// ```
/// let read = oware_fuzz::uci::check_input(b"uci\n\xffgo\n\nposition startpos moves Ec\n");
/// assert_eq!(read, 3);
/// ```
///
/// # Panics
/// On a broken promise, saying which.
pub fn check_input(data: &[u8]) -> usize {
    let mut reader = Reader::new(data);
    let mut lines = data.split(|&b| b == b'\n');
    let mut read_count = 0;
    while let Some(read) = reader.next_command().expect("reading a slice never fails") {
        read_count += 1;
        // What the parser makes of the next line that is not blank.
        let expected = loop {
            let line = lines
                .next()
                .expect("the reader gives no more than the lines");
            if line.len() > MAX_LINE {
                break None;
            }
            match parse_bytes(line) {
                Ok(None) => {}
                Ok(Some(command)) => break Some(Ok(command)),
                Err(error) => break Some(Err(error)),
            }
        };
        match (&read, expected) {
            (Err(error), None) => assert!(matches!(error.kind, ErrorKind::TooLong { .. })),
            (read, Some(expected)) => assert_eq!(read, &expected),
            (read, None) => panic!("an overlong line read as {read:?}"),
        }
        match read {
            Ok(located) => {
                if let Command::Position(set) = &located.command {
                    assert_eq!(set.start.board().total(), 48);
                    assert_eq!(located.moves.len(), set.moves.len());
                    assert!(located.moves.iter().all(|&column| column >= 1));
                }
                // What is read is written back as a line that reads the same.
                let line = located.command.to_string();
                assert_eq!(
                    line.parse::<Command>().as_ref(),
                    Ok(&located.command),
                    "{line}"
                );
            }
            Err(error) => {
                let message = error.to_string();
                assert!(message.len() <= LONGEST_MESSAGE, "{message}");
                assert!(!message.chars().any(char::is_control), "{message:?}");
                assert!(message.starts_with("column "), "{message}");
            }
        }
    }
    // Whatever the reader left is blank.
    for line in lines {
        assert!(
            line.len() <= MAX_LINE && matches!(parse_bytes(line), Ok(None)),
            "a line the reader skipped: {line:?}"
        );
    }
    read_count
}
