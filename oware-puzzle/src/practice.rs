//! Endgame practice against perfect defence: from a position the endgame
//! database decides, the defender plays by the database (the reply that
//! keeps it the most seeds: the longest resistance), and a move of the
//! player's that lets the result slip is known at once.

use oware_core::{Game, House};
use oware_search::{Endgame, EndgameResult, probe_game, probe_game_moves};

/// The database's reply for the side to move of `game`: the move whose
/// value for it (the seeds it captures, less the database's value of the
/// position after it for the opponent) is highest, the low bound first,
/// then the high one: the longest resistance. The values rank the moves,
/// whatever the history; they are claimed as results only where they are
/// facts ([`keeps_result`]). `None` where the database does not hold every
/// position after a move.
#[must_use]
pub fn defence(endgame: &dyn Endgame, game: &Game) -> Option<House> {
    let position = game.position();
    let mover = position.to_move();
    let mut best: Option<(House, (i32, i32))> = None;
    for house in game.legal_moves().iter() {
        let child = position.play_under(house, &game.rules()).ok()?;
        let captured =
            i32::from(child.board().store(mover)) - i32::from(position.board().store(mover));
        let value = endgame.probe(&child)?;
        let worth = (
            captured - i32::from(value.hi),
            captured - i32::from(value.lo),
        );
        if best.is_none_or(|(_, b)| worth > b) {
            best = Some((house, worth));
        }
    }
    best.map(|(house, _)| house)
}

/// Whether `house` keeps the result the database gives the side to move of
/// `game` (a win stays a win, a draw at least a draw); `None` where the
/// database cannot speak for the position or the move.
#[must_use]
pub fn keeps_result(endgame: &dyn Endgame, game: &Game, house: House) -> Option<bool> {
    let position = game.position();
    let now = probe_game(endgame, game)?.result(&position);
    let (_, after) = probe_game_moves(endgame, game)
        .into_iter()
        .find(|(h, _)| *h == house)?;
    let after = after?.result(&position);
    Some(match now {
        EndgameResult::Win => after == EndgameResult::Win,
        EndgameResult::Draw => matches!(after, EndgameResult::Win | EndgameResult::Draw),
        EndgameResult::Loss | EndgameResult::Open { .. } => true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::{Position, Rules};
    use oware_egdb::{Database, Ruleset};

    #[test]
    fn the_database_defends_and_judges_the_players_moves() {
        let db = Database::build(Ruleset::Abapa, 6);
        // South's F makes a hold 3 (the 25th seed); B does not.
        let start = Position::from_fen("0-1-0-0-0-1-2-0-0-0-0-1-22-21-S").unwrap();
        let game = Game::from_position(start, Rules::ABAPA);
        assert_eq!(keeps_result(&db, &game, House::F), Some(true));
        assert_eq!(defence(&db, &game), Some(House::F));
        // B is quiet: the start could come back, so the database's value
        // after it is no fact and nothing is claimed.
        assert_eq!(keeps_result(&db, &game, House::B), None);
        // North's row then holds a 2 and a 1: f feeds South, a does not
        // reach it; the database ranks North's moves all the same.
        let mut after = game.clone();
        after.play(House::B).unwrap();
        let reply = defence(&db, &after);
        assert!(reply.is_some_and(|h| after.legal_moves().contains(h)));
        // Outside the database (the opening: 48 seeds) nothing is said.
        assert_eq!(defence(&db, &Game::new(Rules::ABAPA)), None);
    }
}
