//! What a check reports when core and reference disagree: the
//! [`Difference`], a reproducer a person can paste into a test, and the
//! shrinking that makes it as small as the disagreement allows.

use core::fmt;

use oware_core::{House, HouseSet, IllegalMove, Outcome, Position, Rules, Seat};
use oware_reference as reference;

use super::core_seat;

/// What core and reference answered differently, with both answers.
#[derive(Clone, Debug, PartialEq)]
pub enum Difference {
    /// The legal moves of the position.
    LegalMoves {
        /// Core's legal moves.
        core: HouseSet,
        /// The reference's, as house indices.
        reference: Vec<usize>,
    },
    /// Whether the position is over.
    Over {
        /// Core's answer.
        core: bool,
        /// The reference's answer.
        reference: bool,
    },
    /// How the game stands: core's `Game` and `Position::outcome` (which
    /// must agree with each other too) against the reference's `Game`.
    Outcome {
        /// Core's `Game::outcome`.
        game: Option<Outcome>,
        /// Core's `Position::outcome` (history-free), for a position asked
        /// alone; the game's own outcome in a game.
        position: Option<Outcome>,
        /// The reference's `Game::outcome`.
        reference: Option<reference::Outcome>,
    },
    /// One house played: the position after it, or the refusal.
    Play {
        /// The house played.
        house: House,
        /// Core's answer.
        core: Result<Position, IllegalMove>,
        /// The reference's answer.
        reference: Result<reference::Position, reference::Refusal>,
        /// In a game: whether a refusal left core's and the reference's
        /// game unchanged (RULES.md section 5); `[false, false]` for a house core
        /// lists as legal, which no refusal is right for.
        unchanged: Option<[bool; 2]>,
    },
    /// The same moves led the two games to different positions.
    GamePosition {
        /// Core's position.
        core: Position,
        /// The reference's position.
        reference: reference::Position,
    },
    /// The games' moves, written as transcripts.
    Transcript {
        /// Core's transcript.
        core: String,
        /// The reference's.
        reference: String,
    },
    /// A move taken back from a finished game: core's game against the
    /// game replayed without the move.
    Undo {
        /// The move taken back.
        house: House,
        /// The outcome after `Game::undo`.
        undone: Option<Outcome>,
        /// The outcome of the game replayed without it.
        replayed: Option<Outcome>,
    },
    /// Counts of move sequences that differ although every move of the
    /// tree is answered alike: the perft functions themselves differ.
    Perft {
        /// The depth counted to.
        depth: u32,
        /// Core's count (by its legal moves and unchecked play).
        core: u64,
        /// The reference's `perft`.
        reference: u64,
    },
    /// A panic on either side while asking `question` (the message's place
    /// names the side). RULES.md section 5: an error, and nothing crashes.
    Panic {
        /// What was being asked.
        question: String,
        /// The panic's message and place.
        message: String,
    },
}

impl Difference {
    /// What was asked, e.g. "legal moves" or "play C".
    #[must_use]
    pub fn question(&self) -> String {
        match self {
            Difference::LegalMoves { .. } => "legal moves".to_owned(),
            Difference::Over { .. } => "is the game over".to_owned(),
            Difference::Outcome { .. } => "outcome".to_owned(),
            Difference::Play {
                house, unchanged, ..
            } => match unchanged {
                None => format!("play {house}"),
                Some(_) => format!("play {house} in the game"),
            },
            Difference::GamePosition { .. } => "position after the same moves".to_owned(),
            Difference::Transcript { .. } => "transcript".to_owned(),
            Difference::Undo { house, .. } => format!("undo {house}"),
            Difference::Perft { depth, .. } => format!("perft({depth})"),
            Difference::Panic { question, .. } => format!("{question} without a panic"),
        }
    }

    /// Whether this is about one position alone, so that a smaller
    /// position can be asked the same question (see [`Disagreement::shrink`]).
    fn about_a_position(&self) -> bool {
        match self {
            Difference::LegalMoves { .. } | Difference::Over { .. } => true,
            Difference::Outcome { .. } => true,
            Difference::Play { unchanged, .. } => unchanged.is_none(),
            _ => false,
        }
    }

