//! The nineteen levels of the bot: 1, which a beginner can beat, to 19,
//! full strength for the time given. A level is a depth, a time, and
//! deliberate noise added to the root scores before choosing.

use core::fmt;
use core::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use oware_core::Game;

use crate::engine::Engine;
use crate::limits::Limits;
use crate::report::{Event, SearchResult};

/// A playing level, 1 to 19.
///
/// ```
/// use oware_search::Level;
/// let level: Level = "7".parse()?;
/// assert_eq!(level.get(), 7);
/// assert!(Level::new(20).is_err());
/// assert!(Level::MAX.limits().depth.is_none()); // level 19: time only
/// # Ok::<(), oware_search::LevelError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// Why a number is not a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LevelError {
    /// A number outside 1–19.
    OutOfRange(u32),
    /// Text that is not a number.
    NotANumber(String),
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelError::OutOfRange(n) => write!(
                f,
                "there is no level {n}: levels are {} to {}",
                Level::MIN.0,
                Level::MAX.0
            ),
            LevelError::NotANumber(text) => write!(
                f,
                "`{text}` is not a level: levels are {} to {}",
                Level::MIN.0,
                Level::MAX.0
            ),
        }
    }
}

impl std::error::Error for LevelError {}

/// Per level (index 0 is level 1): the depth limit (0 = none), the time
/// limit in milliseconds, and the noise in hundredths of a seed. Low levels
/// are shallow and noisy; from level 10 the noise is gone and the depth
/// grows two plies a level; levels 15 to 19 are limited by time alone,
/// from 20 ms to 1 s, 2.5 times more a level and 3 times at the top, where
/// more time is worth less. The values are set by `cargo xtask ladder`
/// (docs/matches.md): each level scores 60% or more against the one below.
/// Level 7 searches a ply deeper than 6 with more noise, 0.8 seeds: at
/// 0.6 it was as strong as level 8, the same depth with 0.3.
const TABLE: [(u32, u64, u32); 19] = [
    (1, 1000, 500),
    (1, 1000, 250),
    (2, 1000, 250),
    (2, 1000, 120),
    (3, 1000, 120),
    (3, 1000, 60),
    (4, 1000, 80),
    (4, 1000, 30),
    (5, 1000, 30),
    (6, 1000, 0),
    (8, 1000, 0),
    (10, 1000, 0),
    (12, 1000, 0),
    (14, 1000, 0),
    (0, 20, 0),
    (0, 50, 0),
    (0, 130, 0),
    (0, 330, 0),
    (0, 1000, 0),
];

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level: full strength for the time given.
    pub const MAX: Level = Level(19);

    /// The level numbered `n`.
    ///
    /// # Errors
    /// [`LevelError::OutOfRange`] unless `1 <= n <= 19`.
    pub fn new(n: u8) -> Result<Level, LevelError> {
        if (1..=19).contains(&n) {
            Ok(Level(n))
        } else {
            Err(LevelError::OutOfRange(u32::from(n)))
        }
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=19).map(Level)
    }

    /// The level's number.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    const fn row(self) -> (u32, u64, u32) {
        TABLE[self.0 as usize - 1]
    }

    /// The search limits of the level: a depth (none from level 15) and a
    /// time (1 s at level 19: "full strength for the time given").
    #[must_use]
    pub fn limits(self) -> Limits {
        let (depth, millis, _) = self.row();
        Limits {
            depth: (depth > 0).then_some(depth),
            nodes: None,
            time: Some(Duration::from_millis(millis)),
            clock: None,
        }
    }

    /// The spread of the noise added to each root move's score before the
    /// level chooses, in seeds (0 from level 10 up).
    #[must_use]
    pub fn noise(self) -> f32 {
        self.row().2 as f32 / 100.0
    }

    /// Whether the level opens from an opening book when one is at hand:
    /// the levels limited by time alone (15 and up), which play at full
    /// strength for their time. The book itself lives in `oware-book`.
    ///
    /// ```
    /// use oware_search::Level;
    /// assert!(!Level::new(14)?.plays_book());
    /// assert!(Level::new(15)?.plays_book() && Level::MAX.plays_book());
    /// # Ok::<(), oware_search::LevelError>(())
    /// ```
    #[must_use]
    pub const fn plays_book(self) -> bool {
        self.0 >= 15
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = LevelError;
    fn from_str(text: &str) -> Result<Level, LevelError> {
        let n: u32 = text
            .trim()
            .parse()
            .map_err(|_| LevelError::NotANumber(text.to_owned()))?;
        u8::try_from(n)
            .ok()
            .and_then(|n| Level::new(n).ok())
            .ok_or(LevelError::OutOfRange(n))
    }
}

