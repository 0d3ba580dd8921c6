//! Move for move: random walks from the opening and from edge positions,
//! and at every position on the way, under every rule set, the two
//! implementations asked the same questions (`oware_fuzz::agree::position`)
//! — the legal moves, the result of each legal move, the refusal of each
//! illegal one, whether the game is over and how it ended.

use oware_core::{House, HouseSet, Position, Rules, Seat};
use oware_fuzz::agree::{self, Agreed, Disagreement};
use oware_fuzz::edges::{self, Stress};
use rand::{Rng, RngExt};

use super::guard::{ask, shrunk};
use super::{END_REASONS, REFUSALS};

/// The longest walk from the opening: random play without history may
/// cycle, so a walk stops here even if the game goes on.
const OPENING_WALK: usize = 400;
/// The longest walk from an edge position: long enough to leave the edge
/// and meet the positions that follow from it.
const EDGE_WALK: usize = 12;
/// One walk in this many starts from the opening: a random game lasts
/// about a hundred moves, so the moves split about evenly between games
/// from the opening and walks from the edges.
const EVERY: u64 = 9;

/// What the walks compared.
#[derive(Clone, Debug, Default)]
pub(super) struct Tally {
    /// Moves played along the walks.
    pub(super) moves: u64,
    /// Moves played on walks from the opening.
    pub(super) opening_moves: u64,
    /// Walks made.
    pub(super) walks: u64,
    /// Positions compared, counted once per rule set.
    pub(super) positions: u64,
    /// Legal moves played by both, with the same result.
    pub(super) plays: u64,
    /// Illegal moves refused by both for the same reason, by reason
    /// (in the order of [`REFUSALS`]).
    pub(super) refusals: [u64; REFUSALS.len()],
    /// Positions both found over, by reason (in the order of
    /// [`END_REASONS`]; a position alone can end only by the first three).
    pub(super) over: [u64; END_REASONS.len()],
    /// Legal moves that sowed 12 seeds or more (a lap, the origin skipped).
    pub(super) laps: u64,
    /// Legal moves that sowed 23 seeds or more (the origin skipped twice).
    pub(super) double_laps: u64,
    /// Legal moves that captured from two houses or more.
    pub(super) chains: u64,
    /// Legal moves that were grand slams.
    pub(super) grand_slams: u64,
    /// Positions where the opponent's row was empty and the mover had a move.
    pub(super) feeding: u64,
}

impl Tally {
    /// Adds another tally's counts to this one.
    fn add(&mut self, other: &Tally) {
        self.moves += other.moves;
        self.opening_moves += other.opening_moves;
        self.walks += other.walks;
        self.positions += other.positions;
        self.plays += other.plays;
        for (mine, theirs) in self.refusals.iter_mut().zip(other.refusals) {
            *mine += theirs;
        }
        for (mine, theirs) in self.over.iter_mut().zip(other.over) {
            *mine += theirs;
        }
        self.laps += other.laps;
        self.double_laps += other.double_laps;
        self.chains += other.chains;
        self.grand_slams += other.grand_slams;
        self.feeding += other.feeding;
    }
}

/// Walks until `budget` moves have been played, walk `i` drawing from
/// stream `i` of `seed`: one in [`EVERY`] from the opening until the game
/// ends, the others from an edge position (the kinds in turn) for a few
/// moves; the rule sets in turn. `threads` workers share the walks.
pub(super) fn run(seed: u64, budget: u64, threads: usize) -> Result<Tally, Box<Disagreement>> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicU64, Ordering};

    let next_walk = AtomicU64::new(0);
    let moves = AtomicU64::new(0);
    let total = Mutex::new(Tally::default());
    // The lowest-numbered walk that disagreed, so the report does not
    // depend on which thread got there first.
    let failure: Mutex<Option<(u64, Box<Disagreement>)>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut tally = Tally::default();
                loop {
                    if moves.load(Ordering::Relaxed) >= budget {
                        break;
                    }
                    let walk_index = next_walk.fetch_add(1, Ordering::Relaxed);
                    if failure
                        .lock()
                        .unwrap()
                        .as_ref()
                        .is_some_and(|(i, _)| *i < walk_index)
                    {
                        break;
                    }
                    let before = tally.moves;
                    let result = walk(seed, walk_index, &mut tally);
                    moves.fetch_add(tally.moves - before, Ordering::Relaxed);
                    if let Err(disagreement) = result {
                        let mut failure = failure.lock().unwrap();
                        if failure.as_ref().is_none_or(|(i, _)| walk_index < *i) {
                            *failure = Some((walk_index, disagreement));
                        }
                        break;
                    }
                }
                total.lock().unwrap().add(&tally);
            });
        }
    });
    match failure.into_inner().unwrap() {
        Some((_, disagreement)) => Err(disagreement),
        None => Ok(total.into_inner().unwrap()),
    }
}

