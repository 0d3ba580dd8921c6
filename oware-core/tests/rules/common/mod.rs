//! Helpers shared by the test modules: positions written out by hand in the
//! canonical 14-cell layout.

use oware_core::{Board, Game, House, Position, Seat};

/// The 14 cells from South's row (A..F), North's row in index order (a..f,
/// houses 6..11 — not the right-to-left order of the diagram) and the stores
/// `[South, North]`.
///
/// Panics unless the 48 seeds of a game are all there, so that a slip in a
/// hand-worked case cannot pass unnoticed.
#[track_caller]
pub(crate) fn cells(south: [u8; 6], north: [u8; 6], stores: [u8; 2]) -> [u8; 14] {
    let mut cells = [0; 14];
    cells[..6].copy_from_slice(&south);
    cells[6..12].copy_from_slice(&north);
    cells[12] = stores[0];
    cells[13] = stores[1];
    let total: u32 = cells.iter().map(|&c| u32::from(c)).sum();
    assert_eq!(
        total, 48,
        "a hand-worked board must hold 48 seeds: {cells:?}"
    );
    cells
}

/// The board with these rows and stores (see [`cells`]).
#[track_caller]
pub(crate) fn board(south: [u8; 6], north: [u8; 6], stores: [u8; 2]) -> Board {
    Board::from_cells(cells(south, north, stores)).expect("48 seeds make a board")
}

/// The position with these rows and stores and `to_move` to play.
#[track_caller]
pub(crate) fn position(south: [u8; 6], north: [u8; 6], stores: [u8; 2], to_move: Seat) -> Position {
    Position::new(board(south, north, stores), to_move)
}

/// The house a letter names.
#[track_caller]
pub(crate) fn house(letter: char) -> House {
    House::from_letter(letter).unwrap_or_else(|| panic!("`{letter}` is not a house letter"))
}

/// Plays the moves spelled by `letters`, each of which must be legal. (Not a
/// `Transcript`: a slice of a line may start with North.)
#[track_caller]
pub(crate) fn play_line(game: &mut Game, letters: &str) {
    for (index, letter) in letters.chars().enumerate() {
        if let Err(error) = game.play(house(letter)) {
            panic!(
                "move {} of `{letters}` ({letter}) is refused: {error}",
                index + 1
            );
        }
    }
}
