//! The bot: the player at a level, as people meet it. `oware play`,
//! `oware uci`, the page and `oware match`'s `level:N` engines all choose
//! through [`Bot::choose`], so a ladder of levels measures the players
//! people meet: the level's search limits and noise, and at the levels that
//! play it ([`Level::plays_book`]) the opening book. The endgame database
//! is the engine's ([`Engine::set_endgame`]), opened by the front end
//! (`oware_egdb::Ruleset::fitting` names the right one).

use std::sync::atomic::AtomicBool;

use oware_book::Book;
use oware_core::Game;
use oware_search::{Engine, Event, Limits, SearchResult};

use crate::Level;

/// The player at a level, with the book it opens from (if its level plays one).
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use oware_book::Book;
/// use oware_core::{Game, Rules};
/// use oware_player::{Bot, Level};
/// use oware_search::{Engine, EngineOptions};
///
/// let book = Book::shipped(Rules::ABAPA).expect("a book ships for abapa");
/// let game = Game::new(Rules::ABAPA);
/// let mut engine = Engine::new(EngineOptions::default());
/// let stop = AtomicBool::new(false);
/// // Level 17 opens from the book: an answer at once.
/// let top = Bot::new(Level::new(17)?, Some(&book));
/// let chosen = top.choose(&mut engine, &game, None, 7, &stop, &mut |_| {});
/// assert!(chosen.from_book && chosen.result.nodes == 0);
/// // Level 3 searches (and ignores the book); shown on a board, every
/// // house gets its score.
/// let low = Bot::new(Level::new(3)?, Some(&book)).scoring_every_move();
/// assert!(low.book().is_none());
/// let chosen = low.choose(&mut engine, &game, None, 7, &stop, &mut |_| {});
/// assert!(!chosen.from_book && chosen.result.root_scores.len() == 6);
/// # Ok::<(), oware_player::LevelError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Bot<'b> {
    level: Level,
    book: Option<&'b Book>,
    every_move: bool,
}

/// A move the bot chose: the search's result (for a book move, depth 0, no
/// nodes, the book's moves as the root scores) and where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct BotMove {
    /// The move, its score and what else was weighed.
    pub result: SearchResult,
    /// Whether the move is the book's.
    pub from_book: bool,
}

impl<'b> Bot<'b> {
    /// The bot at `level`, opening from `book` if the level plays one. It
    /// scores only what its choice needs (the best move, or every move at
    /// a level with noise); see [`scoring_every_move`](Bot::scoring_every_move).
    #[must_use]
    pub fn new(level: Level, book: Option<&'b Book>) -> Bot<'b> {
        Bot {
            level,
            book: book.filter(|_| level.plays_book()),
            every_move: false,
        }
    }

    /// The same bot, scoring every root move at every depth for a front end
    /// to show (the engine's analysis mode, for its searches only). It
    /// chooses the same moves, a little more slowly.
    #[must_use]
    pub fn scoring_every_move(self) -> Bot<'b> {
        Bot {
            every_move: true,
            ..self
        }
    }

    /// The level.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// The book it opens from, if any.
    #[must_use]
    pub fn book(&self) -> Option<&'b Book> {
        self.book
    }

    /// The book's move for `game`, chosen with `seed` and the move number
    /// (so one seed serves a game), as a search's result: the book's other
    /// moves as the root scores, and its best reply, where it holds one, as
    /// the line's second move. `None` without a book, under rules the book
    /// is not for, or where it holds no move. [`choose`](Bot::choose) plays
    /// it first; the protocol's `OwnBook` asks for it alone.
    #[must_use]
    pub fn book_move(&self, game: &Game, seed: u64) -> Option<SearchResult> {
        let book = self.book?;
        let choice = book.choose(game, seed ^ game.moves().len() as u64)?;
        let mut after = game.clone();
        after.play(choice.house).ok()?;
        let reply = book.moves(&after).first().map(|m| m.house);
        Some(SearchResult {
            best: Some(choice.house),
            score: choice.score(),
            depth: 0,
            pv: core::iter::once(choice.house).chain(reply).collect(),
            root_scores: book
                .moves(game)
                .iter()
                .map(|m| (m.house, m.score()))
                .collect(),
            nodes: 0,
            elapsed: core::time::Duration::ZERO,
        })
    }

    /// The bot's move in `game`: the book's where it has one, else a search
    /// under the level's limits (or `limits`, for a clock or a match's
    /// time) with the level's noise drawn from `seed` (and the move number,
    /// so one seed serves a game). Proven wins and losses are far beyond any
    /// noise. Search events go to `on_event`; `stop` ends the search early.
    /// The engine's own settings are left as they were.
    pub fn choose(
        &self,
        engine: &mut Engine,
        game: &Game,
        limits: Option<&Limits>,
        seed: u64,
        stop: &AtomicBool,
        on_event: &mut dyn FnMut(&Event),
    ) -> BotMove {
        if let Some(result) = self.book_move(game, seed) {
            return BotMove {
                result,
                from_book: true,
            };
        }
        let limits = limits.copied().unwrap_or_else(|| self.level.limits());
        // The noise needs every root move's score; without it, and with no
        // front end to show them, play mode is faster.
        let analysis = self.every_move || self.level.noise() > 0.0;
        let kept = engine.analysis();
        engine.set_analysis(analysis);
        let result = engine.search(game, &limits, stop, on_event);
        engine.set_analysis(kept);
        BotMove {
            result: add_noise(self.level, result, game, seed),
            from_book: false,
        }
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

/// `result` with its best move replaced by the root move with the best
/// score after noise of `level`'s spread (none from level 10 up), drawn
/// from `seed` and the move number, so one seed serves a game.
fn add_noise(level: Level, mut result: SearchResult, game: &Game, seed: u64) -> SearchResult {
    let noise = level.noise();
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

#[cfg(test)]
mod tests {
    use core::time::Duration;

    use oware_core::{House, Rules};
    use oware_search::Score;

    use super::*;

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
        let game = Game::new(Rules::ABAPA);
        for seed in 0..20 {
            let kept = add_noise(Level::new(10).unwrap(), result.clone(), &game, seed);
            assert_eq!(kept, result, "seed {seed}");
        }
        // With noise, either may be chosen, and over seeds both are.
        let noisy: std::collections::HashSet<_> = (0..40)
            .map(|seed| add_noise(Level::MIN, result.clone(), &game, seed).best)
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
        let game = Game::new(Rules::ABAPA);
        let chose_a = |level: u8| {
            let level = Level::new(level).unwrap();
            (0..400)
                .filter(|&seed| {
                    add_noise(level, result.clone(), &game, seed).best == Some(House::A)
                })
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

    #[test]
    fn a_book_move_carries_the_books_reply_for_pondering() {
        let book = Book::shipped(Rules::ABAPA).unwrap();
        let bot = Bot::new(Level::MAX, Some(&book));
        let game = Game::new(Rules::ABAPA);
        let result = bot.book_move(&game, 7).expect("the opening is in the book");
        let mut after = game.clone();
        after.play(result.best.unwrap()).unwrap();
        assert_eq!(result.reply(), Some(book.moves(&after)[0].house));
        assert_eq!(result.root_scores.len(), book.moves(&game).len());
        // A level below the book's searches; other rules have no book.
        assert!(
            Bot::new(Level::new(14).unwrap(), Some(&book))
                .book_move(&game, 7)
                .is_none()
        );
        assert!(bot.book_move(&Game::new(Rules::AWARI), 7).is_none());
    }
}
