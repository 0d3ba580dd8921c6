//! The arithmetic of a match: the score as an Elo difference with its 95%
//! interval, and the sequential probability ratio test that stops a match
//! once the answer is clear.
//!
//! Games are played in pairs (one opening, colours swapped), so the unit of
//! observation is the pair: its score for the first engine is 0, ½, 1, 1½
//! or 2 — the pentanomial model. Pairs share an opening, so their two games
//! are correlated; treating them as independent games (the trinomial model)
//! overstates the variance. Both are here; the match runner uses the
//! pentanomial, and the trinomial serves single games (a pair not finished).
//!
//! The log-likelihood ratio is the normal approximation of the generalised
//! SPRT from Michel Van den Bergh's note "A practical GSPRT" (used by
//! Stockfish's fishtest, `server/fishtest/stats/sprt.py`, and by fastchess's
//! `sprt.cpp` with logistic bounds): with `s0`, `s1` the expected scores of
//! `elo0` and `elo1`, and `m`, `v` the observed mean score and variance per
//! observation over `n` observations,
//!
//! ```text
//! LLR = n · (s1 − s0) · (2m − s0 − s1) / (2v)
//! ```
//!
//! and the test stops at `ln(β / (1 − α))` (H0 accepted) or
//! `ln((1 − β) / α)` (H1 accepted), Wald's bounds. While a kind of result
//! has not been seen, the counts get half a result of each kind (see
//! `Counts::regularised`): the formula needs a variance, and a handful of
//! identical results has none.

use core::fmt;
use core::str::FromStr;

/// The Elo difference whose expected score is `score` (0 to 1), in the
/// logistic model: `-400 · log10(1/score − 1)`; ±infinity at 1 and 0.
///
/// ```
/// use oware_match::stats::{elo, expected_score};
/// assert_eq!(elo(0.5), 0.0);
/// assert!((elo(0.75) - 190.85).abs() < 0.01);
/// assert!((expected_score(elo(0.64)) - 0.64).abs() < 1e-12);
/// assert_eq!(elo(1.0), f64::INFINITY);
/// ```
#[must_use]
pub fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        // The same as −400·log10(1/score − 1), without a negative zero at ½.
        400.0 * (score / (1.0 - score)).log10()
    }
}

/// The expected score of a player `elo` points stronger: the inverse of [`elo`].
#[must_use]
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The z-value of a two-sided 95% interval.
const Z95: f64 = 1.959_964;

/// Mean and variance of a score per observation, from counts of each score.
fn moments(counts: &[u32], scores: &[f64]) -> Option<(f64, f64, f64)> {
    let n: f64 = counts.iter().map(|&c| f64::from(c)).sum();
    if n == 0.0 {
        return None;
    }
    let mean = counts
        .iter()
        .zip(scores)
        .map(|(&c, x)| f64::from(c) * x)
        .sum::<f64>()
        / n;
    let square = counts
        .iter()
        .zip(scores)
        .map(|(&c, x)| f64::from(c) * x * x)
        .sum::<f64>()
        / n;
    Some((n, mean, (square - mean * mean).max(0.0)))
}

/// The five scores of a pair of games, as a fraction of the pair's two points.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
/// The three scores of one game.
const GAME_SCORES: [f64; 3] = [0.0, 0.5, 1.0];

/// Counts of results from the first engine's side: single games
/// (losses, draws, wins) or pairs (the pentanomial: the pair's score in
/// half points, 0 to 4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Counts {
    /// Games lost, drawn and won.
    Games([u32; 3]),
    /// Pairs scoring 0, ½, 1, 1½ and 2 points.
    Pairs([u32; 5]),
    /// Nothing to count yet.
    #[default]
    Empty,
}

impl Counts {
    /// The observations' count, mean score (0 to 1) and variance.
    fn moments(&self) -> Option<(f64, f64, f64)> {
        match self {
            Counts::Games(c) => moments(c, &GAME_SCORES),
            Counts::Pairs(c) => moments(c, &PAIR_SCORES),
            Counts::Empty => None,
        }
    }

