//! The rules checks of `cargo xtask verify`: oware-core held to
//! oware-reference, a second implementation written from RULES.md alone.
//!
//! - [`moves`]: random walks from the opening and from edge positions, every
//!   position asked of both under every rule set.
//! - [`games`]: whole games played side by side in both `Game` types,
//!   repetition and the move limit included.
//! - [`perft`]: move counts from the opening and from edge positions, and the
//!   figures in the perft data file.
//! - [`notation`]: board text and transcripts rendered and parsed by both.
//!
//! The questions and the reproducers are `oware_fuzz::agree`'s, the same
//! the property tests ask, and the random edge positions are
//! `oware_fuzz::edges`', the same the property tests draw: this module
//! drives them at scale, seeded, and counts what they met. The rule sets are
//! `Rules::PRESETS`, so a new preset is checked without a change here.
//!
//! Each check prints one summary line with its counts. On the first
//! disagreement it prints a reproducer and verify fails.

use std::time::Instant;

use anyhow::bail;
use oware_core::{EndReason, IllegalMove, Rules, Share};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

mod games;
mod guard;
mod moves;
mod notation;
mod perft;

/// The flags of the rules checks.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Random moves for the move-for-move cross-check [default: 20000;
    /// 10000000 with --long].
    #[arg(long, value_name = "N")]
    pub(crate) moves: Option<u64>,
    /// Whole games played side by side, per rule set [default: 300; 30000
    /// with --long].
    #[arg(long, value_name = "N")]
    pub(crate) rules_games: Option<u64>,
    /// Deepest perft from the opening counted by both [default: 9; 11 with
    /// --long].
    #[arg(long, value_name = "DEPTH")]
    pub(crate) perft_depth: Option<u32>,
    /// Worker threads for the move-for-move cross-check [default: the
    /// machine's cores, at most 4].
    #[arg(long, value_name = "N")]
    pub(crate) rules_threads: Option<usize>,
}

/// The sizes of one run, from the flags and `--long`.
struct Sizes {
    moves: u64,
    games: u64,
    perft_depth: u32,
    notation: u64,
    threads: usize,
}

impl Sizes {
    fn new(args: &super::Args) -> Sizes {
        let rules = &args.rules;
        let long = args.long;
        Sizes {
            moves: rules
                .moves
                .unwrap_or(if long { 10_000_000 } else { 20_000 }),
            games: rules.rules_games.unwrap_or(if long { 30_000 } else { 300 }),
            perft_depth: rules.perft_depth.unwrap_or(if long { 11 } else { 9 }),
            notation: if long { 200_000 } else { 2_000 },
            threads: rules.rules_threads.unwrap_or_else(|| {
                std::thread::available_parallelism().map_or(1, |n| n.get().min(4))
            }),
        }
    }
}

/// The generator for task number `task` of a run seeded with `seed`: each
/// task (a walk, a game) has its own stream, so it reproduces on its own
/// whatever ran before it.
fn task_rng(seed: u64, task: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(task);
    rng
}

/// The presets in turn: the `index`th, wrapping round.
fn preset(index: u64) -> (&'static str, Rules) {
    Rules::PRESETS[(index % Rules::PRESETS.len() as u64) as usize]
}

/// A short name for each refusal, for tallies.
const REFUSALS: [&str; 5] = [
    "game over",
    "not your house",
    "empty house",
    "must feed",
    "grand slam",
];

/// The index of `illegal` in [`REFUSALS`].
fn refusal_index(illegal: IllegalMove) -> usize {
    match illegal {
        IllegalMove::GameOver => 0,
        IllegalMove::NotYourHouse { .. } => 1,
        IllegalMove::EmptyHouse(_) => 2,
        IllegalMove::MustFeed(_) => 3,
        IllegalMove::GrandSlam(_) => 4,
    }
}

/// A short name for each end reason, for tallies.
const END_REASONS: [&str; 7] = [
    "25 captured",
    "24-24",
    "no legal move",
    "repetition",
    "move limit",
    "first repetition",
    "no seeds",
];

/// The index of `reason` in [`END_REASONS`].
fn end_index(reason: EndReason) -> usize {
    match reason {
        EndReason::Reached25 => 0,
        EndReason::Draw24 => 1,
        EndReason::NoLegalMove => 2,
        EndReason::Repetition => 3,
        EndReason::MoveLimit => 4,
        EndReason::FirstRepetition => 5,
        EndReason::NoSeeds => 6,
    }
}

/// Runs every rules check; fails on the first disagreement, after printing it.
pub(crate) fn run(args: &super::Args) -> anyhow::Result<()> {
    let sizes = Sizes::new(args);
    guard::catch_panics();
    check_moves(args.seed, &sizes)?;
    check_games(args.seed, &sizes)?;
    check_perft(args.seed, &sizes)?;
    check_notation(args.seed, &sizes)?;
    // Panics print as usual again for the checks that follow.
    drop(std::panic::take_hook());
    Ok(())
}

