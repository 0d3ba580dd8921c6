//! The OGN reader's contract on one text, for the fuzz target and the
//! `ogn_storm` driver: read or refused, never a panic; a record read writes
//! back to text that reads to the same record, and writing it is stable.

use oware_core::Record;

/// Reads `text`: `true` if it is a record (which then round-trips),
/// `false` if it is refused with a place.
///
/// # Panics
/// If the record read does not write back to text that reads to itself,
/// or writes differently a second time (a bug in the reader or the writer).
///
/// ```
/// assert!(oware_fuzz::ogn::read_round_trip("1. E c {quiet} *"));
/// assert!(!oware_fuzz::ogn::read_round_trip("1. E c E"));
/// ```
#[must_use]
pub fn read_round_trip(text: &str) -> bool {
    match text.parse::<Record>() {
        Ok(record) => {
            let written = record.to_string();
            let again: Record = written
                .parse()
                .unwrap_or_else(|error| panic!("{error} in what was written:\n{written}"));
            assert_eq!(again, record, "the record written reads back differently");
            assert_eq!(again.to_string(), written, "writing is not stable");
            true
        }
        Err(error) => {
            assert!(error.line >= 1 && error.column >= 1, "{error}");
            false
        }
    }
}
