//! Game records (OGN): writing then reading gives the same record (tags,
//! moves, comments, result), and a corrupted record is read or refused,
//! never a panic, with an error that says where.

use oware_core::Record;
use oware_fuzz::strategies;
use proptest::prelude::*;

/// Checks what reading `text` gave: a record that writes and reads back to
/// itself, or an error placed inside the text with a well-written message.
fn read_or_refused(text: &str) -> Result<(), TestCaseError> {
    match text.parse::<Record>() {
        Ok(record) => {
            let written = record.to_string();
            prop_assert_eq!(written.parse::<Record>(), Ok(record), "{}", written);
        }
        Err(error) => {
            let lines = text.split('\n').count();
            prop_assert!(
                error.line >= 1 && error.line <= lines,
                "{error} in {text:?}"
            );
            let line = text.split('\n').nth(error.line - 1).unwrap_or("");
            prop_assert!(
                error.column >= 1 && error.column <= line.chars().count() + 1,
                "{error} in {text:?}"
            );
            let message = error.kind.to_string();
            prop_assert!(!message.ends_with('.'), "{message}");
            prop_assert!(!message.starts_with(char::is_uppercase), "{message}");
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Written, then read: the same tags in order, the same game, the same
    /// comments and result; and every line of moves under 80 characters
    /// when its words allow.
    #[test]
    fn records_round_trip(record in strategies::record()) {
        let text = record.to_string();
        let read = text.parse::<Record>();
        prop_assert_eq!(read.as_ref(), Ok(&record), "{}", text);
        let read = read.unwrap();
        prop_assert_eq!(read.tags(), record.tags());
        prop_assert_eq!(read.game().moves(), record.game().moves());
        prop_assert_eq!(read.comments(), record.comments());
        let moves = text.split_once("\n\n").map_or(text.as_str(), |(_, moves)| moves);
        for line in moves.lines().filter(|line| line.contains(' ')) {
            prop_assert!(line.chars().count() < 80, "{:?}", line);
        }
    }

    /// A record edited a little is read (and then writes back to itself) or
    /// refused at a place inside the text.
    #[test]
    fn corrupted_records_never_panic(text in strategies::near_record()) {
        read_or_refused(&text)?;
    }

    /// Any text at all, likewise.
    #[test]
    fn any_text_is_read_or_refused(text in strategies::any_text()) {
        read_or_refused(&text)?;
    }
}
