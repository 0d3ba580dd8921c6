//! `cargo xtask book-match`: the bot with its opening book against the same
//! bot without, at a fixed time a move, colours alternating, to measure what
//! the book is worth. Not part of CI (about half an hour for 400 games).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use oware_book::Book;
use oware_core::{Game, Rules, Seat};
use oware_search::{Engine, EngineOptions, Limits};

/// Flags of `cargo xtask book-match`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Games to play (the book plays South in the even ones, North in the odd).
    #[arg(long, default_value_t = 400)]
    games: usize,
    /// Milliseconds a move for both sides' searches.
    #[arg(long, default_value_t = 100)]
    ms: u64,
    /// Games played at once, one thread each.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// The book [default: the one shipped for abapa].
    #[arg(long)]
    book: Option<PathBuf>,
    /// Seed of the book's choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Plies after which an unfinished game is decided by the seeds each side holds.
const MAX_PLIES: usize = 400;

/// One game's result for the side with the book.
struct Played {
    /// 1 for a win, 0.5 a draw, 0 a loss.
    score: f64,
    /// Moves the book side played from its book.
    book_moves: usize,
    /// Plies in the game.
    plies: usize,
    /// The seat the book side played.
    book_seat: Seat,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    let book = match &args.book {
        Some(path) => Book::open(path).with_context(|| path.display().to_string())?,
        None => Book::shipped(Rules::ABAPA).context("no book ships for abapa")?,
    };
    anyhow::ensure!(args.games >= 2, "--games must be at least 2");
    println!(
        "book-match: {} games at {} ms a move, book of {} positions (depth {}, {} plies) against no book",
        args.games,
        args.ms,
        book.len(),
        book.depth(),
        book.plies()
    );
    let started = Instant::now();
    let finished = AtomicUsize::new(0);
    let jobs = args.jobs.max(1);
    let results: Vec<Played> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|job| {
                let book = &book;
                let finished = &finished;
                scope.spawn(move || {
                    (job..args.games)
                        .step_by(jobs)
                        .map(|index| {
                            let played = play(book, args, index);
                            let done = finished.fetch_add(1, Ordering::Relaxed) + 1;
                            if done.is_multiple_of(20) {
                                eprintln!(
                                    "  {done}/{} games, {:.0} s",
                                    args.games,
                                    started.elapsed().as_secs_f64()
                                );
                            }
                            played
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a match thread panicked"))
            .collect()
    });
    report(&results, started.elapsed());
    Ok(())
}

/// Game `index`: the book side plays South when `index` is even.
fn play(book: &Book, args: &Args, index: usize) -> Played {
    let book_seat = if index.is_multiple_of(2) {
        Seat::South
    } else {
        Seat::North
    };
    let engine = || {
        let mut engine = Engine::new(EngineOptions {
            hash_mb: 16,
            threads: 1,
        });
        engine.set_analysis(false);
        engine
    };
    let mut engines = [engine(), engine()];
    let limits = Limits::time(Duration::from_millis(args.ms));
    let stop = AtomicBool::new(false);
    let mut game = Game::new(Rules::ABAPA);
    let mut book_moves = 0;
    let random = args.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (index as u64) << 16;
    while !game.is_over() && game.moves().len() < MAX_PLIES {
        let to_move = game.position().to_move();
        let from_book = (to_move == book_seat)
            .then(|| book.choose(&game, random ^ game.moves().len() as u64))
            .flatten();
        let house = match from_book {
            Some(choice) => {
                book_moves += 1;
                choice.house
            }
            None => {
                let engine = &mut engines[usize::from(to_move == book_seat)];
                engine
                    .search(&game, &limits, &stop, &mut |_| {})
                    .best
                    .expect("a game that is not over has a move")
            }
        };
        game.play(house).expect("book and search moves are legal");
    }
    // A game cut at MAX_PLIES goes to the side holding more seeds.
    let score = match crate::tune::winner(&game) {
        Some(seat) if seat == book_seat => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    Played {
        score,
        book_moves,
        plies: game.moves().len(),
        book_seat,
    }
}

/// The score with its standard error, and the Elo difference it means.
fn report(results: &[Played], elapsed: Duration) {
    let n = results.len() as f64;
    let count = |s: f64| results.iter().filter(|r| r.score == s).count();
    let score: f64 = results.iter().map(|r| r.score).sum();
    let mean = score / n;
    let variance = results
        .iter()
        .map(|r| (r.score - mean).powi(2))
        .sum::<f64>()
        / (n - 1.0);
    let error = (variance / n).sqrt();
    let elo = |p: f64| -400.0 * (1.0 / p.clamp(1e-6, 1.0 - 1e-6) - 1.0).log10();
    let book_moves = results.iter().map(|r| r.book_moves).sum::<usize>() as f64 / n;
    let plies = results.iter().map(|r| r.plies).sum::<usize>() as f64 / n;
    let as_seat = |seat: Seat| {
        let games: Vec<f64> = results
            .iter()
            .filter(|r| r.book_seat == seat)
            .map(|r| r.score)
            .collect();
        100.0 * games.iter().sum::<f64>() / games.len() as f64
    };
    println!(
        "book vs no book: +{} ={} -{}: {score} / {n} = {:.1}% ± {:.1} (one standard error {:.1}); \
         Elo {:+.0} (95%: {:+.0} to {:+.0})",
        count(1.0),
        count(0.5),
        count(0.0),
        100.0 * mean,
        196.0 * error,
        100.0 * error,
        elo(mean),
        elo(mean - 1.96 * error),
        elo(mean + 1.96 * error),
    );
    println!(
        "  {book_moves:.1} book moves a game on average, {plies:.0} plies a game; \
         book as South {:.1}%, as North {:.1}%; {:.0} s",
        as_seat(Seat::South),
        as_seat(Seat::North),
        elapsed.as_secs_f64()
    );
}
