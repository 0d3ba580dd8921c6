//! `cargo lab tune`: fits the evaluation weights to self-play games by
//! logistic regression (Texel's method), and plays weight sets against each
//! other to check that a fit is an improvement over the board.
//!
//! 1. Self-play: games from seeded random openings, each move a fixed-depth
//!    search with the current weights and a little noise (level 9's) so
//!    games vary; every position is kept with the game's result for the
//!    side to move (1, ½ or 0).
//! 2. Fit: the probability of winning is modelled as σ(w·f), with f the
//!    evaluation's features; w maximises the likelihood (Newton's method on
//!    the log loss), on the even games, and is checked on the odd ones.
//! 3. The weights are scaled so that a captured seed is worth 32, as in the
//!    evaluation, and printed with the log loss of each weight set.
//!
//! `--terms` fits only the five named terms (lap, empty, exposed, row,
//! tempo); by default every weight is fitted. `--versus FILE` instead plays
//! a match of the current weights against those in the file, and `--net
//! FILE` against a network file of `cargo lab train`. The self-play is
//! `selfplay.rs`'s, which `train` shares. `--spsa FILE` tunes the search's
//! parameters instead (`tune/spsa.rs`).

mod spsa;

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use oware_match::GameRecord;
use oware_search::eval::{Evaluation, FEATURES, Weights, features};
use oware_search::experiment::Knobs;

use crate::selfplay::{self, Plan, contestant, match_of, result_for, sigmoid};

/// The flags of `cargo lab tune`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Self-play games (or match games with --versus).
    #[arg(long, default_value_t = 400)]
    games: usize,
    /// Search depth of every self-play move.
    #[arg(long, default_value_t = 6)]
    depth: u32,
    /// Seed of the openings and the noise.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads playing games at once.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// A file of weights (comma-separated, in feature order) to play against the current ones.
    #[arg(long)]
    versus: Option<std::path::PathBuf>,
    /// A network file (`cargo lab train`'s) to play, as the challenger, against the current weights.
    #[arg(long)]
    net: Option<std::path::PathBuf>,
    /// Where to write the fitted weights (comma-separated, in feature order).
    #[arg(long)]
    out: Option<std::path::PathBuf>,
    /// Search settings of the challenger in a match (`name=value,...`, see `Knobs`).
    #[arg(long)]
    knobs: Option<String>,
    /// Milliseconds per move in a match (instead of a fixed depth).
    #[arg(long, default_value_t = 0)]
    ms: u64,
    /// Fit only the five named terms (lap, empty, exposed, row, tempo) rather than every weight.
    #[arg(long)]
    terms: bool,
    /// Tune the search's parameters named in this file (e.g. lab/spsa/search.params) by SPSA
    /// games between perturbed engines, at --depth or --ms, seeded by --seed.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["versus", "net", "knobs", "terms", "out"])]
    spsa: Option<std::path::PathBuf>,
    /// The SPSA run's log, continued if it exists (default: the parameter file's path with `.log`).
    #[arg(long, value_name = "FILE", requires = "spsa")]
    log: Option<std::path::PathBuf>,
    /// SPSA iterations in all (the gains reach the file's c_end and r_end at the last).
    #[arg(long, default_value_t = 1000, requires = "spsa")]
    iterations: u32,
    /// Game pairs of each SPSA iteration (each opening played with both colours).
    #[arg(long, default_value_t = 4, requires = "spsa")]
    pairs: usize,
    /// Stop after this many SPSA iterations (the run continues from its log when started again).
    #[arg(long, value_name = "N", requires = "spsa")]
    stop_after: Option<u32>,
    /// The rules of the SPSA games (RULES.md section 7's names: auale, abapa, ...).
    #[arg(long, default_value = "auale", requires = "spsa")]
    rules: oware_core::Rules,
    /// A program to tune by its engine options, as `oware match --engine` describes it
    /// (`cmd=PATH uci,...`; ours offers the knobs with `oware uci --tunable`); the parameter file names its options. Default: the search's knobs in-process.
    #[arg(long, value_name = "SPEC", requires = "spsa")]
    engine: Option<String>,
}

