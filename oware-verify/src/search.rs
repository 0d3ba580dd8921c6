//! The search checks of `cargo xtask verify`: alpha-beta against plain
//! minimax of the same evaluation, at every fixed depth from 1 to
//! `--max-depth`, on seeded random positions (from random play and from
//! random set-ups), with the table and move ordering on and off.
//!
//! For each position and depth: the alpha-beta value equals the minimax
//! value, and the minimax value of the move alpha-beta chose equals it too.
//! In analysis mode every root move's score is checked against minimax.
//! Half the positions are searched with the linear evaluation, half with
//! the network ([`Evaluation::NET`]), whichever is the default.

use std::sync::atomic::AtomicBool;

use anyhow::bail;
use oware_core::{Board, Game, GrandSlam, House, Position, Rules, Seat, TOTAL_SEEDS};
use oware_search::eval::Evaluation;
use oware_search::minimax::{minimax_move_with, minimax_with};
use oware_search::{Engine, EngineOptions, Event, Limits, Score, SearchConfig};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The flags of the search checks.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Random positions to search (half from play, half set up).
    #[arg(long, default_value_t = 1000)]
    pub(crate) positions: usize,
    /// The deepest fixed depth checked (every depth from 1 up to it).
    #[arg(long, default_value_t = 6)]
    pub(crate) max_depth: u32,
}

/// One way of running the search under check.
struct Setup {
    name: &'static str,
    config: SearchConfig,
    analysis: bool,
}

const SETUPS: [Setup; 3] = [
    Setup {
        name: "table+ordering, analysis",
        config: SearchConfig::SOUND,
        analysis: true,
    },
    Setup {
        name: "table+ordering, play",
        config: SearchConfig::SOUND,
        analysis: false,
    },
    Setup {
        name: "no table, no ordering",
        config: SearchConfig::PLAIN,
        analysis: false,
    },
];

pub(crate) fn run(args: &super::Args) -> anyhow::Result<()> {
    let count = if args.long {
        args.search.positions * 10
    } else {
        args.search.positions
    };
    let max_depth = if args.long {
        args.search.max_depth + 2
    } else {
        args.search.max_depth
    };
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed ^ 0x5ea7c4);
    let mut engine = Engine::new(EngineOptions::default().with_hash_mb(1));
    let mut checked = 0u64;
    let mut proven = 0u64;
    for index in 0..count {
        let position = if index % 2 == 0 {
            from_play(&mut rng)
        } else {
            set_up(&mut rng)
        };
        // History-free rules: the oracle ends games only by 25+, 24–24 or
        // no legal move; the grand-slam rule varies.
        let grand_slam = if rng.random_bool(0.5) {
            GrandSlam::CapturesNothing
        } else {
            GrandSlam::Forbidden
        };
        // No repetition ends these games, so how one shares is moot.
        let rules = Rules::ABAPA
            .with_grand_slam(grand_slam)
            .without_repetition()
            .without_move_limit();
        let game = Game::from_position(position, rules);
        if game.is_over() {
            continue;
        }
        // Both evaluations, each on positions from play and set up.
        let evaluation = if index / 2 % 2 == 0 {
            Evaluation::Linear(oware_search::eval::Weights::TUNED)
        } else {
            Evaluation::NET
        };
        engine.set_evaluation(evaluation);
        // The oracle's score of every root move at every depth.
        let moves: Vec<House> = game.legal_moves().iter().collect();
        let oracle: Vec<Vec<Score>> = (1..=max_depth)
            .map(|depth| {
                moves
                    .iter()
                    .map(|&h| minimax_move_with(position, h, depth, &rules, &evaluation))
                    .collect()
            })
            .collect();
        for setup in &SETUPS {
            engine.new_game();
            engine.set_config(setup.config);
            engine.set_analysis(setup.analysis);
            let mut failure = None;
            engine.search(
                &game,
                &Limits::depth(max_depth),
                &AtomicBool::new(false),
                &mut |event| {
                    let Event::Iteration(it) = event else { return };
                    if failure.is_some() {
                        return;
                    }
                    let depth = it.depth;
                    let expected = minimax_with(position, depth, &rules, &evaluation);
                    let of_move = |h: House| {
                        oracle[depth as usize - 1]
                            [moves.iter().position(|&m| m == h).expect("a legal move")]
                    };
                    if !it.score.same_value(expected) {
                        failure = Some((depth, "value", it.best, it.score, expected));
                    } else if !of_move(it.best).same_value(expected) {
                        failure = Some((
                            depth,
                            "value of the chosen move",
                            it.best,
                            it.score,
                            of_move(it.best),
                        ));
                    } else if let Some(&(h, s)) = it
                        .root_scores
                        .iter()
                        .find(|&&(h, s)| !s.same_value(of_move(h)))
                    {
                        failure = Some((depth, "root move score", h, s, of_move(h)));
                    }
                    if setup.analysis && it.root_scores.len() != moves.len() {
                        failure = Some((depth, "root moves scored", it.best, it.score, expected));
                    }
                    checked += 1 + it.root_scores.len() as u64;
                    proven += u64::from(it.score.proven().is_some());
                },
            );
            if let Some((depth, what, house, got, expected)) = failure {
                bail!(
                    "search check failed ({}, {}): {what} differs from minimax at depth {depth}\n{}{} to move, rules {:?}, move {house}: alpha-beta {got}, minimax {expected}",
                    setup.name,
                    match evaluation {
                        Evaluation::Linear(_) => "linear evaluation",
                        Evaluation::Net(_) => "network",
                    },
                    position.board(),
                    position.to_move(),
                    rules,
                );
            }
        }
    }
    println!(
        "verify search: {count} positions (half from play, half set up), depths 1-{max_depth}, {} setups: {checked} scores equal to minimax ({proven} proven)",
        SETUPS.len()
    );
    Ok(())
}

/// A position reached by 0 to 60 random moves from the opening.
fn from_play(rng: &mut ChaCha8Rng) -> Position {
    let mut position = Position::OPENING;
    let plies = rng.random_range(0..60);
    for _ in 0..plies {
        let moves: Vec<House> = position.legal_moves_abapa().iter().collect();
        if moves.is_empty() {
            break;
        }
        position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    position
}

/// A random set-up: some seeds in the stores (each under 25), the rest
/// scattered over the houses, either seat to move.
fn set_up(rng: &mut ChaCha8Rng) -> Position {
    let mut cells = [0u8; 14];
    let in_play: u8 = rng.random_range(4..=TOTAL_SEEDS);
    let stored = TOTAL_SEEDS - in_play;
    let south = rng.random_range(oware_core::setup::undecided_south_stores(stored));
    cells[12] = south;
    cells[13] = stored - south;
    // Seeds fall in a few favoured houses, so sparse and heavy rows both occur.
    let favoured: Vec<usize> = (0..rng.random_range(1..=12))
        .map(|_| rng.random_range(0..12))
        .collect();
    for _ in 0..in_play {
        cells[favoured[rng.random_range(0..favoured.len())]] += 1;
    }
    let board = Board::from_cells(cells).expect("48 seeds by construction");
    let seat = if rng.random_bool(0.5) {
        Seat::South
    } else {
        Seat::North
    };
    Position::new(board, seat)
}
