//! What a check reports when core and reference disagree: a reproducer a
//! person can paste into a test, made as small as the checks allow.

use core::fmt;

use oware_core::{House, Position, Seat};

use super::bridge::show_position;

/// Core and reference answered one question differently.
#[derive(Clone, Debug)]
pub(super) struct Disagreement {
    /// The check that asked: "moves", "games", "perft" or "notation".
    pub(super) check: &'static str,
    /// The rule set in play, if the question depends on one.
    pub(super) rules: Option<&'static str>,
    /// What was asked, e.g. "play C" or "legal moves".
    pub(super) question: String,
    /// The position it was asked of, if any.
    pub(super) position: Option<Position>,
    /// How the check came to ask: a start position and moves, the text
    /// parsed, the walk's number.
    pub(super) context: Vec<String>,
    /// Core's answer.
    pub(super) core: String,
    /// The reference's answer.
    pub(super) reference: String,
}

impl Disagreement {
    /// A disagreement about `question` asked of `position`.
    pub(super) fn at(
        check: &'static str,
        rules: &'static str,
        position: Position,
        question: impl Into<String>,
        core: String,
        reference: String,
    ) -> Box<Disagreement> {
        Box::new(Disagreement {
            check,
            rules: Some(rules),
            question: question.into(),
            position: Some(position),
            context: Vec::new(),
            core,
            reference,
        })
    }

    /// A panic caught while asking `question`: a failure whichever side
    /// panicked (the message's place names it).
    pub(super) fn panicked(
        check: &'static str,
        rules: Option<&'static str>,
        position: Option<Position>,
        question: impl Into<String>,
        message: String,
    ) -> Box<Disagreement> {
        let (core, reference) = if message.contains("oware-reference") {
            ("(no panic seen)".to_owned(), format!("PANICKED: {message}"))
        } else {
            (format!("PANICKED: {message}"), "(no panic seen)".to_owned())
        };
        Box::new(Disagreement {
            check,
            rules,
            question: question.into(),
            position,
            context: Vec::new(),
            core,
            reference,
        })
    }

    /// The same disagreement with one more line of context.
    pub(super) fn context(mut self: Box<Self>, line: impl Into<String>) -> Box<Disagreement> {
        self.context.push(line.into());
        self
    }
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "core and reference disagree ({} check", self.check)?;
        if let Some(rules) = self.rules {
            write!(f, ", {rules} rules")?;
        }
        writeln!(f, "): {}", self.question)?;
        if let Some(position) = self.position {
            writeln!(f, "position:")?;
            let shown = show_position(position.board().to_cells(), position.to_move());
            for line in shown.lines() {
                writeln!(f, "    {line}")?;
            }
        }
        for (label, answer) in [("core", &self.core), ("reference", &self.reference)] {
            writeln!(f, "{label}:")?;
            for line in answer.lines() {
                writeln!(f, "    {line}")?;
            }
        }
        for line in &self.context {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// Makes the position of a disagreement smaller while `ask` still finds a
/// disagreement about the same question: empties houses or takes single
/// seeds out of them (into the emptier store, so the game stays open),
/// keeping each change that keeps the disagreement, until none does.
pub(super) fn shrink(
    found: Box<Disagreement>,
    ask: impl Fn(Position) -> Option<Box<Disagreement>>,
) -> Box<Disagreement> {
    let Some(mut position) = found.position else {
        return found;
    };
    let mut best = found;
    let original = position;
    loop {
        let smaller = candidates(position).find_map(|candidate| {
            ask(candidate)
                .filter(|d| d.question == best.question)
                .map(|d| (candidate, d))
        });
        match smaller {
            Some((candidate, disagreement)) => {
                position = candidate;
                let context = std::mem::take(&mut best.context);
                best = disagreement;
                best.context = context;
            }
            None => break,
        }
    }
    if position != original {
        best.context.push(format!(
            "(shrunk from {:?}, {} to move)",
            original.board().to_cells(),
            original.to_move()
        ));
    }
    best
}

/// Positions one step smaller than `position`: a house emptied, or one
/// seed fewer in a house, the seeds moved to the emptier store.
fn candidates(position: Position) -> impl Iterator<Item = Position> {
    let cells = position.board().to_cells();
    let to_move: Seat = position.to_move();
    House::ALL.into_iter().flat_map(move |house| {
        let seeds = cells[house.index()];
        let takes: &[u8] = match seeds {
            0 => &[],
            1 => &[1],
            _ => &[0, 1],
        };
        takes.iter().filter_map(move |&take| {
            let take = if take == 0 { seeds } else { take };
            let mut smaller = cells;
            smaller[house.index()] -= take;
            let store = if smaller[12] <= smaller[13] { 12 } else { 13 };
            smaller[store] += take;
            let board = oware_core::Board::from_cells(smaller).ok()?;
            Some(Position::new(board, to_move))
        })
    })
}
