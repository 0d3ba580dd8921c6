//! Transcripts: any string read by both parsers without a panic, accepted
//! by both or refused by both at the same character for the same reason;
//! what is read writes back to the same text.

#![no_main]

use libfuzzer_sys::fuzz_target;
use oware_core::{Seat, Transcript, TranscriptError};
use oware_reference as reference;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let core = text.parse::<Transcript>();
    let theirs = reference::parse_transcript(text);
    match (&core, &theirs) {
        (Ok(transcript), Ok(moves)) => {
            assert_eq!(&transcript.to_string(), text);
            assert_eq!(&reference::render_transcript(moves), text);
            assert!(transcript.iter().map(|h| h.index()).eq(moves.iter().copied()));
        }
        (Err(error), Err(refused)) => {
            let index = match *error {
                TranscriptError::NotAHouse { index, .. } | TranscriptError::OutOfTurn { index, .. } => index,
            };
            assert_eq!(index, refused.index(), "{error} against {refused}");
            let not_a_house = matches!(error, TranscriptError::NotAHouse { .. });
            assert_eq!(not_a_house, matches!(refused, reference::TranscriptError::NotAHouse { .. }));
        }
        _ => panic!("core {core:?}, reference {theirs:?} for {text:?}"),
    }
    // A set-up position may have North move first.
    let _ = Transcript::parse_from(text, Seat::North);
});
