//! The aspiration window of a root search: a narrow window around the
//! value of the depth before, widened on the side a search fails, until
//! the value lands inside it. Analysis mode keeps one for each root move,
//! play mode one for the best move (`root.rs`).
//!
//! The search is fail-soft, so a value strictly inside the window is exact
//! and one on or beyond an edge is only a bound. [`Window::settle`] accepts
//! a value only in the first case, or where the edge it crossed is already
//! open (infinite): how the window starts and widens decides how many
//! searches it takes, never which value is accepted.

use crate::experiment::Knobs;
use crate::score::{INFINITY, Value, is_decisive};

/// Failures in a row after which a side opens at once: with the default
/// knobs the margins 12, 36, 108 and 324 say the value moved far, and
/// further narrow steps would only cost re-searches.
const NARROW_TRIES: u32 = 4;

/// The bounds of a root search, and the margin its next widening adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Window {
    /// The lower bound: a value at or below it failed low.
    pub(crate) alpha: Value,
    /// The upper bound: a value at or above it failed high.
    pub(crate) beta: Value,
    /// What the next widening puts between a failed value and the edge.
    delta: Value,
    /// How many times the margin grows at each widening
    /// ([`Knobs::aspiration_growth`]).
    growth: Value,
    /// The widest margin tried; past it a failing side opens.
    widest: Value,
}

impl Window {
    /// The window that accepts every value (both sides open, so it is
    /// never widened).
    pub(crate) const FULL: Window = Window {
        alpha: -INFINITY,
        beta: INFINITY,
        delta: 0,
        growth: 1,
        widest: 0,
    };

    /// The first window at `depth` given `previous`, the value the depth
    /// before found: narrow around it from depth 4, where the values of
    /// consecutive depths are close; full below, with no value to aim at,
    /// or around a proven result, whose successor is a different number.
    /// Its width and growth are the `knobs`' aspiration.
    pub(crate) fn around(previous: Option<Value>, depth: u32, knobs: &Knobs) -> Window {
        match previous {
            Some(value) if depth >= 4 && !is_decisive(value) => Window {
                alpha: value - knobs.aspiration,
                beta: value + knobs.aspiration,
                delta: knobs.aspiration,
                growth: knobs.aspiration_growth,
                widest: knobs.aspiration * knobs.aspiration_growth.pow(NARROW_TRIES - 1),
            },
            _ => Window::FULL,
        }
    }

    /// Whether `value`, what a search in this window returned, is the one
    /// to accept; if not, the side it failed on is widened past it for the
    /// search again.
    pub(crate) fn settle(&mut self, value: Value) -> bool {
        if value <= self.alpha && self.alpha > -INFINITY {
            self.alpha = if self.delta > self.widest {
                -INFINITY
            } else {
                (value - self.delta).max(-INFINITY)
            };
        } else if value >= self.beta && self.beta < INFINITY {
            self.beta = if self.delta > self.widest {
                INFINITY
            } else {
                (value + self.delta).min(INFINITY)
            };
        } else {
            return true;
        }
        self.delta = self.delta.saturating_mul(self.growth);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::win_in;

    const PLAY: Knobs = Knobs::DEFAULT;

    #[test]
    fn the_first_window_is_narrow_only_from_depth_4_around_an_estimate() {
        let narrow = Window::around(Some(100), 4, &PLAY);
        assert_eq!((narrow.alpha, narrow.beta), (88, 112));
        assert_eq!(Window::around(Some(-100), 9, &PLAY).alpha, -112);
        assert_eq!(Window::around(Some(100), 3, &PLAY), Window::FULL);
        assert_eq!(Window::around(None, 6, &PLAY), Window::FULL);
        assert_eq!(Window::around(Some(win_in(7)), 6, &PLAY), Window::FULL);
        assert_eq!(Window::around(Some(-win_in(7)), 6, &PLAY), Window::FULL);
    }

    #[test]
    fn a_value_strictly_inside_is_accepted_and_one_on_an_edge_is_not() {
        let mut window = Window::around(Some(0), 5, &PLAY);
        for inside in [-11, 0, 11] {
            assert!(window.settle(inside));
            assert_eq!(window, Window::around(Some(0), 5, &PLAY), "unchanged");
        }
        assert!(!Window::around(Some(0), 5, &PLAY).settle(-12));
        assert!(!Window::around(Some(0), 5, &PLAY).settle(12));
    }

    #[test]
    fn each_failure_widens_its_side_past_the_value_by_a_growing_margin() {
        // Failing low four times in a row: the margin below the failed
        // value grows 12, 36, 108, 324, then the side opens; the other
        // side stays where it was.
        let mut window = Window::around(Some(0), 6, &PLAY);
        let mut value = -12;
        for margin in [12, 36, 108, 324] {
            assert!(!window.settle(value));
            assert_eq!(window.alpha, value - margin);
            assert_eq!(window.beta, 12);
            value = window.alpha;
        }
        assert!(!window.settle(value));
        assert_eq!(window.alpha, -INFINITY);
        // An open side accepts anything, its edge included.
        assert!(window.settle(-INFINITY));
        // The same upwards, from a fresh window.
        let mut window = Window::around(Some(0), 6, &PLAY);
        let mut value = 12;
        for margin in [12, 36, 108, 324] {
            assert!(!window.settle(value));
            assert_eq!((window.alpha, window.beta), (-12, value + margin));
            value = window.beta;
        }
        assert!(!window.settle(value));
        assert_eq!(window.beta, INFINITY);
        assert!(window.settle(INFINITY));
    }

    #[test]
    fn the_knobs_set_the_first_width_and_the_growth() {
        let knobs = Knobs {
            aspiration: 20,
            aspiration_growth: 2,
            ..Knobs::DEFAULT
        };
        let mut window = Window::around(Some(0), 6, &knobs);
        assert_eq!((window.alpha, window.beta), (-20, 20));
        let mut value = 20;
        for margin in [20, 40, 80, 160] {
            assert!(!window.settle(value));
            assert_eq!(window.beta, value + margin);
            value = window.beta;
        }
        assert!(!window.settle(value));
        assert_eq!(window.beta, INFINITY);
    }

    #[test]
    fn a_window_never_widens_past_infinity() {
        // A search failing low with the lowest value there is: the margin
        // would reach below -INFINITY, and the side stops there.
        let mut window = Window::around(Some(-20_000), 6, &PLAY);
        assert!(!window.settle(-INFINITY + 5));
        assert_eq!(window.alpha, -INFINITY);
        let mut window = Window::around(Some(20_000), 6, &PLAY);
        assert!(!window.settle(INFINITY - 5));
        assert_eq!(window.beta, INFINITY);
    }

    #[test]
    fn the_full_window_accepts_every_value() {
        for value in [-INFINITY, -win_in(3), 0, win_in(3), INFINITY] {
            let mut window = Window::FULL;
            assert!(window.settle(value));
        }
    }
}
