//! Positions, rule sets and moves decoded from raw bytes, for the fuzz
//! targets: every input decodes to something valid, so the fuzzer spends
//! its time on the rules rather than on rejected inputs.

use oware_core::{Board, House, Position, Rules, Seat, TOTAL_SEEDS};

/// Decodes a position from the front of `data` and returns the rest.
///
/// The first byte picks the seat to move (its low bit) and how the 48
/// seeds are placed (the next bits); each following byte, up to 48, drops
/// one seed into cell `byte % 14` (so stores fill too) and, when the bytes
/// run out, the remaining seeds go to the stores, keeping them low where
/// they can be. Big houses, empty rows and full stores are all reachable.
///
/// ```
/// use oware_core::{Position, Seat};
/// let (position, rest) = oware_fuzz::bytes::position(&[0, 0, 0, 1, 7]);
/// assert_eq!(position.board().total(), 48);
/// assert_eq!(position.to_move(), Seat::South);
/// assert!(rest.is_empty());
/// ```
#[must_use]
pub fn position(data: &[u8]) -> (Position, &[u8]) {
    let Some((&head, mut rest)) = data.split_first() else {
        return (Position::OPENING, data);
    };
    let to_move = if head & 1 == 0 {
        Seat::South
    } else {
        Seat::North
    };
    if head & 2 != 0 {
        // Half the inputs play from the opening's board, so games reach the
        // middle and the end from a real start.
        return (Position::new(Board::OPENING, to_move), rest);
    }
    let mut cells = [0u8; 14];
    let mut placed = 0;
    while placed < TOTAL_SEEDS {
        let Some((&byte, tail)) = rest.split_first() else {
            break;
        };
        // Houses are twice as likely as stores, so stores past 25 stay rare.
        let cell = if byte & 0x80 == 0 {
            usize::from(byte) % 12
        } else {
            12 + usize::from(byte & 1)
        };
        cells[cell] += 1;
        placed += 1;
        rest = tail;
    }
    while placed < TOTAL_SEEDS {
        let store = if cells[12] <= cells[13] { 12 } else { 13 };
        cells[store] += 1;
        placed += 1;
    }
    let board = Board::from_cells(cells).expect("48 seeds placed");
    (Position::new(board, to_move), rest)
}

/// The rule set a byte picks.
#[must_use]
pub fn rules(byte: u8) -> Rules {
    Rules::PRESETS[usize::from(byte) % Rules::PRESETS.len()].1
}

/// The houses some bytes name, each `byte % 12`: legal or not, either seat's.
pub fn houses(data: &[u8]) -> impl Iterator<Item = House> + '_ {
    data.iter().map(|&b| House::ALL[usize::from(b) % 12])
}
