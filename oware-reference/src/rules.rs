//! The rule sets this crate knows.

/// Which variant of the rules a game is played under.
///
/// All five share sowing, capture and feeding (RULES.md) and all of them let
/// a grand slam capture nothing; they differ in when a grand slam may be
/// played, in whether a long run without captures ends the game, in how
/// many times a position must occur to end it, and in who gets the seeds
/// left when it does.
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
    /// Awari as Romein and Bal solved it: like Awari, except that when a
    /// position's third occurrence ends the game the seeds left on the board
    /// are split evenly between the two players (half a seed each of an odd
    /// one), whichever row they are in.
    AwariSplit,
    /// Aualé's rule: like Abapa, except that the game ends as soon as a
    /// position occurs for the second time (its first repetition), each
    /// player taking the seeds in their own row.
    Auale,
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
            Rules::Abapa | Rules::Awari | Rules::AwariSplit | Rules::Auale => None,
        }
    }

    /// How many occurrences of one position (counting the start) end the game.
    ///
    /// ```
    /// use oware_reference::Rules;
    /// assert_eq!(Rules::Abapa.repetition(), 3);
    /// assert_eq!(Rules::Auale.repetition(), 2);
    /// ```
    #[must_use]
    pub fn repetition(self) -> usize {
        match self {
            Rules::Auale => 2,
            Rules::Abapa | Rules::Sowing | Rules::Awari | Rules::AwariSplit => 3,
        }
    }

    /// Whether a grand slam is refused while some other move is legal.
    ///
    /// ```
    /// use oware_reference::Rules;
    /// assert!(Rules::Awari.forbids_grand_slams());
    /// assert!(Rules::AwariSplit.forbids_grand_slams());
    /// assert!(!Rules::Abapa.forbids_grand_slams());
    /// ```
    #[must_use]
    pub fn forbids_grand_slams(self) -> bool {
        match self {
            Rules::Awari | Rules::AwariSplit => true,
            Rules::Abapa | Rules::Sowing | Rules::Auale => false,
        }
    }

    /// Whether a repetition that ends the game splits the seeds left evenly
    /// (rather than each player taking their own row).
    ///
    /// ```
    /// use oware_reference::Rules;
    /// assert!(Rules::AwariSplit.splits_on_repetition());
    /// assert!(!Rules::Awari.splits_on_repetition());
    /// ```
    #[must_use]
    pub fn splits_on_repetition(self) -> bool {
        self == Rules::AwariSplit
    }
}
