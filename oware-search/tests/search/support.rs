//! What the search's tests share: rules without history, a small engine,
//! a search that keeps its events, and positions from seeded random play
//! and endgames of a few seeds.

use std::sync::atomic::AtomicBool;

use oware_core::{Board, Game, GrandSlam, House, Position, Rules, Seat};
use oware_search::{Engine, EngineOptions, Event, Limits, SearchConfig, SearchResult};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Rules without history: what the minimax oracle plays by.
pub(crate) const NO_HISTORY: Rules = Rules::ABAPA
    .with_grand_slam(GrandSlam::CapturesNothing)
    .without_repetition()
    .without_move_limit();

/// A one-thread engine with a 1 MB table, `config` and analysis mode on or off.
pub(crate) fn engine(config: SearchConfig, analysis: bool) -> Engine {
    let mut engine = Engine::new(EngineOptions::default().with_hash_mb(1));
    engine.set_config(config);
    engine.set_analysis(analysis);
    engine
}

/// Searches `game` under `limits`: the result, and every event it sent.
pub(crate) fn search(
    engine: &mut Engine,
    game: &Game,
    limits: Limits,
) -> (SearchResult, Vec<Event>) {
    let mut events = Vec::new();
    let result = engine.search(game, &limits, &AtomicBool::new(false), &mut |e| {
        events.push(e.clone());
    });
    (result, events)
}

/// Positions from seeded random play.
pub(crate) fn random_positions(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut position = Position::OPENING;
        for _ in 0..rng.random_range(0..50) {
            let moves: Vec<House> = position.legal_moves_abapa().iter().collect();
            if moves.is_empty() {
                break;
            }
            position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        if !position.is_over() {
            positions.push(position);
        }
    }
    positions
}

/// A few seeds on the board, the stores near the 24-24 line, South to move,
/// nothing before it; `None` when the game is already over.
pub(crate) fn few_seeds_near_even(rng: &mut ChaCha8Rng, rules: Rules) -> Option<Game> {
    let mut cells = [0u8; 14];
    for _ in 0..rng.random_range(2..=5) {
        cells[rng.random_range(0..12usize)] += 1;
    }
    let left = 48 - cells.iter().sum::<u8>();
    cells[12] = rng.random_range(left / 2 - 2..=left / 2 + 2);
    cells[13] = left - cells[12];
    let position = Position::new(Board::from_cells(cells).unwrap(), Seat::South);
    let game = Game::from_position(position, rules);
    (!game.is_over()).then_some(game)
}
