//! The rule sets this crate knows.

/// Which variant of the rules a game is played under.
///
/// All three share sowing, capture and feeding (SPEC.md rules 1–6) and all of
/// them let a grand slam capture nothing; they differ in when a grand slam may
/// be played and in whether a long run without captures ends the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Rules {
    /// Plain Abapa: a grand slam is legal and captures nothing, the third
    /// repetition of a position ends the game, and there is no move limit.
    Abapa,
    /// Abapa plus the move limit: after 100 consecutive moves without a
    /// capture the game ends and each player takes the seeds in their own row.
    Sowing,
    /// Like Abapa, except that a grand slam is illegal unless every otherwise
    /// legal move is a grand slam; in that forced case it is played and
    /// captures nothing.
    Awari,
}

impl Rules {
    /// How many consecutive moves without a capture end the game, if this
    /// rule set has such a limit.
    ///
    /// ```
    /// use oware_reference::Rules;
    /// assert_eq!(Rules::Sowing.move_limit(), Some(100));
    /// assert_eq!(Rules::Abapa.move_limit(), None);
    /// ```
    #[must_use]
    pub fn move_limit(self) -> Option<usize> {
        match self {
            Rules::Sowing => Some(100),
            Rules::Abapa | Rules::Awari => None,
        }
    }
}
