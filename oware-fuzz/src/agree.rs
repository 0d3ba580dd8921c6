//! Core and reference asked the same questions; the first different answer
//! comes back as a [`Disagreement`]: what differed ([`Difference`]) and a
//! reproducer (the rules, the position with its seat to move, the move, and
//! the moves that reached it).
//!
//! The mapping between the two is explicit: the 14-cell canonical layout
//! for boards, house indices for houses, and one reference `Refusal` for
//! each core `IllegalMove`. This is the one place that mapping and the
//! comparisons are written: the property tests, the fuzz targets and
//! `cargo xtask verify` (which holds the two to each other at scale) all
//! use it.

use core::fmt;

use oware_core::{EndReason, Game, House, HouseSet, IllegalMove, Outcome, Position, Rules, Seat};
use oware_reference as reference;

/// The reference's rules for a core preset.
///
/// # Panics
/// For a custom rule set, which the reference cannot express.
#[must_use]
#[track_caller]
pub fn rules(rules: Rules) -> reference::Rules {
    match rules.name() {
        Some("abapa") => reference::Rules::Abapa,
        Some("sowing") => reference::Rules::Sowing,
        Some("awari") => reference::Rules::Awari,
        _ => panic!("the reference knows only the presets, not {rules:?}"),
    }
}

/// The reference's seat for a core seat.
#[must_use]
pub fn seat(seat: Seat) -> reference::Seat {
    match seat {
        Seat::South => reference::Seat::South,
        Seat::North => reference::Seat::North,
    }
}

/// The core seat for a reference seat.
#[must_use]
pub fn core_seat(seat: reference::Seat) -> Seat {
    match seat {
        reference::Seat::South => Seat::South,
        reference::Seat::North => Seat::North,
    }
}

/// The reference's position for a core position: same cells, same seat.
#[must_use]
pub fn reference_position(position: Position) -> reference::Position {
    reference::Position {
        cells: position.board().to_cells(),
        to_move: seat(position.to_move()),
    }
}

/// The refusal the reference must give where core gives `illegal`.
#[must_use]
pub fn refusal(illegal: IllegalMove) -> reference::Refusal {
    match illegal {
        IllegalMove::GameOver => reference::Refusal::GameOver,
        IllegalMove::NotYourHouse { .. } => reference::Refusal::NotYourHouse,
        IllegalMove::EmptyHouse(_) => reference::Refusal::EmptyHouse,
        IllegalMove::MustFeed(_) => reference::Refusal::MustFeed,
        IllegalMove::GrandSlam(_) => reference::Refusal::GrandSlamForbidden,
    }
}

/// The reference's reason for a core end reason.
#[must_use]
pub fn end_reason(reason: EndReason) -> reference::EndReason {
    match reason {
        EndReason::Reached25 => reference::EndReason::Reached25,
        EndReason::Draw24 => reference::EndReason::Draw24,
        EndReason::NoLegalMove => reference::EndReason::NoLegalMove,
        EndReason::Repetition => reference::EndReason::Repetition,
        EndReason::MoveLimit => reference::EndReason::MoveLimit,
    }
}

/// Whether two outcomes say the same: winner, reason and final counts.
#[must_use]
pub fn same_outcome(core: Option<Outcome>, theirs: Option<reference::Outcome>) -> bool {
    match (core, theirs) {
        (None, None) => true,
        (Some(c), Some(r)) => {
            c.winner.map(seat) == r.winner
                && end_reason(c.reason) == r.reason
                && [c.seeds.south, c.seeds.north] == r.seeds
        }
        _ => false,
    }
}

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
        /// game unchanged (SPEC rule 6).
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
    /// names the side). SPEC rule 6: a clear error value, never a panic.
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

    /// The same disagreement on a position as small as [`position`] still
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
                position(candidate, best.rules)
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

/// Core's agreed answers about a position: what [`position`] returns
/// when the reference answered every question alike.
#[derive(Clone, Debug, PartialEq)]
pub struct Agreed {
    /// The legal moves.
    pub legal: HouseSet,
    /// The outcome of a game starting there (no history).
    pub outcome: Option<Outcome>,
    /// Each of the twelve houses played, in index order.
    pub plays: [Result<Position, IllegalMove>; 12],
}

