//! Ratings: Glicko-2 for the player and each puzzle, as Mark E. Glickman
//! defines it in "Example of the Glicko-2 system" (Boston University,
//! 2013, glicko.net/glicko/glicko2.pdf), steps 1 to 8, with the worked
//! example of that paper as the test. A puzzle attempt is one game: the
//! player scores 1 for a solve and 0 for a miss, the puzzle the reverse.

/// The Glicko-2 scale factor between the two scales (the paper's 173.7178).
const SCALE: f64 = 173.7178;
/// The paper's τ, which limits how fast the volatility changes: 0.5 is in
/// the range (0.3 to 1.2) it suggests, and the value of its example.
pub const TAU: f64 = 0.5;
/// The convergence tolerance of step 5 (the paper's ε).
const EPSILON: f64 = 0.000_001;

/// A Glicko-2 rating on the Glicko scale: rating, deviation (RD) and
/// volatility (σ).
///
/// ```
/// use oware_puzzle::Glicko;
/// // The worked example of Glickman's paper.
/// let player = Glicko { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
/// let games = [
///     (Glicko { rating: 1400.0, deviation: 30.0, volatility: 0.06 }, 1.0),
///     (Glicko { rating: 1550.0, deviation: 100.0, volatility: 0.06 }, 0.0),
///     (Glicko { rating: 1700.0, deviation: 300.0, volatility: 0.06 }, 0.0),
/// ];
/// let after = player.update(&games);
/// assert!((after.rating - 1464.06).abs() < 0.01);
/// assert!((after.deviation - 151.52).abs() < 0.01);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko {
    /// The rating, 1500 for a newcomer.
    pub rating: f64,
    /// The rating deviation: how uncertain the rating is (350 for a newcomer).
    pub deviation: f64,
    /// The volatility: how erratic the performance is (0.06 for a newcomer).
    pub volatility: f64,
}

impl Glicko {
    /// A player who has not played: 1500, RD 350, σ 0.06 (the paper's defaults).
    pub const NEWCOMER: Glicko = Glicko {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    /// A puzzle's rating before anyone has tried it: its starting rating,
    /// with a deviation of 150 (the bot's measure is a good first guess,
    /// not a certainty).
    #[must_use]
    pub fn puzzle(rating: u16) -> Glicko {
        Glicko {
            rating: f64::from(rating),
            deviation: 150.0,
            volatility: 0.06,
        }
    }

    fn mu(self) -> f64 {
        (self.rating - 1500.0) / SCALE
    }

    fn phi(self) -> f64 {
        self.deviation / SCALE
    }

    /// The expected score against `other` (1 a sure win, 0 a sure loss).
    #[must_use]
    pub fn expected(self, other: Glicko) -> f64 {
        e(self.mu(), other.mu(), other.phi())
    }

    /// The rating after a rating period of `games` (each the opponent
    /// before the period and the score, 1, ½ or 0), by steps 2 to 8 of the
    /// paper. With no game the deviation grows (step 6 alone).
    #[must_use]
    pub fn update(self, games: &[(Glicko, f64)]) -> Glicko {
        let (mu, phi, sigma) = (self.mu(), self.phi(), self.volatility);
        if games.is_empty() {
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Glicko {
                deviation: phi_star * SCALE,
                ..self
            };
        }
        // Step 3: the estimated variance v; step 4: the improvement Δ.
        let mut v_inverse = 0.0;
        let mut sum = 0.0;
        for &(other, score) in games {
            let (g_j, e_j) = (g(other.phi()), e(mu, other.mu(), other.phi()));
            v_inverse += g_j * g_j * e_j * (1.0 - e_j);
            sum += g_j * (score - e_j);
        }
        let v = 1.0 / v_inverse;
        let delta = v * sum;
        let sigma = new_volatility(delta, phi, v, sigma);
        // Steps 6 and 7.
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * sum;
        // Step 8: back to the Glicko scale.
        Glicko {
            rating: SCALE * mu + 1500.0,
            deviation: SCALE * phi,
            volatility: sigma,
        }
    }
}

/// One attempt at a puzzle: the player's and the puzzle's ratings after it,
/// each updated by the other's rating before it.
///
/// ```
/// use oware_puzzle::{Glicko, attempt};
/// let (player, puzzle) = attempt(Glicko::NEWCOMER, Glicko::puzzle(1500), true);
/// assert!(player.rating > 1500.0 && puzzle.rating < 1500.0);
/// ```
#[must_use]
pub fn attempt(player: Glicko, puzzle: Glicko, solved: bool) -> (Glicko, Glicko) {
    let score = if solved { 1.0 } else { 0.0 };
    (
        player.update(&[(puzzle, score)]),
        puzzle.update(&[(player, 1.0 - score)]),
    )
}

/// The paper's g(φ).
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (core::f64::consts::PI * core::f64::consts::PI)).sqrt()
}

/// The paper's E(μ, μ_j, φ_j).
fn e(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// Step 5: the new volatility, by the Illinois algorithm as the paper gives it.
fn new_volatility(delta: f64, phi: f64, v: f64, sigma: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > EPSILON {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rated(rating: f64, deviation: f64) -> Glicko {
        Glicko {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// The worked example of Glickman's "Example of the Glicko-2 system":
    /// μ' = −0.2069, φ' = 0.8722, σ' = 0.05999, so r' = 1464.06, RD' = 151.52.
    #[test]
    fn glickmans_worked_example() {
        let player = rated(1500.0, 200.0);
        let games = [
            (rated(1400.0, 30.0), 1.0),
            (rated(1550.0, 100.0), 0.0),
            (rated(1700.0, 300.0), 0.0),
        ];
        let after = player.update(&games);
        assert!((after.mu() - -0.2069).abs() < 0.0001, "{after:?}");
        assert!((after.phi() - 0.8722).abs() < 0.0001, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
    }

    #[test]
    fn a_period_without_games_widens_the_deviation_only() {
        let player = rated(1600.0, 100.0);
        let after = player.update(&[]);
        assert_eq!(after.rating, 1600.0);
        assert!(after.deviation > 100.0);
    }

    #[test]
    fn an_attempt_moves_player_and_puzzle_apart_by_the_surprise() {
        let player = rated(1500.0, 100.0);
        // Solving a hard puzzle gains more than solving an easy one.
        let (hard, _) = attempt(player, Glicko::puzzle(1900), true);
        let (easy, _) = attempt(player, Glicko::puzzle(1100), true);
        assert!(hard.rating > easy.rating && easy.rating > 1500.0);
        // Missing it moves the other way, and the puzzle gains.
        let (missed, puzzle) = attempt(player, Glicko::puzzle(1500), false);
        assert!(missed.rating < 1500.0 && puzzle.rating > 1500.0);
        assert!(player.expected(Glicko::puzzle(1100)) > 0.85);
    }
}
