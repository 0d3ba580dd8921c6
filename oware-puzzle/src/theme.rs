//! Themes, tagged from the solution line itself: each theme is a function
//! of the start, the rules and the line (the game they make), so a tag
//! can always be checked against the moves.

use core::fmt;
use core::str::FromStr;

use oware_core::{EndReason, Game, House, Seat, TOTAL_SEEDS, Winner};

/// A puzzle theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// A solver move captures a chain: two houses or more at once.
    CaptureChain,
    /// A grand slam (abapa's rule: a capture of the whole row takes
    /// nothing) is on the board at a solver's turn, played or avoided.
    GrandSlam,
    /// Feeding or starving: at a solver's turn the defender's row is
    /// empty (the solver must feed it), or a solver move leaves the
    /// solver's own row empty (the defender must feed it), or the game
    /// ends because a player cannot be fed.
    Feeding,
    /// The line ends with the solver's 25th seed captured.
    TwentyFifthSeed,
    /// A repetition: the game ends in one on the line, or at a solver's
    /// turn another move would end it by one.
    Repetition,
    /// The first move gives seeds away: the defender's reply captures.
    Sacrifice,
    /// The first move captures nothing.
    QuietMove,
    /// 20 seeds or fewer on the board at the start.
    Endgame,
    /// Three solver moves or more.
    Long,
}

impl Theme {
    /// Every theme, in the order of their bits.
    pub const ALL: [Theme; 9] = [
        Theme::CaptureChain,
        Theme::GrandSlam,
        Theme::Feeding,
        Theme::TwentyFifthSeed,
        Theme::Repetition,
        Theme::Sacrifice,
        Theme::QuietMove,
        Theme::Endgame,
        Theme::Long,
    ];

    /// The theme's name, as `--theme` takes it and `oware puzzle list` writes it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Theme::CaptureChain => "capture-chain",
            Theme::GrandSlam => "grand-slam",
            Theme::Feeding => "feeding",
            Theme::TwentyFifthSeed => "25th-seed",
            Theme::Repetition => "repetition",
            Theme::Sacrifice => "sacrifice",
            Theme::QuietMove => "quiet-move",
            Theme::Endgame => "endgame",
            Theme::Long => "long",
        }
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }

    /// Whether the line, played from `start` (a fresh game whose side to
    /// move is the solver), has this theme.
    #[must_use]
    pub fn holds(self, start: &Game, line: &[House]) -> bool {
        match self {
            Theme::CaptureChain => capture_chain(start, line),
            Theme::GrandSlam => grand_slam(start, line),
            Theme::Feeding => feeding(start, line),
            Theme::TwentyFifthSeed => twenty_fifth_seed(start, line),
            Theme::Repetition => repetition(start, line),
            Theme::Sacrifice => sacrifice(start, line),
            Theme::QuietMove => quiet_move(start, line),
            Theme::Endgame => endgame(start),
            Theme::Long => line.len().div_ceil(2) >= 3,
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no theme.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseThemeError(String);

impl fmt::Display for ParseThemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Theme::ALL.iter().map(|t| t.name()).collect();
        write!(
            f,
            "`{}` is not a theme: the themes are {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for ParseThemeError {}

impl FromStr for Theme {
    type Err = ParseThemeError;

    fn from_str(text: &str) -> Result<Theme, ParseThemeError> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| ParseThemeError(text.to_owned()))
    }
}

/// A set of themes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Themes(u16);

impl Themes {
    /// No theme.
    pub const NONE: Themes = Themes(0);

    /// Every theme that holds for the line played from the fresh game `start`.
    ///
    /// ```
    /// use oware_core::{Game, House, Position, Rules};
    /// use oware_puzzle::{Theme, Themes};
    /// // F's seed makes a hold 3: South's 25th seed, taken at once.
    /// let start = Position::from_fen("0-0-0-0-0-1-2-0-0-0-0-1-22-22-S")?;
    /// let themes = Themes::of(&Game::from_position(start, Rules::ABAPA), &[House::F]);
    /// assert!(themes.contains(Theme::TwentyFifthSeed) && themes.contains(Theme::Endgame));
    /// assert!(!themes.contains(Theme::QuietMove));
    /// # Ok::<(), oware_core::FenError>(())
    /// ```
    #[must_use]
    pub fn of(start: &Game, line: &[House]) -> Themes {
        Theme::ALL
            .into_iter()
            .filter(|t| t.holds(start, line))
            .fold(Themes::NONE, |set, t| set.with(t))
    }

    /// The set with `theme` too.
    #[must_use]
    pub const fn with(self, theme: Theme) -> Themes {
        Themes(self.0 | theme.bit())
    }

    /// Whether `theme` is in the set.
    #[must_use]
    pub const fn contains(self, theme: Theme) -> bool {
        self.0 & theme.bit() != 0
    }

    /// The themes in the set, in [`Theme::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Theme> {
        Theme::ALL.into_iter().filter(move |&t| self.contains(t))
    }

    /// The set as bits (the file's form).
    #[must_use]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set of `bits`, or `None` when a bit names no theme.
    #[must_use]
    pub const fn from_bits(bits: u16) -> Option<Themes> {
        if bits >> Theme::ALL.len() == 0 {
            Some(Themes(bits))
        } else {
            None
        }
    }
}

