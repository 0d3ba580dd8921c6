//! perft agreement: core's and the reference's move counts from the opening
//! and from edge positions, under every rule set, and both held to the
//! figures in the perft data file.
//!
//! A count that differs is chased down the tree, child by child, to the
//! first position where the two disagree about a single move.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use oware_core::{Board, House, Position, Rules, Seat, divide, perft, perft_played};
use oware_reference as reference;

use super::bridge::{self, RULE_SETS, RuleSet, guard};
use super::disagreement::{Disagreement, shrink};
use super::moves::{Tally as MovesTally, compare_position};
use crate::verify::random::{self, Stress};

/// Where the edge positions' random streams start, apart from the other checks'.
const STREAM: u64 = 2 << 40;
/// Edge positions counted from, and the depth counted to.
const EDGE_POSITIONS: u64 = 240;
/// The depth of the counts from edge positions.
pub(super) const EDGE_DEPTH: u32 = 4;

/// The perft data file both implementations' tests read too: cells, seat,
/// depth and count per line.
const DATA_FILE: &str = "oware-core/tests/data/opening.perft";

/// One figure from the data file.
struct Figure {
    line: usize,
    position: Position,
    depth: u32,
    count: u64,
}

/// What the perft check counted.
#[derive(Debug, Default)]
pub(super) struct Tally {
    /// perft from the opening under Abapa, depth 1 up.
    pub(super) opening: Vec<u64>,
    /// The same under Awari (grand slams forbidden).
    pub(super) awari: Vec<u64>,
    /// Figures from the data file checked against both.
    pub(super) figures_both: usize,
    /// Figures deeper than the run's depth, checked against core only.
    pub(super) figures_core: usize,
    /// Edge positions counted from, each under every rule set.
    pub(super) edge_positions: u64,
    /// Move sequences counted from them, all rule sets together.
    pub(super) edge_leaves: u64,
}

/// Counts from the opening to `depth` in both, the data file's figures,
/// and from random edge positions.
pub(super) fn run(seed: u64, depth: u32) -> anyhow::Result<Result<Tally, Box<Disagreement>>> {
    let mut tally = Tally::default();
    for figure in read(DATA_FILE)? {
        let core = guard(|| perft(figure.position, figure.depth));
        if core != Ok(figure.count) {
            bail!(
                "{DATA_FILE}:{}: perft({}) is {} in the file, {core:?} by oware-core",
                figure.line,
                figure.depth,
                figure.count
            );
        }
        if figure.depth <= depth {
            let theirs = guard(|| {
                reference::perft(
                    &bridge::reference_position(figure.position),
                    figure.depth,
                    reference::Rules::Abapa,
                )
            });
            if theirs != Ok(figure.count) {
                bail!(
                    "{DATA_FILE}:{}: perft({}) is {} in the file, {theirs:?} by oware-reference",
                    figure.line,
                    figure.depth,
                    figure.count
                );
            }
            tally.figures_both += 1;
        } else {
            tally.figures_core += 1;
        }
    }
    Ok(counts(seed, depth, tally))
}

/// The counts compared between the two implementations.
fn counts(seed: u64, depth: u32, mut tally: Tally) -> Result<Tally, Box<Disagreement>> {
    let [abapa, _, awari, _] = RULE_SETS;
    for d in 1..=depth {
        let agreed = agree(Position::OPENING, d, abapa)?;
        tally.opening.push(agreed);
        // Core's library perft, its split by first move, and its twin that
        // plays the leaves too must all give the agreed count.
        let core = guard(|| perft(Position::OPENING, d));
        let split = guard(|| {
            divide(Position::OPENING, d)
                .iter()
                .map(|&(_, n)| n)
                .sum::<u64>()
        });
        let played = guard(|| {
            if d <= 7 {
                perft_played(Position::OPENING, d)
            } else {
                agreed
            }
        });
        if [&core, &split, &played] != [&Ok(agreed); 3] {
            return Err(Disagreement::at(
                "perft",
                abapa.name,
                Position::OPENING,
                format!("perft({d}) by core's perft, divide and perft_played"),
                format!("perft {core:?}, divide {split:?}, perft_played {played:?}"),
                format!("{agreed} (core's legal moves counted here agree with the reference)"),
            ));
        }
    }
    for d in 1..depth {
        tally.awari.push(agree(Position::OPENING, d, awari)?);
    }
    for index in 0..EDGE_POSITIONS {
        let mut rng = random::task_rng(seed, STREAM + index);
        let stress = Stress::ALL[(index % Stress::ALL.len() as u64) as usize];
        let start = random::position(&mut rng, stress);
        for set in RULE_SETS {
            tally.edge_leaves += agree(start, EDGE_DEPTH, set).map_err(|d| {
                d.context(format!(
                    "from edge position {index} (seed {seed}), a random {} position",
                    stress.name()
                ))
            })?;
        }
        tally.edge_positions += 1;
    }
    Ok(tally)
}

