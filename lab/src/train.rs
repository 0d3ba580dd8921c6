//! `cargo lab train`: trains the evaluation network (`oware_search::eval::net`)
//! on self-play positions, reproducibly from `--seed`.
//!
//! 1. Data: self-play games (`selfplay.rs`, the linear evaluation, or the
//!    network of `--player FILE`, at `--depth` with level 9's noise, from seeded random openings); every
//!    position after the opening is labelled with the game's result for the
//!    side to move and with a deeper search's score (`--label-depth`, a
//!    one-thread search with the game's history, so repetition counts).
//!    The games of `--matches` files (`oware match --save`) are labelled
//!    too. With `--egdb DIR`, the label searches probe the endgame
//!    database there that is true of the game's rules
//!    (`oware_egdb::Ruleset::fitting`), and a position it decides is labelled with its exact
//!    result instead of the game's result and the search's score, wherever
//!    the game's history cannot change it (`oware_search::probe_game`, the
//!    rule play follows).
//!    The samples are written to `--data` (under target/ by default), and
//!    `--reuse` trains on that file again instead of playing. All of this
//!    step is `train/label.rs`.
//! 2. Repeats: a position met more than once is trained on once, with the
//!    mean of its labels (`deduplicate`).
//! 3. Scale: σ(k · linear evaluation) is fitted to the results (one
//!    parameter); k turns values in seeds into win probabilities for the
//!    search labels and the loss. The target is λ · result + (1 − λ) ·
//!    σ(k · search score).
//! 4. Training: the network in f32 (clipped ReLU in [0, 1], output in seeds
//!    added to the store difference), Adam on the log loss of σ(k · value)
//!    against the target, minibatches in a seeded order, one thread. One
//!    game in five is held out for validation.
//! 5. The weights are quantized to the engine's integers and written to
//!    `--out`; the validation losses of the linear evaluation, the float
//!    network and the quantized one are printed on the same positions.

mod label;

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context;
use oware_core::Position;
use oware_search::eval::net::{
    ACTIVE, HIDDEN, INPUTS, Network, ONE, OUTPUT_SCALE, SHIFT, active_inputs,
};
use oware_search::eval::{Evaluation, Weights};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

pub(crate) use self::label::{Sample, ToLabel, label};
use self::label::{open_endgames, read_matches, read_samples, write_samples};
use crate::selfplay::{self, Plan, log_loss, sigmoid};

/// The flags of `cargo lab train`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Self-play games.
    #[arg(long, default_value_t = 2000)]
    games: usize,
    /// Search depth of every self-play move.
    #[arg(long, default_value_t = 6)]
    depth: u32,
    /// Search depth of the label of every position.
    #[arg(long, default_value_t = 10)]
    label_depth: u32,
    /// Weight of the game result in the target (the rest is the search's score).
    #[arg(long, default_value_t = 0.5)]
    lambda: f64,
    /// Seed of the openings, the noise, the initial weights and the order of training.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads playing and labelling games.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 30)]
    epochs: usize,
    /// Adam's step size at the start (it decays to 0 along a cosine).
    #[arg(long, default_value_t = 0.002)]
    rate: f64,
    /// Where the labelled positions are written (or read with --reuse).
    #[arg(long, default_value = "target/train/samples.bin")]
    data: PathBuf,
    /// Train on the positions already in --data instead of playing games.
    #[arg(long, conflicts_with_all = ["matches", "egdb"])]
    reuse: bool,
    /// A file of games saved by `oware match --save` whose positions are labelled and trained on too (repeatable).
    #[arg(long, value_name = "FILE")]
    matches: Vec<PathBuf>,
    /// An endgame database directory (`oware egdb build`; abapa's serves abapa and Aualé games, awari's
    /// awari-split ones), to as many seeds as it holds: the positions it decides are labelled with their
    /// exact result (not the game's) where the game's history cannot change it, and the searches probe it.
    #[arg(long, value_name = "DIR", alias = "endgames")]
    egdb: Option<PathBuf>,
    /// A network file to play the games and label them with (default: the linear evaluation).
    #[arg(long)]
    player: Option<PathBuf>,
    /// Another network file whose held-out loss is printed beside the new one's (e.g. the checked-in one).
    #[arg(long)]
    compare: Option<PathBuf>,
    /// Where the network file is written (oware-search/src/eval/net.bin to check it in).
    #[arg(long, default_value = "target/train/net.bin")]
    out: PathBuf,
}

