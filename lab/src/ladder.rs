//! `cargo lab ladder`: each level plays the one below it, colours
//! alternated over varied seeded openings, and the score table is printed
//! with each score's 95% interval. The ladder holds when every level makes
//! a clear step over the one below: its score's interval reaches
//! `--min-score` (60%) and stays above 50%; if one does not, the command
//! fails.
//!
//! Not part of CI: about ten minutes by hand. Between two levels limited by
//! time alone (15 to 19), both times are scaled by `--time-scale` (0.1 by
//! default, so level 19 thinks 100 ms a move); every other pair plays at
//! the levels' own limits.

use std::time::Instant;

use anyhow::bail;
use oware_core::Rules;
use oware_match::stats::expected_score;
use oware_match::{
    Budget, Contestant, Match, Player, SearchPlayer, Settings, Summary, random_openings,
};
use oware_player::Level;

/// The flags of `cargo lab ladder`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Games per pair of levels (half with each colour).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u16).range(1..))]
    games: u16,
    /// Games per pair of levels both limited by time alone (their steps,
    /// played scaled, are the slowest to measure).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u16).range(1..))]
    time_games: u16,
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
    /// The score (percent) each level should make against the one below: a
    /// step fails when its whole 95% interval is under it, or reaches down
    /// to 50% (not clearly a step at all).
    #[arg(long, default_value_t = 60.0)]
    min_score: f64,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    let from = Level::new(args.from)?;
    let to = Level::new(args.to)?;
    if from >= to {
        bail!(
            "--from {from} must be below --to {to}: the ladder plays each level against the one below"
        );
    }
    if !(args.time_scale.is_finite() && args.time_scale > 0.0 && args.time_scale <= 10.0) {
        bail!(
            "--time-scale {} is not a factor on the levels' times: give a number above 0 and at most 10",
            args.time_scale
        );
    }
    println!(
        "| level | vs | games | won | drawn | lost | score | 95% interval | Elo | plies/game | time |"
    );
    println!(
        "|------:|---:|------:|----:|------:|-----:|------:|-------------:|----:|-----------:|-----:|"
    );
    let mut failures = Vec::new();
    for upper in from.get() + 1..=to.get() {
        let strong = Level::new(upper)?;
        let weak = Level::new(upper - 1)?;
        let start = Instant::now();
        let summary = play_pair(strong, weak, args);
        let total = summary.total();
        let games = total.games();
        // The interval is the pentanomial one `oware match` reports, as
        // scores; with too few pairs for one, the score alone is judged.
        let score = 100.0 * total.score();
        let (low, high, elo) = match summary.estimate() {
            Ok(e) => (
                100.0 * expected_score(e.low),
                100.0 * expected_score(e.high),
                format!("{:+.0}", e.elo),
            ),
            Err(_) => (score, score, "–".to_owned()),
        };
        println!(
            "| {upper} | {} | {games} | {} | {} | {} | {score:.1}% | {low:.1}–{high:.1}% | {elo} | {} | {:.0}s |",
            upper - 1,
            total.wins,
            total.draws,
            total.losses,
            summary.plies / (games.max(1) as usize),
            start.elapsed().as_secs_f64(),
        );
        // A step measured at 58% over 100 games may well be a 62% one:
        // only a step whose whole interval is short of the mark, or one
        // that may be no step at all, fails.
        if high < args.min_score || low <= 50.0 {
            failures.push(upper);
        }
    }
    if !failures.is_empty() {
        bail!(
            "the ladder does not hold: levels {failures:?} are clearly under {}% against the level below, or not clearly over 50%",
            args.min_score
        );
    }
    println!(
        "ladder: every level scored about {}% or more against the one below, and clearly over 50%",
        args.min_score
    );
    Ok(())
}

/// Plays `args.games` games of `strong` against `weak` (the match runner
/// of `oware-match`: colours alternated over seeded openings); the summary
/// is from `strong`'s side.
fn play_pair(strong: Level, weak: Level, args: &Args) -> Summary {
    // Times are scaled only between two levels limited by time alone: a
    // scaled time against a fixed depth would change which is stronger.
    let scaled = strong.limits().depth.is_none() && weak.limits().depth.is_none();
    let games = usize::from(if scaled { args.time_games } else { args.games });
    let seed = args.seed;
    let contestant = |level: Level| {
        let limits = level.limits();
        let time = match scaled {
            true => limits.time.map(|t| t.mul_f64(args.time_scale)),
            false => limits.time,
        };
        Contestant {
            name: format!("level {level}"),
            budget: Budget {
                depth: limits.depth,
                movetime: time,
                ..Budget::default()
            },
            start: Box::new(
                move || Ok(Box::new(SearchPlayer::new(level, seed)) as Box<dyn Player>),
            ),
        }
    };
    let m = Match {
        contestants: [contestant(strong), contestant(weak)],
        openings: random_openings(
            Rules::ABAPA,
            games.div_ceil(2),
            2..=args.opening_plies.max(2),
            args.seed,
        ),
        games,
        concurrency: args.jobs.max(1),
        // Strength alone counts here: no losses on time.
        settings: Settings {
            margin: None,
            max_plies: Some(args.max_plies),
            ..Settings::default()
        },
        sprt: None,
    };
    oware_match::run(&m, &mut |_, _| {})
}