    /// Core's answer and the reference's, in the same words.
    fn answers(&self) -> [String; 2] {
        match self {
            Difference::LegalMoves { core, reference } => [
                letters(core.iter().map(House::index)),
                letters(reference.iter().copied()),
            ],
            Difference::Over { core, reference } => [core.to_string(), reference.to_string()],
            Difference::Outcome {
                game,
                position,
                reference,
            } => [
                format!(
                    "Game: {}\nPosition::outcome: {}",
                    show_outcome(*game),
                    show_outcome(*position)
                ),
                show_reference_outcome(*reference),
            ],
            Difference::Play {
                core,
                reference,
                unchanged,
                ..
            } => {
                let mut answers = [
                    match core {
                        Ok(after) => show_position(after.board().to_cells(), after.to_move()),
                        Err(illegal) => format!("refused: {illegal:?} ({illegal})"),
                    },
                    match reference {
                        Ok(after) => show_position(after.cells, core_seat(after.to_move)),
                        Err(refusal) => format!("refused: {refusal:?} ({refusal})"),
                    },
                ];
                if let Some(unchanged) = unchanged {
                    for (answer, unchanged) in answers.iter_mut().zip(unchanged) {
                        answer.push_str(&format!("\ngame unchanged: {unchanged}"));
                    }
                }
                answers
            }
            Difference::GamePosition { core, reference } => [
                show_position(core.board().to_cells(), core.to_move()),
                show_position(reference.cells, core_seat(reference.to_move)),
            ],
            Difference::Transcript { core, reference } => [core.clone(), reference.clone()],
            Difference::Undo {
                undone, replayed, ..
            } => [
                format!("undone: {}", show_outcome(*undone)),
                format!("(core replayed) {}", show_outcome(*replayed)),
            ],
            Difference::Perft {
                core, reference, ..
            } => [core.to_string(), reference.to_string()],
            Difference::Panic { message, .. } => {
                let panicked = format!("PANICKED: {message}");
                let calm = "(no panic seen)".to_owned();
                if message.contains("oware-reference") {
                    [calm, panicked]
                } else {
                    [panicked, calm]
                }
            }
        }
    }
}

/// Core and reference answered one question differently: the
/// [`Difference`] and everything needed to ask it again.
#[derive(Clone, Debug, PartialEq)]
pub struct Disagreement {
    /// The rule set in play.
    pub rules: Rules,
    /// The position the question was asked of (in a game, the position
    /// before the move tried).
    pub position: Position,
    /// Where play started, and the moves from there to `position` (none
    /// when the position was asked alone).
    pub start: Position,
    /// The moves from `start` to `position`.
    pub moves: Vec<House>,
    /// What differed.
    pub difference: Difference,
    /// The position first found, when [`Disagreement::shrink`] found a
    /// smaller one.
    pub shrunk_from: Option<Position>,
    /// How the caller came to ask (a walk's number and seed, say), a line each.
    pub context: Vec<String>,
}

impl Disagreement {
    /// A disagreement about `position`, asked alone.
    #[must_use]
    pub fn new(rules: Rules, position: Position, difference: Difference) -> Box<Disagreement> {
        Box::new(Disagreement {
            rules,
            position,
            start: position,
            moves: Vec::new(),
            difference,
            shrunk_from: None,
            context: Vec::new(),
        })
    }

    /// The same disagreement, reached from `start` by `moves`.
    #[must_use]
    pub fn reached(mut self: Box<Self>, start: Position, moves: &[House]) -> Box<Disagreement> {
        self.start = start;
        self.moves = moves.to_vec();
        self
    }

    /// The same disagreement with one more line of context.
    #[must_use]
    pub fn context(mut self: Box<Self>, line: impl Into<String>) -> Box<Disagreement> {
        self.context.push(line.into());
        self
    }

