//! `cargo xtask ladder`: each level plays the one below it, colours
//! alternated over varied seeded openings, and the score table is printed
//! with each score's 95% interval. The ladder holds when every level scores
//! at least `--min-score` (60%) against the one below, a clear step rather
//! than a coin toss; if one does not, the command fails.
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
use oware_search::Level;

/// The flags of `cargo xtask ladder`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Games per pair of levels (half with each colour): enough that a
    /// 60% step is told from an even one.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Games per pair of levels both limited by time alone: their gaps are
    /// smaller, so they need more games to show.
    #[arg(long, default_value_t = 100)]
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
    /// The least score (percent) each level must make against the one below.
    #[arg(long, default_value_t = 60.0)]
    min_score: f64,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    let from = Level::new(args.from)?;
    let to = Level::new(args.to)?;
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
        // The interval is the pentanomial one `oware match` reports, as scores.
        let (interval, elo) = match summary.estimate() {
            Ok(e) => (
                format!(
                    "{:.1}–{:.1}%",
                    100.0 * expected_score(e.low),
                    100.0 * expected_score(e.high)
                ),
                format!("{:+.0}", e.elo),
            ),
            Err(_) => ("–".to_owned(), "–".to_owned()),
        };
        println!(
            "| {upper} | {} | {games} | {} | {} | {} | {:.1}% | {interval} | {elo} | {} | {:.0}s |",
            upper - 1,
            total.wins,
            total.draws,
            total.losses,
            100.0 * total.score(),
            summary.plies / (games.max(1) as usize),
            start.elapsed().as_secs_f64(),
        );
        if 100.0 * total.score() < args.min_score {
            failures.push(upper);
        }
    }
    if !failures.is_empty() {
        bail!(
            "the ladder does not hold: levels {failures:?} scored under {}% against the level below",
            args.min_score
        );
    }
    println!(
        "ladder: every level scored at least {}% against the one below",
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
    let games = if scaled { args.time_games } else { args.games };
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