/// How training runs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settings {
    pub(crate) lambda: f64,
    pub(crate) seed: u64,
    pub(crate) epochs: usize,
    pub(crate) rate: f64,
    /// Per seed of value: σ(scale · value in seeds) is a win probability.
    pub(crate) scale: f64,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    let started = Instant::now();
    let samples = if args.reuse {
        read_samples(&args.data)?
    } else {
        let plan = Plan {
            games: args.games,
            depth: args.depth,
            ms: 0,
            seed: args.seed,
            jobs: args.jobs,
        };
        // Named, not the default: the same flags must give the same games
        // whichever evaluation the engine plays with.
        let player = match &args.player {
            Some(path) => Evaluation::Net(read_network(path)?),
            None => Evaluation::Linear(Weights::TUNED),
        };
        // Read before the games are played, so that a wrong path fails at once.
        let endgames = match &args.egdb {
            Some(dir) => open_endgames(dir)?,
            None => Vec::new(),
        };
        let mut matches = Vec::new();
        for path in &args.matches {
            let games = read_matches(path)?;
            println!("train: {} games from {}", games.len(), path.display());
            matches.extend(games);
        }
        let mut games: Vec<ToLabel> = selfplay::play(&plan, player)
            .iter()
            .map(ToLabel::from)
            .collect();
        let played = games.len();
        // Numbered after the self-play games, so that one in five of them is held out too.
        games.extend(matches.into_iter().enumerate().map(|(i, game)| ToLabel {
            number: (played + i) as u32,
            ..game
        }));
        let labelled = label(&games, player, &endgames, args.label_depth, args.jobs);
        let samples = labelled.samples;
        write_samples(&args.data, &samples)?;
        println!(
            "train: {played} games at depth {} and {} from matches, {} positions labelled at depth {}{} in {:.0} s, written to {}",
            args.depth,
            games.len() - played,
            samples.len(),
            args.label_depth,
            match &args.egdb {
                Some(dir) => format!(
                    ", {} of them exactly by the endgame databases in {}",
                    labelled.exact,
                    dir.display()
                ),
                None => String::new(),
            },
            started.elapsed().as_secs_f64(),
            args.data.display()
        );
        samples
    };
    let before = samples.len();
    let samples = deduplicate(&samples);
    println!(
        "train: {} distinct positions of {before} ({} repeats folded into their first)",
        samples.len(),
        before - samples.len()
    );
    let (train, held): (Vec<Sample>, Vec<Sample>) = samples.iter().partition(|s| s.game % 5 != 0);
    let linear =
        |s: &Sample| f64::from(Evaluation::Linear(Weights::TUNED).evaluate(s.position)) / 32.0;
    let scale = selfplay::fit_scale(train.iter().map(|s| (linear(s), f64::from(s.result))));
    let settings = Settings {
        lambda: args.lambda,
        seed: args.seed,
        epochs: args.epochs,
        rate: args.rate,
        scale,
    };
    println!(
        "train: {} positions to train on, {} held out; scale {scale:.4} per seed (fitted to the linear evaluation)",
        train.len(),
        held.len()
    );
    let training = Instant::now();
    let float = train_float(&train, &held, &settings, true);
    let network = float.quantize()?;
    println!(
        "train: {} epochs in {:.0} s",
        args.epochs,
        training.elapsed().as_secs_f64()
    );
    let losses = |name: &str, value: &dyn Fn(&Sample) -> f64| {
        let (blend, result) = held_losses(&held, &settings, value);
        println!(
            "train: {name:>16}: held-out log loss {blend:.5} on the target, {result:.5} on results"
        );
    };
    losses("store difference", &|s| {
        f64::from(oware_search::eval::net::store_difference(s.position)) / 32.0
    });
    losses("linear", &linear);
    losses("network (f32)", &|s| float.value(s));
    losses("network", &|s| {
        f64::from(network.evaluate(s.position)) / 32.0
    });
    if let Some(path) = &args.compare {
        let other = read_network(path)?;
        losses("compared network", &|s| {
            f64::from(other.evaluate(s.position)) / 32.0
        });
    }
    if let Some(dir) = args.out.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(&args.out, network.to_bytes())
        .with_context(|| format!("writing {}", args.out.display()))?;
    println!("train: network written to {}", args.out.display());
    Ok(())
}

