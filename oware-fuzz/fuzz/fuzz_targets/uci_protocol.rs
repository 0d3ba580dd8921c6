//! The engine protocol's input, as `oware uci` reads it: any bytes, split
//! into lines by the reader, never a panic; every line is a command or an
//! error, the reader agreeing line by line with the parser; every error is
//! one short line without control characters (a GUI may take a carriage
//! return for the end of a line); every position read is a real one.

#![no_main]

use libfuzzer_sys::fuzz_target;
use oware_cli::protocol::{self, Command, ErrorKind, MAX_LINE, Reader};

/// The longest error message: a fixed text and a few excerpts.
const LONGEST_MESSAGE: usize = 600;

fuzz_target!(|data: &[u8]| {
    let mut reader = Reader::new(data);
    // What the reader gives, line by line, against the parser on each line.
    let mut lines = data.split(|&b| b == b'\n').peekable();
    while let Some(read) = reader.next_command().expect("reading a slice never fails") {
        let expected = loop {
            let line = lines.next().expect("the reader gives no more than the lines");
            if line.len() > MAX_LINE {
                break None;
            }
            match protocol::parse_bytes(line) {
                Ok(None) => continue,
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
            Ok(Command::Position(set)) => {
                let seeds: u32 = set.start.board().to_cells().iter().map(|&c| u32::from(c)).sum();
                assert_eq!(seeds, 48);
                assert!(set.moves.iter().all(|m| m.column >= 1));
            }
            Ok(_) => {}
            Err(error) => {
                let message = error.to_string();
                assert!(message.len() <= LONGEST_MESSAGE, "{message}");
                assert!(!message.chars().any(char::is_control), "{message:?}");
                assert!(message.starts_with("column "), "{message}");
            }
        }
    }
    // Whatever is left is blank.
    for line in lines {
        assert!(
            line.len() <= MAX_LINE && matches!(protocol::parse_bytes(line), Ok(None)),
            "a line the reader skipped: {line:?}"
        );
    }
});
