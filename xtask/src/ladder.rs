//! `cargo xtask ladder`: each level plays the one below it, colours
//! alternated over varied seeded openings, and the score table is printed.
//! The ladder holds when every level scores over 50% against the one below;
//! if one does not, the command fails.
//!
//! Not part of CI: a few minutes by hand. Between two levels limited by
//! time alone (15 to 19), both times are scaled by `--time-scale` (0.1 by
//! default, so level 19 thinks 100 ms a move); every other pair plays at
//! the levels' own limits.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::bail;
use oware_core::{Game, House, Rules, Seat};
use oware_search::{Engine, EngineOptions, Level};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The flags of `cargo xtask ladder`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Games per pair of levels (half with each colour).
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// Games per pair of levels both limited by time alone: their gaps are
    /// smaller, so they need more games to show.
    #[arg(long, default_value_t = 40)]
    time_games: usize,
    /// Games played at once (one thread each).
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// Seed of the openings and of the levels' noise.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The lowest level to play (against the next).
    #[arg(long, default_value_t = 1)]
    from: u8,
    /// The highest level to play (against the one below).
    #[arg(long, default_value_t = 19)]
    to: u8,
    /// Random moves that open each game (a range from 2 to this).
    #[arg(long, default_value_t = 6)]
    opening_plies: usize,
    /// Factor on the time limits of two levels limited by time alone (the default keeps the run to minutes).
    #[arg(long, default_value_t = 0.1)]
    time_scale: f64,
    /// Plies after which an unfinished game is scored by the seeds each side holds.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
}

/// How one pair's games went, for the higher level.
#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    plies: usize,
}

impl Tally {
    fn score(&self) -> f64 {
        let games = self.wins + self.draws + self.losses;
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(games.max(1))
    }
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    let from = Level::new(args.from)?;
    let to = Level::new(args.to)?;
    println!("| level | vs | games | won | drawn | lost | score | plies/game | time |");
    println!("|------:|---:|------:|----:|------:|-----:|------:|-----------:|-----:|");
    let mut failures = Vec::new();
    for upper in from.get() + 1..=to.get() {
        let strong = Level::new(upper)?;
        let weak = Level::new(upper - 1)?;
        let start = Instant::now();
        let tally = play_pair(strong, weak, args);
        let games = tally.wins + tally.draws + tally.losses;
        println!(
            "| {upper} | {} | {games} | {} | {} | {} | {:.1}% | {} | {:.0}s |",
            upper - 1,
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * tally.score(),
            tally.plies / games.max(1) as usize,
            start.elapsed().as_secs_f64(),
        );
        if tally.score() <= 0.5 {
            failures.push(upper);
        }
    }
    if !failures.is_empty() {
        bail!(
            "the ladder does not hold: levels {failures:?} scored 50% or less against the level below"
        );
    }
    println!("ladder: every level scored over 50% against the one below");
    Ok(())
}

/// Plays `args.games` games of `strong` against `weak`, alternating colours
/// over seeded openings; the tally is from `strong`'s side.
fn play_pair(strong: Level, weak: Level, args: &Args) -> Tally {
    // Times are scaled only between two levels limited by time alone: a
    // scaled time against a fixed depth would change which is stronger.
    let scaled = strong.limits().depth.is_none() && weak.limits().depth.is_none();
    let games = if scaled { args.time_games } else { args.games };
    let jobs = args.jobs.max(1);
    let results: Vec<(Outcome, usize)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|job| {
                scope.spawn(move || {
                    let mut engines = [engine(), engine()];
                    (job..games)
                        .step_by(jobs)
                        .map(|index| play_game(strong, weak, scaled, index, &mut engines, args))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a ladder thread panicked"))
            .collect()
    });
    let mut tally = Tally::default();
    for (outcome, plies) in results {
        tally.plies += plies;
        match outcome {
            Outcome::Won => tally.wins += 1,
            Outcome::Drawn => tally.draws += 1,
            Outcome::Lost => tally.losses += 1,
        }
    }
    tally
}

/// A game's result for the stronger level.
enum Outcome {
    Won,
    Drawn,
    Lost,
}

/// Plays game `index` of a pair: the opening `index / 2`, the stronger
/// level South in even games. Returns the result and the plies played.
fn play_game(
    strong: Level,
    weak: Level,
    scaled: bool,
    index: usize,
    engines: &mut [Engine; 2],
    args: &Args,
) -> (Outcome, usize) {
    let stop = AtomicBool::new(false);
    let opening_seed = args.seed ^ (index as u64 / 2).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut game = opening(opening_seed, args.opening_plies);
    let strong_seat = if index.is_multiple_of(2) {
        Seat::South
    } else {
        Seat::North
    };
    for engine in engines.iter_mut() {
        engine.new_game();
    }
    let noise_seed = args.seed.wrapping_mul(31).wrapping_add(index as u64);
    while !game.is_over() && game.moves().len() < args.max_plies {
        let to_move = game.position().to_move();
        let (level, engine) = if to_move == strong_seat {
            (strong, &mut engines[0])
        } else {
            (weak, &mut engines[1])
        };
        let mut limits = level.limits();
        if scaled {
            limits.time = limits.time.map(|t| t.mul_f64(args.time_scale));
        }
        let result =
            engine.choose_move_within(&game, level, &limits, noise_seed, &stop, &mut |_| {});
        let house = result.best.expect("a game not over has a move");
        game.play(house).expect("the engine plays legal moves");
    }
    // Unfinished: each side's store and row decide.
    let winner = game.outcome().map_or_else(
        || oware_core::Outcome::adjudicate(game.position().board()),
        |outcome| outcome.winner,
    );
    let outcome = match winner {
        Some(seat) if seat == strong_seat => Outcome::Won,
        Some(_) => Outcome::Lost,
        None => Outcome::Drawn,
    };
    (outcome, game.moves().len())
}

fn engine() -> Engine {
    Engine::new(EngineOptions {
        hash_mb: 16,
        threads: 1,
    })
}

/// A game opened by 2 to `max_plies` random moves from the starting position.
fn opening(seed: u64, max_plies: usize) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(Rules::ABAPA);
    for _ in 0..rng.random_range(2..=max_plies.max(2)) {
        let moves: Vec<House> = game.legal_moves().iter().collect();
        if moves.is_empty() {
            break;
        }
        game.play(moves[rng.random_range(0..moves.len())])
            .expect("a legal move");
    }
    game
}
