//! Random games to their end, and how they ended: the first program to
//! write with a rules library.
//!
//! ```text
//! cargo run -p oware-core --example random_games -- [GAMES] [SEED]
//! ```

use std::collections::BTreeMap;
use std::error::Error;
use std::io::Write;

use oware_core::{Game, Rules, Winner};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = args.first().map_or(Ok(1000), |n| n.parse())?;
    let seed = args.get(1).map_or(Ok(1), |n| n.parse())?;
    run(games, seed, &mut std::io::stdout().lock())
}

/// Plays `games` games of uniformly random moves under Abapa rules, the
/// same ones for the same `seed`, and writes how many ended which way.
pub(crate) fn run(games: u32, seed: u64, out: &mut impl Write) -> Result<(), Box<dyn Error>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut endings: BTreeMap<String, u32> = BTreeMap::new();
    let mut moves = 0;
    for _ in 0..games {
        let mut game = Game::new(Rules::ABAPA);
        // A game's legal moves know its rules, repetition included: they
        // are empty once it is over.
        while let Some(house) = {
            let legal = game.legal_moves();
            legal.iter().nth(rng.random_range(0..legal.len().max(1)))
        } {
            game.play(house)?;
        }
        let outcome = game.outcome().expect("a game without moves is over");
        moves += game.moves().len();
        let ending = format!("{} ({})", Winner::from(outcome.winner), outcome.reason);
        *endings.entry(ending).or_default() += 1;
    }
    writeln!(out, "{games} random games, {moves} moves")?;
    for (ending, count) in endings {
        writeln!(out, "{count:>6}  {ending}")?;
    }
    Ok(())
}
