//! Sowing: lifting a house and dropping its seeds one by one (RULES.md section 2).

/// The number of houses in the ring; sowing goes round modulo this, never
/// into a store.
pub(crate) const HOUSES: usize = 12;

/// Lifts every seed from `origin` and sows them one per house, in ascending
/// index modulo 12, skipping `origin` each time the hand comes round to it.
/// Returns the house the last seed fell into.
///
/// The house must hold at least one seed (the caller checks); with an empty
/// house nothing is sown and `origin` itself is returned.
pub(crate) fn sow(cells: &mut [u8; 14], origin: usize) -> usize {
    let mut in_hand = cells[origin];
    cells[origin] = 0;
    let mut at = origin;
    while in_hand > 0 {
        at = (at + 1) % HOUSES;
        if at == origin {
            // A house of 12 or more seeds laps the board; the origin is
            // passed over on every lap, so it always ends the move empty.
            continue;
        }
        cells[at] += 1;
        in_hand -= 1;
    }
    at
}
