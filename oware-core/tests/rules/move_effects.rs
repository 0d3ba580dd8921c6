//! What a move does, as the core's API tells front ends and tools: the
//! sowing path, what a move captured, and who holds more seeds.

use oware_core::{Board, Game, House, Outcome, Position, Rules, Seat};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Positions from random games under abapa, each with its legal moves.
fn random_positions(count: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut game = Game::new(Rules::ABAPA);
        while !game.is_over() && positions.len() < count {
            positions.push(game.position());
            let legal = game.legal_moves();
            let house = legal.iter().nth(rng.random_range(0..legal.len())).unwrap();
            game.play(house).unwrap();
        }
    }
    positions
}

#[test]
fn the_sowing_path_is_where_the_seeds_went() {
    for position in random_positions(2000) {
        for house in position.legal_moves_abapa() {
            let board = position.board();
            let sowing = board.sow(house);
            let path: Vec<House> = board.sowing_path(house).collect();
            assert_eq!(path.len(), usize::from(board.seeds(house)));
            assert_eq!(path.last(), Some(&sowing.last));
            assert!(!path.contains(&house), "the origin is skipped");
            // Each house gained one seed per visit, the origin emptied.
            for other in House::ALL {
                let visits = path.iter().filter(|&&h| h == other).count() as u8;
                let expected = if other == house {
                    0
                } else {
                    board.seeds(other) + visits
                };
                assert_eq!(sowing.board.seeds(other), expected, "{house} into {other}");
            }
            // The path walks the ring in order, stepping over the origin.
            for pair in path.windows(2) {
                let step = pair[0].next();
                let step = if step == house { step.next() } else { step };
                assert_eq!(pair[1], step);
            }
        }
    }
}

#[test]
fn a_laps_path_skips_the_origin_every_time() {
    // 23 seeds from B: two laps of eleven, then C.
    let mut cells = [0u8; 14];
    cells[House::B.index()] = 23;
    cells[12] = 20;
    cells[13] = 5;
    let board = Board::from_cells(cells).unwrap();
    let path: Vec<House> = board.sowing_path(House::B).collect();
    assert_eq!(path.len(), 23);
    assert_eq!(&path[..2], [House::C, House::D]);
    assert_eq!(path[10], House::A);
    assert_eq!(path[11], House::C);
    assert_eq!(path[22], House::C);
    assert_eq!(board.sowing_path(House::a).len(), 0);
}

#[test]
fn captures_names_what_the_move_took() {
    for position in random_positions(2000) {
        for house in position.legal_moves_abapa() {
            let after = position.play_abapa(house).unwrap();
            let chain = position.captures(house);
            let mover = position.to_move();
            let gained = after.board().store(mover) - position.board().store(mover);
            assert_eq!(after.board().captured_since(position.board()), gained > 0);
            assert_eq!(chain.is_empty(), gained == 0);
            let sown = position.board().sow(house).board;
            assert_eq!(chain.seeds(sown), gained);
            for taken in chain.houses() {
                assert_eq!(taken.seat(), mover.opponent());
                assert_eq!(after.board().seeds(taken), 0);
            }
        }
    }
}

#[test]
fn adjudication_counts_store_and_row() {
    let board = |cells| Board::from_cells(cells).unwrap();
    // South: 20 + 5 = 25; North: 19 + 4 = 23.
    let south_ahead = board([5, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 20, 19]);
    assert_eq!(Outcome::adjudicate(south_ahead), Some(Seat::South));
    // Stores alone would say North: the rows decide.
    let rows_decide = board([9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 19, 20]);
    assert_eq!(Outcome::adjudicate(rows_decide), Some(Seat::South));
    let even = board([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 23, 23]);
    assert_eq!(Outcome::adjudicate(even), None);
    // Whenever a game ends with the rows shared out, its winner is the adjudicated one.
    let rules = Rules::ABAPA.with_move_limit(30).unwrap();
    let mut game = Game::new(rules);
    while !game.is_over() {
        game.play(game.legal_moves().first().unwrap()).unwrap();
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, Outcome::adjudicate(game.position().board()));
}