/// Reads a network file, kept for the rest of the run (the engine takes a
/// `&'static` network).
pub(crate) fn read_network(path: &Path) -> anyhow::Result<&'static Network> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let network = Network::from_bytes(&bytes).with_context(|| path.display().to_string())?;
    Ok(Box::leak(Box::new(network)))
}

/// One sample per position (board, stores and side to move), in the order
/// of first appearance: a position that many games pass through (the
/// openings, above all) would otherwise weigh as often as it was played.
/// Its labels are the means over its appearances (the expected result,
/// not one game's), and it keeps its first game's number, so that a
/// position is never both trained on and held out.
fn deduplicate(samples: &[Sample]) -> Vec<Sample> {
    use std::collections::HashMap;
    let mut first: HashMap<Position, usize> = HashMap::with_capacity(samples.len());
    let mut merged: Vec<(Sample, u32)> = Vec::new();
    for s in samples {
        match first.entry(s.position) {
            std::collections::hash_map::Entry::Occupied(at) => {
                let (sum, count) = &mut merged[*at.get()];
                sum.result += s.result;
                sum.score += s.score;
                *count += 1;
            }
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(merged.len());
                merged.push((*s, 1));
            }
        }
    }
    merged
        .into_iter()
        .map(|(sum, count)| Sample {
            result: sum.result / count as f32,
            score: sum.score / count as f32,
            ..sum
        })
        .collect()
}

/// The held-out mean log loss of σ(scale · value) against the blended
/// target and against the results alone.
fn held_losses(held: &[Sample], settings: &Settings, value: &dyn Fn(&Sample) -> f64) -> (f64, f64) {
    let (mut blend, mut result) = (0.0, 0.0);
    for s in held {
        let p = sigmoid(settings.scale * value(s));
        blend += log_loss(p, target(s, settings));
        result += log_loss(p, f64::from(s.result));
    }
    let n = held.len().max(1) as f64;
    (blend / n, result / n)
}

/// The training target of a sample.
fn target(s: &Sample, settings: &Settings) -> f64 {
    let search = sigmoid(settings.scale * f64::from(s.score));
    settings.lambda * f64::from(s.result) + (1.0 - settings.lambda) * search
}

/// Offsets in the flat parameter list: the rows, the biases, the output
/// weights, the output bias.
const BIAS: usize = INPUTS * HIDDEN;
const OUTPUT: usize = BIAS + HIDDEN;
const OUTPUT_BIAS: usize = OUTPUT + HIDDEN;
const PARAMETERS: usize = OUTPUT_BIAS + 1;
/// Bounds on the float weights that keep the quantized ones in i16 and
/// every hidden sum within [`Network::check`]'s limit.
const FIRST_LIMIT: f32 = 2.0;
const OUTPUT_LIMIT: f32 = 15.0;

/// The network in f32: first-layer weights in units of the activation,
/// output weights in seeds.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FloatNet {
    pub(crate) p: Vec<f32>,
}

