//! The tally of a match as it goes: wins, draws and losses by colour and by
//! how games ended, the pairs for the pentanomial, the Elo estimate and the
//! SPRT's ratio — and the final table.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use oware_core::{BySeat, Seat};

#[cfg(doc)]
use crate::record::GameRecord;
use crate::stats::{Counts, Decision, Estimate, Sprt};

/// The finished pairs of games an Elo interval needs: with one, its
/// variance is that of a single result.
pub const MIN_PAIRS: u32 = 2;

/// Why a match has no Elo estimate yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoEstimate {
    /// Fewer than [`MIN_PAIRS`] finished pairs: how many there are.
    TooFewPairs(u32),
    /// Every pair scored the same, so there is no variance to give the
    /// interval a width.
    NoVariance,
}

impl std::fmt::Display for NoEstimate {
    /// `n/a (1 pair finished; the interval needs 2)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoEstimate::TooFewPairs(pairs) => write!(
                f,
                "n/a ({pairs} pair{} finished; the interval needs {MIN_PAIRS})",
                if *pairs == 1 { "" } else { "s" }
            ),
            NoEstimate::NoVariance => {
                f.write_str("n/a (every pair scored the same: no variance yet)")
            }
        }
    }
}

/// Wins, draws and losses, from the first contestant's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games the first contestant won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the first contestant lost.
    pub losses: u32,
}

impl Wdl {
    /// Adds a game worth `half_points` (0, 1 or 2) to the first contestant.
    fn add(&mut self, half_points: u8) {
        match half_points {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
    }

    /// The games counted.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first contestant's points.
    #[must_use]
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }

    /// The first contestant's score, 0 to 1 (0.5 with no games).
    #[must_use]
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => self.points() / f64::from(n),
        }
    }
}

/// A finished game as the tally counts it: one just played
/// ([`GameRecord::scored`]), or one read back from a saved file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scored {
    /// Its number in the match, from 0: games `2k` and `2k + 1` are a pair.
    pub index: usize,
    /// Where the first contestant sat.
    pub first_seat: Seat,
    /// The first contestant's points in half points: 0, 1 or 2.
    pub first_half_points: u8,
    /// How it ended, as the table's rows name it ([`Ending::kind`](crate::Ending::kind)).
    pub ending: String,
    /// Plies played by the contestants (the opening's not counted).
    pub plies: usize,
}

/// The tally of a match so far.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Games finished.
    pub games: usize,
    /// The first contestant's results when it sat South, and North.
    pub by_colour: BySeat<Wdl>,
    /// The first contestant's results by how the game ended.
    pub by_ending: BTreeMap<String, Wdl>,
    /// Finished pairs by the first contestant's half points over the two games (0 to 4).
    pub pairs: [u32; 5],
    /// Plies played by the contestants (openings not counted).
    pub plies: usize,
    /// The SPRT's log-likelihood ratio and decision, if one runs.
    pub sprt: Option<(f64, Decision)>,
    /// The first game's half points of each pair whose other game is not in.
    waiting: HashMap<usize, u8>,
}

impl Summary {
    /// Counts a finished game, played now or read back from a saved file
    /// ([`GameRecord::scored`], [`read_saved`](crate::read_saved)), and
    /// re-runs the SPRT if there is one.
    pub fn add(&mut self, game: &Scored, sprt: Option<&Sprt>) {
        let points = game.first_half_points;
        self.games += 1;
        self.plies += game.plies;
        self.by_colour[game.first_seat].add(points);
        self.by_ending
            .entry(game.ending.clone())
            .or_default()
            .add(points);
        let pair = game.index / 2;
        match self.waiting.remove(&pair) {
            Some(other) => self.pairs[usize::from(points + other)] += 1,
            None => {
                self.waiting.insert(pair, points);
            }
        }
        if let Some(sprt) = sprt {
            let llr = sprt.llr(&Counts::Pairs(self.pairs));
            self.sprt = Some((llr, sprt.decide(llr)));
        }
    }

    /// Every game's result from the first contestant's side.
    #[must_use]
    pub fn total(&self) -> Wdl {
        let BySeat { south, north } = self.by_colour;
        Wdl {
            wins: south.wins + north.wins,
            draws: south.draws + north.draws,
            losses: south.losses + north.losses,
        }
    }

