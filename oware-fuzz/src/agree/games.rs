//! Both `Game` types side by side, compared after every move tried: the
//! ends that need history (repetition, the move limit) held to the
//! reference too.

use oware_core::{Game, House, IllegalMove, Position, Rules};
use oware_reference as reference;

use super::{Difference, Disagreement, reference_position, refusal, rules, same_outcome, seat};

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
        let (position, played) = (self.core.position(), self.core.moves().len());
        // Both games are kept, to hold a refusal to leaving them unchanged,
        // only for a house core does not list: a copy holds the whole
        // history, and most houses tried are legal.
        let before = (!self.core.legal_moves().contains(house)).then(|| self.clone());
        let core = self.core.play(house);
        let reference = self.reference.play(house.index());
        let unchanged = before.as_ref().map_or([false; 2], |before| {
            [self.core == before.core, self.reference == before.reference]
        });
        let same = match (core, reference) {
            (Ok(()), Ok(())) => true,
            // A house core lists as legal must not be refused, alike or not.
            (Err(illegal), Err(refused)) => refusal(illegal) == refused && unchanged == [true; 2],
            _ => false,
        };
        if !same {
            let difference = Difference::Play {
                house,
                core: core.map(|()| self.core.position()),
                reference: reference.map(|()| self.reference.position()),
                unchanged: Some(unchanged),
            };
            let moves = &self.core.moves()[..played.min(self.core.moves().len())];
            return Err(Disagreement::new(self.core.rules(), position, difference)
                .reached(self.core.start(), moves));
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

    /// Takes back the last move of a copy of core's game and holds it to
    /// the game replayed without that move, in core and (by
    /// [`Games::compare`]) in the reference; both games here stay as they
    /// are. Returns whether there was a move to take back.
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
