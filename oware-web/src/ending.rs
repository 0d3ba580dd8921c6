//! The end of a game as the page shows it: when the rule that ended the game
//! hands the seeds left on the board to the players (no feeding move,
//! repetition, the move limit), which house's seeds go to which store, the
//! board once they are there, and one sentence saying why. Every count comes
//! from oware-core's [`Outcome`]; nothing here decides who gets what.

use oware_core::{Board, BySeat, EndReason, Game, House, Outcome, Seat};

/// The seeds of one house going to a seat's store at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gathered {
    /// The house emptied.
    pub house: House,
    /// The seat whose store receives them.
    pub seat: Seat,
    /// How many seeds.
    pub seeds: u8,
}

/// How the seeds left on `board` reach the stores so that each seat holds
/// its count in `outcome`: every house's seeds go to its owner while the
/// owner's count is short, the rest to the other seat. Empty when the
/// outcome leaves the board as it is (25 seeds captured, 24 each).
#[must_use]
pub fn gathering(board: Board, outcome: &Outcome) -> Vec<Gathered> {
    let mut short = BySeat::new(
        outcome.seeds[Seat::South].saturating_sub(board.store(Seat::South)),
        outcome.seeds[Seat::North].saturating_sub(board.store(Seat::North)),
    );
    let mut gathered = Vec::new();
    for house in House::ALL {
        let mut left = board.seeds(house);
        for seat in [house.seat(), house.seat().opponent()] {
            let seeds = left.min(short[seat]);
            if seeds > 0 {
                gathered.push(Gathered { house, seat, seeds });
                short[seat] -= seeds;
                left -= seeds;
            }
        }
    }
    gathered
}

/// The 14 cells once the seeds of `gathered` are in the stores.
#[must_use]
pub fn final_cells(board: Board, gathered: &[Gathered]) -> [u8; 14] {
    let mut cells = board.to_cells();
    for g in gathered {
        cells[g.house.index()] -= g.seeds;
        cells[g.seat.store_index()] += g.seeds;
    }
    cells
}

/// Why the seeds left on the board went where they did, in one sentence
/// ("North could not feed South: the 4 seeds on North's row go to North."),
/// or `None` when the game ended by captures alone with none left.
#[must_use]
pub fn sentence(game: &Game, outcome: &Outcome) -> Option<String> {
    let position = game.position();
    let board = position.board();
    let mover = position.to_move();
    let why = match outcome.reason {
        EndReason::Reached25 | EndReason::Draw24 => return stores_decide(board, outcome),
        EndReason::NoSeeds => format!("{mover} had no seeds to sow"),
        EndReason::NoLegalMove => format!("{mover} could not feed {}", mover.opponent()),
        EndReason::Repetition => "The position came round a third time".to_owned(),
        EndReason::FirstRepetition => "The position came round again".to_owned(),
        EndReason::MoveLimit => match game.rules().move_limit() {
            Some(limit) => format!("{limit} moves went by without a capture"),
            None => "The move limit was reached".to_owned(),
        },
    };
    let taken = BySeat::new(
        outcome.seeds[Seat::South] - board.store(Seat::South),
        outcome.seeds[Seat::North] - board.store(Seat::North),
    );
    let own_rows = Seat::ALL
        .iter()
        .all(|&seat| taken[seat] == board.seeds_on_side(seat));
    let shares = if own_rows {
        let parts: Vec<String> = Seat::ALL
            .iter()
            .filter(|&&seat| taken[seat] > 0)
            .map(|&seat| {
                let n = taken[seat];
                let (s, verb) = if n == 1 { ("", "goes") } else { ("s", "go") };
                format!("the {n} seed{s} on {seat}'s row {verb} to {seat}")
            })
            .collect();
        if parts.is_empty() {
            "no seeds were left on the board".to_owned()
        } else {
            parts.join(" and ")
        }
    } else {
        let total = taken[Seat::South] + taken[Seat::North];
        format!(
            "the {total} seeds left on the board are shared, {} to South and {} to North",
            taken[Seat::South],
            taken[Seat::North]
        )
    };
    Some(format!("{why}: {shares}."))
}

/// The sentence for a game the stores alone decide (25 seeds, 24 each;
/// RULES.md section 6) that leaves seeds on the board: they go to no one.
/// `None` when the board is empty.
fn stores_decide(board: Board, outcome: &Outcome) -> Option<String> {
    let left: u32 = Seat::ALL
        .iter()
        .map(|&seat| u32::from(board.seeds_on_side(seat)))
        .sum();
    if left == 0 {
        return None;
    }
    let (s, verb) = if left == 1 { ("", "goes") } else { ("s", "go") };
    let why = match outcome.winner {
        Some(seat) => format!(
            "{seat} captured {}, 25 or more, and wins at once",
            outcome.seeds[seat]
        ),
        None => "Both captured 24".to_owned(),
    };
    Some(format!(
        "{why}: the {left} seed{s} left on the board {verb} to no one."
    ))
}

#[cfg(test)]
mod tests {
    use super::{Gathered, final_cells, gathering, sentence};
    use oware_core::{Game, House, Position, Rules, Seat, Transcript};

    /// North sows f into A; South, to move, cannot feed North.
    fn unfed() -> Game {
        let start = Position::from_fen("0-2-0-0-0-0-0-0-0-0-0-1-23-22-N").unwrap();
        let mut game = Game::from_position(start, Rules::ABAPA);
        game.play(House::f).unwrap();
        game
    }

    #[test]
    fn the_seeds_left_go_to_their_rows_owner() {
        let game = unfed();
        let outcome = game.outcome().unwrap();
        let board = game.position().board();
        let gathered = gathering(board, &outcome);
        let south = |house, seeds| Gathered {
            house,
            seat: Seat::South,
            seeds,
        };
        assert_eq!(gathered, [south(House::A, 1), south(House::B, 2)]);
        let cells = final_cells(board, &gathered);
        assert_eq!(cells[12..], [26, 22]);
        assert!(cells[..12].iter().all(|&c| c == 0));
        assert_eq!(
            sentence(&game, &outcome).unwrap(),
            "South could not feed North: the 3 seeds on South's row go to South."
        );
    }

    #[test]
    fn a_capture_to_25_leaves_the_board_as_it_is() {
        let moves: Transcript = crate::tests::NEAR_END.parse().unwrap();
        let mut game = Game::replay(Position::OPENING, Rules::ABAPA, &moves).unwrap();
        game.play(House::E).unwrap();
        let outcome = game.outcome().unwrap();
        assert!(gathering(game.position().board(), &outcome).is_empty());
        // South's 26 and North's 15: the 7 seeds in the houses stay there.
        assert_eq!(
            sentence(&game, &outcome).unwrap(),
            "South captured 26, 25 or more, and wins at once: the 7 seeds left on the board go to no one."
        );
    }
}
