//! Move for move: random walks from the opening and from edge positions,
//! and at every position on the way, under every rule set, the two
//! implementations asked the same questions — the legal moves, the result
//! of each legal move, the refusal of each illegal one, whether the game is
//! over and how it ended.

use oware_core::{Game, House, HouseSet, Position, Seat};
use oware_reference as reference;
use rand::{Rng, RngExt};

use super::bridge::{self, RULE_SETS, RuleSet, guard};
use super::disagreement::{Disagreement, shrink};
use crate::verify::random::{self, Stress};

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
    /// (in the order of [`bridge::REFUSALS`]).
    pub(super) refusals: [u64; 5],
    /// Positions both found over, by reason (in the order of
    /// [`bridge::END_REASONS`]; a position alone can end only by the first three).
    pub(super) over: [u64; bridge::END_REASONS.len()],
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
    let mut rng = random::task_rng(seed, index);
    // Shifted each round of EVERY walks, so the walks from the opening
    // (the first of each round) take the rule sets in turn too.
    let set = RULE_SETS[((index % EVERY + index / EVERY) % RULE_SETS.len() as u64) as usize];
    let from_opening = index.is_multiple_of(EVERY);
    let (start, limit, origin) = if from_opening {
        (Position::OPENING, OPENING_WALK, "the opening".to_owned())
    } else {
        let edge_walks_before = index - index / EVERY - 1;
        let stress = Stress::ALL[(edge_walks_before % Stress::ALL.len() as u64) as usize];
        let start = random::position(&mut rng, stress);
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
        for compared in RULE_SETS {
            compare_position(position, compared, tally).map_err(|found| {
                let found = shrink(found, |p| {
                    compare_position(p, compared, &mut Tally::default()).err()
                });
                let reached = if path.is_empty() {
                    String::new()
                } else {
                    format!(
                        ", then {} under {} rules",
                        path.iter().map(|h| h.letter()).collect::<String>(),
                        set.name
                    )
                };
                found.context(format!(
                    "reached by walk {index} (seed {seed}) from {origin} {:?}, {} to move{reached}",
                    start.board().to_cells(),
                    start.to_move(),
                ))
            })?;
        }
        let legal = position.legal_moves_under(&set.core);
        if legal.is_empty() || path.len() >= limit {
            return Ok(());
        }
        let house = pick(&mut rng, legal);
        position = position
            .play_under(house, &set.core)
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

/// Asks both implementations everything about `position` under `set`:
/// the legal moves, whether the game is over and how, and each of the
/// twelve houses played, legal or not. A panic on either side is an
/// answer too, and a wrong one.
pub(super) fn compare_position(
    position: Position,
    set: RuleSet,
    tally: &mut Tally,
) -> Result<(), Box<Disagreement>> {
    let other = bridge::reference_position(position);
    let disagree = |question: String, core: String, reference: String| {
        Err(Disagreement::at(
            "moves", set.name, position, question, core, reference,
        ))
    };
    tally.positions += 1;

    let core_moves = guard(|| {
        position
            .legal_moves_under(&set.core)
            .iter()
            .map(House::index)
            .collect::<Vec<_>>()
    });
    let reference_moves = guard(|| other.legal_moves(set.reference()));
    if !agreed(&core_moves, &reference_moves) {
        return disagree(
            "legal moves".into(),
            show(&core_moves, |m| bridge::letters(m.iter().copied())),
            show(&reference_moves, |m| bridge::letters(m.iter().copied())),
        );
    }

    let core_over = guard(|| position.is_over());
    let reference_over = guard(|| other.is_over());
    if !agreed(&core_over, &reference_over) {
        return disagree(
            "is the game over".into(),
            show(&core_over, bool::to_string),
            show(&reference_over, bool::to_string),
        );
    }
    // A fresh game has seen its position once and no move: its outcome is
    // the one that needs no history, which the position gives too.
    let core_outcome = guard(|| Game::from_position(position, set.core).outcome());
    let position_outcome = guard(|| position.outcome());
    let reference_outcome =
        guard(|| reference::Game::from_position(other, set.reference()).outcome());
    let same = match (&core_outcome, &position_outcome, &reference_outcome) {
        (Ok(game), Ok(alone), Ok(theirs)) => bridge::same_outcome(*game, *theirs) && game == alone,
        _ => false,
    };
    if !same {
        return disagree(
            "outcome".into(),
            format!(
                "Game: {}\nPosition::outcome: {}",
                show(&core_outcome, |o| bridge::show_outcome(*o)),
                show(&position_outcome, |o| bridge::show_outcome(*o))
            ),
            show(&reference_outcome, |o| bridge::show_reference_outcome(*o)),
        );
    }
    if let Ok(Some(outcome)) = core_outcome {
        tally.over[bridge::end_index(outcome.reason)] += 1;
    }
    let mover = position.to_move();
    if position.board().seeds_on_side(mover.opponent()) == 0
        && core_moves.as_ref().is_ok_and(|m| !m.is_empty())
    {
        tally.feeding += 1;
    }

    for house in House::ALL {
        let core = guard(|| position.play_under(house, &set.core));
        let reference = guard(|| other.play(house.index(), set.reference()));
        let same = match (&core, &reference) {
            (Ok(Ok(a)), Ok(Ok(b))) => {
                a.board().to_cells() == b.cells && a.to_move() == bridge::core_seat(b.to_move)
            }
            (Ok(Err(illegal)), Ok(Err(refusal))) => {
                bridge::refusal(*illegal) == *refusal
                    && bridge::refused_house(*illegal).is_none_or(|h| h == house)
            }
            _ => false,
        };
        if !same {
            return disagree(
                format!("play {house}"),
                show(&core, |r| bridge::show_play(*r)),
                show(&reference, |r| bridge::show_reference_play(*r)),
            );
        }
        match core {
            Ok(Ok(after)) => count_move(position, house, after, mover, tally),
            Ok(Err(illegal)) => tally.refusals[bridge::refusal_index(illegal)] += 1,
            Err(_) => unreachable!("a panic is never the same answer"),
        }
    }
    Ok(())
}

/// Whether two guarded answers agree: neither panicked, and equal.
fn agreed<T: PartialEq>(core: &Result<T, String>, reference: &Result<T, String>) -> bool {
    matches!((core, reference), (Ok(a), Ok(b)) if a == b)
}

/// A guarded answer in words.
fn show<T>(answer: &Result<T, String>, words: impl Fn(&T) -> String) -> String {
    match answer {
        Ok(value) => words(value),
        Err(panic) => format!("PANICKED: {panic}"),
    }
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
