//! The bot: the player at a level, as people meet it. `oware play`, the web
//! page and `oware match`'s `level:N` engines all play through [`Bot`], so a
//! ladder of levels measures the players people meet: the level's search
//! limits and noise, and at the levels that play it ([`Level::plays_book`])
//! the opening book. The endgame database is the engine's
//! ([`Engine::set_endgame`]).

use std::sync::atomic::AtomicBool;

use oware_core::Game;
use oware_search::{Engine, Event, Level, Limits, SearchResult};

use crate::book::{Book, BookMove};

/// The player at a level, with the book it opens from (if its level plays one).
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use oware_book::{Book, Bot};
/// use oware_core::{Game, Rules};
/// use oware_search::{Engine, EngineOptions, Level};
///
/// let book = Book::shipped(Rules::ABAPA).expect("a book ships for abapa");
/// let game = Game::new(Rules::ABAPA);
/// let mut engine = Engine::new(EngineOptions::default());
/// let stop = AtomicBool::new(false);
/// // Level 17 opens from the book: an answer at once.
/// let top = Bot::new(Level::new(17)?, Some(&book));
/// let chosen = top.choose(&mut engine, &game, None, 7, &stop, &mut |_| {});
/// assert!(chosen.from_book && chosen.result.nodes == 0);
/// // Level 3 searches (and ignores the book).
/// let low = Bot::new(Level::new(3)?, Some(&book));
/// assert!(low.book().is_none());
/// let chosen = low.choose(&mut engine, &game, None, 7, &stop, &mut |_| {});
/// assert!(!chosen.from_book && chosen.result.nodes > 0);
/// # Ok::<(), oware_search::LevelError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Bot<'b> {
    level: Level,
    book: Option<&'b Book>,
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
    /// The bot at `level`, opening from `book` if the level plays one.
    #[must_use]
    pub fn new(level: Level, book: Option<&'b Book>) -> Bot<'b> {
        Bot {
            level,
            book: book.filter(|_| level.plays_book()),
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

    /// The book's choice for `game` with `seed` and the move number (so one
    /// seed serves a game): `None` without a book, under rules the book is
    /// not for, or where it holds no move.
    #[must_use]
    pub fn book_choice(&self, game: &Game, seed: u64) -> Option<BookMove> {
        self.book?.choose(game, seed ^ game.moves().len() as u64)
    }

    /// The book's move for `game`, chosen with `seed` and the move number
    /// (so one seed serves a game), as a search's result: `None` without a
    /// book, under rules the book is not for, or where it holds no move.
    #[must_use]
    pub fn book_move(&self, game: &Game, seed: u64) -> Option<SearchResult> {
        let book = self.book?;
        let choice = self.book_choice(game, seed)?;
        Some(SearchResult {
            best: Some(choice.house),
            score: choice.score(),
            depth: 0,
            pv: vec![choice.house],
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
    /// time) with the level's noise drawn from `seed`. In analysis mode
    /// ([`Engine::analysis`]) every root move is scored, for a front end to
    /// show; otherwise only where the noise needs it. Search events go to
    /// `on_event`.
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
        let result = if engine.analysis() {
            self.level
                .choose_within(engine, game, &limits, seed, stop, on_event)
        } else {
            engine.choose_move_within(game, self.level, &limits, seed, stop, on_event)
        };
        BotMove {
            result,
            from_book: false,
        }
    }
}
