//! Whole games side by side: the same moves played in core's `Game` and
//! the reference's, compared after every move — position, legal moves,
//! outcome, refusals of stray moves — so the ends that need history
//! (repetition, the move limit) are held to the reference too.
//!
//! Random play seldom repeats a position three times or goes 100 moves
//! without a capture, so besides uniform play the games use policies that
//! seek those ends: avoid captures, or return to a position already seen.
//! A forced cycle built by hand opens every rule set's games, and a
//! three-seed start played towards repetition follows it: an odd number of
//! seeds left, which awari-split halves and the other rule sets give to the
//! rows' owners.

use oware_core::{Game, House, Outcome, Position, Rules, Seat, Share};
use oware_fuzz::agree::{Disagreement, Games};
use oware_fuzz::edges::{self, Stress};
use rand::{Rng, RngExt};

use super::END_REASONS;
use super::guard::ask;

/// Where the games' random streams start, apart from the other checks'.
const STREAM: u64 = 1 << 40;
/// A game stops here if it has not ended (only Abapa without a move limit
/// can go on this long, and only by luck).
const LONGEST: usize = 3000;

/// How a side-by-side game picks its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Policy {
    /// Any legal move, uniformly.
    Uniform,
    /// A move that captures nothing, if there is one: towards the move limit.
    Quiet,
    /// A move back to a position already seen, if there is one, else a
    /// quiet one: towards repetition.
    Cycle,
}

/// What the games compared.
#[derive(Clone, Debug)]
pub(super) struct Tally {
    /// Games played, per rule set (in the order of `Rules::PRESETS`).
    pub(super) games: Vec<u64>,
    /// Moves played, all games together.
    pub(super) moves: u64,
    /// Games ended, per rule set and reason (in the order of [`END_REASONS`]).
    pub(super) endings: Vec<[u64; END_REASONS.len()]>,
    /// Games stopped at [`LONGEST`] moves without an end.
    pub(super) unfinished: u64,
    /// Stray moves refused by both for the same reason, game unchanged.
    pub(super) refusals: u64,
    /// Undos compared against a game replayed without the move.
    pub(super) undos: u64,
    /// Games whose repetition split the seeds left evenly where each
    /// player's own row would have given other counts: the split itself,
    /// held to the reference.
    pub(super) splits_apart: u64,
}

