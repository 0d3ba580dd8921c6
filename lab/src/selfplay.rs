//! Self-play for fitting and training the evaluation, shared by `tune` and
//! `train`: games from seeded random openings, each move a search at a
//! fixed depth (or time) with level 9's noise so that games vary, played by
//! the match runner of `oware-match`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use oware_core::{Rules, Seat};
use oware_match::{
    Budget, Contestant, GameRecord, Match, Player, SearchPlayer, Settings, random_openings,
};
use oware_player::Level;
use oware_search::eval::Evaluation;
use oware_search::experiment::Knobs;
use oware_search::{Engine, EngineOptions, SearchConfig};

/// How self-play games are played.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    /// Games in all.
    pub(crate) games: usize,
    /// Search depth of every move (when `ms` is 0).
    pub(crate) depth: u32,
    /// Milliseconds a move instead of a depth (0: use the depth).
    pub(crate) ms: u64,
    /// Seed of the openings and the noise.
    pub(crate) seed: u64,
    /// Threads playing games at once.
    pub(crate) jobs: usize,
}

/// Plays `plan.games` games with `evaluation` on both sides; returns their
/// records in the order of the openings, whatever order they ended in (so
/// that a seed gives the same list on any number of threads).
pub(crate) fn play(plan: &Plan, evaluation: Evaluation) -> Vec<GameRecord> {
    let side = || contestant("self", plan, evaluation, Knobs::DEFAULT);
    let mut games = Vec::new();
    let progress = Progress::new("self-play: games played", plan.games);
    oware_match::run(&match_of(plan, [side(), side()]), &mut |record, _| {
        games.push(record.clone());
        progress.step();
    });
    games.sort_by_key(|record| record.index);
    games
}

/// How far a long step has got: a line at each tenth of `total` (on
/// stdout, among the run's other lines), counted from any thread.
pub(crate) struct Progress {
    what: &'static str,
    total: usize,
    done: AtomicUsize,
    started: Instant,
}

impl Progress {
    pub(crate) fn new(what: &'static str, total: usize) -> Progress {
        Progress {
            what,
            total,
            done: AtomicUsize::new(0),
            started: Instant::now(),
        }
    }

    /// Counts one more done, and says so at each tenth.
    pub(crate) fn step(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if done * 10 / self.total.max(1) > (done - 1) * 10 / self.total.max(1) {
            println!(
                "{} {done} of {} after {:.0} s",
                self.what,
                self.total,
                self.started.elapsed().as_secs_f64()
            );
        }
    }
}

/// One side of a self-play or tuning match: `evaluation` and `knobs` at
/// level 9's noise, searching to `plan.depth`, or `plan.ms` a move.
pub(crate) fn contestant(
    name: &str,
    plan: &Plan,
    evaluation: Evaluation,
    knobs: Knobs,
) -> Contestant {
    let level = Level::new(9).expect("level 9 exists");
    let seed = plan.seed;
    let budget = if plan.ms > 0 {
        Budget {
            movetime: Some(Duration::from_millis(plan.ms)),
            ..Budget::default()
        }
    } else {
        Budget {
            depth: Some(plan.depth),
            ..Budget::default()
        }
    };
    Contestant {
        name: name.to_owned(),
        budget,
        start: Box::new(move || {
            let player = SearchPlayer::with_engine(engine(evaluation, knobs), level, seed);
            Ok(Box::new(player) as Box<dyn Player>)
        }),
    }
}

/// `plan.games` games between the contestants from seeded openings of 2 to
/// 8 random moves, colours alternated, unfinished games adjudicated at 400 plies.
pub(crate) fn match_of(plan: &Plan, contestants: [Contestant; 2]) -> Match {
    Match {
        contestants,
        openings: random_openings(
            Rules::ABAPA,
            plan.games.div_ceil(2).max(1),
            2..=8,
            plan.seed.wrapping_mul(1_000_003),
        ),
        games: plan.games,
        concurrency: plan.jobs.max(1),
        settings: Settings {
            margin: None,
            max_plies: Some(400),
            ..Settings::default()
        },
        sprt: None,
    }
}

/// A one-thread engine with a small table, `evaluation` and `knobs`.
pub(crate) fn engine(evaluation: Evaluation, knobs: Knobs) -> Engine {
    let mut engine = Engine::new(EngineOptions::default().with_hash_mb(4));
    engine.set_evaluation(evaluation);
    engine.set_config(SearchConfig {
        knobs,
        ..SearchConfig::PLAY
    });
    engine
}

/// The result of a game won by `winner` (`None`: drawn) for `mover`: 1
/// for a win, ½ for a draw, 0 for a loss.
pub(crate) fn result_for(winner: Option<Seat>, mover: Seat) -> f64 {
    match winner {
        Some(seat) if seat == mover => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// The logistic function.
pub(crate) fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The factor `k` for which σ(k·x) best fits the results (Newton's method
/// on the log loss), over (x, result) pairs.
pub(crate) fn fit_scale(pairs: impl Iterator<Item = (f64, f64)> + Clone) -> f64 {
    let mut k = 0.0;
    for _ in 0..50 {
        let (mut g, mut h) = (0.0, 1e-9);
        for (x, result) in pairs.clone() {
            let p = sigmoid(k * x);
            g += (p - result) * x;
            h += p * (1.0 - p) * x * x;
        }
        k -= g / h;
    }
    k
}

/// The log loss of a predicted probability `p` against a target `t`.
pub(crate) fn log_loss(p: f64, t: f64) -> f64 {
    let p = p.clamp(1e-12, 1.0 - 1e-12);
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}
