//! Building a book: the bot's own search at a fixed depth, ply by ply from
//! the opening, following every move within the margin of the best.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use oware_core::{Game, Rules};
use oware_search::{Endgame, Engine, EngineOptions, Limits};

use crate::book::{Book, BookMove};
use crate::book::{Key, key};
use crate::log::{Log, LogError, Scores};

/// How a book is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildOptions {
    /// The rules (a preset): the book is used under no others.
    pub rules: Rules,
    /// The depth of each search, in plies.
    pub depth: u8,
    /// How many plies from the opening the book covers: the positions after
    /// 0 to `plies - 1` moves get entries.
    pub plies: u8,
    /// Moves within this many hundredths of a seed of the best are kept, and followed.
    pub margin: u16,
    /// The search's transposition table, in megabytes.
    pub hash_mb: usize,
}

/// How far a build has come, sent after each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The ply being worked on (0 is the opening).
    pub ply: u8,
    /// The plies the book covers.
    pub plies: u8,
    /// Positions done at this ply.
    pub done: usize,
    /// Positions at this ply.
    pub at_ply: usize,
    /// Positions in the book so far.
    pub positions: usize,
    /// Positions searched by this run (not read from the log).
    pub searched: usize,
    /// Time since the build started.
    pub elapsed: Duration,
}

