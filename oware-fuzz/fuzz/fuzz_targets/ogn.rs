//! OGN records: any string is read or refused without a panic; a record
//! that is read writes back to text that reads to the same record, and
//! that text is stable (written again, it is the same).

#![no_main]

use libfuzzer_sys::fuzz_target;
use oware_core::Record;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match text.parse::<Record>() {
        Ok(record) => {
            let written = record.to_string();
            let again: Record = written
                .parse()
                .unwrap_or_else(|error| panic!("{error} in what was written:\n{written}"));
            assert_eq!(again, record, "{written}");
            assert_eq!(again.to_string(), written);
        }
        Err(error) => {
            assert!(error.line >= 1 && error.column >= 1);
            let _ = error.to_string();
        }
    }
});