/// perft under `set.core`, by core's legal moves and unchecked play.
fn core_perft(position: Position, depth: u32, rules: &Rules) -> u64 {
    match depth {
        0 => 1,
        _ => position
            .legal_moves_under(rules)
            .iter()
            .map(|house| core_perft(position.play_unchecked(house), depth - 1, rules))
            .sum(),
    }
}

/// The reference's perft of a core position.
fn reference_perft(position: Position, depth: u32, set: RuleSet) -> u64 {
    reference::perft(
        &bridge::reference_position(position),
        depth,
        set.reference(),
    )
}

/// The count both agree on, or where they first disagree.
fn agree(position: Position, depth: u32, set: RuleSet) -> Result<u64, Box<Disagreement>> {
    match both(position, depth, set) {
        Some(count) => Ok(count),
        None => Err(locate(position, depth, set, Vec::new())),
    }
}

/// The count, if both give the same one without a panic.
fn both(position: Position, depth: u32, set: RuleSet) -> Option<u64> {
    let core = guard(|| core_perft(position, depth, &set.core)).ok()?;
    let theirs = guard(|| reference_perft(position, depth, set)).ok()?;
    (core == theirs).then_some(core)
}

/// Follows a differing count down the tree: the first child whose counts
/// differ, until a position where a single move is answered differently.
fn locate(position: Position, depth: u32, set: RuleSet, path: Vec<House>) -> Box<Disagreement> {
    let path_text: String = path.iter().map(|h| h.letter()).collect();
    if let Err(found) = compare_position(position, set, &mut MovesTally::default()) {
        let found = shrink(found, |p| {
            compare_position(p, set, &mut MovesTally::default()).err()
        });
        return found.context(format!(
            "found by perft({depth}) after the moves {path_text:?}: the counts differed all the way down"
        ));
    }
    for house in position.legal_moves_under(&set.core) {
        let child = position.play_unchecked(house);
        if both(child, depth - 1, set).is_none() {
            let mut path = path;
            path.push(house);
            return locate(child, depth - 1, set, path);
        }
    }
    Disagreement::at(
        "perft",
        set.name,
        position,
        format!("perft({depth}) after the moves {path_text:?}"),
        format!("{:?}", guard(|| core_perft(position, depth, &set.core))),
        format!("{:?}", guard(|| reference_perft(position, depth, set))),
    )
    .context("every move and every child's count agree: the perft functions themselves differ")
}

/// The figures of a perft data file.
fn read(file: &str) -> anyhow::Result<Vec<Figure>> {
    let path: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(file);
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let mut figures = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let figure = parse_line(line)
            .with_context(|| format!("{file}:{}: not a perft figure: {line}", index + 1))?;
        let (position, depth, count) = figure;
        figures.push(Figure {
            line: index + 1,
            position,
            depth,
            count,
        });
    }
    if figures.is_empty() {
        bail!("{file} holds no perft figure");
    }
    Ok(figures)
}

/// `<cells> <s|n> <depth> <count>`.
fn parse_line(line: &str) -> anyhow::Result<(Position, u32, u64)> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [cells, seat, depth, count] = fields[..] else {
        bail!("expected 4 fields: cells, seat, depth, count");
    };
    let cells: Vec<u8> = cells.split(',').map(str::parse).collect::<Result<_, _>>()?;
    let cells: [u8; 14] = cells
        .try_into()
        .map_err(|c: Vec<u8>| anyhow::anyhow!("{} cells, not 14", c.len()))?;
    let seat: Seat = seat.parse()?;
    Ok((
        Position::new(Board::from_cells(cells)?, seat),
        depth.parse()?,
        count.parse()?,
    ))
}