impl Args {
    fn plan(&self) -> Plan {
        Plan {
            games: self.games,
            depth: self.depth,
            ms: self.ms,
            seed: self.seed,
            jobs: self.jobs,
        }
    }

    /// With `--spsa`, the SPSA run the flags ask for: its parameter file,
    /// its log (continued where it exists) and how it plays.
    fn spsa_run(&self) -> Option<(&Path, PathBuf, spsa::Run)> {
        let spec = self.spsa.as_deref()?;
        let log = self
            .log
            .clone()
            .unwrap_or_else(|| spec.with_extension("log"));
        let run = spsa::Run {
            iterations: self.iterations,
            pairs: self.pairs,
            depth: self.depth,
            ms: self.ms,
            seed: self.seed,
            rules: self.rules,
            engine: self.engine.clone(),
        };
        Some((spec, log, run))
    }
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    if let Some((spec, log, run)) = args.spsa_run() {
        return spsa::run(spec, &log, &run, args.jobs, args.stop_after);
    }
    if args.versus.is_some() || args.knobs.is_some() || args.net.is_some() {
        let challenger = match (&args.versus, &args.net) {
            (Some(path), _) => Evaluation::Linear(parse_weights(
                &std::fs::read_to_string(path)
                    .with_context(|| format!("reading {}", path.display()))?,
            )?),
            (None, Some(path)) => Evaluation::Net(crate::train::read_network(path)?),
            (None, None) => Evaluation::DEFAULT,
        };
        let knobs = match &args.knobs {
            Some(text) => Knobs::parse(text).map_err(anyhow::Error::msg)?,
            None => Knobs::DEFAULT,
        };
        return versus(args, challenger, knobs);
    }
    let games = self_play(args, Weights::TUNED);
    let (train, test): (Vec<_>, Vec<_>) = games.iter().enumerate().partition(|(i, _)| i % 2 == 0);
    let samples = |part: &[(usize, &Vec<Sample>)]| -> Vec<Sample> {
        part.iter().flat_map(|(_, g)| g.iter().copied()).collect()
    };
    let (train, test) = (samples(&train), samples(&test));
    println!(
        "tune: {} games at depth {}, {} positions to fit, {} to check",
        games.len(),
        args.depth,
        train.len(),
        test.len()
    );
    let fitted = if args.terms {
        let (train, test) = (to_terms(&train), to_terms(&test));
        let fitted = fit(&train);
        let scale = f64::from(Weights::TUNED.store) / fitted[0];
        let t: Vec<i32> = fitted.iter().map(|w| (w * scale).round() as i32).collect();
        let weights = Weights::from_terms(t[1], t[2], t[3], t[4], t[5]);
        println!(
            "tune: named terms (lap, empty, exposed, row, tempo) {:?}: log loss {:.5} fitted, {:.5} checked",
            &t[1..6],
            log_loss(&train, &fitted),
            log_loss(&test, &fitted)
        );
        weights
    } else {
        let fitted = fit(&train);
        let scale = f64::from(Weights::TUNED.store) / fitted[0];
        let mut rounded = [0i32; FEATURES];
        for (r, w) in rounded.iter_mut().zip(&fitted) {
            *r = (w * scale).round() as i32;
        }
        Weights::from_array(rounded)
    };
    let full = |w: Weights| w.to_array().map(f64::from);
    for (name, weights) in [
        ("seeds only", Weights::SEEDS_ONLY),
        ("current", Weights::TUNED),
        ("fitted", fitted),
    ] {
        // Each weight set's scale is refitted (one parameter), so the losses compare shapes.
        let w = full(weights);
        let k = fit_scale(&train, &w);
        let scaled = w.map(|x| x * k);
        println!(
            "tune: {name:>10}: log loss {:.5} fitted, {:.5} checked",
            log_loss(&train, &scaled),
            log_loss(&test, &scaled),
        );
    }
    println!("tune: fitted {fitted:?}");
    if let Some(path) = &args.out {
        let text: Vec<String> = fitted.to_array().iter().map(i32::to_string).collect();
        std::fs::write(path, text.join(",") + "\n")?;
        println!("tune: written to {}", path.display());
    }
    Ok(())
}