impl fmt::Display for Themes {
    /// The names joined by commas: `capture-chain,endgame`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.iter().map(Theme::name).collect();
        f.write_str(&names.join(","))
    }
}

/// Each step of the line: the game before the move, the move, the game after.
fn steps(start: &Game, line: &[House]) -> Vec<(Game, House, Game)> {
    let mut game = start.clone();
    let mut out = Vec::with_capacity(line.len());
    for &house in line {
        let before = game.clone();
        if game.play(house).is_err() {
            break;
        }
        out.push((before, house, game.clone()));
    }
    out
}

/// The solver's steps: every other one from the first.
fn solver_steps(start: &Game, line: &[House]) -> Vec<(Game, House, Game)> {
    steps(start, line).into_iter().step_by(2).collect()
}

fn capture_chain(start: &Game, line: &[House]) -> bool {
    solver_steps(start, line)
        .iter()
        .any(|(before, house, _)| before.position().captures(*house).len() >= 2)
}

fn grand_slam(start: &Game, line: &[House]) -> bool {
    solver_steps(start, line).iter().any(|(before, _, _)| {
        let position = before.position();
        !position.grand_slams(before.legal_moves()).is_empty()
    })
}

fn feeding(start: &Game, line: &[House]) -> bool {
    let solver = start.position().to_move();
    let empty = |game: &Game, seat: Seat| game.position().board().seeds_on_side(seat) == 0;
    let unfed = |game: &Game| {
        game.outcome()
            .is_some_and(|o| matches!(o.reason, EndReason::NoLegalMove | EndReason::NoSeeds))
    };
    solver_steps(start, line)
        .iter()
        .any(|(before, _, after)| empty(before, solver.opponent()) || empty(after, solver))
        || steps(start, line).iter().any(|(_, _, after)| unfed(after))
}

fn twenty_fifth_seed(start: &Game, line: &[House]) -> bool {
    let solver = start.position().to_move();
    steps(start, line).last().is_some_and(|(_, _, after)| {
        after.outcome().is_some_and(|o| {
            o.reason == EndReason::Reached25 && Winner::from(o.winner) == Winner::Seat(solver)
        })
    })
}

fn repetition(start: &Game, line: &[House]) -> bool {
    let repeats = |game: &Game| {
        game.outcome()
            .is_some_and(|o| matches!(o.reason, EndReason::Repetition | EndReason::FirstRepetition))
    };
    steps(start, line)
        .iter()
        .any(|(_, _, after)| repeats(after))
        || solver_steps(start, line).iter().any(|(before, played, _)| {
            before.legal_moves().iter().any(|house| {
                let mut other = before.clone();
                house != *played && other.play(house).is_ok() && repeats(&other)
            })
        })
}

fn sacrifice(start: &Game, line: &[House]) -> bool {
    steps(start, line)
        .get(1)
        .is_some_and(|(before, house, _)| !before.position().captures(*house).is_empty())
}

fn quiet_move(start: &Game, line: &[House]) -> bool {
    line.first()
        .is_some_and(|&house| start.position().captures(house).is_empty())
}

/// The most seeds on the board for the endgame theme.
pub const ENDGAME_SEEDS: u8 = 20;

