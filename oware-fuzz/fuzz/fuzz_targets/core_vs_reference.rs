//! Core against reference: a position decoded from the input asked of
//! both under a rule set the input picks, then a game from it in both
//! `Game` types with the input's remaining bytes as houses tried (legal
//! or not), compared after every try.

#![no_main]

use libfuzzer_sys::fuzz_target;
use oware_fuzz::{agree, bytes};

fuzz_target!(|data: &[u8]| {
    let Some((&rules, data)) = data.split_first() else {
        return;
    };
    let rules = bytes::rules(rules);
    let (start, tries) = bytes::position(data);
    if let Err(disagreement) = agree::position(start, rules) {
        panic!("{disagreement}");
    }
    if let Err(disagreement) = agree::game(start, rules, bytes::houses(tries)) {
        panic!("{disagreement}");
    }
});