    /// The counts as the test reads them: while any bucket is empty, every
    /// bucket gets half a result more (Jeffreys' prior). Without it a run of
    /// identical results has no variance, and a single pair would decide
    /// the test; with it the first results move the ratio only a little.
    fn regularised(&self) -> Vec<f64> {
        let raw: Vec<u32> = match self {
            Counts::Games(c) => c.to_vec(),
            Counts::Pairs(c) => c.to_vec(),
            Counts::Empty => Vec::new(),
        };
        let prior = if raw.contains(&0) { 0.5 } else { 0.0 };
        raw.iter().map(|&c| f64::from(c) + prior).collect()
    }
}

/// An Elo difference with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The score (0 to 1).
    pub score: f64,
    /// The Elo difference of the score.
    pub elo: f64,
    /// The lower end of the 95% interval, in Elo.
    pub low: f64,
    /// The upper end of the 95% interval, in Elo.
    pub high: f64,
}

impl Estimate {
    /// The estimate from `counts`, or `None` when nothing is counted. The
    /// interval is the score's, `m ± 1.96·√(v/n)`, turned into Elo.
    ///
    /// ```
    /// use oware_match::stats::{Counts, Estimate};
    /// // One pair won outright and one lost outright: even, and no idea how much.
    /// let e = Estimate::from_counts(&Counts::Pairs([1, 0, 0, 0, 1])).unwrap();
    /// assert_eq!(e.elo, 0.0);
    /// assert!(e.low < -400.0 && e.high > 400.0);
    /// ```
    #[must_use]
    pub fn from_counts(counts: &Counts) -> Option<Estimate> {
        let (n, mean, variance) = counts.moments()?;
        let margin = Z95 * (variance / n).sqrt();
        Some(Estimate {
            score: mean,
            elo: elo(mean),
            low: elo(mean - margin),
            high: elo(mean + margin),
        })
    }

    /// Half the interval's width: the "±" figure.
    #[must_use]
    pub fn error(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

impl fmt::Display for Estimate {
    /// `+52.5 ± 73.0` (the interval may be lopsided; this is its half-width).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.elo.is_finite() {
            write!(f, "{:+.1} ± {:.1}", self.elo, self.error())
        } else if self.elo > 0.0 {
            f.write_str("+inf")
        } else {
            f.write_str("-inf")
        }
    }
}

/// A sequential probability ratio test: H0 "the difference is `elo0`"
/// against H1 "it is `elo1`", with error rates `alpha` (accepting H1 when
/// H0 holds) and `beta` (the other way round).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Not clear yet: play on.
    Continue,
    /// H0: the difference is `elo0` (or less).
    H0,
    /// H1: the difference is `elo1` (or more).
    H1,
}

impl Sprt {
    /// Wald's bounds on the log-likelihood ratio: (lower, upper).
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 given `counts` (see the
    /// module's docs for the formula); 0 with nothing counted.
    #[must_use]
    pub fn llr(&self, counts: &Counts) -> f64 {
        let buckets = counts.regularised();
        let scores: &[f64] = match counts {
            Counts::Games(_) => &GAME_SCORES,
            Counts::Pairs(_) => &PAIR_SCORES,
            Counts::Empty => return 0.0,
        };
        let n: f64 = buckets.iter().sum();
        let mean = buckets.iter().zip(scores).map(|(c, x)| c * x).sum::<f64>() / n;
        let square = buckets
            .iter()
            .zip(scores)
            .map(|(c, x)| c * x * x)
            .sum::<f64>()
            / n;
        let variance = square - mean * mean;
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The decision for a log-likelihood ratio.
    #[must_use]
    pub fn decide(&self, llr: f64) -> Decision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Decision::H1
        } else if llr <= lower {
            Decision::H0
        } else {
            Decision::Continue
        }
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// Why an SPRT description was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SprtError {
    /// A word that is not `key=value`.
    NotAPair(String),
    /// A key other than elo0, elo1, alpha, beta.
    UnknownKey(String),
    /// A value that is not a number.
    NotANumber {
        /// The key.
        key: String,
        /// The value found.
        found: String,
    },
    /// A key not given.
    Missing(&'static str),
    /// elo0 is not below elo1, or alpha or beta is not between 0 and 1.
    OutOfRange(String),
}

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SprtError::NotAPair(word) => write!(f, "`{word}` is not key=value"),
            SprtError::UnknownKey(key) => write!(
                f,
                "unknown sprt key `{key}` (the keys are elo0, elo1, alpha, beta)"
            ),
            SprtError::NotANumber { key, found } => {
                write!(f, "sprt {key} must be a number, found `{found}`")
            }
            SprtError::Missing(key) => write!(f, "sprt needs {key}"),
            SprtError::OutOfRange(what) => write!(f, "sprt {what}"),
        }
    }
}

