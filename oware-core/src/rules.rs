//! Rule sets as data: the variations programs disagree on, named and switchable.

use core::fmt;
use core::str::FromStr;

use crate::grand_slam::GrandSlam;
use crate::outcome::{EndReason, Share};

/// A rule set: the grand-slam rule, how a game ends besides captures, and
/// how a repetition shares the seeds left.
///
/// ```
/// use oware_core::Rules;
/// let rules: Rules = "sowing".parse()?;
/// assert_eq!(rules, Rules::SOWING);
/// assert_eq!(rules.move_limit, Some(100));
/// assert_eq!(Rules::default(), Rules::ABAPA);
/// # Ok::<(), oware_core::ParseRulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The grand-slam rule.
    pub grand_slam: GrandSlam,
    /// The game ends when a position (houses, stores, seat to move) occurs
    /// for this many times; `None` never ends a game by repetition.
    pub repetition: Option<u8>,
    /// The game ends after this many consecutive moves without a capture;
    /// `None` for no limit.
    pub move_limit: Option<u16>,
    /// How the seeds left on the board are shared when a repetition ends
    /// the game (the move limit and no legal move always give each player
    /// their own row).
    pub repetition_share: Share,
}

impl Rules {
    /// Abapa, the default: a grand slam captures nothing, the third
    /// occurrence of a position ends the game, no move limit.
    ///
    /// ```
    /// use oware_core::{GrandSlam, Rules};
    /// assert_eq!(Rules::ABAPA.grand_slam, GrandSlam::CapturesNothing);
    /// assert_eq!(Rules::ABAPA.repetition, Some(3));
    /// assert_eq!(Rules::ABAPA.move_limit, None);
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
    /// assert_eq!(Rules::SOWING.move_limit, Some(100));
    /// // Two seeds stepping round the ring never capture. With repetition
    /// // switched off too, the move limit alone ends the game.
    /// let board = Board::from_cells([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 23, 23])?;
    /// let rules = Rules { repetition: None, ..Rules::SOWING };
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
    /// assert_eq!(Rules::AWARI_SPLIT.repetition_share, Share::Evenly);
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
    /// assert_eq!(Rules::AUALE.repetition, Some(2));
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
    /// let custom = Rules { move_limit: Some(50), ..Rules::ABAPA };
    /// assert_eq!(custom.name(), None);
    /// ```
    #[must_use]
    pub fn name(self) -> Option<&'static str> {
        Rules::PRESETS
            .iter()
            .find(|(_, rules)| *rules == self)
            .map(|(name, _)| *name)
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
    fn from_str(text: &str) -> Result<Rules, ParseRulesError> {
        let wanted = text.to_ascii_lowercase();
        Rules::PRESETS
            .iter()
            .find(|(name, _)| *name == wanted)
            .map(|(_, rules)| *rules)
            .ok_or_else(|| ParseRulesError(text.to_owned()))
    }
}
