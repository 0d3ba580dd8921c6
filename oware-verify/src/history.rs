//! The history check of `cargo xtask verify` ("exact means exact
//! in the game being played"): what the search proves about a game with a history must be
//! what oware-reference's history-aware naive solver finds, and the
//! endgame database must never cost the search a proof.
//!
//! On seeded random games under abapa and Aualé's rule: a set-up with a few
//! seeds on the board (stores random, each at most 24) and a few random
//! moves from it that capture nothing, so that the game's history holds
//! positions that can occur again. The game is searched at a fixed depth in
//! analysis mode, with and without an abapa database. Wherever the root's
//! score or a root move's score is proven (a win or loss, or a draw), the
//! naive solver's result for the position (or for that move's child, the
//! history extended) must be the same; and whatever the search proves
//! without the database it must prove with it. Every disagreement is
//! counted; the first of each kind is printed as a reproducer (the set-up
//! as board text, the seat to move, the moves from it, both answers).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::bail;
use oware_core::{Board, Game, House, Position, Rules, Seat};
use oware_egdb::{Database, Ruleset};
use oware_fuzz::agree::{core_seat, reference_position};
use oware_reference::solve::{SolveError, SolveRules, Solver};
use oware_search::{Engine, EngineOptions, Event, Limits, Proven, Score};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The flags of the history check.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Random games to search (`--long`: ten times as many).
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub(crate) history_games: usize,
    /// The fixed depth searched.
    #[arg(long, value_name = "D", default_value_t = 10)]
    pub(crate) history_depth: u32,
    /// The most seeds on the board (at least 3; the database is built to
    /// it). The naive solver skips many questions of 4 seeds or more.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub(crate) history_seeds: u8,
    /// The most quiet moves played from the set-up.
    #[arg(long, value_name = "K", default_value_t = 12)]
    pub(crate) history_moves: usize,
    /// Positions the naive solver may visit per question before the
    /// question is skipped (and counted as skipped).
    #[arg(long, value_name = "N", default_value_t = 200_000)]
    pub(crate) history_budget: u64,
}

/// The sizes of one run of the check.
#[derive(Clone, Copy)]
pub(crate) struct Sizes {
    pub(crate) games: usize,
    pub(crate) depth: u32,
    pub(crate) seeds: u8,
    pub(crate) moves: usize,
    pub(crate) budget: u64,
    pub(crate) seed: u64,
}

/// What one run found.
#[derive(Default)]
pub(crate) struct Findings {
    /// Proven scores compared with the naive solver.
    pub(crate) compared: u64,
    /// Proven scores the naive solver contradicted.
    pub(crate) wrong: u64,
    /// Proofs found without the database and lost with it.
    pub(crate) lost: u64,
    /// Questions the naive solver gave up on.
    pub(crate) skipped: u64,
    /// The first reproducer of each kind.
    pub(crate) reports: Vec<String>,
}

pub(crate) fn run(args: &super::Args) -> anyhow::Result<()> {
    let a = &args.history;
    let sizes = Sizes {
        games: if args.long {
            a.history_games * 10
        } else {
            a.history_games
        },
        depth: a.history_depth,
        seeds: a.history_seeds,
        moves: a.history_moves,
        budget: a.history_budget,
        seed: args.seed,
    };
    let started = Instant::now();
    let found = check(sizes)?;
    println!(
        "verify history: {} games (abapa and auale, 3-{} seeds, up to {} quiet moves), depth {}: \
         {} proven scores compared with oware-reference's naive solver, {} wrong, {} proofs lost \
         to the database, {} questions skipped over budget [{:.1}s]",
        sizes.games,
        sizes.seeds,
        sizes.moves,
        sizes.depth,
        found.compared,
        found.wrong,
        found.lost,
        found.skipped,
        started.elapsed().as_secs_f64(),
    );
    if found.wrong > 0 || found.lost > 0 {
        bail!(
            "history check failed: {} proven scores wrong, {} proofs lost to the database\n\n{}",
            found.wrong,
            found.lost,
            found.reports.join("\n\n")
        );
    }
    Ok(())
}

/// Runs the check at `sizes`.
pub(crate) fn check(sizes: Sizes) -> anyhow::Result<Findings> {
    anyhow::ensure!(
        sizes.seeds >= 3,
        "--history-seeds must be at least 3, not {}",
        sizes.seeds
    );
    let mut rng = ChaCha8Rng::seed_from_u64(sizes.seed ^ 0x4157_0019);
    let database = Arc::new(Database::build(Ruleset::Abapa, sizes.seeds));
    let mut engine = Engine::new(EngineOptions::default().with_hash_mb(1));
    engine.set_analysis(true);
    let mut solvers = [
        (Rules::ABAPA, Solver::new(SolveRules::ABAPA)),
        (Rules::AUALE, Solver::new(SolveRules::AUALE)),
    ];
    for (_, solver) in &mut solvers {
        solver.set_budget(Some(sizes.budget));
    }
    let mut found = Findings::default();
    let mut played = 0;
    while played < sizes.games {
        let (rules, solver) = &mut solvers[rng.random_range(0..2)];
        let Some(game) = random_game(&mut rng, *rules, sizes) else {
            continue;
        };
        played += 1;
        let without = search(&mut engine, &game, sizes.depth, None);
        let with = search(&mut engine, &game, sizes.depth, Some(database.clone()));
        for (answers, name) in [(&without, "without"), (&with, "with")] {
            for &(house, score) in answers {
                let Some(proven) = score.proven() else {
                    continue;
                };
                match naive_winner(solver, &game, house) {
                    Ok(winner) => {
                        found.compared += 1;
                        let mover = game.position().to_move();
                        if winner != proven_winner(proven, mover) {
                            found.wrong += 1;
                            report(&mut found.reports, "wrong", || {
                                format!(
                                    "search {name} the database proves {score} for {}, \
                                     oware-reference says {}",
                                    what(house),
                                    show_winner(winner)
                                ) + &reproducer(&game)
                            });
                        }
                    }
                    Err(SolveError::TooHard { .. }) => found.skipped += 1,
                    Err(error) => bail!("the naive solver refused a game: {error}"),
                }
            }
        }
        for &(house, score) in &without {
            let kept = with
                .iter()
                .any(|&(h, s)| h == house && s.proven().is_some());
            if score.proven().is_some() && !kept {
                found.lost += 1;
                report(&mut found.reports, "lost", || {
                    format!(
                        "search without the database proves {score} for {}, with it: {}",
                        what(house),
                        with.iter()
                            .find(|&&(h, _)| h == house)
                            .map_or("no score".to_string(), |(_, s)| s.to_string())
                    ) + &reproducer(&game)
                });
            }
        }
    }
    Ok(found)
}

