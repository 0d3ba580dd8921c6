//! OGN records: any string is read or refused without a panic; a record
//! that is read writes back to text that reads to the same record, and
//! that text is stable (written again, it is the same).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = oware_fuzz::ogn::read_round_trip(text);
    }
});
