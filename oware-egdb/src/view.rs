//! The mover's view: a database position is twelve house counts with the
//! side to move's row first, turned into an oware-core [`Position`] (South to
//! move) so that every rule is oware-core's, and back.

use oware_core::{Board, Position, Rules, Seat, TOTAL_SEEDS};

/// Twelve house counts, the mover's row (`0..6`) first.
pub(crate) type Houses = [u8; 12];

/// The seeds on the board.
#[inline]
pub(crate) fn seeds(houses: &Houses) -> u8 {
    houses.iter().sum()
}

/// The same houses seen from the other seat: the rows swap.
#[inline]
pub(crate) fn turned(houses: &Houses) -> Houses {
    let mut other = [0; 12];
    other[..6].copy_from_slice(&houses[6..]);
    other[6..].copy_from_slice(&houses[..6]);
    other
}

/// The twelve house lanes of a board's [`Board::lanes`], without the stores.
pub(crate) const HOUSE_LANES: u128 = (1 << 96) - 1;

/// `houses` as byte lanes, house `i` in byte `i`.
#[inline]
pub(crate) fn lanes_of(houses: &Houses) -> u128 {
    let mut bytes = [0u8; 16];
    bytes[..12].copy_from_slice(houses);
    u128::from_le_bytes(bytes)
}

/// The houses held in the first twelve byte lanes of `lanes`.
#[inline]
pub(crate) fn houses_from_lanes(lanes: u128) -> Houses {
    let mut houses = [0; 12];
    houses.copy_from_slice(&lanes.to_le_bytes()[..12]);
    houses
}

/// [`turned`] on byte lanes: the two rows of six swap places, the stores
/// are dropped.
#[inline]
pub(crate) fn turned_lanes(lanes: u128) -> u128 {
    let houses = lanes & HOUSE_LANES;
    ((houses >> 48) | (houses << 48)) & HOUSE_LANES
}

/// The mover-relative houses of `position`.
#[must_use]
pub(crate) fn houses_of(position: Position) -> Houses {
    let cells = position.board().to_cells();
    let mut houses = [0; 12];
    houses.copy_from_slice(&cells[..12]);
    match position.to_move() {
        Seat::South => houses,
        Seat::North => turned(&houses),
    }
}

/// `houses` as a position with South to move. The seeds off the board are
/// split between the stores as evenly as they go, so that no store reaches
/// 25 and ends the game: stores do not change what is still to be won.
#[inline]
pub(crate) fn position_of(houses: &Houses) -> Position {
    let off = TOTAL_SEEDS - seeds(houses);
    let mut cells = [0; 14];
    cells[..12].copy_from_slice(houses);
    cells[12] = off / 2;
    cells[13] = off - off / 2;
    let board = Board::from_cells(cells).expect("the stores make up the 48 seeds");
    Position::new(board, Seat::South)
}

/// The mover-relative houses after South's move: North's view of the board.
#[inline]
pub(crate) fn child_houses(child: Position) -> Houses {
    let bytes = child.board().lanes().to_le_bytes();
    let mut houses = [0; 12];
    houses[..6].copy_from_slice(&bytes[6..12]);
    houses[6..].copy_from_slice(&bytes[..6]);
    houses
}

/// The value of a position with no legal move, settled by the rules: the
/// mover's row empty gives the opponent every seed (`-n`); otherwise the
/// opponent's row is empty and cannot be fed, and the mover takes all (`+n`).
#[inline]
pub(crate) fn settled_value(houses: &Houses) -> i8 {
    let n = seeds(houses) as i8;
    if houses[..6].iter().all(|&h| h == 0) {
        -n
    } else {
        n
    }
}

/// One legal move seen from the mover: the house (`0..6`, the mover's
/// row), the seeds it captures and the child in its mover's view.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Move {
    /// The house sown, `0..6` from the mover's first house.
    pub(crate) house: usize,
    /// The seeds captured.
    pub(crate) captured: u8,
    /// The position after the move, in the new mover's view.
    pub(crate) child: Houses,
}

/// The legal moves of `houses` under `rules`, played by oware-core; none
/// when the position is settled.
#[inline]
pub(crate) fn moves(houses: &Houses, rules: &Rules) -> impl Iterator<Item = Move> {
    let position = position_of(houses);
    let n = seeds(houses);
    position.legal_moves_under(rules).iter().map(move |house| {
        let child = child_houses(position.play_unchecked(house));
        Move {
            house: house.index(),
            captured: n - seeds(&child),
            child,
        }
    })
}
