//! `cargo lab tune --spsa FILE`: the search's parameters tuned by
//! simultaneous perturbation stochastic approximation, as fishtest and
//! OpenBench tune chess engines.
//!
//! Each iteration k (from 0) moves every parameter of θ by ±c_k, the signs
//! drawn at random, plays a batch of game pairs (each opening with both
//! colours) between θ + c_k·s and θ − c_k·s, and moves θ by
//! a_k / c_k × (wins − losses of the first) × s, within the parameter's
//! bounds. The gains fall as in Spall's paper and OpenBench:
//! c_k = c / (k + 1)^0.101 and a_k = a / (A + k + 1)^0.602, with A a
//! tenth of the iterations, and c and a chosen so that at the last
//! iteration c_k is the file's `c_end` and a_k / c_k² its `r_end`.
//!
//! The values reach the engines rounded to whole numbers: as the search's
//! `Knobs` of in-process engines (`selfplay::contestant`), or, with
//! `--engine SPEC` (an `oware match --engine` description of a program),
//! as engine options (`option.NAME=VALUE`, sent by `setoption`) of two
//! processes of that program. Everything is
//! seeded by `--seed` and the iteration's number, so a run stopped and
//! started again with the same log continues exactly as if it had not
//! stopped: the log is rewritten whole (to a file beside it, then renamed)
//! after each iteration, a line `k θ… score` each, under a header that
//! states the run, and a run whose header differs is refused.

mod spec;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use oware_core::Rules;
use oware_match::{EngineKind, EngineSpec, Match, random_openings};
use oware_search::eval::Evaluation;
use oware_search::experiment::Knobs;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub(crate) use self::spec::Parameter;
use crate::selfplay::{Plan, contestant, match_of};

/// How long a program has to answer `uci` and `isready` (as `oware match`'s default).
const HANDSHAKE: std::time::Duration = std::time::Duration::from_secs(30);

/// Spall's exponent of the step a_k.
const ALPHA: f64 = 0.602;
/// Spall's exponent of the perturbation c_k.
const GAMMA: f64 = 0.101;

/// How a run plays, as its log's header states it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Run {
    /// Iterations planned (the gains reach `c_end` and `r_end` at the last).
    pub(crate) iterations: u32,
    /// Game pairs a batch (each opening played with both colours).
    pub(crate) pairs: usize,
    /// Search depth of every move (when `ms` is 0).
    pub(crate) depth: u32,
    /// Milliseconds a move instead of a depth (0: use the depth).
    pub(crate) ms: u64,
    /// Seed of the signs, the openings and the engines' noise.
    pub(crate) seed: u64,
    /// The rules the games are played under.
    pub(crate) rules: Rules,
    /// A program to tune by its engine options (an `oware match --engine`
    /// description), instead of the search's knobs in-process.
    pub(crate) engine: Option<String>,
}

/// The gains of one parameter over a run of `iterations`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Gains {
    /// The perturbation's scale c.
    c: f64,
    /// The step's scale a.
    a: f64,
    /// The step's stability constant A.
    stability: f64,
}

impl Gains {
    /// The gains for which c_k = `c_end` and a_k / c_k² = `r_end` at the
    /// last of `iterations` (OpenBench's way of stating them).
    pub(crate) fn new(parameter: &Parameter, iterations: u32) -> Gains {
        let n = f64::from(iterations.max(1));
        let stability = 0.1 * n;
        let a_end = parameter.r_end * parameter.c_end * parameter.c_end;
        Gains {
            c: parameter.c_end * n.powf(GAMMA),
            a: a_end * (stability + n).powf(ALPHA),
            stability,
        }
    }

    /// c_k: how far iteration `k` perturbs the parameter.
    pub(crate) fn perturbation(&self, k: u32) -> f64 {
        self.c / (f64::from(k) + 1.0).powf(GAMMA)
    }

    /// a_k: the step of iteration `k`.
    pub(crate) fn step(&self, k: u32) -> f64 {
        self.a / (self.stability + f64::from(k) + 1.0).powf(ALPHA)
    }
}

