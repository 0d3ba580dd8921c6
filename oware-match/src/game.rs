//! One game between two players, refereed by oware-core's [`Game`]: every
//! answer is checked against the rules and the clock, and a player that
//! fails forfeits.

use core::fmt;
use std::time::{Duration, Instant};

use oware_core::notation::ogn;
use oware_core::{BySeat, EndReason, Game, Outcome, Seat, Winner};

use crate::control::{Budget, Clocks};
use crate::player::{Fault, Player};

/// How long past its time and margin an engine's answer is still awaited
/// (to be logged as a loss on time rather than a hang).
const LATE: Duration = Duration::from_secs(1);

/// How a game is refereed, besides the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Time over the allowed time before a move loses on time; `None`
    /// never loses on time (in-process matches where only strength counts).
    pub margin: Option<Duration>,
    /// How long to wait for a move when no time is allowed (a depth or
    /// node limit): past it, the engine is taken to have hung.
    pub hang_timeout: Duration,
    /// Plies after which an unfinished game is adjudicated by the seeds
    /// each side holds; `None` plays every game to its end.
    pub max_plies: Option<usize>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            margin: Some(Duration::from_millis(100)),
            hang_timeout: Duration::from_secs(30),
            max_plies: Some(1000),
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules.
    Rules(EndReason),
    /// A player forfeited.
    Forfeit {
        /// Who forfeited.
        seat: Seat,
        /// Why.
        fault: Fault,
    },
    /// Stopped at the ply limit and scored by the seeds each side holds.
    Adjudicated {
        /// The plies played.
        plies: usize,
    },
}

impl Ending {
    /// A short name for the kind of ending, the rows of the final table.
    #[must_use]
    pub fn kind(&self) -> String {
        match self {
            Ending::Rules(reason) => reason.to_string(),
            Ending::Forfeit { fault, .. } => forfeit_kind(fault.kind()),
            Ending::Adjudicated { .. } => "adjudicated at the ply limit".to_owned(),
        }
    }

    /// The kind ([`kind`](Ending::kind)) of the ending that is not the
    /// rules' and that [`Display`](fmt::Display) writes as `text` after
    /// `plies` plies, with the seat that forfeited if one did; `None` if
    /// no such ending is written so. Saved games are read back with it.
    pub(crate) fn kind_of_text(text: &str, plies: usize) -> Option<(String, Option<Seat>)> {
        let adjudicated = Ending::Adjudicated { plies };
        if text == adjudicated.to_string() {
            return Some((adjudicated.kind(), None));
        }
        Seat::ALL.into_iter().find_map(|seat| {
            let message = text.strip_prefix(&format!("{seat} forfeits: "))?;
            let kind = Fault::kind_of_message(message)?;
            Some((forfeit_kind(kind), Some(seat)))
        })
    }
}

/// The kind of a forfeit for a fault of `kind`.
fn forfeit_kind(kind: &str) -> String {
    format!("forfeit: {kind}")
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Rules(reason) => write!(f, "{reason}"),
            Ending::Forfeit { seat, fault } => write!(f, "{seat} forfeits: {fault}"),
            Ending::Adjudicated { plies } => {
                write!(f, "adjudicated after {plies} plies by the seeds held")
            }
        }
    }
}

/// A game's result: the winner (none for a draw) and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Result {
    /// The winner, or `None` for a draw.
    pub winner: Option<Seat>,
    /// How the game ended.
    pub ending: Ending,
}

impl Result {
    /// `1-0` (South won), `0-1` or `1/2-1/2`.
    #[must_use]
    pub fn score(&self) -> &'static str {
        ogn::points(self.winner)
    }

    /// The winner that [`score`](Result::score) writes as `text`; `None`
    /// if it writes no such score.
    pub(crate) fn winner_of_score(text: &str) -> Option<Winner> {
        [
            Winner::Seat(Seat::South),
            Winner::Seat(Seat::North),
            Winner::Draw,
        ]
        .into_iter()
        .find(|&winner| ogn::points(winner.seat()) == text)
    }
}

/// Plays `game` (an opening, usually) to its end between `players`, each
/// under its budget. Returns the game as played and its result.
pub fn play(
    mut game: Game,
    players: BySeat<&mut dyn Player>,
    budgets: BySeat<Budget>,
    settings: &Settings,
) -> (Game, Result) {
    let BySeat { south, north } = players;
    let mut players = BySeat::new(south, north);
    let mut clocks = Clocks::new(budgets);
    loop {
        if let Some(outcome) = game.outcome() {
            let result = Result {
                winner: outcome.winner,
                ending: Ending::Rules(outcome.reason),
            };
            return (game, result);
        }
        if settings
            .max_plies
            .is_some_and(|most| game.moves().len() >= most)
        {
            let result = Result {
                winner: Outcome::adjudicate(game.position().board()),
                ending: Ending::Adjudicated {
                    plies: game.moves().len(),
                },
            };
            return (game, result);
        }
        let seat = game.position().to_move();
        let turn = clocks.turn(seat);
        let allowed = turn.allowed();
        // Past the time and margin the move is lost on time; waiting a
        // little longer tells a slow engine from a hung one in the log.
        let wait = match (allowed, settings.margin) {
            (Some(allowed), Some(margin)) => allowed + margin + LATE.min(settings.hang_timeout),
            _ => settings.hang_timeout,
        };
        let started = Instant::now();
        let answer = players[seat].choose(&game, &turn, wait);
        let elapsed = started.elapsed();
        let forfeit = |fault| Result {
            winner: Some(seat.opponent()),
            ending: Ending::Forfeit { seat, fault },
        };
        let house = match answer {
            Ok(house) => house,
            Err(fault) => return (game, forfeit(fault)),
        };
        if let (Some(allowed), Some(margin)) = (allowed, settings.margin)
            && elapsed > allowed + margin
        {
            return (game, forfeit(Fault::Time { elapsed, allowed }));
        }
        if let Err(reason) = game.play(house) {
            return (game, forfeit(Fault::Illegal { house, reason }));
        }
        clocks.charge(seat, elapsed);
    }
}
