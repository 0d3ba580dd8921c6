//! Whole games side by side: the same moves played in core's `Game` and
//! the reference's, compared after every move — position, legal moves,
//! outcome, refusals of stray moves — so the ends that need history
//! (repetition, the move limit) are held to the reference too.
//!
//! Random play seldom repeats a position three times or goes 100 moves
//! without a capture, so besides uniform play the games use policies that
//! seek those ends: avoid captures, or return to a position already seen.
//! A forced cycle built by hand opens every rule set's games.

use oware_core::{Game, House, Position, Seat};
use oware_reference as reference;
use rand::{Rng, RngExt};

use super::bridge::{self, END_REASONS, RULE_SETS, RuleSet, guard};
use super::disagreement::Disagreement;
use crate::verify::random::{self, Stress};

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
#[derive(Clone, Debug, Default)]
pub(super) struct Tally {
    /// Games played, per rule set (in the order of [`RULE_SETS`]).
    pub(super) games: [u64; RULE_SETS.len()],
    /// Moves played, all games together.
    pub(super) moves: u64,
    /// Games ended, per rule set and reason (in the order of [`END_REASONS`]).
    pub(super) endings: [[u64; END_REASONS.len()]; RULE_SETS.len()],
    /// Games stopped at [`LONGEST`] moves without an end.
    pub(super) unfinished: u64,
    /// Stray moves refused by both for the same reason, game unchanged.
    pub(super) refusals: u64,
    /// Undos compared against a game replayed without the move.
    pub(super) undos: u64,
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
    let mut tally = Tally::default();
    for (set_index, set) in RULE_SETS.into_iter().enumerate() {
        let mut rng = random::task_rng(seed, STREAM + set_index as u64);
        let start = two_seed_cycle();
        play(set_index, set, start, Policy::Uniform, &mut rng, &mut tally)
            .map_err(|d| d.context("in the hand-built two-seed cycle"))?;
        for game in 0..per_set {
            let task = STREAM + ((set_index as u64 + 1) << 32) + game;
            let mut rng = random::task_rng(seed, task);
            let (start, policy, origin) = setup(&mut rng, game);
            play(set_index, set, start, policy, &mut rng, &mut tally).map_err(|d| {
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

/// The start and policy of game `game`: the opening and random positions,
/// each with the policies in turn, sparse positions most often since they
/// cycle.
fn setup(rng: &mut impl Rng, game: u64) -> (Position, Policy, String) {
    let policy = [Policy::Uniform, Policy::Quiet, Policy::Cycle][(game % 3) as usize];
    match game / 3 % 4 {
        0 => (Position::OPENING, policy, "the opening".to_owned()),
        1 | 2 => (
            random::position(rng, Stress::Sparse),
            policy,
            "a random sparse position".to_owned(),
        ),
        _ => {
            let (stress, start) = random::any_position(rng);
            (
                start,
                policy,
                format!("a random {} position", stress.name()),
            )
        }
    }
}

/// One game from `start` in both implementations, compared after every
/// move; a panic on either side ends it with a failure.
fn play(
    set_index: usize,
    set: RuleSet,
    start: Position,
    policy: Policy,
    rng: &mut impl Rng,
    tally: &mut Tally,
) -> Result<(), Box<Disagreement>> {
    guard(|| play_unguarded(set_index, set, start, policy, rng, tally)).unwrap_or_else(|panic| {
        Err(Disagreement::panicked(
            "games",
            Some(set.name),
            Some(start),
            "a game from this position without a panic",
            panic,
        ))
    })
}

/// [`play`], where a panic unwinds.
fn play_unguarded(
    set_index: usize,
    set: RuleSet,
    start: Position,
    policy: Policy,
    rng: &mut impl Rng,
    tally: &mut Tally,
) -> Result<(), Box<Disagreement>> {
    let mut core = Game::from_position(start, set.core);
    let mut other =
        reference::Game::from_position(bridge::reference_position(start), set.reference());
    tally.games[set_index] += 1;
    loop {
        compare(&core, &other, set)?;
        if rng.random_bool(0.1) || core.is_over() {
            stray_move(&mut core, &mut other, set, rng)?;
            tally.refusals += 1;
        }
        if let Some(outcome) = core.outcome() {
            tally.endings[set_index][bridge::end_index(outcome.reason)] += 1;
            compare_undo(&mut core, set)?;
            tally.undos += 1;
            return Ok(());
        }
        if core.moves().len() >= LONGEST {
            tally.unfinished += 1;
            return Ok(());
        }
        let house = choose(&core, policy, rng);
        let core_result = core.play(house);
        let reference_result = other.play(house.index());
        if core_result.is_err() || reference_result.is_err() {
            return Err(disagree(
                &core,
                set,
                format!("play {house}"),
                format!("{core_result:?}"),
                format!("{reference_result:?}"),
            ));
        }
        tally.moves += 1;
    }
}

/// A disagreement about the current position of `core`, with the moves
/// that reached it.
fn disagree(
    core: &Game,
    set: RuleSet,
    question: String,
    mine: String,
    theirs: String,
) -> Box<Disagreement> {
    let moves: String = core.moves().iter().map(|h| h.letter()).collect();
    Disagreement::at("games", set.name, core.position(), question, mine, theirs).context(format!(
        "after the moves {moves} from {:?}, {} to move",
        core.start().board().to_cells(),
        core.start().to_move()
    ))
}

/// Both games after the same moves: same position, legal moves, outcome,
/// moves and transcript.
fn compare(core: &Game, other: &reference::Game, set: RuleSet) -> Result<(), Box<Disagreement>> {
    let position = core.position();
    let theirs = other.position();
    if position.board().to_cells() != theirs.cells
        || position.to_move() != bridge::core_seat(theirs.to_move)
    {
        return Err(disagree(
            core,
            set,
            "position after the same moves".into(),
            bridge::show_position(position.board().to_cells(), position.to_move()),
            bridge::show_position(theirs.cells, bridge::core_seat(theirs.to_move)),
        ));
    }
    let core_outcome = core.outcome();
    let reference_outcome = other.outcome();
    if !bridge::same_outcome(core_outcome, reference_outcome)
        || core.is_over() != core_outcome.is_some()
    {
        return Err(disagree(
            core,
            set,
            "outcome".into(),
            bridge::show_outcome(core_outcome),
            bridge::show_reference_outcome(reference_outcome),
        ));
    }
    // The reference's game has no list of moves: a finished game has none,
    // otherwise its position's moves under the game's rules.
    let core_moves: Vec<usize> = core.legal_moves().iter().map(House::index).collect();
    let reference_moves = if reference_outcome.is_some() {
        Vec::new()
    } else {
        theirs.legal_moves(set.reference())
    };
    if core_moves != reference_moves {
        return Err(disagree(
            core,
            set,
            "legal moves in the game".into(),
            bridge::letters(core_moves),
            bridge::letters(reference_moves),
        ));
    }
    let moves: Vec<usize> = core.moves().iter().map(|h| h.index()).collect();
    let core_text = core.transcript().to_string();
    let reference_text = reference::render_transcript(other.moves());
    if moves != other.moves() || core_text != reference_text {
        return Err(disagree(
            core,
            set,
            "transcript".into(),
            core_text,
            reference_text,
        ));
    }
    Ok(())
}

/// A random house of either seat tried in both games: both refuse it for
/// the same reason and stay as they were, or both play it.
fn stray_move(
    core: &mut Game,
    other: &mut reference::Game,
    set: RuleSet,
    rng: &mut impl Rng,
) -> Result<(), Box<Disagreement>> {
    let house = House::ALL[rng.random_range(0..12)];
    let (core_before, other_before) = (core.clone(), other.clone());
    let core_result = core.play(house);
    let reference_result = other.play(house.index());
    let same = match (core_result, reference_result) {
        (Err(illegal), Err(refusal)) => {
            bridge::refusal(illegal) == refusal && *core == core_before && *other == other_before
        }
        (Ok(()), Ok(())) => true,
        _ => false,
    };
    if !same {
        let mut found = disagree(
            &core_before,
            set,
            format!("play {house} in the game"),
            format!("{core_result:?}, game unchanged: {}", *core == core_before),
            format!(
                "{reference_result:?}, game unchanged: {}",
                *other == other_before
            ),
        );
        found.position = Some(core_before.position());
        return Err(found);
    }
    Ok(())
}

/// Takes back the last move of a finished game and compares it with the
/// game replayed without that move, in core and in the reference.
fn compare_undo(core: &mut Game, set: RuleSet) -> Result<(), Box<Disagreement>> {
    let Some(last) = core.undo() else {
        return Ok(());
    };
    let mut replayed = Game::from_position(core.start(), set.core);
    let mut other =
        reference::Game::from_position(bridge::reference_position(core.start()), set.reference());
    for &house in core.moves() {
        replayed.play(house).expect("replaying moves core played");
        other
            .play(house.index())
            .expect("replaying moves the reference played");
    }
    if *core != replayed {
        return Err(disagree(
            core,
            set,
            format!("undo {last}"),
            format!("undone: {:?}", core.outcome()),
            format!("(core replayed) {:?}", replayed.outcome()),
        ));
    }
    compare(core, &other, set)?;
    core.play(last).expect("the move just taken back");
    Ok(())
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