/// The samples with only the five named terms' features (and the store):
/// store, lap, empty, exposed, row, tempo; the other features are zero.
fn to_terms(samples: &[Sample]) -> Vec<Sample> {
    samples
        .iter()
        .map(|s| {
            let f = &s.features;
            let class = |r: usize, c: usize| f[8 + r * oware_search::eval::CLASSES.len() + c];
            let mut t = [0.0; FEATURES];
            t[0] = f[0];
            for r in 0..6 {
                t[1] += class(r, 7) + class(r, 8);
                t[2] += class(r, 0);
                t[3] += class(r, 1) + class(r, 2);
                t[4] += f[2 + r];
            }
            t[5] = f[1];
            Sample {
                features: t,
                result: s.result,
            }
        })
        .collect()
}

/// The factor on `w` that best fits the results.
fn fit_scale(samples: &[Sample], w: &[f64; FEATURES]) -> f64 {
    selfplay::fit_scale(samples.iter().map(|s| (dot(w, &s.features), s.result)))
}

/// A position's features and the final result for its side to move.
#[derive(Clone, Copy)]
struct Sample {
    features: [f64; FEATURES],
    result: f64,
}

fn parse_weights(text: &str) -> anyhow::Result<Weights> {
    let values: Vec<i32> = text
        .split(',')
        .map(|w| {
            w.trim()
                .parse()
                .with_context(|| format!("`{w}` is not a weight"))
        })
        .collect::<anyhow::Result<_>>()?;
    let Ok(array) = <[i32; FEATURES]>::try_from(values) else {
        bail!("expected {FEATURES} weights, in the order of Weights::to_array");
    };
    Ok(Weights::from_array(array))
}

/// Plays `args.games` self-play games with `weights`; returns each game's samples.
fn self_play(args: &Args, weights: Weights) -> Vec<Vec<Sample>> {
    selfplay::play(&args.plan(), Evaluation::Linear(weights))
        .iter()
        .map(samples)
        .collect()
}

/// The samples of a finished game: each position after the opening with
/// the result for its side to move.
fn samples(record: &GameRecord) -> Vec<Sample> {
    let positions = record.game.positions();
    positions[record.opening_plies..positions.len() - 1]
        .iter()
        .map(|&p| Sample {
            features: features(p).map(f64::from),
            result: result_for(record.result.winner, p.to_move()),
        })
        .collect()
}

fn dot(w: &[f64; FEATURES], f: &[f64; FEATURES]) -> f64 {
    w.iter().zip(f).map(|(a, b)| a * b).sum()
}

/// The mean log loss of σ(w·f) against the results.
fn log_loss(samples: &[Sample], w: &[f64; FEATURES]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| selfplay::log_loss(sigmoid(dot(w, &s.features)), s.result))
        .sum();
    total / samples.len().max(1) as f64
}