impl TryFrom<u8> for Level {
    type Error = LevelError;
    fn try_from(n: u8) -> Result<Level, LevelError> {
        Level::new(n)
    }
}

/// SplitMix64: a tiny seeded generator for the noise (no dependency, same
/// numbers on every platform).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform number in [0, 1).
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// A roughly normal number (mean 0, deviation 1): the sum of four uniforms, rescaled.
    fn normal(&mut self) -> f32 {
        let sum: f32 = (0..4).map(|_| self.unit()).sum();
        (sum - 2.0) * 3.0f32.sqrt()
    }
}

impl Level {
    /// The bot's move at this level in `game`, as a front end shows it:
    /// every root move scored (analysis mode), the level's limits, then its
    /// noise drawn from `seed` as in [`Engine::choose_move`]. Levels without
    /// noise choose as there, only a little slower, so that each house can
    /// show its score. The engine's analysis setting is left as it was.
    pub fn choose(
        self,
        engine: &mut Engine,
        game: &Game,
        seed: u64,
        stop: &AtomicBool,
        on_event: &mut dyn FnMut(&Event),
    ) -> SearchResult {
        self.choose_within(engine, game, &self.limits(), seed, stop, on_event)
    }

    /// [`choose`](Level::choose) under other limits than the level's (its
    /// noise stays): a front end giving the bot a clock, or a hint its time.
    pub fn choose_within(
        self,
        engine: &mut Engine,
        game: &Game,
        limits: &Limits,
        seed: u64,
        stop: &AtomicBool,
        on_event: &mut dyn FnMut(&Event),
    ) -> SearchResult {
        let result = engine.search_in_mode(true, game, limits, stop, on_event);
        self.add_noise(result, game, seed)
    }

    /// `result` with its best move replaced by the root move with the best
    /// score after noise of the level's spread (none from level 10 up), drawn
    /// from `seed` and the move number, so one seed serves a game.
    fn add_noise(self, mut result: SearchResult, game: &Game, seed: u64) -> SearchResult {
        let noise = self.noise();
        if noise > 0.0 && result.root_scores.len() > 1 {
            let mut rng =
                SplitMix(seed ^ (game.moves().len() as u64).wrapping_mul(0xd6e8_feb8_6659_fd93));
            let (house, score) = result
                .root_scores
                .iter()
                .map(|&(house, score)| (house, score, score.seeds() + noise * rng.normal()))
                .max_by(|a, b| a.2.total_cmp(&b.2))
                .map(|(house, score, _)| (house, score))
                .expect("at least two root moves");
            if result.best != Some(house) {
                result.best = Some(house);
                result.score = score;
                result.pv = vec![house];
            }
        }
        result
    }
}

impl Engine {
    /// The bot's move at `level`: a search under the level's limits, then
    /// the root move with the best score after noise of the level's spread,
    /// drawn from `seed` (and the move number, so one seed serves a game).
    /// Proven wins and losses are far beyond any noise. Only a level with
    /// noise scores every root move; to show them all, use [`Level::choose`].
    pub fn choose_move(
        &mut self,
        game: &Game,
        level: Level,
        seed: u64,
        stop: &AtomicBool,
        on_event: &mut dyn FnMut(&Event),
    ) -> SearchResult {
        self.choose_move_within(game, level, &level.limits(), seed, stop, on_event)
    }

    /// [`choose_move`](Engine::choose_move) under other limits than the
    /// level's (its noise stays): for a front end that gives the bot a
    /// different time, or a ladder run at a smaller time scale.
    pub fn choose_move_within(
        &mut self,
        game: &Game,
        level: Level,
        limits: &Limits,
        seed: u64,
        stop: &AtomicBool,
        on_event: &mut dyn FnMut(&Event),
    ) -> SearchResult {
        // The noise needs every root move's score; without it, play mode is faster.
        let analysis = level.noise() > 0.0;
        let result = self.search_in_mode(analysis, game, limits, stop, on_event);
        level.add_noise(result, game, seed)
    }

    /// [`search`](Engine::search) with analysis mode on or off for this
    /// search only.
    fn search_in_mode(
        &mut self,
        analysis: bool,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_event: &mut dyn FnMut(&Event),
    ) -> SearchResult {
        let kept = self.analysis();
        self.set_analysis(analysis);
        let result = self.search(game, limits, stop, on_event);
        self.set_analysis(kept);
        result
    }
}

