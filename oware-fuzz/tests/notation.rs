//! Notation: board text and transcripts round-trip (render then parse is
//! the identity) in both implementations, and every parser returns an
//! error, never a panic, on any string.

use std::str::FromStr;

use oware_core::{Board, House, Rules, Seat, Transcript};
use oware_fuzz::strategies;
use oware_reference as reference;
use proptest::prelude::*;

/// An error message as the workspace writes them: not empty, lowercase
/// first letter, no trailing period.
fn well_written(message: &str) -> Result<(), TestCaseError> {
    prop_assert!(!message.is_empty());
    prop_assert!(!message.ends_with('.'), "{message}");
    let first = message.chars().next().unwrap_or(' ');
    prop_assert!(!first.is_uppercase(), "{message}");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// Both draw the same diagram, and both read it back to the board.
    #[test]
    fn board_text_round_trips(board in strategies::board()) {
        let text = board.to_string();
        let cells = board.to_cells();
        prop_assert_eq!(text.parse::<Board>(), Ok(board));
        prop_assert_eq!(&reference::render_board(&cells), &text);
        prop_assert_eq!(reference::parse_board(&text), Ok(cells));
    }

    /// Both write the same letters, and both read them back to the moves.
    #[test]
    fn transcripts_round_trip(
        game in prop_oneof![strategies::game_from_opening(), strategies::game_from_position()],
    ) {
        let transcript = game.transcript();
        let text = transcript.to_string();
        let first = game.start().to_move();
        prop_assert_eq!(Transcript::parse_from(&text, first), Ok(transcript.clone()));
        let moves: Vec<usize> = game.moves().iter().map(|h| h.index()).collect();
        prop_assert_eq!(&reference::render_transcript(&moves), &text);
        if first == Seat::South {
            prop_assert_eq!(text.parse::<Transcript>(), Ok(transcript));
            prop_assert_eq!(reference::parse_transcript(&text), Ok(moves));
        }
    }

    /// Every parser on any text: a value or an error, never a panic; what
    /// is read renders back to text that reads the same; both read
    /// transcripts alike.
    #[test]
    fn parsers_return_errors_and_never_panic(text in strategies::any_text()) {
        match text.parse::<Board>() {
            Ok(board) => prop_assert_eq!(board.to_string().parse::<Board>(), Ok(board)),
            Err(error) => well_written(&error.to_string())?,
        }
        match reference::parse_board(&text) {
            Ok(cells) => prop_assert_eq!(reference::parse_board(&reference::render_board(&cells)), Ok(cells)),
            Err(error) => well_written(&error.to_string())?,
        }
        let core = text.parse::<Transcript>();
        let theirs = reference::parse_transcript(&text);
        match &core {
            // Whitespace around the moves is skipped, so what is read is
            // the text without it.
            Ok(transcript) => prop_assert_eq!(transcript.to_string(), text.trim()),
            Err(error) => well_written(&error.to_string())?,
        }
        if let Err(error) = &theirs {
            well_written(&error.to_string())?;
        }
        prop_assert_eq!(core.is_ok(), theirs.is_ok(), "{:?} against {:?}", core, theirs);
        if let Err(error) = Transcript::parse_from(&text, Seat::North) {
            well_written(&error.to_string())?;
        }
        for result in [
            House::from_str(&text).map(|_| ()).map_err(|e| e.to_string()),
            Seat::from_str(&text).map(|_| ()).map_err(|e| e.to_string()),
            Rules::from_str(&text).map(|_| ()).map_err(|e| e.to_string()),
        ] {
            if let Err(message) = result {
                well_written(&message)?;
            }
        }
    }
}
