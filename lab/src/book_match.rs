//! `cargo lab book-match`: the bot with its opening book against the same
//! bot without, at a fixed time a move, every game from the opening with
//! colours alternating, to measure what the book is worth. The games are
//! `oware-match`'s (the same runner as `oware match` and `lab ladder`),
//! and both sides are the bot at level 19 (`SearchPlayer`, which opens
//! from the book it is given). Not part of CI (about half an hour for 400
//! games).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use oware_book::Book;
use oware_core::{Game, Rules};
use oware_match::{Budget, Contestant, Match, Player, SearchPlayer, Settings};
use oware_player::Level;

/// Flags of `cargo lab book-match`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Games to play (each colour in turn for the book).
    #[arg(long, default_value_t = 400)]
    games: usize,
    /// Milliseconds a move for both sides' searches.
    #[arg(long, default_value_t = 100)]
    ms: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// The book to use (default: the shipped abapa book).
    #[arg(long)]
    book: Option<PathBuf>,
    /// Seed for the book's choices among near-equal moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    anyhow::ensure!(args.games >= 2, "--games must be at least 2");
    let book = Arc::new(match &args.book {
        Some(path) => Book::open(path).with_context(|| path.display().to_string())?,
        None => Book::shipped(Rules::ABAPA).context("no book ships for abapa")?,
    });
    println!(
        "book-match: {} games at {} ms a move, book of {} positions (depth {}, {} plies) against no book",
        args.games,
        args.ms,
        book.len(),
        book.depth(),
        book.plies()
    );
    let level = Level::new(19)?;
    let contestant = |name: &str, book: Option<Arc<Book>>| {
        let seed = args.seed;
        Contestant {
            name: name.to_owned(),
            budget: Budget {
                movetime: Some(Duration::from_millis(args.ms)),
                ..Budget::default()
            },
            start: Box::new(move || {
                Ok(Box::new(SearchPlayer::with_book(level, seed, book.clone())) as Box<dyn Player>)
            }),
        }
    };
    let m = Match {
        contestants: [contestant("book", Some(book)), contestant("no book", None)],
        openings: vec![Game::new(Rules::ABAPA)],
        games: args.games,
        concurrency: args.jobs.max(1),
        // Strength alone counts here: no losses on time.
        settings: Settings {
            margin: None,
            ..Settings::default()
        },
        sprt: None,
    };
    let started = Instant::now();
    let summary = oware_match::run(&m, &mut |_, summary| {
        let played = summary.total().games();
        if played.is_multiple_of(20) {
            eprintln!(
                "  {}",
                summary.progress(["book", "no book"], args.games, None)
            );
        }
    });
    println!("{}", summary.table(["book", "no book"], None));
    println!("[{:.0}s]", started.elapsed().as_secs_f64());
    Ok(())
}
