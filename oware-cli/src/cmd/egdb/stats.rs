//! `oware egdb stats`: how often the database decides a game's result.

use std::path::Path;

use anyhow::{Context, Result};
use oware_core::{Board, Position, Seat, TOTAL_SEEDS};
use oware_egdb::{Database, Ruleset};
use oware_search::{EndgameResult, EndgameValue};

/// Prints, per seed count, the share of positions whose bounds meet and
/// the share whose result (win, draw or loss for the mover) the bounds
/// decide, over every pair of stores a game can have with that many seeds
/// on the board, each pair counted alike.
pub(super) fn stats(ruleset: Ruleset, dir: Option<&Path>) -> Result<()> {
    let dir = crate::endgame::directory(dir)?;
    let db = Database::open(&dir, ruleset)
        .with_context(|| format!("cannot open the {ruleset} database"))?;
    println!("| seeds | positions | store pairs | bounds meet | result decided |");
    println!("|---:|---:|---:|---:|---:|");
    for seeds in 0..=db.max_seeds() {
        let counts = db
            .value_counts(seeds)
            .context("the slice is in the database")?;
        let positions: u64 = counts.iter().map(|&(_, n)| n).sum();
        let exact: u64 = counts
            .iter()
            .filter(|(bounds, _)| bounds.is_exact())
            .map(|&(_, n)| n)
            .sum();
        let games = games(seeds);
        let decided: u64 = games
            .iter()
            .map(|position| {
                counts
                    .iter()
                    .filter(|(bounds, _)| {
                        let value = EndgameValue {
                            lo: bounds.lo,
                            hi: bounds.hi,
                        };
                        !matches!(value.result(position), EndgameResult::Open { .. })
                    })
                    .map(|&(_, n)| n)
                    .sum::<u64>()
            })
            .sum();
        let share = |part: u64, whole: u64| match whole {
            0 => "-".to_owned(),
            _ => format!("{:.2}%", 100.0 * part as f64 / whole as f64),
        };
        println!(
            "| {seeds} | {positions} | {} | {} | {} |",
            games.len(),
            share(exact, positions),
            share(decided, positions * games.len() as u64),
        );
    }
    Ok(())
}

/// One position for each pair of stores a game not yet over can have with
/// `seeds` on the board (neither store above 24, not 24 each): the seeds
/// all in South's first house, South to move. Only the stores and the
/// count on the board matter to a result from bounds, not where the seeds
/// lie (here South may not even be able to move).
fn games(seeds: u8) -> Vec<Position> {
    // With no seed on the board the game is over whatever the stores hold.
    let stores = TOTAL_SEEDS - seeds;
    oware_core::setup::undecided_south_stores(stores)
        .filter(|_| seeds > 0)
        .filter_map(|south| {
            let mut cells = [0; 14];
            cells[0] = seeds;
            cells[12] = south;
            cells[13] = stores - south;
            Some(Position::new(Board::from_cells(cells).ok()?, Seat::South))
        })
        .collect()
}