impl Tally {
    /// The games of `set` that ended by each reason, as `name n` pairs.
    pub(super) fn endings_of(&self, set: usize) -> String {
        END_REASONS
            .iter()
            .zip(self.endings[set])
            .filter(|&(_, n)| n > 0)
            .map(|(name, n)| format!("{n} {name}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Plays `per_set` games under each rule set, after the hand-built cycle.
pub(super) fn run(seed: u64, per_set: u64) -> Result<Tally, Box<Disagreement>> {
    let presets = Rules::PRESETS.len();
    let mut tally = Tally {
        games: vec![0; presets],
        moves: 0,
        endings: vec![[0; END_REASONS.len()]; presets],
        unfinished: 0,
        refusals: 0,
        undos: 0,
        splits_apart: 0,
    };
    for (set_index, (_, rules)) in Rules::PRESETS.into_iter().enumerate() {
        let mut rng = super::task_rng(seed, STREAM + set_index as u64);
        let start = two_seed_cycle();
        play(
            set_index,
            rules,
            start,
            Policy::Uniform,
            &mut rng,
            &mut tally,
        )
        .map_err(|d| d.context("in the hand-built two-seed cycle"))?;
        play(
            set_index,
            rules,
            three_seeds(),
            Policy::Cycle,
            &mut rng,
            &mut tally,
        )
        .map_err(|d| d.context("in the hand-built three-seed game"))?;
        for game in 0..per_set {
            let task = STREAM + ((set_index as u64 + 1) << 32) + game;
            let mut rng = super::task_rng(seed, task);
            let (start, policy, origin) = setup(&mut rng, game);
            play(set_index, rules, start, policy, &mut rng, &mut tally).map_err(|d| {
                d.context(format!(
                    "in game {game} (seed {seed}) from {origin} {:?}, {} to move, {policy:?} play",
                    start.board().to_cells(),
                    start.to_move()
                ))
            })?;
        }
    }
    Ok(tally)
}

/// South's A and North's a hold one seed each, the stores 23 each: each
/// side has one move (North must feed when both seeds are in its row), so
/// play goes round in twelve moves and the third occurrence ends it.
fn two_seed_cycle() -> Position {
    let mut cells = [0; 14];
    cells[House::A.index()] = 1;
    cells[House::a.index()] = 1;
    cells[12] = 23;
    cells[13] = 23;
    Position::new(cells.try_into().expect("48 seeds"), Seat::South)
}

/// South's A holds 2 and F 1, North's row is empty, the stores hold 23 and
/// 22: nothing can be captured before the seeds spread, and a repetition
/// leaves three seeds, an odd number, often all in one row.
fn three_seeds() -> Position {
    let mut cells = [0; 14];
    cells[House::A.index()] = 2;
    cells[House::F.index()] = 1;
    cells[12] = 23;
    cells[13] = 22;
    Position::new(cells.try_into().expect("48 seeds"), Seat::South)
}

/// The start and policy of game `game`: the opening and random positions,
/// each with the policies in turn, sparse positions most often since they
/// cycle.
fn setup(rng: &mut impl Rng, game: u64) -> (Position, Policy, String) {
    let policy = [Policy::Uniform, Policy::Quiet, Policy::Cycle][(game % 3) as usize];
    match game / 3 % 4 {
        0 => (Position::OPENING, policy, "the opening".to_owned()),
        1 | 2 => (
            edges::position(rng, Stress::Sparse),
            policy,
            "a random sparse position".to_owned(),
        ),
        _ => {
            let (stress, start) = edges::any_position(rng);
            (
                start,
                policy,
                format!("a random {} position", stress.name()),
            )
        }
    }
}

/// One game from `start` in both implementations, compared after every
/// move (`oware_fuzz::agree::Games`); a panic on either side ends it with
/// a failure.
fn play(
    set_index: usize,
    rules: Rules,
    start: Position,
    policy: Policy,
    rng: &mut impl Rng,
    tally: &mut Tally,
) -> Result<(), Box<Disagreement>> {
    ask(rules, start, "a game from this position", || {
        play_unguarded(set_index, rules, start, policy, rng, tally)
    })
}

/// [`play`], where a panic unwinds.
fn play_unguarded(
    set_index: usize,
    rules: Rules,
    start: Position,
    policy: Policy,
    rng: &mut impl Rng,
    tally: &mut Tally,
) -> Result<(), Box<Disagreement>> {
    let mut games = Games::new(start, rules);
    games.compare()?;
    tally.games[set_index] += 1;
    loop {
        if rng.random_bool(0.1) || games.core().is_over() {
            // A random house of either seat: both refuse it alike and stay
            // as they were, or both play it.
            let _ = games.play(House::ALL[rng.random_range(0..12)])?;
            tally.refusals += 1;
        }
        if let Some(outcome) = games.core().outcome() {
            tally.endings[set_index][super::end_index(outcome.reason)] += 1;
            if outcome.share == Some(Share::Evenly) {
                let own_rows = rules.with_repetition_share(Share::OwnRows);
                let board = games.core().position().board();
                if Outcome::ended(board, outcome.reason, &own_rows).seeds != outcome.seeds {
                    tally.splits_apart += 1;
                }
            }
            games.check_undo()?;
            tally.undos += 1;
            return Ok(());
        }
        if games.core().moves().len() >= LONGEST {
            tally.unfinished += 1;
            return Ok(());
        }
        let house = choose(games.core(), policy, rng);
        // A house core lists as legal: `play` fails unless both play it.
        let _ = games.play(house)?;
        tally.moves += 1;
    }
}

/// The next move under `policy`, from core's legal moves (the same as the
/// reference's: that was compared just before).
fn choose(game: &Game, policy: Policy, rng: &mut impl Rng) -> House {
    let legal: Vec<House> = game.legal_moves().iter().collect();
    let position = game.position();
    let rules = game.rules();
    let after = |house: House| position.play_under(house, &rules).expect("a legal move");
    let quiet: Vec<House> = legal
        .iter()
        .copied()
        .filter(|&h| after(h).board().stores() == position.board().stores())
        .collect();
    let seen: Vec<House> = legal
        .iter()
        .copied()
        .filter(|&h| game.positions().contains(&after(h)))
        .collect();
    let pool = match policy {
        Policy::Cycle if !seen.is_empty() => &seen,
        Policy::Quiet | Policy::Cycle if !quiet.is_empty() => &quiet,
        _ => &legal,
    };
    pool[rng.random_range(0..pool.len())]
}
