//! Who plays: the [`Player`] interface the game loop drives, the ways a
//! player can fail ([`Fault`]), and [`SearchPlayer`], our own engine in the
//! runner's process.

use core::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use oware_book::Book;
use oware_core::{Game, House, IllegalMove, Rules};
use oware_player::{Bot, Level};
use oware_search::{Engine, EngineOptions, Limits};

use crate::control::Turn;

/// One side of a game: given the game so far and its [`Turn`] (its limits
/// and the clocks), it answers a house. The game loop checks the answer against the rules and the clock.
pub trait Player: Send {
    /// Prepares for game number `index` of the match (a new game: forget
    /// the last one; seeded players draw their noise from the index).
    ///
    /// # Errors
    /// A [`Fault`] when the player cannot go on (its process died).
    fn new_game(&mut self, index: usize) -> Result<(), Fault>;

    /// The move to play in `game` under `turn`. `wait` is how long the game
    /// loop waits for an answer; a player that can stop waiting (an engine
    /// process) gives up then with [`Fault::Hung`].
    ///
    /// # Errors
    /// A [`Fault`] when the player crashed, hung or answered garbage.
    fn choose(&mut self, game: &Game, turn: &Turn, wait: Duration) -> Result<House, Fault>;
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

/// Each kind of fault, for the table of endings, and the words its message
/// opens with: one list, so that a saved game's message tells its kind
/// ([`Fault::kind_of_message`]).
const KINDS: [(&str, &str); 6] = [
    ("did not start", "did not start: "),
    ("crashed", "crashed: "),
    ("hung", "hung: "),
    ("garbage", "answered garbage: "),
    ("illegal move", "played "),
    ("time", "lost on time: "),
];

impl Fault {
    /// Where the fault stands in [`KINDS`].
    fn index(&self) -> usize {
        match self {
            Fault::Start(_) => 0,
            Fault::Crashed(_) => 1,
            Fault::Hung { .. } => 2,
            Fault::Garbage(_) => 3,
            Fault::Illegal { .. } => 4,
            Fault::Time { .. } => 5,
        }
    }

    /// The kind of fault, for the table of endings: `crashed`, `hung`, …
    #[must_use]
    pub fn kind(&self) -> &'static str {
        KINDS[self.index()].0
    }

    /// The kind of the fault whose message (as [`Display`](fmt::Display)
    /// writes it) is `message`; `None` if no fault's message opens so.
    ///
    /// ```
    /// use oware_match::Fault;
    /// use std::time::Duration;
    /// let late = Fault::Time { elapsed: Duration::from_millis(180), allowed: Duration::from_millis(50) };
    /// assert_eq!(Fault::kind_of_message(&late.to_string()), Some("time"));
    /// assert_eq!(Fault::kind_of_message("resigned"), None);
    /// ```
    #[must_use]
    pub fn kind_of_message(message: &str) -> Option<&'static str> {
        KINDS
            .iter()
            .find(|(_, opening)| message.starts_with(opening))
            .map(|&(kind, _)| kind)
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(KINDS[self.index()].1)?;
        match self {
            Fault::Start(why) | Fault::Crashed(why) => f.write_str(why),
            Fault::Hung { awaited, waited } => {
                write!(f, "no {awaited} within {} ms", waited.as_millis())
            }
            Fault::Garbage(line) => write!(f, "`{line}`"),
            Fault::Illegal { house, reason } => write!(f, "{house}, illegal: {reason}"),
            Fault::Time { elapsed, allowed } => write!(
                f,
                "{} ms taken, {} ms allowed",
                elapsed.as_millis(),
                allowed.as_millis()
            ),
        }
    }
}

/// Our engine, searched on the runner's own thread: the bot at a level
/// ([`oware_player::Bot`]: its noise, its limits, and at the levels that play
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
    /// its noise, its limits unless the match gives limits of its own, and
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
                Engine::new(EngineOptions::default().with_hash_mb(16)),
                level,
                seed,
            )
        }
    }

    /// Plays with `engine` (its weights, settings and table) and `level`'s
    /// noise, without a book.
    #[must_use]
    pub fn with_engine(engine: Engine, level: Level, seed: u64) -> SearchPlayer {
        SearchPlayer {
            engine,
            level,
            book: None,
            seed,
            game_seed: seed,
        }
    }

    /// The search limits for `turn`: the level's own when the match sets
    /// none; on a clock, the mover's clock as the search plans from it, as
    /// `oware uci` gives it. The runner's own clock, with no protocol
    /// between it and the search: the engine learns no overhead, and plans
    /// without one.
    fn limits(&self, turn: &Turn) -> Limits {
        if turn.limits == Limits::default() {
            self.level.limits()
        } else {
            turn.limits
        }
    }
}

impl Player for SearchPlayer {
    fn new_game(&mut self, index: usize) -> Result<(), Fault> {
        self.engine.new_game();
        self.game_seed = self.seed.wrapping_mul(31).wrapping_add(index as u64);
        Ok(())
    }

    fn choose(&mut self, game: &Game, turn: &Turn, _wait: Duration) -> Result<House, Fault> {
        let limits = self.limits(turn);
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

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::{Game, Rules};

    #[test]
    fn every_faults_message_tells_its_kind() {
        // Playing North's house first is illegal: a real reason to show.
        let mut game = Game::new(Rules::ABAPA);
        let reason = game.play(House::a).unwrap_err();
        let faults = [
            Fault::Start("sh: no uciok within 300 ms".to_owned()),
            Fault::Crashed("its output closed".to_owned()),
            Fault::Hung {
                awaited: "bestmove",
                waited: Duration::from_millis(1150),
            },
            Fault::Garbage("bestmove Z?".to_owned()),
            Fault::Illegal {
                house: House::a,
                reason,
            },
            Fault::Time {
                elapsed: Duration::from_millis(180),
                allowed: Duration::from_millis(50),
            },
        ];
        let kinds: Vec<&str> = faults.iter().map(Fault::kind).collect();
        assert_eq!(kinds, KINDS.map(|(kind, _)| kind));
        for fault in &faults {
            assert_eq!(
                Fault::kind_of_message(&fault.to_string()),
                Some(fault.kind())
            );
        }
        assert_eq!(
            faults[4].to_string(),
            format!("played a, illegal: {reason}")
        );
        assert_eq!(Fault::kind_of_message("South resigns"), None);
    }
}