/// Keeps the first reproducer of each `kind`.
fn report(reports: &mut Vec<String>, kind: &str, text: impl FnOnce() -> String) {
    let tag = format!("[{kind}] ");
    if !reports.iter().any(|r| r.starts_with(&tag)) {
        reports.push(tag + &text());
    }
}

/// The root's scores at `depth`: the root itself (no house) and each root
/// move, from the root mover's view.
fn search(
    engine: &mut Engine,
    game: &Game,
    depth: u32,
    database: Option<Arc<Database>>,
) -> Vec<(Option<House>, Score)> {
    engine.new_game();
    engine.set_endgame(database.map(|db| db as Arc<dyn oware_search::Endgame>));
    let result = engine.search(
        game,
        &Limits::depth(depth),
        &AtomicBool::new(false),
        &mut |_: &Event| {},
    );
    let mut scores = vec![(None, result.score)];
    scores.extend(result.root_scores.iter().map(|&(h, s)| (Some(h), s)));
    scores
}

/// The naive solver's winner of `game`, or of `game` after `house`.
fn naive_winner(
    solver: &mut Solver,
    game: &Game,
    house: Option<House>,
) -> Result<Option<Seat>, SolveError> {
    let mut game = game.clone();
    if let Some(house) = house {
        game.play(house).expect("a root move is legal");
    }
    let start = reference_position(game.start());
    let moves: Vec<usize> = game.moves().iter().map(|h| h.index()).collect();
    let history = solver.since_last_capture(start, &moves)?;
    Ok(solver.winner(&history)?.map(core_seat))
}

/// The winner a proven score for `mover` claims.
fn proven_winner(proven: Proven, mover: Seat) -> Option<Seat> {
    match proven {
        Proven::Win { .. } => Some(mover),
        Proven::Loss { .. } => Some(mover.opponent()),
        Proven::Draw => None,
    }
}

fn show_winner(winner: Option<Seat>) -> String {
    winner.map_or("a draw".to_string(), |seat| format!("{seat} wins"))
}

fn what(house: Option<House>) -> String {
    house.map_or("the root".to_string(), |h| format!("move {h}"))
}

/// The game as a reproducer: rules, the set-up, its seat to move, the moves.
fn reproducer(game: &Game) -> String {
    format!(
        "\nrules {}, set-up ({} to move):\n{}moves from it: {}\n(oware analyze --rules {} \
         --board FILE --to-move {} {})",
        game.rules(),
        game.start().to_move(),
        game.start().board(),
        game.transcript(),
        game.rules(),
        game.start().to_move().to_string().to_lowercase(),
        game.transcript(),
    )
}

/// A random set-up with 3 to `sizes.seeds` seeds on the board and up to
/// `sizes.moves` random moves from it that capture nothing; `None` when
/// the set-up is already over.
fn random_game(rng: &mut ChaCha8Rng, rules: Rules, sizes: Sizes) -> Option<Game> {
    let on_board = rng.random_range(3..=sizes.seeds);
    let stored = oware_core::TOTAL_SEEDS - on_board;
    let mut cells = [0u8; 14];
    let south = rng.random_range(oware_core::setup::undecided_south_stores(stored));
    cells[12] = south;
    cells[13] = stored - south;
    for _ in 0..on_board {
        cells[rng.random_range(0..12)] += 1;
    }
    let board = Board::from_cells(cells).expect("48 seeds by construction");
    let seat = if rng.random_bool(0.5) {
        Seat::South
    } else {
        Seat::North
    };
    let mut game = Game::from_position(Position::new(board, seat), rules);
    if game.is_over() {
        return None;
    }
    for _ in 0..rng.random_range(0..=sizes.moves) {
        let position = game.position();
        let quiet: Vec<House> = game
            .legal_moves()
            .iter()
            .filter(|&h| {
                let after = position.play_under(h, &rules).expect("a legal move");
                after.board().to_cells()[12..] == position.board().to_cells()[12..]
            })
            .collect();
        if quiet.is_empty() {
            break;
        }
        game.play(quiet[rng.random_range(0..quiet.len())])
            .expect("a legal move");
        if game.is_over() {
            game.undo();
            break;
        }
    }
    Some(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small run of the check: it fails while the search trusts the
    /// database (or its proofs) where the game's history makes them wrong.
    #[test]
    fn proofs_agree_with_the_naive_solver_and_the_database_costs_none() {
        let found = check(Sizes {
            games: 12,
            depth: 8,
            seeds: 3,
            moves: 12,
            budget: 50_000,
            seed: 1,
        })
        .expect("the check runs");
        assert!(found.compared > 0, "nothing was compared");
        assert_eq!(
            (found.wrong, found.lost),
            (0, 0),
            "\n{}",
            found.reports.join("\n\n")
        );
    }
}
