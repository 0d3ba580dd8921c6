//! Endgame databases for Oware: every position with up to `N` seeds on the
//! board, solved by retrograde analysis under the awari or abapa rules.
//!
//! A database position is the twelve houses and the side to move; stores
//! do not change what is still to be won. Its value is the net number of
//! seeds (the mover's minus the opponent's) that the side to move collects
//! out of the `n` on the board under perfect play, until the board is
//! settled; the mover ends the game with `store + (n + value) / 2`.
//!
//! ```
//! use oware_core::{Board, Position, Seat};
//! use oware_egdb::{Bounds, Database, Ruleset};
//!
//! let db = Database::build(Ruleset::Awari, 6);
//! // Three seeds: South's A holds 2, North's a holds 1.
//! let board = Board::from_cells([2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 22, 23])?;
//! let position = Position::new(board, Seat::South);
//! let value = db.probe(&position).expect("3 seeds are in the database");
//! assert!(value.is_exact());
//! for (house, bounds) in db.probe_moves(&position).unwrap() {
//!     assert!(bounds.hi <= value.lo, "{house} is no better than the best move");
//! }
//! # Ok::<(), oware_core::BoardError>(())
//! ```
//!
//! Under **awari** a grand slam is illegal unless every legal move is one,
//! and endless play without a capture splits the seeds left evenly (it
//! scores 0): the values are exact. Under **abapa** a grand slam is legal
//! and captures nothing, and each position keeps two [`Bounds`]: LO, the
//! value if endless play gave every seed left to the mover's opponent, and
//! HI, if it gave them to the mover.
//!
//! Every rule (sowing, capture, grand slam, feeding, legal moves, and the
//! un-moves that undo them) is oware-core's: the database calls it, never
//! works it out again.
//!
//! [`Position::quiet_unmoves`]: oware_core::Position::quiet_unmoves
//!
//! # Building and probing
//!
//! [`Database::build`] solves in memory, and [`Database::solve_next`] adds
//! one seed count (the web page's worker grows its database so, and reads
//! the slice files it kept back with [`Database::read_next`]); [`build_dir`] writes one file per seed count and
//! resumes an interrupted build, checking every file already there in
//! full; [`Database::open`] maps them read-only (headers checked, no data
//! read: pages are read as probes touch them, and shared between processes)
//! and [`Database::from_files`] reads them from bytes. [`Database::probe`]
//! is a rank and one load; [`Database::probe_moves`] gives every legal
//! move's bounds.
//!
//! [`Extent::DEFAULT`] is the database the front ends offer and build when
//! asked for none in particular; [`Extent::disk_len`] is its size on disk,
//! [`build_estimate`] its build time, and [`survey`] says what a directory
//! holds of a database, file by file, from the headers.
//!
//! # How it is solved
//!
//! Positions with `n` seeds form a *slice* of C(n + 11, 11) positions,
//! numbered densely by the combinatorial number system (stars and bars).
//! Slices are solved from 0 seeds up: a capture leaves the slice for a
//! smaller, solved one (an *exit* with a known payoff), a quiet move stays
//! in it. One forward pass on every core finds each position's best exit
//! and counts its quiet moves; then a sweep over levels `t = n, n-1, …`
//! decides the positions worth `t` and `-t`, spreading each decision to the
//! parents (oware-core's un-moves, [`Position::quiet_unmoves`], which it
//! holds to its own forward play) and counting down the quiet children still
//! unknown. The spreading runs on every core too, in rounds: the parents of
//! a round's decisions are found in pieces, then each part of the table
//! applies the updates that fall in it, its loads prefetched ahead; the
//! big tables ask for huge pages. Under abapa the LO and HI tables are solved together in one
//! sweep, each the other's children; what is never decided is endless play
//! and takes the rule set's default.
//!
//! # Encoding
//!
//! Awari stores one byte per position (the value). Abapa stores two, LO
//! then HI, side by side, so that a probe is still one load. Folding the
//! pair into one byte was measured: values have the parity of `n`, so the
//! possible pairs `lo <= hi` number (n + 1)(n + 2) / 2 (231 at 20 seeds, 276
//! at 22, too many for a fixed fold past 21), but the pairs that occur are
//! far fewer: 59 distinct pairs at 12 seeds, 82 at 15, 102 at 18, 111 at 19.
//! A per-slice palette of at most 256 pairs would therefore halve abapa's
//! files and memory (452 MB → 226 MB up to 20 seeds) at the cost of a
//! second, L1-resident lookup per probe, a palette in the header and a
//! second decoding path. Up to 24 seeds two bytes fit a 24 GB machine (2.5 GB
//! in all), so the plain encoding was kept: one layout for both rule sets,
//! a probe that is a rank and one load, and the simplest reader for the
//! wasm worker. The palette is the first step towards 30 seeds (below).
//!
//! # Files
//!
//! One per rule set and seed count, `abapa-07.egdb`: a 32-byte header
//! (magic word `OWAREEGD`, format version, rule set, seed count, bytes per
//! entry, entry count, checksum of the data) and the values in rank order.
//! The header is `oware-file`'s frame, shared with the opening book. A file
//! that is not the slice asked for (header or length) is refused at open
//! with a message naming the file and the fault; one whose data does not
//! match its checksum is found by [`check_slice`] and by [`build_dir`]
//! (which builds it again), and a probe that meets a value no position can
//! have drops that slice and reports it once ([`Database::on_damage`]).
//! Files are written as `NAME.part` and renamed when complete, never changed
//! in place, so a mapped file never changes under its readers.
//!
//! # Sizes and 30 seeds
//!
//! A slice of `n` seeds has C(n + 11, 11) positions: 84.7 M at 20, 417 M
//! at 24, 3.16 G at 30; all slices up to 30 hold 11.06 G. Solving a slice
//! holds the slices below it (one byte a position under awari, two under
//! abapa), its working table (3 or 5 bytes a position) and the lists of
//! decided positions (about a byte a position at the peak); the values are
//! then compacted in place. Awari up to 30 seeds was built that way on a
//! 24 GB machine (its peak, dated, is in docs/endgames.md, "Build times
//! and sizes"); abapa does not fit, as it is: at slice 30 its lower slices
//! take 15.8 GB, its working table 15.8 GB and its lists about 3 GB. A per-slice palette of the (LO, HI) pairs that occur (at
//! most 111 distinct pairs up to 19 seeds, against 231 possible at 20)
//! would make it one byte a position on disk and in the lower slices,
//! 7.9 GB, which is still about 27 GB at slice 30: abapa to 30 wants a
//! machine of 32 GB, or two machines with the split build
//! (`oware-egdb-mpi`, where each process holds its range of the slice's
//! working table; docs/distributed.md), or the lower slices memory-mapped
//! from disk rather than held (they are only read, by the forward pass).

mod database;
#[cfg(not(target_arch = "wasm32"))]
mod disk;
mod error;
mod extent;
mod file;
mod memory;
mod parallel;
#[cfg(not(target_arch = "wasm32"))]
mod range;
mod rank;
mod ruleset;
mod slice;
mod solve;
mod unmove;
mod view;

pub use database::{BuildEvent, Database, SliceReport, mover_houses};
#[cfg(not(target_arch = "wasm32"))]
pub use disk::{BuildSummary, SliceParts, build_dir, check_slice, slice_path, survey};
pub use error::{Damage, EgdbError};
pub use extent::{Extent, build_estimate, file_len};
pub use file::MAGIC;
#[cfg(not(target_arch = "wasm32"))]
pub use range::{RangeSolver, next_decided, open_complete, push_slice};
pub use rank::{positions_up_to, slice_len};
pub use ruleset::{Bounds, ParseRulesetError, Ruleset};