#[cfg(test)]
mod tests {
    use oware_core::House;

    use super::*;
    use crate::score::Score;

    #[test]
    fn levels_and_their_errors_read_as_words() {
        assert_eq!(Level::new(7).unwrap().to_string(), "7");
        assert_eq!(
            LevelError::OutOfRange(20).to_string(),
            "there is no level 20: levels are 1 to 19"
        );
        assert_eq!(
            LevelError::NotANumber("x".to_owned()).to_string(),
            "`x` is not a level: levels are 1 to 19"
        );
    }

    #[test]
    fn the_noise_is_the_tables_hundredths_of_a_seed_and_none_from_level_10() {
        for level in Level::all() {
            let noise = level.noise();
            let hundredths = TABLE[usize::from(level.get()) - 1].2;
            assert!(
                (noise * 100.0 - hundredths as f32).abs() < 1e-3,
                "level {level}: {noise}"
            );
            assert!((0.0..=5.0).contains(&noise), "level {level}: {noise}");
            assert_eq!(noise == 0.0, level.get() >= 10, "level {level}: {noise}");
        }
    }

    #[test]
    fn a_level_without_noise_keeps_the_searchs_choice_among_equals() {
        let even = Score::from_seeds(1.0);
        let result = SearchResult {
            best: Some(House::A),
            score: even,
            depth: 4,
            pv: vec![House::A],
            root_scores: vec![(House::A, even), (House::B, even)],
            nodes: 100,
            elapsed: Duration::from_millis(1),
        };
        let game = Game::new(oware_core::Rules::ABAPA);
        for seed in 0..20 {
            let kept = Level::new(10)
                .unwrap()
                .add_noise(result.clone(), &game, seed);
            assert_eq!(kept, result, "seed {seed}");
        }
        // With noise, either may be chosen, and over seeds both are.
        let noisy: std::collections::HashSet<_> = (0..40)
            .map(|seed| Level::MIN.add_noise(result.clone(), &game, seed).best)
            .collect();
        assert_eq!(noisy.len(), 2, "{noisy:?}");
    }

    #[test]
    fn the_noise_spreads_each_score_by_the_levels_spread() {
        // A is two seeds better than the five others. Level 9's spread (0.3
        // seeds) almost never hides that; level 1's (5 seeds) often does.
        let mut root_scores = vec![(House::A, Score::from_seeds(2.0))];
        root_scores.extend(House::ALL[1..].iter().map(|&h| (h, Score::from_seeds(0.0))));
        let result = SearchResult {
            best: Some(House::A),
            score: Score::from_seeds(2.0),
            depth: 4,
            pv: vec![House::A],
            root_scores,
            nodes: 100,
            elapsed: Duration::from_millis(1),
        };
        let game = Game::new(oware_core::Rules::ABAPA);
        let chose_a = |level: u8| {
            let level = Level::new(level).unwrap();
            (0..400)
                .filter(|&seed| level.add_noise(result.clone(), &game, seed).best == Some(House::A))
                .count()
        };
        let (careful, careless) = (chose_a(9), chose_a(1));
        assert!(careful >= 395, "level 9 chose A {careful} times in 400");
        assert!(
            (40..=200).contains(&careless),
            "level 1 chose A {careless} times in 400"
        );
    }

    #[test]
    fn the_generator_is_splitmix64() {
        // The published SplitMix64 outputs from a state of 0.
        let mut rng = SplitMix(0);
        assert_eq!(
            [rng.next(), rng.next(), rng.next()],
            [
                0xe220_a839_7b1d_cdaf,
                0x6e78_9e6a_a1b9_65f4,
                0x06c4_5d18_8009_454f
            ]
        );
    }

    #[test]
    fn uniform_and_normal_draws_have_their_means_and_spread() {
        let mut rng = SplitMix(42);
        let n = 20_000;
        let units: Vec<f32> = (0..n).map(|_| rng.unit()).collect();
        assert!(units.iter().all(|u| (0.0..1.0).contains(u)));
        let mean = units.iter().sum::<f32>() / n as f32;
        assert!((mean - 0.5).abs() < 0.01, "uniform mean {mean}");
        let normals: Vec<f32> = (0..n).map(|_| rng.normal()).collect();
        let mean = normals.iter().sum::<f32>() / n as f32;
        let variance = normals.iter().map(|x| (x - mean).powi(2)).sum::<f32>() / n as f32;
        assert!(mean.abs() < 0.03, "normal mean {mean}");
        assert!((variance - 1.0).abs() < 0.05, "normal variance {variance}");
    }
}