fn endgame(start: &Game) -> bool {
    let board = start.position().board();
    let on_board = TOTAL_SEEDS - board.store(Seat::South) - board.store(Seat::North);
    on_board <= ENDGAME_SEEDS
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::{Position, Rules};

    fn game(fen: &str, rules: Rules) -> Game {
        Game::from_position(Position::from_fen(fen).unwrap(), rules)
    }

    fn line(text: &str) -> Vec<House> {
        text.chars()
            .map(|c| House::from_letter(c).unwrap())
            .collect()
    }

    #[test]
    fn a_capture_chain_takes_two_houses_or_more() {
        // RULES.md's chain: F takes a, b and c.
        let start = game("5-0-0-0-0-3-1-2-1-4-0-0-16-16-S", Rules::ABAPA);
        assert!(capture_chain(&start, &line("F")));
        // A sows B..F: no capture.
        assert!(!capture_chain(&start, &line("A")));
        // One house is not a chain: F (1) makes a hold 3.
        let single = game("0-0-0-0-0-1-2-0-0-0-0-1-22-22-S", Rules::ABAPA);
        assert!(!capture_chain(&single, &line("F")));
    }

    #[test]
    fn a_grand_slam_on_the_board_is_tagged_played_or_not() {
        // RULES.md's grand slam: F would take North's whole row.
        let start = game("5-0-0-0-0-3-1-2-1-0-0-0-16-20-S", Rules::ABAPA);
        assert!(grand_slam(&start, &line("F")));
        assert!(grand_slam(&start, &line("A")));
        let plain = game("5-0-0-0-0-3-1-2-1-4-0-0-16-16-S", Rules::ABAPA);
        assert!(!grand_slam(&plain, &line("F")));
    }

    #[test]
    fn feeding_an_empty_row_or_emptying_it_is_tagged() {
        // North's row is empty: South must feed (C reaches a).
        let must_feed = game("5-0-4-0-0-0-0-0-0-0-0-0-20-19-S", Rules::ABAPA);
        assert!(feeding(&must_feed, &line("C")));
        // F takes a, b and c; d keeps 4: North's row is not emptied.
        let chain = game("5-0-0-0-0-3-1-2-1-4-0-0-16-16-S", Rules::ABAPA);
        assert!(!feeding(&chain, &line("F")));
        // F (1) leaves South's row empty: North must feed it.
        let starve = game("0-0-0-0-0-1-0-0-0-3-0-0-22-22-S", Rules::ABAPA);
        assert!(feeding(&starve, &line("F")));
    }

    #[test]
    fn the_25th_seed_ends_the_line() {
        let start = game("0-0-0-0-0-1-2-0-0-0-0-1-22-22-S", Rules::ABAPA);
        assert!(twenty_fifth_seed(&start, &line("F")));
        // 21 + 3 = 24: a capture, but not the 25th seed.
        let short = game("0-0-0-0-1-1-2-0-0-0-0-1-21-22-S", Rules::ABAPA);
        assert!(!twenty_fifth_seed(&short, &line("F")));
    }

    #[test]
    fn a_repetition_on_the_line_is_tagged() {
        // One seed each side, 23 each: nothing can ever be captured. Under
        // auale the start comes back after twelve plies, ending the game.
        let start = game("1-0-0-0-0-0-1-0-0-0-0-0-23-23-S", Rules::AUALE);
        assert!(repetition(&start, &line("AaBbCcDdEeFf")));
        assert!(!repetition(&start, &line("AaBbCcDdEeF")));
        // Under abapa the start's second occurrence ends nothing.
        let abapa = game("1-0-0-0-0-0-1-0-0-0-0-0-23-23-S", Rules::ABAPA);
        assert!(!repetition(&abapa, &line("AaBbCcDdEeFf")));
    }

    #[test]
    fn a_sacrifice_lets_the_defender_capture() {
        let start = game("1-2-0-0-1-0-0-0-0-0-0-3-20-21-S", Rules::ABAPA);
        // E -> F; North f sows A (2), B (3), C (1): C is last, holds 1: no capture.
        assert!(!sacrifice(&start, &line("Ef")));
        // A -> B (3); North f sows A (1), B (4), C (1): nothing.
        assert!(!sacrifice(&start, &line("Af")));
        let giving = game("1-1-0-0-1-0-0-0-0-0-0-2-20-23-S", Rules::ABAPA);
        // E -> F (1); North f (2) sows A (2), B (2): B last, 2: takes B and A.
        assert!(sacrifice(&giving, &line("Ef")));
        // A one-move line has no reply.
        assert!(!sacrifice(&giving, &line("E")));
    }

    #[test]
    fn quiet_endgame_and_long_read_the_line() {
        let start = game("5-0-0-0-0-3-1-2-1-4-0-0-16-16-S", Rules::ABAPA);
        assert!(quiet_move(&start, &line("A")));
        assert!(!quiet_move(&start, &line("F")));
        assert!(endgame(&start));
        assert!(!endgame(&Game::new(Rules::ABAPA)));
        let opening = Game::new(Rules::ABAPA);
        assert!(Theme::Long.holds(&opening, &line("EcAbD")));
        assert!(!Theme::Long.holds(&opening, &line("EcA")));
    }

    #[test]
    fn themes_read_back_by_name_and_bits() {
        for theme in Theme::ALL {
            assert_eq!(theme.name().parse::<Theme>(), Ok(theme));
        }
        assert!(
            "slam"
                .parse::<Theme>()
                .unwrap_err()
                .to_string()
                .contains("grand-slam")
        );
        let set = Themes::NONE.with(Theme::Long).with(Theme::Feeding);
        assert_eq!(Themes::from_bits(set.bits()), Some(set));
        assert_eq!(set.to_string(), "feeding,long");
        assert_eq!(Themes::from_bits(1 << 12), None);
    }
}
