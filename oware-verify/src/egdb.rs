//! The endgame databases checked two ways, under both rule sets:
//!
//! - against oware-reference's naive solver (threshold fixed points over a
//!   map of positions, sharing nothing with oware-egdb): every position up to
//!   `--egdb-naive-seeds` must have the same bounds;
//! - against their own successors, played by oware-core rather than by the
//!   database's move generation: every position up to `--egdb-seeds` must
//!   hold LO <= HI, LO = max over moves of (captured − child's HI) and HI =
//!   max of (captured − child's LO) (RULES.md section 9), and a
//!   position with no legal move the settled value (+n when the mover cannot
//!   feed, −n when the mover's row is empty).

use std::time::Instant;

use anyhow::{Context, bail, ensure};
use oware_core::{Board, Position, Rules, Seat};
use oware_egdb::{Bounds, Database, Ruleset, mover_houses};
use oware_reference::endgame::{self as naive, EndgameRules};

/// The flags of the database checks.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Build the databases up to this many seeds and check every position
    /// against its successors (`--long`: 14).
    #[arg(long, value_name = "N", default_value_t = 12)]
    egdb_seeds: u8,
    /// Solve up to this many seeds with the naive solver and compare every
    /// position (`--long`: 10).
    #[arg(long, value_name = "N", default_value_t = 8)]
    egdb_naive_seeds: u8,
}

pub(crate) fn run(args: &super::Args) -> anyhow::Result<()> {
    let (seeds, naive_seeds) = if args.long {
        (
            args.egdb.egdb_seeds.max(14),
            args.egdb.egdb_naive_seeds.max(10),
        )
    } else {
        (args.egdb.egdb_seeds, args.egdb.egdb_naive_seeds)
    };
    ensure!(
        naive_seeds <= seeds,
        "--egdb-naive-seeds ({naive_seeds}) must not pass --egdb-seeds ({seeds})"
    );
    for ruleset in [Ruleset::Awari, Ruleset::Abapa] {
        let started = Instant::now();
        let db = Database::build(ruleset, seeds);
        let built = started.elapsed();
        let successors = check_successors(&db).with_context(|| format!("{ruleset} database"))?;
        let started = Instant::now();
        let compared = compare_with_naive(&db, naive_seeds)?;
        let exact = (0..=seeds)
            .map(|n| db.exact_count(n).expect("a built slice"))
            .sum::<u64>();
        println!(
            "verify egdb {ruleset}: built to {seeds} seeds in {:.1}s, {successors} positions \
             equal to the best of their moves played by oware-core, {compared} positions up to \
             {naive_seeds} seeds equal to oware-reference's naive solver [{:.1}s]; {:.1}% exact",
            built.as_secs_f64(),
            started.elapsed().as_secs_f64(),
            100.0 * exact as f64 / oware_egdb::positions_up_to(seeds) as f64,
        );
    }
    Ok(())
}

/// The position with the mover's row `houses[0..6]` as South's, South to
/// move, and the seeds off the board split between the stores so that
/// neither reaches 25 (the game is not over by the stores).
fn as_position(houses: [u8; 12]) -> Position {
    let on_board: u8 = houses.iter().sum();
    let off = oware_core::TOTAL_SEEDS - on_board;
    let mut cells = [0u8; 14];
    cells[..12].copy_from_slice(&houses);
    cells[12] = off.div_ceil(2);
    cells[13] = off / 2;
    let board = Board::from_cells(cells).expect("48 seeds");
    Position::new(board, Seat::South)
}

/// The oware-core rule set the database's values are for.
fn core_rules(ruleset: Ruleset) -> Rules {
    match ruleset {
        Ruleset::Awari => Rules::AWARI,
        Ruleset::Abapa => Rules::ABAPA,
    }
}

/// Checks every stored value against its successors; returns the count.
fn check_successors(db: &Database) -> anyhow::Result<u64> {
    let rules = core_rules(db.ruleset());
    let mut checked = 0;
    // Zero seeds: both stores at 24, the game is over; its value is 0.
    ensure!(
        db.probe_houses([0; 12]) == Some(Bounds::exact(0)),
        "the empty board is not worth 0"
    );
    for seeds in 1..=db.max_seeds() {
        let n = i8::try_from(seeds).expect("few seeds");
        for houses in oware_core::arrangements(seeds) {
            let stored = db.probe_houses(houses).expect("inside the database");
            let position = as_position(houses);
            let legal = position.legal_moves_under(&rules);
            let expected = if legal.is_empty() {
                let mover_row: u8 = houses[..6].iter().sum();
                Bounds::exact(if mover_row == 0 { -n } else { n })
            } else {
                let mut best = Bounds::exact(-n);
                for house in legal {
                    let child = position
                        .play_under(house, &rules)
                        .expect("a legal move plays");
                    let captured =
                        child.board().store(Seat::South) - position.board().store(Seat::South);
                    let child_bounds = db
                        .probe_houses(mover_houses(&child))
                        .context("a child outside the database")?;
                    let worth = Bounds::after_move(captured, child_bounds);
                    best.lo = best.lo.max(worth.lo);
                    best.hi = best.hi.max(worth.hi);
                }
                best
            };
            if stored != expected || stored.lo > stored.hi {
                bail!(
                    "position {houses:?} (mover's row first, {seeds} seeds): stored {stored:?}, \
                     its moves give {expected:?}"
                );
            }
            checked += 1;
        }
    }
    Ok(checked)
}

/// Compares every position up to `seeds` with the naive solver; returns the count.
fn compare_with_naive(db: &Database, seeds: u8) -> anyhow::Result<usize> {
    let rules = match db.ruleset() {
        Ruleset::Awari => EndgameRules::Awari,
        Ruleset::Abapa => EndgameRules::Abapa,
    };
    let solved = naive::solve_endgames(rules, u32::from(seeds));
    for (houses, expected) in &solved {
        let found = db.probe_houses(*houses).expect("inside the database");
        if (i32::from(found.lo), i32::from(found.hi)) != (expected.lo, expected.hi) {
            bail!(
                "position {houses:?} (mover's row first): oware-egdb {found:?}, \
                 oware-reference {expected:?}"
            );
        }
    }
    ensure!(
        solved.len() as u64 == oware_egdb::positions_up_to(seeds),
        "the naive solver gave {} positions up to {seeds} seeds, the database {}",
        solved.len(),
        oware_egdb::positions_up_to(seeds)
    );
    Ok(solved.len())
}
