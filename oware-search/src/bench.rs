//! The bench suite: fixed middle-game positions, and the node count of a
//! fixed-depth search over them — a fingerprint of the search's behaviour,
//! recorded in commit messages when it changes — with the speed.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use oware_core::{Game, Rules, Transcript};

use crate::engine::{Engine, EngineOptions};
use crate::eval::Evaluation;
use crate::limits::Limits;
use crate::report::nps;

/// The suite: games from the opening (level-6 self-play with varied
/// seeds), stopped between move 16 and 45 with neither store above 18.
pub const SUITE: [&str; 24] = [
    "AbBaCbEbDaFbEaAbBdAaFaDbBeEdBe",
    "BbCbFaDaFaEaAdCaBfCcBfAdCaBcCdDfBcCdD",
    "AaEfAaBdAeFdAaCaBdCfFaEbAfEdAaBbEeBcDeAdAfAa",
    "CbAdAaDaBbCdFdDaFbAaB",
    "FaDaEcCaBeAdAeFcEdCaFeBfFbDb",
    "CaDbBcBeCdCeEcDdEfFdBaDbCdFaDcEaAfA",
    "CaAdBaCfBbBcBfCdAeA",
    "CbAdAaDaBeAaBbDeCaAdDbBfAaBdDeAcA",
    "AaFaEaBbFeBcAaCaAcBeBbFcEeCbDbAdBbCfDdFf",
    "CaAdAcDaAcEaBcDaC",
    "DcAaDcCeDbBaDeCbDcEcAbBc",
    "FaAdAcEaAcFaCeAaDaEcCdDfEdCeAcF",
    "BaFaAbAeAfAcBfDbAcBfBdFfDaFcBaCcBeBfEe",
    "AbBaDaCbDaFaAcFbAeFbCcDaAbFaBaFcCeDfBbDeAdCcF",
    "BaDaAfAcAfAeAfDbFaCfFe",
    "CcEcBdBbCcEdDcAaDdEaFcAdEbFaD",
    "CcEcBdBbCcEdFdCbBcCdDbFcBdCeFcDbEdAf",
    "BbFbAaDcDaBbDeFbAcDeBfFcAdDbAfAeBcAaDdBbFaE",
    "BaFfEaFcAdBfBbFdBaAb",
    "CbAaCbBaFbCaEaDfCbEcCbAcEfA",
    "FfDaEfBcBfAbAcBaDbCbBfAcDfAaCbDcBd",
    "AaDaEaCeAaFdEaAcAeDdAeCaDbEeCbDfEbDeEaCdD",
    "AaDaBeBcAeBdBfFcAd",
    "AbFeBaEaCbEaDdCeEbDeFfFcB",
];

/// The depth of the fingerprint search.
pub const DEPTH: u32 = 18;

/// The suite's games (Abapa rules).
///
/// # Panics
/// Never: the transcripts are checked by the tests.
#[must_use]
pub fn suite() -> Vec<Game> {
    SUITE
        .iter()
        .map(|text| {
            let transcript: Transcript = text.parse().expect("a valid transcript");
            let mut game = Game::new(Rules::ABAPA);
            for &house in transcript.iter() {
                game.play(house).expect("a legal move");
            }
            game
        })
        .collect()
}

/// What a bench run measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchReport {
    /// Nodes over the whole suite: the fingerprint.
    pub nodes: u64,
    /// Time over the whole suite.
    pub elapsed: Duration,
}

impl BenchReport {
    /// Nodes per second.
    #[must_use]
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.elapsed)
    }
}

/// Searches every suite position to `depth` on one thread with a fresh
/// 16 MB table in play mode (analysis off) and sums the nodes.
#[must_use]
pub fn run(depth: u32) -> BenchReport {
    run_with(depth, Evaluation::DEFAULT)
}

/// [`run`] with another evaluation.
#[must_use]
pub fn run_with(depth: u32, evaluation: Evaluation) -> BenchReport {
    let mut engine = Engine::new(EngineOptions::default());
    engine.set_analysis(false);
    engine.set_evaluation(evaluation);
    let stop = AtomicBool::new(false);
    let mut nodes = 0;
    let mut elapsed = Duration::ZERO;
    for game in suite() {
        engine.new_game();
        let result = engine.search(&game, &Limits::depth(depth), &stop, &mut |_| {});
        nodes += result.nodes;
        elapsed += result.elapsed;
    }
    BenchReport { nodes, elapsed }
}
