//! The two rule sets a database is built for, and the bounds it stores.

use core::fmt;
use core::str::FromStr;

use oware_core::{GrandSlam, Rules, Share};

/// The rules a database is solved under, and so the games its values are
/// right for ([`Ruleset::fitting`], the one answer to "which database may
/// this game use"). Both differ only in the grand slam and in how endless
/// play is scored; everything else is oware-core's.
///
/// | ruleset | solved as | right for (presets) |
/// |---|---|---|
/// | `abapa` | a grand slam captures nothing; endless play kept as two bounds | `abapa`, `auale` (and any rules with that grand slam and no move limit) |
/// | `awari` | a grand slam is forbidden; endless play splits the seeds left evenly | `awari-split` only: **not** `awari`, whose repetition gives each player their own row |
///
/// ```
/// use oware_core::Rules;
/// use oware_egdb::Ruleset;
/// assert_eq!("awari".parse::<Ruleset>()?, Ruleset::Awari);
/// assert_eq!(Ruleset::Abapa.to_string(), "abapa");
/// assert!("sowing".parse::<Ruleset>().is_err());
/// // The awari database is Romein and Bal's: its rules are awari-split's.
/// assert_eq!(Ruleset::Awari.rules(), Rules::AWARI_SPLIT);
/// assert_eq!(Ruleset::fitting(&Rules::AWARI_SPLIT), Some(Ruleset::Awari));
/// assert_eq!(Ruleset::fitting(&Rules::AWARI), None);
/// assert_eq!(Ruleset::fitting(&Rules::AUALE), Some(Ruleset::Abapa));
/// # Ok::<(), oware_egdb::ParseRulesetError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ruleset {
    /// A grand slam is legal and captures nothing; endless play is kept as
    /// two bounds (see [`Bounds`]).
    Abapa,
    /// A grand slam is illegal unless every legal move is one (and then it
    /// captures nothing); endless play splits the seeds left evenly (0).
    Awari,
}

impl Ruleset {
    /// Both rule sets, in the order of their codes in a file header.
    pub const ALL: [Ruleset; 2] = [Ruleset::Abapa, Ruleset::Awari];

    /// The preset whose games the values are exactly for, and whose moves
    /// the solver plays: abapa, and for awari's database
    /// [`Rules::AWARI_SPLIT`] (the even split of endless play is the 0 its
    /// values assume). Always [`fits`](Ruleset::fits).
    #[must_use]
    pub const fn rules(self) -> Rules {
        match self {
            Ruleset::Abapa => Rules::ABAPA,
            Ruleset::Awari => Rules::AWARI_SPLIT,
        }
    }

    /// The database whose values are right for games under `rules`, or
    /// none: the one place that answers it for every front end.
    ///
    /// Abapa's under rules whose grand slam captures nothing and which
    /// have no move limit (abapa, Aualé's ending): a move limit can cut
    /// short a line the bounds assume is played out, while a repetition,
    /// however counted and however it shares the seeds left, ends the game
    /// between the two bounds. Awari's (exact values, endless play scored
    /// 0) under rules that forbid the grand slam and end a repetition by
    /// splitting the seeds left evenly, with no move limit (awari-split,
    /// Romein and Bal's awari): that even split is the 0 its values
    /// assume. Not under [`Rules::AWARI`], whose repetition gives each
    /// player their own row.
    #[must_use]
    pub fn fitting(rules: &Rules) -> Option<Ruleset> {
        if rules.move_limit().is_some() {
            return None;
        }
        match rules.grand_slam() {
            GrandSlam::CapturesNothing => Some(Ruleset::Abapa),
            GrandSlam::Forbidden
                if rules.repetition().is_some() && rules.repetition_share() == Share::Evenly =>
            {
                Some(Ruleset::Awari)
            }
            _ => None,
        }
    }

    /// Whether the values are right for games under `rules`
    /// ([`Ruleset::fitting`] names this rule set).
    #[must_use]
    pub fn fits(self, rules: &Rules) -> bool {
        Ruleset::fitting(rules) == Some(self)
    }

