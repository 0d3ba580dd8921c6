//! Which parts of the search are on: [`SearchConfig`] switches the parts the
//! minimax check must be able to turn off (the table, the ordering, and
//! everything unsound at a fixed depth); the parameters of the unsound
//! parts are [`Knobs`], in the `experiment` module.

use crate::experiment::Knobs;

/// Which parts of the search are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SearchConfig {
    /// Use the transposition table for cutoffs and ordering.
    pub tt: bool,
    /// Order moves (table move, captures, killers, history); off tries them in house order.
    pub ordering: bool,
    /// Only what keeps a fixed-depth search equal to minimax: table cutoffs
    /// need the same depth, and no reductions, extensions or forward pruning.
    pub sound: bool,
    /// Parameters of the unsound parts, for experiments (`cargo lab tune
    /// --knobs`); [`Knobs::DEFAULT`] is how games are played. Hidden, like
    /// its type: the knobs change whenever an experiment ends.
    #[doc(hidden)]
    pub knobs: Knobs,
}

impl SearchConfig {
    /// Everything on: how games are played.
    pub const PLAY: SearchConfig = SearchConfig {
        tt: true,
        ordering: true,
        sound: false,
        knobs: Knobs::DEFAULT,
    };
    /// Table and ordering on, nothing unsound: for the minimax check.
    pub const SOUND: SearchConfig = SearchConfig {
        tt: true,
        ordering: true,
        sound: true,
        knobs: Knobs::DEFAULT,
    };
    /// Plain alpha-beta: no table, house order.
    pub const PLAIN: SearchConfig = SearchConfig {
        tt: false,
        ordering: false,
        sound: true,
        knobs: Knobs::DEFAULT,
    };
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig::PLAY
    }
}