    /// The same disagreement on a position as small as [`super::position`] still
    /// disagrees on with the same question: houses emptied or single seeds
    /// taken out (into the emptier store, so the game stays open), each
    /// change kept while the disagreement does, until none does. Only a
    /// question about one position shrinks; others come back as they are.
    #[must_use]
    pub fn shrink(self: Box<Self>) -> Box<Disagreement> {
        if !self.difference.about_a_position() {
            return self;
        }
        let question = self.difference.question();
        let original = self.position;
        let mut best = self;
        loop {
            let smaller = smaller_positions(best.position).find_map(|candidate| {
                super::position(candidate, best.rules)
                    .err()
                    .filter(|found| found.difference.question() == question)
            });
            match smaller {
                Some(found) => {
                    best.position = found.position;
                    best.difference = found.difference;
                }
                None => break,
            }
        }
        if best.position != original {
            best.shrunk_from = Some(original);
        }
        best
    }
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = self.rules;
        writeln!(
            f,
            "core and reference disagree under {rules} rules: {}",
            self.difference.question()
        )?;
        writeln!(f, "position:")?;
        let shown = show_position(self.position.board().to_cells(), self.position.to_move());
        indented(f, &shown)?;
        let [core, reference] = self.difference.answers();
        writeln!(f, "core:")?;
        indented(f, &core)?;
        writeln!(f, "reference:")?;
        indented(f, &reference)?;
        if !self.moves.is_empty() {
            let moves: String = self.moves.iter().map(|h| h.letter()).collect();
            writeln!(
                f,
                "reached from {:?}, {} to move, by the moves {moves}",
                self.start.board().to_cells(),
                self.start.to_move()
            )?;
        }
        if let Some(original) = self.shrunk_from {
            writeln!(
                f,
                "(shrunk from {:?}, {} to move)",
                original.board().to_cells(),
                original.to_move()
            )?;
        }
        for line in &self.context {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Disagreement {}

/// Writes each line of `text` indented by four spaces.
fn indented(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    for line in text.lines() {
        writeln!(f, "    {line}")?;
    }
    Ok(())
}

/// Positions one step smaller than `position`: a house emptied, or one
/// seed fewer in a house, the seeds moved to the emptier store.
fn smaller_positions(position: Position) -> impl Iterator<Item = Position> {
    let cells = position.board().to_cells();
    let to_move = position.to_move();
    House::ALL.into_iter().flat_map(move |house| {
        let seeds = cells[house.index()];
        // Empty the house first, then one seed fewer (the same for a house of 1).
        let takes = match seeds {
            0 => vec![],
            1 => vec![1],
            _ => vec![seeds, 1],
        };
        takes.into_iter().filter_map(move |take| {
            let mut smaller = cells;
            smaller[house.index()] -= take;
            let store = if smaller[12] <= smaller[13] { 12 } else { 13 };
            smaller[store] += take;
            let board = oware_core::Board::from_cells(smaller).ok()?;
            Some(Position::new(board, to_move))
        })
    })
}

/// Core's outcome in words.
fn show_outcome(outcome: Option<Outcome>) -> String {
    match outcome {
        None => "not over".to_owned(),
        Some(o) => format!(
            "over: winner {:?}, {:?}, seeds South {} North {}",
            o.winner, o.reason, o.seeds.south, o.seeds.north
        ),
    }
}

/// The reference's outcome in the same words as [`show_outcome`].
fn show_reference_outcome(outcome: Option<reference::Outcome>) -> String {
    match outcome {
        None => "not over".to_owned(),
        Some(o) => format!(
            "over: winner {:?}, {:?}, seeds South {} North {}",
            o.winner.map(core_seat),
            o.reason,
            o.seeds[0],
            o.seeds[1]
        ),
    }
}

/// Cells and seat to move, then the diagram (drawn by the reference,
/// which draws any cells, valid or not).
#[must_use]
pub fn show_position(cells: [u8; 14], to_move: Seat) -> String {
    let diagram = reference::render_board(&cells);
    format!("{cells:?}, {to_move} to move\n{diagram}")
}

/// Houses as their letters, e.g. `ACF` (or `-` for none).
fn letters(houses: impl IntoIterator<Item = usize>) -> String {
    let text: String = houses
        .into_iter()
        .map(|h| reference::house_letter(h).unwrap_or('?'))
        .collect();
    if text.is_empty() {
        "-".to_owned()
    } else {
        text
    }
}