impl FloatNet {
    /// Small seeded weights; biases of ½ so every unit starts inside its clip.
    fn new(seed: u64) -> FloatNet {
        use rand::RngExt;
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x6e6e_7565);
        let mut p = vec![0.0f32; PARAMETERS];
        for w in &mut p[..BIAS] {
            *w = rng.random_range(-0.1..0.1);
        }
        p[BIAS..OUTPUT].fill(0.5);
        for w in &mut p[OUTPUT..OUTPUT_BIAS] {
            *w = rng.random_range(-0.1..0.1);
        }
        FloatNet { p }
    }

    /// The hidden sums (before clipping) and the output in seeds.
    fn forward(&self, active: &[u16; ACTIVE]) -> ([f32; HIDDEN], f32) {
        let mut hidden = [0.0f32; HIDDEN];
        hidden.copy_from_slice(&self.p[BIAS..OUTPUT]);
        for &input in active {
            let row = &self.p[usize::from(input) * HIDDEN..][..HIDDEN];
            for (h, w) in hidden.iter_mut().zip(row) {
                *h += w;
            }
        }
        let mut out = self.p[OUTPUT_BIAS];
        for (h, w) in hidden.iter().zip(&self.p[OUTPUT..OUTPUT_BIAS]) {
            out += h.clamp(0.0, 1.0) * w;
        }
        (hidden, out)
    }

    /// The value of a sample's position in seeds: store difference plus output.
    pub(crate) fn value(&self, s: &Sample) -> f64 {
        let stores = f64::from(oware_search::eval::net::store_difference(s.position)) / 32.0;
        stores + f64::from(self.forward(&active_inputs(s.position)).1)
    }

    /// The engine's integer network of these weights.
    pub(crate) fn quantize(&self) -> anyhow::Result<Network> {
        let q = |w: f32, scale: f32| (w * scale).round().clamp(-32767.0, 32767.0) as i16;
        let mut network = Network {
            rows: [[0; HIDDEN]; INPUTS],
            bias: [0; HIDDEN],
            output: [0; HIDDEN],
            output_bias: 0,
        };
        let one = ONE as f32;
        for (input, row) in network.rows.iter_mut().enumerate() {
            for (j, w) in row.iter_mut().enumerate() {
                *w = q(self.p[input * HIDDEN + j], one);
            }
        }
        for j in 0..HIDDEN {
            network.bias[j] = q(self.p[BIAS + j], one);
            // Seeds to value units (32), times the output scale.
            network.output[j] = q(self.p[OUTPUT + j], 32.0 * OUTPUT_SCALE as f32);
        }
        network.output_bias =
            (f64::from(self.p[OUTPUT_BIAS]) * 32.0 * f64::from(1u32 << SHIFT)).round() as i32;
        network.check()?;
        Ok(network)
    }
}

/// Trains a network on `train` from seeded weights, printing the held-out
/// loss after each epoch when `verbose`. Deterministic: one thread, the
/// order of each epoch drawn from the seed.
pub(crate) fn train_float(
    train: &[Sample],
    held: &[Sample],
    settings: &Settings,
    verbose: bool,
) -> FloatNet {
    const BATCH: usize = 256;
    let (beta1, beta2, epsilon) = (0.9f32, 0.999f32, 1e-8f32);
    let mut net = FloatNet::new(settings.seed);
    let inputs: Vec<([u16; ACTIVE], f32, f32)> = train
        .iter()
        .map(|s| {
            let stores = oware_search::eval::net::store_difference(s.position) as f32 / 32.0;
            (
                active_inputs(s.position),
                stores,
                target(s, settings) as f32,
            )
        })
        .collect();
    let mut order: Vec<usize> = (0..inputs.len()).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(settings.seed ^ 0x0bad_5eed);
    let (mut m, mut v) = (vec![0.0f32; PARAMETERS], vec![0.0f32; PARAMETERS]);
    let mut gradient = vec![0.0f32; PARAMETERS];
    let scale = settings.scale as f32;
    let mut step = 0i32;
    for epoch in 0..settings.epochs {
        order.shuffle(&mut rng);
        let progress = epoch as f64 / settings.epochs as f64;
        let rate = (settings.rate * 0.5 * (1.0 + (std::f64::consts::PI * progress).cos())) as f32;
        for batch in order.chunks(BATCH) {
            gradient.fill(0.0);
            for &i in batch {
                let (active, stores, t) = &inputs[i];
                let (hidden, out) = net.forward(active);
                let p = 1.0 / (1.0 + (-scale * (stores + out)).exp());
                // d(log loss)/d(output) for a sigmoid of scale × value.
                let g = scale * (p - t) / batch.len() as f32;
                gradient[OUTPUT_BIAS] += g;
                for (j, &h) in hidden.iter().enumerate() {
                    gradient[OUTPUT + j] += g * h.clamp(0.0, 1.0);
                    if h > 0.0 && h < 1.0 {
                        let dh = g * net.p[OUTPUT + j];
                        gradient[BIAS + j] += dh;
                        for &input in active {
                            gradient[usize::from(input) * HIDDEN + j] += dh;
                        }
                    }
                }
            }
            step += 1;
            let correction1 = 1.0 - beta1.powi(step);
            let correction2 = 1.0 - beta2.powi(step);
            for k in 0..PARAMETERS {
                m[k] = beta1 * m[k] + (1.0 - beta1) * gradient[k];
                v[k] = beta2 * v[k] + (1.0 - beta2) * gradient[k] * gradient[k];
                let update = rate * (m[k] / correction1) / ((v[k] / correction2).sqrt() + epsilon);
                let limit = if k < OUTPUT {
                    FIRST_LIMIT
                } else {
                    OUTPUT_LIMIT
                };
                net.p[k] = (net.p[k] - update).clamp(-limit, limit);
            }
        }
        if verbose {
            let (blend, result) = held_losses(held, settings, &|s| net.value(s));
            println!(
                "train: epoch {:>3}: held-out log loss {blend:.5} on the target, {result:.5} on results",
                epoch + 1
            );
        }
    }
    net
}