impl std::error::Error for SprtError {}

impl FromStr for Sprt {
    type Err = SprtError;

    /// Reads `elo0=0 elo1=10 alpha=0.05 beta=0.05` (blanks or commas
    /// between; alpha and beta default to 0.05).
    ///
    /// ```
    /// use oware_match::stats::Sprt;
    /// let sprt: Sprt = "elo0=0 elo1=10".parse()?;
    /// assert_eq!((sprt.elo1, sprt.alpha, sprt.beta), (10.0, 0.05, 0.05));
    /// let (lower, upper) = sprt.bounds();
    /// assert!((lower + 2.944).abs() < 1e-3 && (upper - 2.944).abs() < 1e-3);
    /// assert!("elo0=5 elo1=5".parse::<Sprt>().is_err());
    /// # Ok::<(), oware_match::stats::SprtError>(())
    /// ```
    fn from_str(text: &str) -> Result<Sprt, SprtError> {
        let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
        for word in text.split([' ', ',', '\t']).filter(|w| !w.is_empty()) {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| SprtError::NotAPair(word.to_owned()))?;
            let number: f64 = value
                .parse()
                .ok()
                .filter(|x: &f64| x.is_finite())
                .ok_or_else(|| SprtError::NotANumber {
                    key: key.to_owned(),
                    found: value.to_owned(),
                })?;
            match key {
                "elo0" => elo0 = Some(number),
                "elo1" => elo1 = Some(number),
                "alpha" => alpha = number,
                "beta" => beta = number,
                _ => return Err(SprtError::UnknownKey(key.to_owned())),
            }
        }
        let elo0 = elo0.ok_or(SprtError::Missing("elo0"))?;
        let elo1 = elo1.ok_or(SprtError::Missing("elo1"))?;
        if elo0 >= elo1 {
            return Err(SprtError::OutOfRange(format!(
                "elo0 ({elo0}) must be below elo1 ({elo1})"
            )));
        }
        for (name, p) in [("alpha", alpha), ("beta", beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(SprtError::OutOfRange(format!(
                    "{name} must be between 0 and 0.5, found {p}"
                )));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPRT: Sprt = Sprt {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
    };

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() < tolerance
    }

    /// 100 games: 60 won, 20 drawn, 20 lost.
    ///
    /// By hand: m = (60 + 20·½) / 100 = 0.7; E[x²] = (60 + 20·¼) / 100 = 0.65;
    /// v = 0.65 − 0.49 = 0.16; √(v/n) = 0.04, so the interval is
    /// 0.7 ± 1.96·0.04 = 0.6216 .. 0.7784.
    /// Elo: −400·log10(1/0.7 − 1) = −400·log10(0.428571) = 147.19;
    /// −400·log10(1/0.6216 − 1) = −400·log10(0.608752) = 86.22;
    /// −400·log10(1/0.7784 − 1) = −400·log10(0.284687) = 218.25.
    /// SPRT [0, 10]: s0 = 0.5, s1 = 1/(1 + 10^(−10/400)) = 0.514387;
    /// LLR = 100 · 0.014387 · (1.4 − 1.014387) / (2 · 0.16)
    ///     = 100 · 0.014387 · 0.385613 / 0.32 = 1.7337.
    #[test]
    fn trinomial_figures_match_the_hand_computation() {
        let counts = Counts::Games([20, 20, 60]);
        let e = Estimate::from_counts(&counts).unwrap();
        assert!(close(e.score, 0.7, 1e-12));
        assert!(close(e.elo, 147.19, 0.01), "{e:?}");
        assert!(close(e.low, 86.22, 0.01), "{e:?}");
        assert!(close(e.high, 218.25, 0.01), "{e:?}");
        assert!(close(SPRT.llr(&counts), 1.7337, 1e-4));
        assert_eq!(SPRT.decide(SPRT.llr(&counts)), Decision::Continue);
    }

    /// 30 pairs: 2 scoring 0, 5 scoring ½, 10 scoring 1, 8 scoring 1½, 5 scoring 2.
    ///
    /// By hand, per pair as a fraction of its two points (0, ¼, ½, ¾, 1):
    /// m = (5·¼ + 10·½ + 8·¾ + 5·1) / 30 = 17.25 / 30 = 0.575;
    /// E[x²] = (5/16 + 10/4 + 8·9/16 + 5) / 30 = 12.3125 / 30 = 0.410417;
    /// v = 0.410417 − 0.575² = 0.0797917.
    /// LLR = 30 · 0.014387 · (1.15 − 1.014387) / (2 · 0.0797917) = 0.3668.
    /// Elo: −400·log10(1/0.575 − 1) = −400·log10(0.739130) = 52.51;
    /// √(v/n) = 0.051572; 0.575 ± 0.101079 = 0.473921 .. 0.676079, which is
    /// −18.14 .. 127.83 Elo.
    #[test]
    fn pentanomial_figures_match_the_hand_computation() {
        let counts = Counts::Pairs([2, 5, 10, 8, 5]);
        let e = Estimate::from_counts(&counts).unwrap();
        assert!(close(e.score, 0.575, 1e-12));
        assert!(close(e.elo, 52.51, 0.01), "{e:?}");
        assert!(close(e.low, -18.14, 0.01), "{e:?}");
        assert!(close(e.high, 127.83, 0.01), "{e:?}");
        assert!(close(SPRT.llr(&counts), 0.3668, 1e-4));
    }

    /// Wald's bounds at α = β = 0.05: ln(0.05/0.95) = −2.9444 and
    /// ln(0.95/0.05) = +2.9444. A long run of clear wins crosses the upper
    /// bound; a long run of even pairs the lower one.
    #[test]
    fn the_test_stops_when_the_answer_is_clear() {
        let (lower, upper) = SPRT.bounds();
        assert!(close(lower, -2.9444, 1e-4) && close(upper, 2.9444, 1e-4));
        let strong = Counts::Pairs([0, 5, 20, 40, 35]);
        assert_eq!(SPRT.decide(SPRT.llr(&strong)), Decision::H1);
        let even = Counts::Pairs([80, 240, 960, 240, 80]);
        assert_eq!(SPRT.decide(SPRT.llr(&even)), Decision::H0);
        assert_eq!(SPRT.llr(&Counts::Empty), 0.0);
        // All pairs won: no variance without the prior, yet H1 is clear.
        // By hand, with half a pair added to each of the five buckets:
        // n = 32.5, m = (¼·½ + ½·½ + ¾·½ + 30.5) / 32.5 = 31.25 / 32.5 = 0.961538,
        // E[x²] = (1/32 + 1/8 + 9/32 + 30.5) / 32.5 = 30.9375 / 32.5 = 0.951923,
        // v = 0.951923 − 0.924556 = 0.027367,
        // LLR = 32.5 · 0.014387 · (1.923077 − 1.014387) / (2 · 0.027367) = 7.762.
        let sweep = Counts::Pairs([0, 0, 0, 0, 30]);
        assert!(close(SPRT.llr(&sweep), 7.762, 1e-3), "{}", SPRT.llr(&sweep));
        assert_eq!(SPRT.decide(SPRT.llr(&sweep)), Decision::H1);
        // One pair won: a small step, far from a decision.
        let one = SPRT.llr(&Counts::Pairs([0, 0, 0, 0, 1]));
        assert!(one > 0.0 && one < 0.5, "{one}");
    }

    #[test]
    fn sprt_descriptions_are_checked() {
        let sprt: Sprt = "elo0=0 elo1=10 alpha=0.05 beta=0.1".parse().unwrap();
        assert_eq!(sprt.beta, 0.1);
        let error = |text: &str| text.parse::<Sprt>().unwrap_err().to_string();
        assert_eq!(error("elo0=0 elo1"), "`elo1` is not key=value");
        assert_eq!(
            error("elo0=0 elo2=3"),
            "unknown sprt key `elo2` (the keys are elo0, elo1, alpha, beta)"
        );
        assert_eq!(
            error("elo0=x elo1=3"),
            "sprt elo0 must be a number, found `x`"
        );
        assert_eq!(error("elo0=0"), "sprt needs elo1");
        assert_eq!(
            error("elo0=0 elo1=5 alpha=0.7"),
            "sprt alpha must be between 0 and 0.5, found 0.7"
        );
    }
}