/// The move-for-move cross-check and its summary line.
fn check_moves(seed: u64, sizes: &Sizes) -> anyhow::Result<()> {
    let started = Instant::now();
    let tally = report(moves::run(seed, sizes.moves, sizes.threads))?;
    let [game_over, not_yours, empty, must_feed, grand_slam] = tally.refusals;
    println!(
        "rules cross-check: {} moves on {} walks ({} from the opening, the rest from edge positions), \
         {} positions x {} rule sets agreed; {} legal moves ({} laps, {} double laps, {} chains, \
         {} grand slams, {} feeding), {} refusals ({game_over} game over, {not_yours} not your house, \
         {empty} empty, {must_feed} must feed, {grand_slam} grand slam), over: {} 25 captured, \
         {} 24-24, {} no legal move [{:.1}s]",
        tally.moves,
        tally.walks,
        tally.opening_moves,
        tally.positions / Rules::PRESETS.len() as u64,
        Rules::PRESETS.len(),
        tally.plays,
        tally.laps,
        tally.double_laps,
        tally.chains,
        tally.grand_slams,
        tally.feeding,
        tally.refusals.iter().sum::<u64>(),
        tally.over[0],
        tally.over[1],
        tally.over[2],
        started.elapsed().as_secs_f64(),
    );
    // A run of the default size or more must have met every edge, or the
    // generator has lost its reach and the agreement above proves less.
    if sizes.moves >= 20_000 {
        let met = [
            ("lap", tally.laps),
            ("double lap", tally.double_laps),
            ("capture chain", tally.chains),
            ("grand slam", tally.grand_slams),
            ("feeding position", tally.feeding),
            ("position won with 25", tally.over[0]),
            ("position drawn 24-24", tally.over[1]),
            ("position without a legal move", tally.over[2]),
        ];
        let refused = REFUSALS.iter().map(|&r| (r, 0)).zip(tally.refusals);
        for (what, count) in met.into_iter().chain(refused.map(|((r, _), n)| (r, n))) {
            require("rules cross-check", what, count)?;
        }
    }
    Ok(())
}

/// Whole games side by side and their summary line.
fn check_games(seed: u64, sizes: &Sizes) -> anyhow::Result<()> {
    let started = Instant::now();
    let games = report(games::run(seed, sizes.games))?;
    let per_set: Vec<String> = Rules::PRESETS
        .iter()
        .enumerate()
        .map(|(i, (name, _))| format!("{} {name} ({})", games.games[i], games.endings_of(i)))
        .collect();
    println!(
        "rules games: {} games, {} moves, agreed move for move and on every outcome: {}; \
         {} stray moves, {} undos, {} unfinished, {} repetitions split evenly apart from the rows [{:.1}s]",
        games.games.iter().sum::<u64>(),
        games.moves,
        per_set.join("; "),
        games.refusals,
        games.undos,
        games.unfinished,
        games.splits_apart,
        started.elapsed().as_secs_f64(),
    );
    if sizes.games >= 300 {
        if Rules::PRESETS
            .iter()
            .any(|(_, rules)| rules.repetition_share() == Share::Evenly)
        {
            require(
                "rules games",
                "repetition split evenly apart from the rows",
                games.splits_apart,
            )?;
        }
        for (i, (name, rules)) in Rules::PRESETS.iter().enumerate() {
            for (reason, &count) in END_REASONS.iter().zip(&games.endings[i]) {
                // Only a move limit can end a game by the move limit. And no
                // move reaches 24-24: the capture would empty the opponent's
                // row, a grand slam, which takes nothing (the cross-check
                // meets 24-24 in set-up positions instead).
                let reachable = match *reason {
                    "move limit" => rules.move_limit().is_some(),
                    "repetition" => rules.repetition().is_some_and(|n| n > 2),
                    "first repetition" => rules.repetition() == Some(2),
                    "24-24" => false,
                    _ => true,
                };
                if reachable {
                    require(
                        "rules games",
                        &format!("{reason} ending under {name}"),
                        count,
                    )?;
                }
            }
        }
    }
    Ok(())
}

/// perft agreement and its summary line.
fn check_perft(seed: u64, sizes: &Sizes) -> anyhow::Result<()> {
    let started = Instant::now();
    let perft = report(perft::run(seed, sizes.perft_depth)?)?;
    println!(
        "rules perft: from the opening to depth {} (abapa {:?}; awari to depth {}: {:?}), \
         {} data-file figures held by both and {} deeper by core alone, {} edge positions \
         to depth {} under every rule set ({} sequences) [{:.1}s]",
        perft.opening.len(),
        perft.opening,
        perft.awari.len(),
        perft.awari,
        perft.figures_both,
        perft.figures_core,
        perft.edge_positions,
        perft::EDGE_DEPTH,
        perft.edge_leaves,
        started.elapsed().as_secs_f64(),
    );
    Ok(())
}

/// Board text and transcripts, and their summary line.
fn check_notation(seed: u64, sizes: &Sizes) -> anyhow::Result<()> {
    let started = Instant::now();
    let notation = report(notation::run(seed, sizes.notation))?;
    println!(
        "rules notation: {} boards rendered and read alike (5 variants each), {} corrupted board \
         texts read alike ({} only by the reference: stray characters among counts, the case \
         RULES.md section 8 leaves open), {} transcripts, {} corrupted transcripts, house \
         letters [{:.1}s]",
        notation.boards,
        notation.board_texts,
        notation.stray_characters,
        notation.transcripts,
        notation.transcript_texts,
        started.elapsed().as_secs_f64(),
    );
    Ok(())
}

/// Fails when a check met none of `what`.
fn require(check: &str, what: &str, count: u64) -> anyhow::Result<()> {
    if count == 0 {
        bail!("the {check} met no {what}: its generator no longer reaches that rule");
    }
    Ok(())
}

/// Prints a disagreement and turns it into verify's error.
fn report<T, D: std::fmt::Display>(result: Result<T, Box<D>>) -> anyhow::Result<T> {
    match result {
        Ok(value) => Ok(value),
        Err(disagreement) => {
            eprintln!("{disagreement}");
            bail!("the rules cross-check found a disagreement (above)")
        }
    }
}
