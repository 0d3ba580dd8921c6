//! An opening book for Oware, built from the bot's own analysis.
//!
//! The bot opens a game by searching from scratch, though the first moves
//! of every game are the same few positions. A [`Book`] holds those
//! positions, each with the moves within a small margin of the best and
//! their scores, from searches deeper than the bot has time for in play:
//!
//! - [`Book::shipped`] is the book that ships for abapa (in `data/`);
//!   [`Book::open`] reads another, refusing a damaged file with the reason;
//! - [`Book::moves`] gives a game's book moves, [`Book::choose`] picks one,
//!   weighted toward the best so games differ;
//! - the player at a level that opens from the book at the levels that
//!   play one is `oware-player`'s `Bot`;
//! - [`build`] makes a book, resumably: each search is written to a [`Log`]
//!   as it ends, and a build that is stopped continues from it.
//!
//! A book is used only under the rule set it was built for. The opening is
//! the same under abapa, sowing and awari, but a grand slam's legality and
//! the move limit can change the scores, so each needs its own book.
//!
//! ```
//! use oware_book::Book;
//! use oware_core::{Game, House, Rules};
//!
//! let book = Book::shipped(Rules::ABAPA).expect("a book ships for abapa");
//! let mut game = Game::new(Rules::ABAPA);
//! for _ in 0..4 {
//!     let m = book.choose(&game, 2026).expect("the first plies are in the book");
//!     println!("{m}"); // e.g. `E (+0.81)`
//!     game.play(m.house)?;
//! }
//! // Bytes in, bytes out: the file format is in the `format` module's docs.
//! assert_eq!(Book::from_bytes(&book.to_bytes())?, book);
//! assert!(Book::from_bytes(b"not a book").is_err());
//! # let _ = House::A;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The file
//! Little-endian, a 32-byte header (magic, version, rule set, depth, plies,
//! margin, entry count, body length, checksum) and the entries keyed by the
//! whole position (14 cells and the seat to move), in key order; see
//! [`format`](mod@format) for the layout.

mod book;
mod build;
pub mod format;
mod log;

pub use book::{Book, BookMove};
pub use build::{BuildOptions, Progress, build};
pub use format::{BookError, MAGIC};
pub use log::{Log, LogError, Scores};
