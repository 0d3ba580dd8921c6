//! Who plays: the [`Player`] interface the game loop drives, the ways a
//! player can fail ([`Fault`]), and [`SearchPlayer`], our own engine in the
//! runner's process.

use core::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use oware_book::{Book, Bot};
use oware_core::{Game, House, IllegalMove, Rules};
use oware_search::{Engine, EngineOptions, Level, Limits};
use oware_uci::Go;

/// One side of a game: given the game so far and its `go`, it answers a
/// house. The game loop checks the answer against the rules and the clock.
pub trait Player: Send {
    /// Prepares for game number `index` of the match (a new game: forget
    /// the last one; seeded players draw their noise from the index).
    ///
    /// # Errors
    /// A [`Fault`] when the player cannot go on (its process died).
    fn new_game(&mut self, index: usize) -> Result<(), Fault>;

    /// The move to play in `game` under `go`. `wait` is how long the game
    /// loop waits for an answer; a player that can stop waiting (an engine
    /// process) gives up then with [`Fault::Hung`].
    ///
    /// # Errors
    /// A [`Fault`] when the player crashed, hung or answered garbage.
    fn choose(&mut self, game: &Game, go: &Go, wait: Duration) -> Result<House, Fault>;
}

/// Why a player forfeits a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The engine could not be started, or did not finish the handshake.
    Start(String),
    /// The engine's process ended or closed its output.
    Crashed(String),
    /// No answer within the time allowed for it.
    Hung {
        /// The answer awaited: `bestmove`, or `uciok`/`readyok` in the handshake.
        awaited: &'static str,
        /// How long it waited.
        waited: Duration,
    },
    /// An answer that is not a move: the line, cut short if long.
    Garbage(String),
    /// A house the rules refuse.
    Illegal {
        /// The house answered.
        house: House,
        /// Why it is illegal.
        reason: IllegalMove,
    },
    /// A move that came after the time allowed plus the margin.
    Time {
        /// The time taken.
        elapsed: Duration,
        /// The time allowed (without the margin).
        allowed: Duration,
    },
}

impl Fault {
    /// The kind of fault, for the table of endings: `crash`, `hang`, …
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::Start(_) => "did not start",
            Fault::Crashed(_) => "crashed",
            Fault::Hung { .. } => "hung",
            Fault::Garbage(_) => "garbage",
            Fault::Illegal { .. } => "illegal move",
            Fault::Time { .. } => "time",
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Start(why) => write!(f, "did not start: {why}"),
            Fault::Crashed(why) => write!(f, "crashed: {why}"),
            Fault::Hung { awaited, waited } => {
                write!(f, "hung: no {awaited} within {} ms", waited.as_millis())
            }
            Fault::Garbage(line) => write!(f, "answered garbage: `{line}`"),
            Fault::Illegal { house, reason } => write!(f, "played {house}, illegal: {reason}"),
            Fault::Time { elapsed, allowed } => write!(
                f,
                "lost on time: {} ms taken, {} ms allowed",
                elapsed.as_millis(),
                allowed.as_millis()
            ),
        }
    }
}

/// Our engine, searched on the runner's own thread: the bot at a level
/// ([`oware_book::Bot`]: its noise, its limits, and at the levels that play
/// one the opening book, as people meet it), or any weights and settings
/// (for tuning) under the match's `go`.
pub struct SearchPlayer {
    engine: Engine,
    level: Level,
    book: Option<Arc<Book>>,
    seed: u64,
    game_seed: u64,
}

impl SearchPlayer {
    /// Plays as the bot at `level` plays in `oware play` and on the page:
    /// its noise, its limits unless the match gives a `go` of its own, and
    /// the shipped book at the levels that play one. `seed` seeds the noise
    /// and the book's choices (with each game's index).
    #[must_use]
    pub fn new(level: Level, seed: u64) -> SearchPlayer {
        let book = level
            .plays_book()
            .then(|| Book::shipped(Rules::ABAPA).map(Arc::new))
            .flatten();
        SearchPlayer::with_book(level, seed, book)
    }

    /// [`new`](SearchPlayer::new) with `book` instead of the shipped one
    /// (`None` for none; used only at the levels that play a book).
    #[must_use]
    pub fn with_book(level: Level, seed: u64, book: Option<Arc<Book>>) -> SearchPlayer {
        SearchPlayer {
            book,
            ..SearchPlayer::with_engine(
                Engine::new(EngineOptions {
                    hash_mb: 16,
                    threads: 1,
                }),
                level,
                seed,
            )
        }
    }

    /// Plays with `engine` (its weights, settings and table) and `level`'s
    /// noise, without a book.
    #[must_use]
    pub fn with_engine(mut engine: Engine, level: Level, seed: u64) -> SearchPlayer {
        // A match scores only the move played; the noise asks for the rest.
        engine.set_analysis(false);
        SearchPlayer {
            engine,
            level,
            book: None,
            seed,
            game_seed: seed,
        }
    }

    /// The search limits for `go` in `game`: the level's own when `go` sets
    /// none; on a clock, the plan of oware-search's time management, as
    /// `oware uci` makes it.
    fn limits(&self, go: &Go, game: &Game) -> Limits {
        // The runner's own clock, with no protocol between it and the
        // search: the engine learns no overhead, and plans without one.
        let limits = crate::control::search_limits(go, game.position().to_move());
        if limits == Limits::default() {
            self.level.limits()
        } else {
            limits
        }
    }
}

impl Player for SearchPlayer {
    fn new_game(&mut self, index: usize) -> Result<(), Fault> {
        self.engine.new_game();
        self.game_seed = self.seed.wrapping_mul(31).wrapping_add(index as u64);
        Ok(())
    }

    fn choose(&mut self, game: &Game, go: &Go, _wait: Duration) -> Result<House, Fault> {
        let limits = self.limits(go, game);
        let stop = AtomicBool::new(false);
        let bot = Bot::new(self.level, self.book.as_deref());
        let chosen = bot.choose(
            &mut self.engine,
            game,
            Some(&limits),
            self.game_seed,
            &stop,
            &mut |_| {},
        );
        // The search always completes depth 1, so a game not over has a
        // move; should it not, the game loop's legality check refuses it.
        chosen
            .result
            .best
            .ok_or_else(|| Fault::Garbage("no move from the search".to_owned()))
    }
}