/// Plays iteration `k`'s batch between the engines at θ + c_k·s and
/// θ − c_k·s (its arguments in that order) and returns the first's wins −
/// losses.
pub(crate) type Batch<'a> = dyn FnMut(u32, &[f64], &[f64]) -> anyhow::Result<i32> + 'a;

/// Where a run stands: the iterations done and θ after them.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct State {
    /// Iterations done: the next one's k.
    pub(crate) done: u32,
    /// The parameters' values, in the file's order.
    pub(crate) theta: Vec<f64>,
}

/// The signs of iteration `k`'s perturbation, ±1 for each of `count`
/// parameters: a function of the seed and `k` only, so a resumed run
/// draws what a straight one would.
fn signs(seed: u64, k: u32, count: usize) -> Vec<f64> {
    let mut rng = ChaCha8Rng::seed_from_u64(iteration_seed(seed, k) ^ 0x5195_a5a5);
    (0..count)
        .map(|_| if rng.random::<bool>() { 1.0 } else { -1.0 })
        .collect()
}

/// The seed of iteration `k`'s games.
fn iteration_seed(seed: u64, k: u32) -> u64 {
    seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(u64::from(k))
}

/// One iteration: perturbs θ, asks `play` for the first engine's wins −
/// losses over a batch between θ + c_k·s and θ − c_k·s, and moves θ.
/// Returns the batch's score.
pub(crate) fn iterate(
    parameters: &[Parameter],
    run: &Run,
    state: &mut State,
    play: &mut Batch,
) -> anyhow::Result<i32> {
    let k = state.done;
    let signs = signs(run.seed, k, parameters.len());
    let gains: Vec<Gains> = parameters
        .iter()
        .map(|p| Gains::new(p, run.iterations))
        .collect();
    let shifted = |direction: f64| -> Vec<f64> {
        parameters
            .iter()
            .zip(&state.theta)
            .zip(gains.iter().zip(&signs))
            .map(|((p, &t), (g, s))| p.clamp(t + direction * g.perturbation(k) * s))
            .collect()
    };
    let score = play(k, &shifted(1.0), &shifted(-1.0))?;
    for ((theta, p), (g, s)) in state
        .theta
        .iter_mut()
        .zip(parameters)
        .zip(gains.iter().zip(&signs))
    {
        *theta = p.clamp(*theta + g.step(k) / g.perturbation(k) * f64::from(score) * s);
    }
    state.done += 1;
    Ok(score)
}

/// A run's log: its header (the run and the parameters), then a line per
/// iteration done.
pub(crate) struct Log {
    path: PathBuf,
    text: String,
}

impl Log {
    /// The header a run of `run` over `parameters` writes.
    fn header(parameters: &[Parameter], run: &Run) -> String {
        let mut text = format!(
            "# cargo lab tune --spsa: {} iterations, {} pairs a batch, depth {}, {} ms a move, seed {}, rules {}, {}\n",
            run.iterations,
            run.pairs,
            run.depth,
            run.ms,
            run.seed,
            run.rules.name().unwrap_or("custom"),
            match &run.engine {
                Some(spec) => format!("engine `{spec}`"),
                None => "in-process knobs".to_owned(),
            }
        );
        for p in parameters {
            writeln!(text, "# parameter {p}").expect("a String takes text");
        }
        let names: Vec<&str> = parameters.iter().map(|p| p.name.as_str()).collect();
        writeln!(text, "# k {} score", names.join(" ")).expect("a String takes text");
        text
    }