/// Logistic regression by Newton's method (the loss is convex; a small
/// ridge keeps the Hessian invertible when a feature never varies).
fn fit(samples: &[Sample]) -> [f64; FEATURES] {
    let mut w = [0.0; FEATURES];
    for _ in 0..30 {
        let mut gradient = [0.0; FEATURES];
        let mut hessian = [[0.0; FEATURES]; FEATURES];
        for s in samples {
            let p = sigmoid(dot(&w, &s.features));
            for (i, (g, row)) in gradient.iter_mut().zip(hessian.iter_mut()).enumerate() {
                let fi = s.features[i];
                if fi == 0.0 {
                    continue;
                }
                *g += (p - s.result) * fi;
                for (h, fj) in row.iter_mut().zip(&s.features) {
                    *h += p * (1.0 - p) * fi * fj;
                }
            }
        }
        // A small ridge: the class indicators of a row position sum to zero,
        // so without it the optimum is not unique.
        let ridge = 1e-4 * samples.len() as f64;
        for (i, row) in hessian.iter_mut().enumerate() {
            row[i] += ridge;
            gradient[i] += ridge * w[i];
        }
        let step = solve(hessian, gradient);
        for i in 0..FEATURES {
            w[i] -= step[i];
        }
        if step.iter().map(|x| x.abs()).fold(0.0, f64::max) < 1e-9 {
            break;
        }
    }
    w
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    for col in 0..FEATURES {
        let pivot = (col..FEATURES)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .expect("a column has rows");
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..FEATURES {
            let factor = a[row][col] / a[col][col];
            let pivot_row = a[col];
            for (x, p) in a[row][col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= factor * p;
            }
            b[row] -= factor * b[col];
        }
    }
    let mut x = [0.0; FEATURES];
    for row in (0..FEATURES).rev() {
        let sum: f64 = (row + 1..FEATURES).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - sum) / a[row][row];
    }
    x
}

/// Plays the current weights and settings against a challenger's over
/// `args.games` games (colours alternated) and prints the current score.
fn versus(args: &Args, challenger: Evaluation, knobs: Knobs) -> anyhow::Result<()> {
    let plan = args.plan();
    // Weights and networks are measured against the tuned linear weights;
    // knobs alone against the default evaluation.
    let base = if args.versus.is_some() || args.net.is_some() {
        Evaluation::Linear(Weights::TUNED)
    } else {
        Evaluation::DEFAULT
    };
    let current = contestant("current", &plan, base, Knobs::DEFAULT);
    let challenger = contestant("challenger", &plan, challenger, knobs);
    let summary = oware_match::run(&match_of(&plan, [current, challenger]), &mut |_, _| {});
    let total = summary.total();
    let score = total.points();
    let n = f64::from(total.games());
    let mean = total.score();
    // The standard error of the mean game score.
    let square = (f64::from(total.wins) * (1.0 - mean).powi(2)
        + f64::from(total.draws) * (0.5 - mean).powi(2)
        + f64::from(total.losses) * mean.powi(2))
        / n;
    let deviation = square.sqrt() / n.sqrt();
    let limit = if args.ms > 0 {
        format!("{} ms a move", args.ms)
    } else {
        format!("depth {}", args.depth)
    };
    println!(
        "tune: current vs challenger (knobs {:?}{}): {score} / {} = {:.1}% ± {:.1} at {limit}",
        knobs,
        match (&args.versus, &args.net) {
            (Some(_), _) => ", other weights",
            (None, Some(_)) => ", a network",
            (None, None) => "",
        },
        total.games(),
        100.0 * mean,
        200.0 * deviation,
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    /// `cargo lab tune`'s flags alone.
    #[derive(Parser)]
    struct Tune {
        #[command(flatten)]
        args: Args,
    }

    #[test]
    fn the_paused_spsa_run_resumes_from_its_committed_log() {
        // docs/strength.md's command for the paused run, as it is typed at
        // the workspace root: it must find the committed parameters and
        // log, and the log's header must be the one it writes, or the run
        // would be refused rather than continued.
        let command = "tune --spsa lab/spsa/search.params --ms 100 --iterations 1000 --pairs 4 --jobs 2 --seed 1";
        let tune = Tune::try_parse_from(command.split(' ')).unwrap();
        let (spec, log, run) = tune.args.spsa_run().unwrap();
        assert_eq!(log, Path::new("lab/spsa/search.log"));
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let parameters = spsa::read_parameters(&root.join(spec), false).unwrap();
        let (_, state) = spsa::Log::open(&root.join(&log), &parameters, &run).unwrap();
        assert!(state.done > 0 && state.done < run.iterations, "{state:?}");
        let other = spsa::Run { seed: 2, ..run };
        assert!(spsa::Log::open(&root.join(&log), &parameters, &other).is_err());
    }
}
