//! Board text: any string read by both parsers without a panic; what core
//! reads draws back to text that reads the same, and the reference reads
//! it to the same board; core and reference accept the same texts, but for
//! stray characters among the counts (which RULES.md leaves open: the
//! reference reads past them, core refuses them).

#![no_main]

use libfuzzer_sys::fuzz_target;
use oware_core::{Board, ParseBoardError};
use oware_reference as reference;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let core = text.parse::<Board>();
    let theirs = reference::parse_board(text);
    if let Ok(board) = core {
        let drawn = board.to_string();
        assert_eq!(drawn.parse::<Board>(), Ok(board));
        assert_eq!(reference::render_board(&board.to_cells()), drawn);
        assert_eq!(theirs, Ok(board.to_cells()), "core read {text:?}");
    }
    match (&core, &theirs) {
        (Ok(_), _) | (Err(_), Err(_)) => {}
        (Err(ParseBoardError::UnexpectedCharacter { .. }), Ok(_)) => {}
        (Err(error), Ok(cells)) => panic!("core refused {text:?} ({error}), the reference read {cells:?}"),
    }
    if let Err(error) = &core {
        assert!(!error.to_string().is_empty());
    }
});