/// Asks both everything about `position` under `rules`: the legal moves,
/// whether it is over and how, and every house played, legal or not (a
/// refusal for the same reason, and core's error naming the house played).
///
/// # Errors
/// The first question answered differently.
///
/// # Panics
/// For a custom rule set (see [`rules`]), or where either side panics.
pub fn position(position: Position, rules: Rules) -> Result<Agreed, Box<Disagreement>> {
    let theirs = reference_position(position);
    let reference_rules = self::rules(rules);
    let differ = |difference| Err(Disagreement::new(rules, position, difference));

    let legal = position.legal_moves_under(&rules);
    let reference_moves = theirs.legal_moves(reference_rules);
    if !legal
        .iter()
        .map(House::index)
        .eq(reference_moves.iter().copied())
    {
        return differ(Difference::LegalMoves {
            core: legal,
            reference: reference_moves,
        });
    }
    if position.is_over() != theirs.is_over() {
        return differ(Difference::Over {
            core: position.is_over(),
            reference: theirs.is_over(),
        });
    }
    // A fresh game has seen its position once and no move: its outcome is
    // the one that needs no history, which the position gives too.
    let game = Game::from_position(position, rules).outcome();
    let alone = position.outcome();
    let reference_outcome = reference::Game::from_position(theirs, reference_rules).outcome();
    if !same_outcome(game, reference_outcome) || game != alone {
        return differ(Difference::Outcome {
            game,
            position: alone,
            reference: reference_outcome,
        });
    }
    let plays = House::ALL.map(|house| position.play_under(house, &rules));
    for (house, core) in House::ALL.into_iter().zip(plays) {
        let reference = theirs.play(house.index(), reference_rules);
        let same = match (core, reference) {
            (Ok(a), Ok(b)) => a.board().to_cells() == b.cells && seat(a.to_move()) == b.to_move,
            (Err(illegal), Err(refused)) => {
                refusal(illegal) == refused && refused_house(illegal).is_none_or(|h| h == house)
            }
            _ => false,
        };
        if !same {
            return differ(Difference::Play {
                house,
                core,
                reference,
                unchanged: None,
            });
        }
    }
    Ok(Agreed {
        legal,
        outcome: game,
        plays,
    })
}

/// The house core's error names, if it names one: it must be the house played.
fn refused_house(illegal: IllegalMove) -> Option<House> {
    match illegal {
        IllegalMove::GameOver => None,
        IllegalMove::NotYourHouse { house, .. }
        | IllegalMove::EmptyHouse(house)
        | IllegalMove::MustFeed(house)
        | IllegalMove::GrandSlam(house) => Some(house),
    }
}

/// Both `Game` types side by side, from the same start under the same
/// rules, compared after every move tried.
#[derive(Clone, Debug)]
pub struct Games {
    core: Game,
    reference: reference::Game,
}

impl Games {
    /// Both games from `start` under `rules`.
    ///
    /// # Panics
    /// For a custom rule set (see [`rules`]).
    #[must_use]
    pub fn new(start: Position, rules: Rules) -> Games {
        Games {
            core: Game::from_position(start, rules),
            reference: reference::Game::from_position(
                reference_position(start),
                self::rules(rules),
            ),
        }
    }

    /// Core's game.
    #[must_use]
    pub fn core(&self) -> &Game {
        &self.core
    }

    /// A disagreement at the current position, with the moves that reached it.
    fn differ(&self, difference: Difference) -> Box<Disagreement> {
        Disagreement::new(self.core.rules(), self.core.position(), difference)
            .reached(self.core.start(), self.core.moves())
    }

    /// Tries `house` in both: played by both, or refused by both for the
    /// same reason with both games unchanged; then [`Games::compare`].
    /// Returns core's answer.
    ///
    /// # Errors
    /// The first different answer.
    pub fn play(&mut self, house: House) -> Result<Result<(), IllegalMove>, Box<Disagreement>> {
        let before = self.clone();
        let core = self.core.play(house);
        let reference = self.reference.play(house.index());
        let unchanged = [self.core == before.core, self.reference == before.reference];
        let same = match (core, reference) {
            (Ok(()), Ok(())) => true,
            (Err(illegal), Err(refused)) => refusal(illegal) == refused && unchanged == [true; 2],
            _ => false,
        };
        if !same {
            return Err(before.differ(Difference::Play {
                house,
                core: core.map(|()| self.core.position()),
                reference: reference.map(|()| self.reference.position()),
                unchanged: Some(unchanged),
            }));
        }
        self.compare()?;
        Ok(core)
    }