    /// The Elo difference of the first contestant with its 95% interval,
    /// over finished pairs (the pentanomial); none while there are fewer
    /// than [`MIN_PAIRS`] or every pair scored the same, when the interval
    /// would be a point (`+0.0 ± 0.0` after two games) and mean nothing.
    ///
    /// # Errors
    /// [`NoEstimate`], saying which.
    pub fn estimate(&self) -> Result<Estimate, NoEstimate> {
        let pairs: u32 = self.pairs.iter().sum();
        if pairs < MIN_PAIRS {
            return Err(NoEstimate::TooFewPairs(pairs));
        }
        match Estimate::from_counts(&Counts::Pairs(self.pairs)) {
            Some(estimate) if estimate.high > estimate.low => Ok(estimate),
            _ => Err(NoEstimate::NoVariance),
        }
    }

    /// One line of progress: games, score, Elo, and the SPRT's ratio.
    #[must_use]
    pub fn progress(&self, names: [&str; 2], planned: usize, sprt: Option<&Sprt>) -> String {
        let t = self.total();
        let mut line = format!(
            "games {}/{planned}: {} {:.1} - {:.1} {} ({:.1}%, +{} ={} -{})",
            self.games,
            names[0],
            t.points(),
            f64::from(t.games()) - t.points(),
            names[1],
            100.0 * t.score(),
            t.wins,
            t.draws,
            t.losses,
        );
        match self.estimate() {
            Ok(estimate) => {
                let _ = write!(line, ", Elo {estimate}");
            }
            Err(missing) => {
                let _ = write!(line, ", Elo {missing}");
            }
        }
        if let (Some(sprt), Some((llr, _))) = (sprt, self.sprt) {
            let (lower, upper) = sprt.bounds();
            let _ = write!(line, ", LLR {llr:.2} ({lower:.2}, {upper:.2})");
        }
        line
    }

    /// The final table: results by colour and by ending, Elo with its
    /// error, and the SPRT's verdict.
    #[must_use]
    pub fn table(&self, names: [&str; 2], sprt: Option<&Sprt>) -> String {
        let width = self
            .by_ending
            .keys()
            .map(|k| k.chars().count() + 2)
            .chain([names[0].chars().count() + 15, 28])
            .max()
            .unwrap_or(28);
        let mut text = format!(
            "{:width$}  {:>5}  {:>5}  {:>5}  {:>5}  {:>6}\n",
            format!("{} against {}", names[0], names[1]),
            "games",
            "won",
            "drawn",
            "lost",
            "score"
        );
        let mut row = |label: &str, wdl: &Wdl| {
            let _ = writeln!(
                text,
                "{label:width$}  {:>5}  {:>5}  {:>5}  {:>5}  {:>5.1}%",
                wdl.games(),
                wdl.wins,
                wdl.draws,
                wdl.losses,
                100.0 * wdl.score()
            );
        };
        for seat in Seat::ALL {
            row(&format!("{} as {seat}", names[0]), &self.by_colour[seat]);
        }
        row("all games", &self.total());
        for (ending, wdl) in &self.by_ending {
            row(&format!("  {ending}"), wdl);
        }
        let finished_pairs: u32 = self.pairs.iter().sum();
        let plural = if finished_pairs == 1 { "" } else { "s" };
        let over = format!(
            "{finished_pairs} pair{plural} {:?} (pentanomial)",
            self.pairs
        );
        match self.estimate() {
            _ if self.games == 0 => text.push_str("no games finished\n"),
            Ok(estimate) => {
                let _ = writeln!(
                    text,
                    "Elo difference {estimate} (95%: {:.1} to {:.1}), over {over}",
                    estimate.low, estimate.high
                );
            }
            Err(missing) => {
                let _ = writeln!(text, "Elo difference {missing}, over {over}");
            }
        }
        if let (Some(sprt), Some((llr, decision))) = (sprt, self.sprt) {
            let (lower, upper) = sprt.bounds();
            let verdict = match decision {
                Decision::Continue => "no decision yet",
                Decision::H0 => "H0 accepted",
                Decision::H1 => "H1 accepted",
            };
            let _ = writeln!(
                text,
                "SPRT ({sprt}): LLR {llr:.2} ({lower:.2}, {upper:.2}): {verdict}"
            );
        }
        text
    }
}
