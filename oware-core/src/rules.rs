//! Rule sets as data: the variations programs disagree on, named and switchable.

use core::fmt;
use core::str::FromStr;

use crate::grand_slam::GrandSlam;
use crate::outcome::{EndReason, Share};

/// A rule set: the grand-slam rule, how a game ends besides captures, and
/// how a repetition shares the seeds left.
///
/// A rule set is one of the presets ([`Rules::PRESETS`], also by name), or
/// a preset changed by the `with_` and `without_` methods. Its fields are
/// private so that every value is one the rules make sense of: a
/// repetition that ends the game at a position's first occurrence, or a
/// move limit of 0, would end every game at its start, and the methods
/// that could make them refuse with a [`RulesError`] naming the field.
/// Nothing that takes rules from outside (a record, a request, the command
/// line) has to check them again.
///
/// ```
/// use oware_core::{Rules, RulesError};
/// let rules: Rules = "sowing".parse()?;
/// assert_eq!(rules, Rules::SOWING);
/// assert_eq!(rules.move_limit(), Some(100));
/// assert_eq!(Rules::default(), Rules::ABAPA);
/// // Abapa with a move limit of 50, and without repetition.
/// let custom = Rules::ABAPA.with_move_limit(50)?.without_repetition();
/// assert_eq!((custom.move_limit(), custom.repetition()), (Some(50), None));
/// assert_eq!(Rules::ABAPA.with_repetition(1), Err(RulesError::Repetition(1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    grand_slam: GrandSlam,
    repetition: Option<u8>,
    move_limit: Option<u16>,
    repetition_share: Share,
}

/// Why a rule set was refused: the field, and the value that would end
/// every game at its start.
///
/// ```
/// use oware_core::{Rules, RulesError};
/// let error = Rules::ABAPA.with_move_limit(0).unwrap_err();
/// assert_eq!(error, RulesError::MoveLimit(0));
/// assert_eq!(
///     error.to_string(),
///     "move_limit 0 would end every game at its start: it must be 1 or more, or none"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RulesError {
    /// `repetition` under 2: the start is its position's first occurrence,
    /// so the game would end there.
    Repetition(u8),
    /// `move_limit` 0: the game would end before its first move.
    MoveLimit(u16),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Repetition(occurrences) => write!(
                f,
                "repetition {occurrences} would end every game at its start: a position's \
                 occurrences count the start, so it must be 2 or more, or none"
            ),
            RulesError::MoveLimit(moves) => write!(
                f,
                "move_limit {moves} would end every game at its start: it must be 1 or more, or none"
            ),
        }
    }
}

impl std::error::Error for RulesError {}

impl Rules {
    /// Abapa, the default: a grand slam captures nothing, the third
    /// occurrence of a position ends the game, no move limit.
    ///
    /// ```
    /// use oware_core::{GrandSlam, Rules};
    /// assert_eq!(Rules::ABAPA.grand_slam(), GrandSlam::CapturesNothing);
    /// assert_eq!(Rules::ABAPA.repetition(), Some(3));
    /// assert_eq!(Rules::ABAPA.move_limit(), None);
    /// assert_eq!(Rules::ABAPA.to_string(), "abapa");
    /// ```
    pub const ABAPA: Rules = Rules {
        grand_slam: GrandSlam::CapturesNothing,
        repetition: Some(3),
        move_limit: None,
        repetition_share: Share::OwnRows,
    };