    /// Both games now: the same position, outcome, legal moves, moves and
    /// transcript.
    ///
    /// # Errors
    /// The first different answer.
    pub fn compare(&self) -> Result<(), Box<Disagreement>> {
        let position = self.core.position();
        let theirs = self.reference.position();
        if position.board().to_cells() != theirs.cells || seat(position.to_move()) != theirs.to_move
        {
            return Err(self.differ(Difference::GamePosition {
                core: position,
                reference: theirs,
            }));
        }
        let outcome = self.core.outcome();
        let reference_outcome = self.reference.outcome();
        if !same_outcome(outcome, reference_outcome) || self.core.is_over() != outcome.is_some() {
            return Err(self.differ(Difference::Outcome {
                game: outcome,
                position: outcome,
                reference: reference_outcome,
            }));
        }
        // The reference's game has no list of moves: a finished game has
        // none, otherwise its position's moves under the game's rules.
        let legal = self.core.legal_moves();
        let reference_moves = match reference_outcome {
            Some(_) => Vec::new(),
            None => theirs.legal_moves(self.reference.rules()),
        };
        if !legal
            .iter()
            .map(House::index)
            .eq(reference_moves.iter().copied())
        {
            return Err(self.differ(Difference::LegalMoves {
                core: legal,
                reference: reference_moves,
            }));
        }
        let core_text = self.core.transcript().to_string();
        let reference_text = reference::render_transcript(self.reference.moves());
        let same_moves = self.core.moves().iter().map(|h| h.index()).eq(self
            .reference
            .moves()
            .iter()
            .copied());
        if !same_moves || core_text != reference_text {
            return Err(self.differ(Difference::Transcript {
                core: core_text,
                reference: reference_text,
            }));
        }
        Ok(())
    }

    /// Takes back core's last move and holds the game to the one replayed
    /// without it, in core and (by [`Games::compare`]) in the reference;
    /// then plays the move again. Returns whether there was a move to take
    /// back.
    ///
    /// # Errors
    /// The undone game differs from the replayed one, or the reference's.
    pub fn check_undo(&mut self) -> Result<bool, Box<Disagreement>> {
        let mut undone = self.core.clone();
        let Some(last) = undone.undo() else {
            return Ok(false);
        };
        let mut replayed = Games::new(undone.start(), undone.rules());
        for &house in undone.moves() {
            replayed
                .core
                .play(house)
                .expect("replaying a move core played");
            replayed
                .reference
                .play(house.index())
                .expect("replaying a move the reference played");
        }
        if undone != replayed.core {
            return Err(self.differ(Difference::Undo {
                house: last,
                undone: undone.outcome(),
                replayed: replayed.core.outcome(),
            }));
        }
        replayed.compare()?;
        Ok(true)
    }
}

/// Tries `houses` one after another in both `Game` types from `start`
/// (see [`Games::play`]). Returns core's game.
///
/// # Errors
/// The first different answer, with the moves played so far.
///
/// # Panics
/// For a custom rule set (see [`rules`]).
pub fn game(
    start: Position,
    rules: Rules,
    houses: impl IntoIterator<Item = House>,
) -> Result<Game, Box<Disagreement>> {
    let mut games = Games::new(start, rules);
    games.compare()?;
    for house in houses {
        // A refusal is an answer too; `play` has compared it.
        let _ = games.play(house)?;
    }
    Ok(games.core)
}

/// The count of move sequences of length `depth` from `position` under
/// `rules`, which both give alike; where they differ, the difference is
/// followed down the tree to the first position asked differently (see
/// [`position`]), reached from `position` by the moves on the way.
///
/// # Errors
/// The first position on the way whose answers differ, or the counts
/// when every move agrees.
///
/// # Panics
/// For a custom rule set (see [`rules`]), or where either side panics.
pub fn perft(position: Position, depth: u32, rules: Rules) -> Result<u64, Box<Disagreement>> {
    match both_perft(position, depth, rules) {
        Ok(count) => Ok(count),
        Err(_) => Err(locate(position, depth, rules, position, &mut Vec::new())),
    }
}

/// Core's count (by its legal moves under `rules` and unchecked play) if
/// the reference's is the same; both counts otherwise.
fn both_perft(position: Position, depth: u32, rules: Rules) -> Result<u64, [u64; 2]> {
    let core = core_perft(position, depth, &rules);
    let theirs = reference::perft(&reference_position(position), depth, self::rules(rules));
    if core == theirs {
        Ok(core)
    } else {
        Err([core, theirs])
    }
}

/// perft by core's legal moves under `rules` and unchecked play.
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

/// Follows a differing count down the tree: the first child whose counts
/// differ, until a position where a single question is answered differently.
fn locate(
    here: Position,
    depth: u32,
    rules: Rules,
    root: Position,
    path: &mut Vec<House>,
) -> Box<Disagreement> {
    if let Err(found) = self::position(here, rules) {
        return found.reached(root, path);
    }
    for house in here.legal_moves_under(&rules) {
        let child = here.play_unchecked(house);
        if both_perft(child, depth - 1, rules).is_err() {
            path.push(house);
            return locate(child, depth - 1, rules, root, path);
        }
    }
    let [core, reference] = both_perft(here, depth, rules).err().unwrap_or([0, 0]);
    Disagreement::new(
        rules,
        here,
        Difference::Perft {
            depth,
            core,
            reference,
        },
    )
    .reached(root, path)
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
