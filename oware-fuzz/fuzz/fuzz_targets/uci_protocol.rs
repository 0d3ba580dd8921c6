//! The engine protocol's input, as `oware uci` reads it: any bytes, split
//! into lines by the reader, never a panic; the reader agrees line by line
//! with the parser; every error is one short line without control
//! characters; every position read is a real one (`oware_fuzz::uci`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    oware_fuzz::uci::check_input(data);
});
