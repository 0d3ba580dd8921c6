//! The bench suite: fixed middle-game positions, and the node count of a
//! fixed-depth search over them — a fingerprint of the search's behaviour,
//! recorded in commit messages when it changes — with the speed.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use oware_core::{Game, Rules, Transcript};

use crate::eval::Evaluation;
use crate::limits::Limits;
use crate::report::nps;
use crate::{Engine, EngineOptions};

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_suite_is_its_transcripts_played_out_unfinished_in_the_middle_game() {
        let games = suite();
        assert_eq!(games.len(), SUITE.len());
        for (game, text) in games.iter().zip(SUITE) {
            assert_eq!(Transcript::from(game.moves().to_vec()).to_string(), text);
            assert_eq!(game.start(), oware_core::Position::OPENING);
            assert!(!game.is_over(), "{text}");
            assert!((16..=45).contains(&game.moves().len()), "{text}");
            let board = game.position().board();
            let stores = [oware_core::Seat::South, oware_core::Seat::North].map(|s| board.store(s));
            assert!(
                stores.iter().all(|&store| store <= 18),
                "{text}: {stores:?}"
            );
        }
    }

    #[test]
    fn a_run_sums_each_position_searched_on_its_own() {
        let depth = 4;
        let report = run(depth);
        let mut nodes = 0;
        for game in suite() {
            let mut engine = Engine::new(EngineOptions::default());
            engine.set_analysis(false);
            let result = engine.search(
                &game,
                &Limits::depth(depth),
                &AtomicBool::new(false),
                &mut |_| {},
            );
            assert_eq!(result.depth, depth);
            nodes += result.nodes;
        }
        assert_eq!(report.nodes, nodes);
        assert!(report.nodes > 24 * 6, "{report:?}");
        assert!(report.elapsed > Duration::ZERO, "{report:?}");
    }

    #[test]
    fn nodes_per_second_are_the_nodes_over_the_time() {
        let report = BenchReport {
            nodes: 3_000_000,
            elapsed: Duration::from_millis(1500),
        };
        assert_eq!(report.nps(), 2_000_000);
    }
}
