//! Which moves are legal: ownership, feeding (RULES.md section 4) and the Awari
//! grand-slam restriction, checked in the documented order of [`Refusal`].

use crate::play::play_unchecked;
use crate::position::Position;
use crate::refusal::Refusal;
use crate::rules::Rules;
use crate::seat::Seat;
use crate::sow::HOUSES;

/// The seeds in `seat`'s six houses.
pub(crate) fn row_total(cells: &[u8; 14], seat: Seat) -> u32 {
    seat.houses().map(|house| u32::from(cells[house])).sum()
}

/// Why `house` may not be played, ignoring whether the game is over and
/// ignoring the Awari grand-slam restriction; `None` when the move passes
/// every other rule ("otherwise legal").
fn basic_refusal(pos: &Position, house: usize) -> Option<Refusal> {
    let mover = pos.to_move;
    if house >= HOUSES {
        return Some(Refusal::NoSuchHouse);
    }
    if !mover.owns(house) {
        return Some(Refusal::NotYourHouse);
    }
    if pos.cells[house] == 0 {
        return Some(Refusal::EmptyHouse);
    }
    let opponent = mover.opponent();
    if row_total(&pos.cells, opponent) == 0 {
        let after = play_unchecked(pos, house).after;
        if row_total(&after.cells, opponent) == 0 {
            return Some(Refusal::MustFeed);
        }
    }
    None
}

/// The mover's moves under `rules`, ascending, without first asking whether
/// a store already decides the game.
///
/// Under every rule set this list is empty exactly when the Abapa list is:
/// Awari only removes grand slams when a move that is not one remains.
pub(crate) fn moves_ignoring_stores(pos: &Position, rules: Rules) -> Vec<usize> {
    let mut otherwise_legal = Vec::new();
    for house in 0..HOUSES {
        if basic_refusal(pos, house).is_none() {
            otherwise_legal.push(house);
        }
    }
    if rules.forbids_grand_slams() {
        let mut not_grand_slams = Vec::new();
        for &house in &otherwise_legal {
            if !play_unchecked(pos, house).grand_slam {
                not_grand_slams.push(house);
            }
        }
        if !not_grand_slams.is_empty() {
            return not_grand_slams;
        }
        // Every otherwise-legal move is a grand slam (or there is none):
        // they are all allowed, and each will capture nothing.
    }
    otherwise_legal
}

/// Whether the stores alone end the game: 25 or more in one, or 24 in both.
pub(crate) fn stores_decide(cells: &[u8; 14]) -> bool {
    cells[12] >= 25 || cells[13] >= 25 || (cells[12] == 24 && cells[13] == 24)
}

/// The first reason, in the documented order, that `house` may not be played
/// from `pos` under `rules`.
pub(crate) fn refusal(pos: &Position, house: usize, rules: Rules) -> Option<Refusal> {
    if pos.is_over() {
        return Some(Refusal::GameOver);
    }
    if let Some(refusal) = basic_refusal(pos, house) {
        return Some(refusal);
    }
    if rules.forbids_grand_slams() && !moves_ignoring_stores(pos, rules).contains(&house) {
        // Otherwise legal but filtered out: it is a grand slam and some
        // move that is not a grand slam exists.
        return Some(Refusal::GrandSlamForbidden);
    }
    None
}