    /// The named rule sets (oware-core's presets) the values are right
    /// for, for what a person is told: `abapa, auale` and `awari-split`.
    pub fn presets(self) -> impl Iterator<Item = &'static str> {
        Rules::PRESETS
            .into_iter()
            .filter(move |(_, rules)| self.fits(rules))
            .map(|(name, _)| name)
    }

    /// Where each database holds, for a person: `abapa's under abapa and
    /// auale, awari's under awari-split`, written from [`Ruleset::fitting`].
    #[must_use]
    pub fn where_each_fits() -> String {
        let each = Ruleset::ALL.map(|ruleset| {
            let presets: Vec<&str> = ruleset.presets().collect();
            let names = match presets.split_last() {
                Some((last, [])) => (*last).to_owned(),
                Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                None => "no named rules".to_owned(),
            };
            format!("{ruleset}'s under {names}")
        });
        each.join(", ")
    }

    /// The name used on the command line and in file names.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Ruleset::Abapa => "abapa",
            Ruleset::Awari => "awari",
        }
    }

    /// The code stored in a file header.
    pub(crate) const fn code(self) -> u8 {
        match self {
            Ruleset::Abapa => 0,
            Ruleset::Awari => 1,
        }
    }

    /// Whether endless play is kept as two bounds rather than scored 0.
    pub(crate) const fn has_bounds(self) -> bool {
        matches!(self, Ruleset::Abapa)
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that names no rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRulesetError(String);

impl fmt::Display for ParseRulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rule set {:?}; the databases know abapa and awari",
            self.0
        )
    }
}

impl std::error::Error for ParseRulesetError {}

impl FromStr for Ruleset {
    type Err = ParseRulesetError;

    fn from_str(text: &str) -> Result<Ruleset, ParseRulesetError> {
        Ruleset::ALL
            .into_iter()
            .find(|ruleset| ruleset.name() == text)
            .ok_or_else(|| ParseRulesetError(text.to_owned()))
    }
}

/// A position's value for the side to move, in net seeds (the mover's
/// minus the opponent's) out of those on the board: `lo` if endless play
/// gave every seed left to the mover's opponent, `hi` if it gave them to the
/// mover. Under awari, and wherever endless play cannot matter, they are
/// equal: the value is exact.
///
/// ```
/// use oware_egdb::Bounds;
/// let bounds = Bounds { lo: -2, hi: 4 };
/// assert!(!bounds.is_exact());
/// assert!(Bounds::exact(3).is_exact());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bounds {
    /// The value if endless play gives the seeds left to the mover's opponent.
    pub lo: i8,
    /// The value if endless play gives the seeds left to the mover.
    pub hi: i8,
}

impl Bounds {
    /// Both bounds equal to `value`.
    #[must_use]
    pub const fn exact(value: i8) -> Bounds {
        Bounds {
            lo: value,
            hi: value,
        }
    }

    /// Whether some position of `seeds` seeds on the board can have these
    /// bounds under `ruleset`: `-n <= lo <= hi <= n`, and under abapa both
    /// of the parity of `n` (endless play gives the seeds left to one side,
    /// so the mover's and the opponent's seeds add up to `n` and their
    /// difference has its parity; awari's endless play scores 0 whatever
    /// is left, odd counts too). A stored value that is not is damage.
    #[inline]
    pub(crate) const fn is_possible(self, seeds: u8, ruleset: Ruleset) -> bool {
        let n = seeds as i8;
        let parity = ruleset.has_bounds() as i8;
        -n <= self.lo
            && self.lo <= self.hi
            && self.hi <= n
            && (self.lo ^ n) & parity == 0
            && (self.hi ^ n) & parity == 0
    }

    /// Whether the value is known whatever endless play would give.
    #[must_use]
    pub const fn is_exact(self) -> bool {
        self.lo == self.hi
    }

    /// The bounds of a move that captures `captured` seeds and leaves the
    /// opponent `child`: the child's bounds negated and swapped (the child's
    /// `hi` favours its mover, our opponent), plus the capture.
    #[must_use]
    pub const fn after_move(captured: u8, child: Bounds) -> Bounds {
        Bounds {
            lo: captured as i8 - child.hi,
            hi: captured as i8 - child.lo,
        }
    }
}

impl fmt::Display for Bounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_exact() {
            write!(f, "{}", self.lo)
        } else {
            write!(f, "{}..{}", self.lo, self.hi)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_ruleset_fits_its_own_rules_and_the_presets_it_names() {
        for ruleset in Ruleset::ALL {
            assert!(ruleset.fits(&ruleset.rules()), "{ruleset}");
        }
        let fitting = Rules::PRESETS.map(|(name, rules)| (name, Ruleset::fitting(&rules)));
        assert_eq!(
            fitting,
            [
                ("abapa", Some(Ruleset::Abapa)),
                ("sowing", None),
                ("awari", None),
                ("awari-split", Some(Ruleset::Awari)),
                ("auale", Some(Ruleset::Abapa)),
            ]
        );
        // A move limit cuts short the lines either database plays out.
        let limited = Rules::ABAPA.with_move_limit(100).unwrap();
        assert_eq!(Ruleset::fitting(&limited), None);
        assert_eq!(
            Ruleset::where_each_fits(),
            "abapa's under abapa and auale, awari's under awari-split"
        );
    }
}
