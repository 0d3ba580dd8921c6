//! perft agreement: core's and the reference's move counts from the opening
//! and from edge positions, under every rule set, and both held to the
//! figures in the perft data file.
//!
//! A count that differs is chased down the tree, child by child, to the
//! first position where the two disagree about a single move.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use oware_core::{Board, Position, Rules, Seat, divide, perft, perft_played};
use oware_fuzz::agree::{self, Disagreement};
use oware_fuzz::edges::{self, Stress};
use oware_reference as reference;

use super::guard::{ask, guard, shrunk};

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
        let core = guard(|| perft(figure.position, figure.depth, &Rules::ABAPA));
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
                    &agree::reference_position(figure.position),
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
    counts(seed, depth, tally)
}

/// The counts compared between the two implementations: `Ok(Err(..))` on a
/// disagreement, `Err` when core's own perft functions differ from each other.
fn counts(
    seed: u64,
    depth: u32,
    mut tally: Tally,
) -> anyhow::Result<Result<Tally, Box<Disagreement>>> {
    for d in 1..=depth {
        let agreed = match agree_perft(Position::OPENING, d, Rules::ABAPA) {
            Ok(count) => count,
            Err(found) => return Ok(Err(found)),
        };
        tally.opening.push(agreed);
        // Core's library perft, its split by first move, and its twin that
        // plays the leaves too must all give the agreed count.
        same_by_every_perft(Position::OPENING, d, Rules::ABAPA, agreed)?;
    }
    for d in 1..depth {
        match agree_perft(Position::OPENING, d, Rules::AWARI) {
            Ok(count) => {
                same_by_every_perft(Position::OPENING, d, Rules::AWARI, count)?;
                tally.awari.push(count);
            }
            Err(found) => return Ok(Err(found)),
        }
    }
    for index in 0..EDGE_POSITIONS {
        let mut rng = super::task_rng(seed, STREAM + index);
        let stress = Stress::ALL[(index % Stress::ALL.len() as u64) as usize];
        let start = edges::position(&mut rng, stress);
        for (_, rules) in Rules::PRESETS {
            match agree_perft(start, EDGE_DEPTH, rules) {
                Ok(count) => {
                    same_by_every_perft(start, EDGE_DEPTH, rules, count)?;
                    tally.edge_leaves += count;
                }
                Err(found) => {
                    return Ok(Err(found.context(format!(
                        "from edge position {index} (seed {seed}), a random {} position",
                        stress.name()
                    ))));
                }
            }
        }
        tally.edge_positions += 1;
    }
    Ok(Ok(tally))
}

/// The count both agree on (`oware_fuzz::agree::perft`), or where they
/// first disagree, made as small as it allows.
fn agree_perft(position: Position, depth: u32, rules: Rules) -> Result<u64, Box<Disagreement>> {
    ask(rules, position, &format!("perft({depth})"), || {
        agree::perft(position, depth, rules)
    })
    .map_err(|found| shrunk(found).context(format!("found by perft({depth})")))
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

/// Core's library perft, its split by first move, and its twin that plays
/// the leaves too (to depth 7: it is slower) must all give `agreed`, the
/// count core's legal moves and the reference's agree on.
fn same_by_every_perft(
    position: Position,
    d: u32,
    rules: Rules,
    agreed: u64,
) -> anyhow::Result<()> {
    let core = guard(|| perft(position, d, &rules));
    let split = guard(|| {
        divide(position, d, &rules)
            .iter()
            .map(|&(_, n)| n)
            .sum::<u64>()
    });
    let played = guard(|| {
        if d <= 7 {
            perft_played(position, d, &rules)
        } else {
            agreed
        }
    });
    if [&core, &split, &played] != [&Ok(agreed); 3] {
        bail!(
            "oware-core's perft functions differ from the count core and reference agree on: \
             perft({d}) under {rules} from {position:?} is {agreed} by both, but perft {core:?}, \
             divide {split:?}, perft_played {played:?}"
        );
    }
    Ok(())
}