/// Walk number `index`: compares every position on the way under every
/// rule set and plays random legal moves under the walk's own rule set.
fn walk(seed: u64, index: u64, tally: &mut Tally) -> Result<(), Box<Disagreement>> {
    let mut rng = super::task_rng(seed, index);
    // Shifted each round of EVERY walks, so the walks from the opening
    // (every ninth) take the rule sets in turn too.
    let (name, rules) = super::preset(index + index / EVERY);
    let from_opening = index.is_multiple_of(EVERY);
    let (start, limit, origin) = if from_opening {
        (Position::OPENING, OPENING_WALK, "the opening".to_owned())
    } else {
        let edge_walks_before = index - index / EVERY - 1;
        let stress = Stress::ALL[(edge_walks_before % Stress::ALL.len() as u64) as usize];
        let start = edges::position(&mut rng, stress);
        (
            start,
            EDGE_WALK,
            format!("a random {} position", stress.name()),
        )
    };
    tally.walks += 1;
    let mut position = start;
    let mut path: Vec<House> = Vec::new();
    loop {
        for (_, compared) in Rules::PRESETS {
            compare_position(position, compared, tally).map_err(|found| {
                let reached = if path.is_empty() {
                    String::new()
                } else {
                    format!(
                        ", then {} under {name} rules",
                        path.iter().map(|h| h.letter()).collect::<String>(),
                    )
                };
                shrunk(found).context(format!(
                    "reached by walk {index} (seed {seed}) from {origin} {:?}, {} to move{reached}",
                    start.board().to_cells(),
                    start.to_move(),
                ))
            })?;
        }
        let legal = position.legal_moves_under(&rules);
        if legal.is_empty() || path.len() >= limit {
            return Ok(());
        }
        let house = pick(&mut rng, legal);
        position = position
            .play_under(house, &rules)
            .expect("core's own legal move, already compared with the reference's");
        path.push(house);
        tally.moves += 1;
        if from_opening {
            tally.opening_moves += 1;
        }
    }
}

/// A house drawn uniformly from a non-empty set.
fn pick(rng: &mut impl Rng, set: HouseSet) -> House {
    set.iter()
        .nth(rng.random_range(0..set.len()))
        .expect("the index is below the set's size")
}

/// Asks both implementations everything about `position` under `rules`
/// (a panic on either side is an answer too, and a wrong one), and counts
/// the edges the agreed answers met.
fn compare_position(
    position: Position,
    rules: Rules,
    tally: &mut Tally,
) -> Result<(), Box<Disagreement>> {
    tally.positions += 1;
    let agreed = ask(rules, position, "everything about the position", || {
        agree::position(position, rules)
    })?;
    let Agreed {
        legal,
        outcome,
        plays,
    } = agreed;
    if let Some(outcome) = outcome {
        tally.over[super::end_index(outcome.reason)] += 1;
    }
    let mover = position.to_move();
    if position.board().seeds_on_side(mover.opponent()) == 0 && !legal.is_empty() {
        tally.feeding += 1;
    }
    for (house, played) in House::ALL.into_iter().zip(plays) {
        match played {
            Ok(after) => count_move(position, house, after, mover, tally),
            Err(illegal) => tally.refusals[super::refusal_index(illegal)] += 1,
        }
    }
    Ok(())
}

/// Counts what a legal move reached, so the summary shows the edges met.
fn count_move(before: Position, house: House, after: Position, mover: Seat, tally: &mut Tally) {
    tally.plays += 1;
    let sown = before.board()[house];
    tally.laps += u64::from(sown >= 12);
    tally.double_laps += u64::from(sown >= 23);
    let sowing = before.board().sow(house);
    let chain = sowing.board.capture_chain(mover, sowing.last);
    if chain.is_grand_slam(sowing.board) {
        tally.grand_slams += 1;
    } else if chain.len() >= 2 && after.board().store(mover) > before.board().store(mover) {
        tally.chains += 1;
    }
}