#[cfg(test)]
mod tests {
    use super::label::tests::tiny_samples;
    use super::*;

    fn settings(seed: u64) -> Settings {
        Settings {
            lambda: 0.5,
            seed,
            epochs: 3,
            rate: 0.01,
            scale: 0.3,
        }
    }

    #[test]
    fn training_is_reproducible_from_its_seed() {
        let samples = tiny_samples();
        assert!(samples.len() > 50, "{} samples", samples.len());
        assert_eq!(samples, tiny_samples());
        let first = train_float(&samples, &[], &settings(1), false);
        let again = train_float(&samples, &[], &settings(1), false);
        let other = train_float(&samples, &[], &settings(2), false);
        assert_eq!(first, again);
        assert_ne!(first, other);
        assert_eq!(
            first.quantize().unwrap().to_bytes(),
            again.quantize().unwrap().to_bytes()
        );
    }

    #[test]
    fn repeated_positions_are_trained_on_once_with_their_mean_labels() {
        let samples = tiny_samples();
        let s = samples[0];
        // The first position three times more, from later games, with other labels.
        let mut repeated = samples.clone();
        for (result, score, game) in [(0.0, -3.0, 7), (1.0, 5.0, 8), (0.5, 1.0, 9)] {
            repeated.push(Sample {
                result,
                score,
                game,
                ..s
            });
        }
        let once = deduplicate(&repeated);
        let distinct: std::collections::HashSet<Position> =
            samples.iter().map(|s| s.position).collect();
        assert_eq!(once.len(), distinct.len());
        let merged = once.iter().find(|m| m.position == s.position).unwrap();
        // The mean of a label over the first position's appearances: those
        // in `samples` and the three added, whose labels sum to `added`.
        let mean = |label: fn(&Sample) -> f32, added: f32| {
            let same = samples.iter().filter(|m| m.position == s.position);
            (same.clone().map(label).sum::<f32>() + added) / (same.count() as f32 + 3.0)
        };
        assert!((merged.result - mean(|m| m.result, 1.5)).abs() < 1e-6);
        assert!((merged.score - mean(|m| m.score, 3.0)).abs() < 1e-4);
        assert_eq!(
            merged.game, s.game,
            "the first game's number, not a later one's"
        );
        assert_eq!(
            once[0].position, s.position,
            "in the order of first appearance"
        );
        assert_eq!(deduplicate(&once), once, "nothing left to fold");
    }

    #[test]
    fn the_quantized_network_follows_the_float_one() {
        let samples = tiny_samples();
        let float = train_float(&samples, &[], &settings(3), false);
        let network = float.quantize().unwrap();
        // Rounding each first-layer weight moves a hidden sum by at most
        // 15 × ½ / ONE; each output weight by ½ / (32 × OUTPUT_SCALE) seeds.
        let hidden_error = 15.0 * 0.5 / ONE as f64;
        let bound: f64 = (0..HIDDEN)
            .map(|j| f64::from(float.p[OUTPUT + j]).abs() * hidden_error + 0.5 / 2048.0)
            .sum::<f64>()
            + 2.0 / 32.0; // the output bias and the final shift
        for s in &samples {
            let exact = float.value(s);
            let integer = f64::from(network.evaluate(s.position)) / 32.0;
            assert!(
                (exact - integer).abs() <= bound,
                "{:?}: f32 {exact}, integer {integer}, bound {bound}",
                s.position
            );
        }
    }
}