    /// Abapa plus a move limit: 100 consecutive moves without a capture end the game.
    ///
    /// ```
    /// use oware_core::{Board, EndReason, Game, Position, Rules, Seat};
    /// assert_eq!(Rules::SOWING.move_limit(), Some(100));
    /// // Two seeds stepping round the ring never capture. With repetition
    /// // switched off too, the move limit alone ends the game.
    /// let board = Board::from_cells([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 23, 23])?;
    /// let rules = Rules::SOWING.without_repetition();
    /// let mut game = Game::from_position(Position::new(board, Seat::South), rules);
    /// while let Some(house) = game.legal_moves().first() {
    ///     game.play(house)?;
    /// }
    /// assert_eq!(game.moves().len(), 100);
    /// assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::MoveLimit));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const SOWING: Rules = Rules {
        move_limit: Some(100),
        ..Rules::ABAPA
    };

    /// Abapa with grand slams forbidden unless forced, for comparison with Awari databases.
    ///
    /// ```
    /// use oware_core::{Board, House, Position, Rules, Seat};
    /// // South's F would take all of North's row (a, b, c); A would take nothing.
    /// let board = Board::from_cells([5, 0, 0, 0, 0, 3, 1, 2, 1, 0, 0, 0, 16, 20])?;
    /// let position = Position::new(board, Seat::South);
    /// assert_eq!(position.legal_moves_under(&Rules::AWARI).to_string(), "A");
    /// // Forced: with A empty, F is the only move, and it is played.
    /// let board = Board::from_cells([0, 0, 0, 0, 0, 3, 1, 2, 1, 0, 0, 0, 21, 20])?;
    /// let forced = Position::new(board, Seat::South);
    /// assert_eq!(forced.legal_moves_under(&Rules::AWARI).to_string(), "F");
    /// assert!(forced.play_under(House::F, &Rules::AWARI).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const AWARI: Rules = Rules {
        grand_slam: GrandSlam::Forbidden,
        ..Rules::ABAPA
    };

    /// Awari as J. W. Romein and H. E. Bal solved it ("Solving Awari with
    /// Parallel Retrograde Analysis", IEEE Computer 36(10), 2003): awari's
    /// grand slam and third repetition, but a repetition splits the seeds
    /// left evenly between the players instead of each taking their own
    /// row. This is the ending the awari endgame database's values assume.
    ///
    /// ```
    /// use oware_core::{Board, EndReason, Game, Position, Rules, Seat, Share};
    /// assert_eq!(Rules::AWARI_SPLIT.repetition_share(), Share::Evenly);
    /// // Two seeds stepping round the ring: the start comes back a third
    /// // time after 24 moves, and the two seeds are split, one each.
    /// let board = Board::from_cells([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 23, 23])?;
    /// let start = Position::new(board, Seat::South);
    /// let mut game = Game::from_position(start, Rules::AWARI_SPLIT);
    /// while let Some(house) = game.legal_moves().first() {
    ///     game.play(house)?;
    /// }
    /// assert_eq!(game.moves().len(), 24);
    /// let outcome = game.outcome().unwrap();
    /// assert_eq!(outcome.reason, EndReason::Repetition);
    /// assert_eq!(outcome.to_string(), "draw 24–24 (third repetition, the seeds left split evenly)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const AWARI_SPLIT: Rules = Rules {
        repetition_share: Share::Evenly,
        ..Rules::AWARI
    };

    /// Aualé's rule (the GUI's own ending): abapa, but the first repetition
    /// of any earlier position of the game (houses, stores, seat to move)
    /// ends it, each player taking the seeds in their own row.
    ///
    /// ```
    /// use oware_core::{Board, EndReason, Game, Position, Rules, Seat};
    /// assert_eq!(Rules::AUALE.repetition(), Some(2));
    /// // Two seeds stepping round the ring have swapped places after twelve
    /// // moves, which is the start again: the game ends there.
    /// let board = Board::from_cells([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 23, 23])?;
    /// let mut game = Game::from_position(Position::new(board, Seat::South), Rules::AUALE);
    /// while let Some(house) = game.legal_moves().first() {
    ///     game.play(house)?;
    /// }
    /// assert_eq!(game.moves().len(), 12);
    /// assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::FirstRepetition));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const AUALE: Rules = Rules {
        repetition: Some(2),
        ..Rules::ABAPA
    };

    /// The named presets, in the order their names are listed.
    ///
    /// ```
    /// use oware_core::Rules;
    /// for (name, rules) in Rules::PRESETS {
    ///     assert_eq!(name.parse::<Rules>()?, rules);
    ///     assert_eq!(rules.name(), Some(name));
    /// }
    /// assert_eq!(
    ///     Rules::PRESETS.map(|(name, _)| name),
    ///     ["abapa", "sowing", "awari", "awari-split", "auale"]
    /// );
    /// # Ok::<(), oware_core::ParseRulesError>(())
    /// ```
    pub const PRESETS: [(&'static str, Rules); 5] = [
        ("abapa", Rules::ABAPA),
        ("sowing", Rules::SOWING),
        ("awari", Rules::AWARI),
        ("awari-split", Rules::AWARI_SPLIT),
        ("auale", Rules::AUALE),
    ];

    /// The preset's name, or `None` for a custom rule set.
    ///
    /// ```
    /// use oware_core::Rules;
    /// assert_eq!(Rules::SOWING.name(), Some("sowing"));
    /// let custom = Rules::ABAPA.with_move_limit(50)?;
    /// assert_eq!(custom.name(), None);
    /// # Ok::<(), oware_core::RulesError>(())
    /// ```
    #[must_use]
    pub fn name(self) -> Option<&'static str> {
        Rules::PRESETS
            .iter()
            .find(|(_, rules)| *rules == self)
            .map(|(name, _)| *name)
    }

    /// The grand-slam rule.
    #[must_use]
    #[inline]
    pub const fn grand_slam(self) -> GrandSlam {
        self.grand_slam
    }

    /// The occurrences of a position (houses, stores, seat to move; the
    /// start counts) that end the game; `None` when repetition never does.
    /// At least 2.
    #[must_use]
    #[inline]
    pub const fn repetition(self) -> Option<u8> {
        self.repetition
    }

    /// The consecutive moves without a capture that end the game; `None`
    /// for no limit. At least 1.
    #[must_use]
    #[inline]
    pub const fn move_limit(self) -> Option<u16> {
        self.move_limit
    }

    /// How the seeds left on the board are shared when a repetition ends
    /// the game (the move limit and no legal move always give each player
    /// their own row).
    #[must_use]
    #[inline]
    pub const fn repetition_share(self) -> Share {
        self.repetition_share
    }

    /// These rules with `grand_slam` instead.
    ///
    /// ```
    /// use oware_core::{GrandSlam, Rules};
    /// assert_eq!(Rules::ABAPA.with_grand_slam(GrandSlam::Forbidden), Rules::AWARI);
    /// ```
    #[must_use]
    pub const fn with_grand_slam(self, grand_slam: GrandSlam) -> Rules {
        Rules { grand_slam, ..self }
    }

    /// These rules with the game ending at a position's `occurrences`th
    /// occurrence.
    ///
    /// # Errors
    /// [`RulesError::Repetition`] under 2: the start is its position's
    /// first occurrence, so every game would end there.
    ///
    /// ```
    /// use oware_core::{Rules, RulesError};
    /// assert_eq!(Rules::ABAPA.with_repetition(2), Ok(Rules::AUALE));
    /// assert_eq!(Rules::ABAPA.with_repetition(1), Err(RulesError::Repetition(1)));
    /// assert_eq!(Rules::ABAPA.with_repetition(0), Err(RulesError::Repetition(0)));
    /// ```
    pub const fn with_repetition(self, occurrences: u8) -> Result<Rules, RulesError> {
        if occurrences < 2 {
            return Err(RulesError::Repetition(occurrences));
        }
        Ok(Rules {
            repetition: Some(occurrences),
            ..self
        })
    }

    /// These rules with no end by repetition.
    ///
    /// ```
    /// use oware_core::Rules;
    /// assert_eq!(Rules::AUALE.without_repetition().repetition(), None);
    /// ```
    #[must_use]
    pub const fn without_repetition(self) -> Rules {
        Rules {
            repetition: None,
            ..self
        }
    }

    /// These rules with the game ending after `moves` consecutive moves
    /// without a capture.
    ///
    /// # Errors
    /// [`RulesError::MoveLimit`] for 0, which would end every game before
    /// its first move.
    ///
    /// ```
    /// use oware_core::{Rules, RulesError};
    /// assert_eq!(Rules::ABAPA.with_move_limit(100), Ok(Rules::SOWING));
    /// assert_eq!(Rules::ABAPA.with_move_limit(0), Err(RulesError::MoveLimit(0)));
    /// ```
    pub const fn with_move_limit(self, moves: u16) -> Result<Rules, RulesError> {
        if moves == 0 {
            return Err(RulesError::MoveLimit(moves));
        }
        Ok(Rules {
            move_limit: Some(moves),
            ..self
        })
    }

    /// These rules with no move limit.
    ///
    /// ```
    /// use oware_core::Rules;
    /// assert_eq!(Rules::SOWING.without_move_limit(), Rules::ABAPA);
    /// ```
    #[must_use]
    pub const fn without_move_limit(self) -> Rules {
        Rules {
            move_limit: None,
            ..self
        }
    }

    /// These rules with the seeds left at a repetition shared as `share`.
    ///
    /// ```
    /// use oware_core::{Rules, Share};
    /// assert_eq!(Rules::AWARI.with_repetition_share(Share::Evenly), Rules::AWARI_SPLIT);
    /// ```
    #[must_use]
    pub const fn with_repetition_share(self, repetition_share: Share) -> Rules {
        Rules {
            repetition_share,
            ..self
        }
    }

    /// How the seeds left on the board are shared when the game ends for
    /// `reason`: `None` for 25 seeds and 24 each (the stores alone decide),
    /// [`repetition_share`](Rules::repetition_share) for a repetition, and
    /// each player's own row otherwise.
    ///
    /// ```
    /// use oware_core::{EndReason, Rules, Share};
    /// assert_eq!(Rules::AWARI_SPLIT.share(EndReason::Repetition), Some(Share::Evenly));
    /// assert_eq!(Rules::AWARI_SPLIT.share(EndReason::NoLegalMove), Some(Share::OwnRows));
    /// assert_eq!(Rules::AWARI.share(EndReason::Repetition), Some(Share::OwnRows));
    /// assert_eq!(Rules::ABAPA.share(EndReason::Reached25), None);
    /// ```
    #[must_use]
    pub fn share(&self, reason: EndReason) -> Option<Share> {
        match reason {
            EndReason::Reached25 | EndReason::Draw24 => None,
            EndReason::Repetition | EndReason::FirstRepetition => Some(self.repetition_share),
            EndReason::NoLegalMove | EndReason::NoSeeds | EndReason::MoveLimit => {
                Some(Share::OwnRows)
            }
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::ABAPA
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => f.write_str(name),
            None => write!(f, "{self:?}"),
        }
    }
}

/// The error returned for a rule-set name that is not a preset.
///
/// ```
/// use oware_core::Rules;
/// assert_eq!("AWARI".parse::<Rules>(), Ok(Rules::AWARI)); // any case
/// let error = "oware".parse::<Rules>().unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "unknown rule set `oware`: expected abapa, sowing, awari, awari-split or auale"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRulesError(String);

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown rule set `{}`: expected ", self.0)?;
        let names = Rules::PRESETS.map(|(name, _)| name);
        let (last, rest) = names.split_last().expect("there are presets");
        write!(f, "{} or {last}", rest.join(", "))
    }
}

impl std::error::Error for ParseRulesError {}

impl FromStr for Rules {
    type Err = ParseRulesError;
    /// Reads a preset's name, in any case, with any whitespace around.
    fn from_str(text: &str) -> Result<Rules, ParseRulesError> {
        let wanted = text.trim().to_ascii_lowercase();
        Rules::PRESETS
            .iter()
            .find(|(name, _)| *name == wanted)
            .map(|(_, rules)| *rules)
            .ok_or_else(|| ParseRulesError(text.to_owned()))
    }
}