    /// The log at `path` and the state it ends in: a new one at the start
    /// when there is no file, else the file's, which must have been
    /// written by the same run.
    pub(crate) fn open(
        path: &Path,
        parameters: &[Parameter],
        run: &Run,
    ) -> anyhow::Result<(Log, State)> {
        let header = Log::header(parameters, run);
        let mut state = State {
            done: 0,
            theta: parameters.iter().map(|p| p.start).collect(),
        };
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => header.clone(),
            Err(error) => return Err(error).with_context(|| format!("reading {}", path.display())),
        };
        let Some(rest) = text.strip_prefix(&header) else {
            bail!(
                "{}: the log's header is not this run's (other parameters, bounds or flags); \
                 its run is continued with the flags and file it states, or a new run is given another --log",
                path.display()
            );
        };
        let first = header.lines().count();
        for (index, line) in rest.lines().enumerate() {
            let at = || format!("{}: line {}", path.display(), first + index + 1);
            let fields: Vec<&str> = line.split_whitespace().collect();
            if fields.len() != parameters.len() + 2 {
                bail!(
                    "{}: {} fields where k, {} values and the score are expected",
                    at(),
                    fields.len(),
                    parameters.len()
                );
            }
            if fields[0] != state.done.to_string() {
                bail!(
                    "{}: iteration `{}` where {} is expected",
                    at(),
                    fields[0],
                    state.done
                );
            }
            for (theta, text) in state.theta.iter_mut().zip(&fields[1..]) {
                *theta = text
                    .parse()
                    .ok()
                    .filter(|t: &f64| t.is_finite())
                    .with_context(|| format!("{}: `{text}` is not a value", at()))?;
            }
            state.done += 1;
        }
        Ok((
            Log {
                path: path.to_owned(),
                text,
            },
            state,
        ))
    }

    /// Adds the line of the iteration that left `state` with `score`, and
    /// writes the whole log to a file beside it that then replaces it, so
    /// a run killed at any moment leaves the old log or the new one.
    pub(crate) fn append(&mut self, state: &State, score: i32) -> anyhow::Result<()> {
        let values: Vec<String> = state.theta.iter().map(f64::to_string).collect();
        writeln!(self.text, "{} {} {score}", state.done - 1, values.join(" "))
            .expect("a String takes text");
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let partial = self.path.with_extension("log.partial");
        std::fs::write(&partial, &self.text)
            .with_context(|| format!("writing {}", partial.display()))?;
        std::fs::rename(&partial, &self.path)
            .with_context(|| format!("replacing {}", self.path.display()))
    }
}

/// Runs iterations until `run.iterations` are done or `stop_after` more
/// have been (whichever first), logging each; returns the final state.
pub(crate) fn drive(
    parameters: &[Parameter],
    run: &Run,
    log_path: &Path,
    stop_after: Option<u32>,
    play: &mut Batch,
) -> anyhow::Result<State> {
    let (mut log, mut state) = Log::open(log_path, parameters, run)?;
    let until = match stop_after {
        Some(more) => run.iterations.min(state.done.saturating_add(more)),
        None => run.iterations,
    };
    while state.done < until {
        let score = iterate(parameters, run, &mut state, play)?;
        log.append(&state, score)?;
    }
    Ok(state)
}

/// The search's settings at the values `theta` (rounded to whole numbers).
fn knobs(parameters: &[Parameter], theta: &[f64]) -> anyhow::Result<Knobs> {
    let mut knobs = Knobs::DEFAULT;
    for (p, t) in parameters.iter().zip(theta) {
        knobs
            .set(&p.name, t.round() as i64)
            .map_err(|error| anyhow::anyhow!("`{}`: {error}", p.name))?;
    }
    Ok(knobs)
}

/// Whether the search has a knob of this name that takes every whole
/// number within the parameter's bounds.
fn known(parameter: &Parameter) -> Result<(), String> {
    let mut knobs = Knobs::DEFAULT;
    for bound in [parameter.min, parameter.max] {
        knobs.set(&parameter.name, bound.round() as i64)?;
    }
    Ok(())
}

/// Reads a parameter file, naming it and the line in an error. The names
/// must be knobs of the search unless they are a program's options
/// (`options`), which only the program knows.
pub(crate) fn read_parameters(path: &Path, options: bool) -> anyhow::Result<Vec<Parameter>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let any = |_: &Parameter| Ok(());
    let check: &dyn Fn(&Parameter) -> Result<(), String> = if options { &any } else { &known };
    spec::parse(&text, check).with_context(|| path.display().to_string())
}