/// Builds a book: from the opening, every position reached by moves within
/// the margin of the best (either side's), up to `options.plies` plies, is
/// searched to `options.depth` in analysis mode (every move's score exact)
/// unless `log` already holds it, and each search is logged as it ends.
/// Positions where the game is over are left out.
///
/// # Errors
/// When a line cannot be written to the log.
///
/// # Panics
/// If `options.rules` is not a preset, or a table of `options.hash_mb`
/// megabytes cannot be allocated (as [`Engine::new`]).
pub fn build(
    options: &BuildOptions,
    log: &mut Log,
    endgame: Option<Arc<dyn Endgame>>,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Book, LogError> {
    let started = Instant::now();
    let mut book = Book::empty(options.rules, options.depth, options.plies, options.margin);
    let mut engine = Engine::new(EngineOptions::default().with_hash_mb(options.hash_mb));
    engine.set_analysis(true);
    // Positions inside an endgame database are scored by it, through the
    // search's own hook (the opening holds too many seeds for one today).
    engine.set_endgame(endgame);
    let stop = AtomicBool::new(false);
    let mut seen: HashSet<Key> = HashSet::new();
    let mut level = vec![Game::new(options.rules)];
    let mut searched = 0;
    for ply in 0..options.plies {
        let mut next = Vec::new();
        let at_ply = level.len();
        for (done, game) in level.iter().enumerate() {
            let position = game.position();
            let scores = match log.get(position) {
                Some(scores) => scores.clone(),
                None => {
                    // A fresh table for each position: the scores then
                    // depend on the position alone, so a resumed build
                    // makes the same book.
                    engine.new_game();
                    let limits = Limits::depth(u32::from(options.depth));
                    let scores: Scores = engine
                        .search(game, &limits, &stop, &mut |_| {})
                        .root_scores
                        .iter()
                        .map(|&(house, score)| (house, score.to_centi()))
                        .collect();
                    searched += 1;
                    log.append(game, scores.clone())?;
                    scores
                }
            };
            let moves = within_margin(&scores, options.margin);
            if ply + 1 < options.plies {
                for m in &moves {
                    let mut child = game.clone();
                    child.play(m.house).expect("book moves are legal");
                    if !child.is_over() && seen.insert(key(child.position())) {
                        next.push(child);
                    }
                }
            }
            book.insert(position, moves);
            on_progress(&Progress {
                ply,
                plies: options.plies,
                done: done + 1,
                at_ply,
                positions: book.len(),
                searched,
                elapsed: started.elapsed(),
            });
        }
        level = next;
    }
    Ok(book)
}

/// The moves within `margin` of the best, best first (ties in house order).
fn within_margin(scores: &Scores, margin: u16) -> Vec<BookMove> {
    let best = scores.iter().map(|&(_, c)| c).max().unwrap_or(0);
    let mut moves: Vec<BookMove> = scores
        .iter()
        .filter(|&&(_, centi)| i64::from(best) - i64::from(centi) <= i64::from(margin))
        .map(|&(house, centi)| BookMove { house, centi })
        .collect();
    moves.sort_by_key(|m| (-i64::from(m.centi), m.house.index()));
    moves
}

#[cfg(test)]
mod tests {
    use oware_core::{House, Position};
    use oware_search::EndgameValue;

    use super::*;

    fn temporary(name: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("oware-book-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    const OPTIONS: BuildOptions = BuildOptions {
        rules: Rules::ABAPA,
        depth: 4,
        plies: 3,
        margin: 100,
        hash_mb: 1,
    };

    #[test]
    fn the_margin_keeps_near_equal_moves_best_first() {
        let scores = vec![
            (House::A, -50),
            (House::C, 30),
            (House::E, 70),
            (House::F, 31),
        ];
        let moves = within_margin(&scores, 40);
        let kept: Vec<_> = moves.iter().map(|m| (m.house, m.centi)).collect();
        assert_eq!(kept, [(House::E, 70), (House::F, 31), (House::C, 30)]);
    }

    #[test]
    fn a_built_book_follows_its_moves_and_agrees_with_the_search() {
        let path = temporary("build.log");
        let mut log = Log::open(&path, Rules::ABAPA, 4).expect("a new log");
        let book = build(&OPTIONS, &mut log, None, &mut |_| {}).expect("built");
        assert_eq!(log.len(), book.len());
        // Every book move's child within the plies is itself in the book.
        let mut reached = vec![Game::new(Rules::ABAPA)];
        for _ in 0..OPTIONS.plies - 1 {
            let mut next = Vec::new();
            for game in &reached {
                let moves = book.moves(game);
                assert!(
                    !moves.is_empty(),
                    "{} is not in the book",
                    game.transcript()
                );
                let best = moves[0].centi;
                assert!(moves.iter().all(|m| best - m.centi <= 100));
                for m in moves {
                    let mut child = game.clone();
                    child.play(m.house).expect("legal");
                    next.push(child);
                }
            }
            reached = next;
        }
        // The opening's best score is the search's at that depth.
        let mut engine = Engine::new(EngineOptions::default().with_hash_mb(1));
        let result = engine.search(
            &Game::new(Rules::ABAPA),
            &Limits::depth(4),
            &AtomicBool::new(false),
            &mut |_| {},
        );
        let opening = book.entries(Position::default());
        assert_eq!(opening[0].centi, result.score.to_centi());
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn an_interrupted_build_resumes_from_its_log() {
        let path = temporary("resume-build.log");
        let mut log = Log::open(&path, Rules::ABAPA, 4).expect("a new log");
        let whole = build(&OPTIONS, &mut log, None, &mut |_| {}).expect("built");
        drop(log);
        assert!(whole.len() > 3, "a book of {} positions", whole.len());
        // Keep the first three analysed positions only: a build stopped early.
        let text = std::fs::read_to_string(&path).expect("read");
        let kept: String = text.lines().take(4).map(|l| format!("{l}\n")).collect();
        std::fs::write(&path, kept).expect("written");

        let mut log = Log::open(&path, Rules::ABAPA, 4).expect("the log reads");
        let mut searched = 0;
        let resumed =
            build(&OPTIONS, &mut log, None, &mut |p| searched = p.searched).expect("built");
        assert_eq!(searched, whole.len() - 3);
        assert_eq!(resumed, whole);
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn an_endgame_database_reaches_the_search() {
        // A database that counts its probes and calls every position an
        // even split. The search takes its value only after a capture (no
        // earlier position can come back there), which a search of eight plies
        // from the opening meets: so it must be asked.
        struct Counting(std::sync::atomic::AtomicUsize);
        impl Endgame for Counting {
            fn probe(&self, _: &Position) -> Option<EndgameValue> {
                self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                Some(EndgameValue { lo: 0, hi: 0 })
            }
            fn fits(&self, _: &Rules) -> bool {
                true
            }
        }
        let path = temporary("endgame.log");
        let mut log = Log::open(&path, Rules::ABAPA, 8).expect("a new log");
        let options = BuildOptions {
            plies: 1,
            depth: 8,
            ..OPTIONS
        };
        let counting = Arc::new(Counting(std::sync::atomic::AtomicUsize::new(0)));
        let endgame: Arc<dyn Endgame> = counting.clone();
        let book = build(&options, &mut log, Some(endgame), &mut |_| {}).expect("built");
        assert!(!book.is_empty());
        let probes = counting.0.load(std::sync::atomic::Ordering::Relaxed);
        assert!(probes > 0, "the database was never asked");
        let _ = std::fs::remove_file(&path);
    }
}
