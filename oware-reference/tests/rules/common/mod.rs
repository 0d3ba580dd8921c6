//! Helpers shared by the test modules.

/// The 14 cells from South's row (A..F), North's row in index order (a..f,
/// i.e. houses 6..11 — not the right-to-left order of the diagram) and the
/// stores `[South, North]`. Panics unless the 48 seeds of a game are all
/// there, so a typo in a hand-worked case cannot go unnoticed.
pub(crate) fn cells(south: [u8; 6], north: [u8; 6], stores: [u8; 2]) -> [u8; 14] {
    let mut cells = [0; 14];
    cells[..6].copy_from_slice(&south);
    cells[6..12].copy_from_slice(&north);
    cells[12] = stores[0];
    cells[13] = stores[1];
    let total: u32 = cells.iter().map(|&c| u32::from(c)).sum();
    assert_eq!(total, 48, "a test position must hold 48 seeds: {cells:?}");
    cells
}
