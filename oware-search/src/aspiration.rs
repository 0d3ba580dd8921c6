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

use crate::score::{INFINITY, Value, is_decisive};

/// Half-width of the first window, in value units (32 to a seed).
const FIRST: Value = 12;

/// How much wider each re-search's margin is than the one before.
const GROWTH: Value = 3;

/// The widest margin tried; past it the side opens at once: four failures
/// in a row (margins 12, 36, 108, 324) say the value moved far, and further
/// narrow steps would only cost re-searches.
const WIDEST: Value = FIRST * GROWTH * GROWTH * GROWTH;

/// The bounds of a root search, and the margin its next widening adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Window {
    /// The lower bound: a value at or below it failed low.
    pub(crate) alpha: Value,
    /// The upper bound: a value at or above it failed high.
    pub(crate) beta: Value,
    /// What the next widening puts between a failed value and the edge.
    delta: Value,
}

impl Window {
    /// The window that accepts every value.
    pub(crate) const FULL: Window = Window {
        alpha: -INFINITY,
        beta: INFINITY,
        delta: FIRST,
    };

    /// The first window at `depth` given `previous`, the value the depth
    /// before found: narrow around it from depth 4, where the values of
    /// consecutive depths are close; full below, with no value to aim at,
    /// or around a proven result, whose successor is a different number.
    pub(crate) fn around(previous: Option<Value>, depth: u32) -> Window {
        match previous {
            Some(value) if depth >= 4 && !is_decisive(value) => Window {
                alpha: value - FIRST,
                beta: value + FIRST,
                delta: FIRST,
            },
            _ => Window::FULL,
        }
    }

    /// Whether `value`, what a search in this window returned, is the one
    /// to accept; if not, the side it failed on is widened past it for the
    /// search again.
    pub(crate) fn settle(&mut self, value: Value) -> bool {
        if value <= self.alpha && self.alpha > -INFINITY {
            self.alpha = if self.delta > WIDEST {
                -INFINITY
            } else {
                (value - self.delta).max(-INFINITY)
            };
        } else if value >= self.beta && self.beta < INFINITY {
            self.beta = if self.delta > WIDEST {
                INFINITY
            } else {
                (value + self.delta).min(INFINITY)
            };
        } else {
            return true;
        }
        self.delta *= GROWTH;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::win_in;

    #[test]
    fn the_first_window_is_narrow_only_from_depth_4_around_an_estimate() {
        let narrow = Window::around(Some(100), 4);
        assert_eq!((narrow.alpha, narrow.beta), (88, 112));
        assert_eq!(Window::around(Some(-100), 9).alpha, -112);
        assert_eq!(Window::around(Some(100), 3), Window::FULL);
        assert_eq!(Window::around(None, 6), Window::FULL);
        assert_eq!(Window::around(Some(win_in(7)), 6), Window::FULL);
        assert_eq!(Window::around(Some(-win_in(7)), 6), Window::FULL);
    }

    #[test]
    fn a_value_strictly_inside_is_accepted_and_one_on_an_edge_is_not() {
        let mut window = Window::around(Some(0), 5);
        for inside in [-11, 0, 11] {
            assert!(window.settle(inside));
            assert_eq!(window, Window::around(Some(0), 5), "unchanged");
        }
        assert!(!Window::around(Some(0), 5).settle(-12));
        assert!(!Window::around(Some(0), 5).settle(12));
    }

    #[test]
    fn each_failure_widens_its_side_past_the_value_by_a_growing_margin() {
        // Failing low four times in a row: the margin below the failed
        // value grows 12, 36, 108, 324, then the side opens; the other
        // side stays where it was.
        let mut window = Window::around(Some(0), 6);
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
        let mut window = Window::around(Some(0), 6);
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
    fn a_window_never_widens_past_infinity() {
        // A search failing low with the lowest value there is: the margin
        // would reach below -INFINITY, and the side stops there.
        let mut window = Window::around(Some(-20_000), 6);
        assert!(!window.settle(-INFINITY + 5));
        assert_eq!(window.alpha, -INFINITY);
        let mut window = Window::around(Some(20_000), 6);
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