/// The program of `spec` (an `oware match --engine` description) named
/// `name`, with the values `theta` (rounded) as its options after those
/// the description gives.
fn engine_spec(
    spec: &str,
    name: &str,
    parameters: &[Parameter],
    theta: &[f64],
) -> anyhow::Result<EngineSpec> {
    let mut engine: EngineSpec = spec.parse().with_context(|| format!("--engine `{spec}`"))?;
    if !matches!(engine.kind, EngineKind::Process(_)) {
        bail!("--engine `{spec}`: SPSA tunes a program's options, so the engine is a `cmd=` one");
    }
    engine.name = Some(name.to_owned());
    for (p, t) in parameters.iter().zip(theta) {
        engine
            .options
            .push((p.name.clone(), (t.round() as i64).to_string()));
    }
    Ok(engine)
}

/// Plays iteration `k`'s batch between the engines at `plus` and `minus`
/// by the match runner, and returns the first's wins − losses.
fn play_batch(
    parameters: &[Parameter],
    run: &Run,
    jobs: usize,
    k: u32,
    plus: &[f64],
    minus: &[f64],
) -> anyhow::Result<i32> {
    let plan = Plan {
        games: 2 * run.pairs,
        depth: run.depth,
        ms: run.ms,
        seed: iteration_seed(run.seed, k),
        jobs,
    };
    let sides = match &run.engine {
        None => [
            contestant("plus", &plan, Evaluation::DEFAULT, knobs(parameters, plus)?),
            contestant(
                "minus",
                &plan,
                Evaluation::DEFAULT,
                knobs(parameters, minus)?,
            ),
        ],
        Some(spec) => {
            // The budget selfplay's contestants play under: --ms, else --depth.
            let budget = contestant("budget", &plan, Evaluation::DEFAULT, Knobs::DEFAULT).budget;
            let side = |name, theta| -> anyhow::Result<_> {
                Ok(engine_spec(spec, name, parameters, theta)?
                    .contestant(budget, run.rules, plan.seed, HANDSHAKE))
            };
            let sides = [side("plus", plus)?, side("minus", minus)?];
            // A refused value (a misspelt knob, a bound out of its range)
            // would forfeit every game, and forfeits would steer the run.
            // Checked at each iteration: θ differs at each.
            for side in &sides {
                side.check_start().map_err(anyhow::Error::msg)?;
            }
            sides
        }
    };
    let played = Match {
        openings: random_openings(run.rules, run.pairs.max(1), 2..=8, plan.seed),
        ..match_of(&plan, sides)
    };
    let total = oware_match::run(&played, &mut |_, _| {}).total();
    Ok(total.wins as i32 - total.losses as i32)
}

/// `cargo lab tune --spsa FILE`: runs (or continues) the tuning whose
/// log is `log`, printing each iteration.
pub(crate) fn run(
    spec: &Path,
    log: &Path,
    run: &Run,
    jobs: usize,
    stop_after: Option<u32>,
) -> anyhow::Result<()> {
    if run.iterations == 0 || run.pairs == 0 {
        bail!(
            "--iterations {} and --pairs {}: an SPSA run needs at least one of each",
            run.iterations,
            run.pairs
        );
    }
    let parameters = read_parameters(spec, run.engine.is_some())?;
    let names: Vec<&str> = parameters.iter().map(|p| p.name.as_str()).collect();
    let mut play = |k: u32, plus: &[f64], minus: &[f64]| -> anyhow::Result<i32> {
        let score = play_batch(&parameters, run, jobs, k, plus, minus)?;
        println!(
            "spsa: iteration {k}: {} against {}: {score:+}",
            show(&names, plus),
            show(&names, minus)
        );
        Ok(score)
    };
    let state = drive(&parameters, run, log, stop_after, &mut play)?;
    println!(
        "spsa: {} of {} iterations done, θ = {} (log {})",
        state.done,
        run.iterations,
        show(&names, &state.theta),
        log.display()
    );
    Ok(())
}

/// `name=value` pairs of θ, to two decimals.
fn show(names: &[&str], theta: &[f64]) -> String {
    let pairs: Vec<String> = names
        .iter()
        .zip(theta)
        .map(|(n, t)| format!("{n}={t:.2}"))
        .collect();
    pairs.join(",")
}

#[cfg(test)]
mod tests;
