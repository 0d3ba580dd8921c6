//! What a search tells its caller: progress [`Event`]s while it runs and a
//! [`SearchResult`] at the end, with their text forms (`Display`), kept here
//! in one place. The engine protocol's `info` and `bestmove` are oware-uci's
//! types, which `oware uci` fills from these.

use core::fmt;
use std::time::Duration;

use oware_core::House;

use crate::score::Score;

/// A progress event, sent while the search runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// One root move's exact score at a depth, sent as soon as it is known
    /// (analysis mode: the "chalk on each house").
    RootMove(RootMove),
    /// A depth completed.
    Iteration(Iteration),
}

/// A root move's exact score at a depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove {
    /// The depth of the iteration, in plies.
    pub depth: u32,
    /// The move.
    pub house: House,
    /// Its exact score at that depth, from the mover's view.
    pub score: Score,
}

/// A completed iteration of iterative deepening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// The depth searched, in plies.
    pub depth: u32,
    /// The score of the best move, from the side to move's view.
    pub score: Score,
    /// The best move.
    pub best: House,
    /// The principal variation, starting with `best`.
    pub pv: Vec<House>,
    /// Every legal root move with an exact score at this depth, best first
    /// (in analysis mode; otherwise only the moves whose score is exact).
    pub root_scores: Vec<(House, Score)>,
    /// Nodes visited so far in this search (all threads).
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
}

impl Iteration {
    /// Nodes per second so far.
    #[must_use]
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.elapsed)
    }
}

/// Nodes per second for `nodes` in `elapsed`, to the nearest whole number
/// (0 when no time has passed).
///
/// ```
/// use std::time::Duration;
/// use oware_search::nps;
/// assert_eq!(nps(500, Duration::from_millis(250)), 2000);
/// assert_eq!(nps(2, Duration::from_millis(3)), 667);
/// assert_eq!(nps(5, Duration::ZERO), 0);
/// ```
#[must_use]
pub fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let seconds = elapsed.as_secs_f64();
    if seconds > 0.0 {
        (nodes as f64 / seconds).round() as u64
    } else {
        0
    }
}

/// The end of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play, or `None` when the game is over.
    pub best: Option<House>,
    /// The score of `best` (or of the finished game), from the side to move's view.
    pub score: Score,
    /// The deepest completed iteration.
    pub depth: u32,
    /// The principal variation.
    pub pv: Vec<House>,
    /// Every legal root move with an exact score at `depth`, best first
    /// (in analysis mode; otherwise only the moves whose score is exact).
    pub root_scores: Vec<(House, Score)>,
    /// Nodes visited (all threads).
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

impl SearchResult {
    /// Nodes per second.
    #[must_use]
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.elapsed)
    }

    /// The reply the search expects to `best`: the second move of the
    /// principal variation, which a GUI may ponder on. None when the line
    /// ends there, or starts elsewhere (a level's noisy choice).
    ///
    /// ```
    /// use std::time::Duration;
    /// use oware_core::House;
    /// use oware_search::{Score, SearchResult};
    /// let mut result = SearchResult {
    ///     best: Some(House::E),
    ///     score: Score::from_seeds(0.5),
    ///     depth: 3,
    ///     pv: vec![House::E, House::c, House::A],
    ///     root_scores: Vec::new(),
    ///     nodes: 12_345,
    ///     elapsed: Duration::from_millis(10),
    /// };
    /// assert_eq!(result.reply(), Some(House::c));
    /// result.best = Some(House::A);
    /// assert_eq!(result.reply(), None);
    /// result.pv.truncate(1);
    /// result.best = Some(House::E);
    /// assert_eq!(result.reply(), None);
    /// ```
    #[must_use]
    pub fn reply(&self) -> Option<House> {
        match self.pv[..] {
            [first, reply, ..] if Some(first) == self.best => Some(reply),
            _ => None,
        }
    }
}

/// A sequence of moves as letters separated by spaces.
struct Moves<'a>(&'a [House]);

impl fmt::Display for Moves<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, house) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{house}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Iteration {
    /// `depth 12 score +1.25 nodes 123456 nps 15000000 time 8 pv E c A`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "depth {} score {} nodes {} nps {} time {} pv {}",
            self.depth,
            self.score,
            self.nodes,
            self.nps(),
            self.elapsed.as_millis(),
            Moves(&self.pv)
        )
    }
}

impl fmt::Display for RootMove {
    /// `depth 12 move E score +1.25`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "depth {} move {} score {}",
            self.depth, self.house, self.score
        )
    }
}

impl fmt::Display for SearchResult {
    /// `best E score +1.25 depth 12 nodes 123456 nps 15000000 time 8 pv E c A`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.best {
            Some(best) => write!(f, "best {best}")?,
            None => f.write_str("best (none)")?,
        }
        write!(
            f,
            " score {} depth {} nodes {} nps {} time {} pv {}",
            self.score,
            self.depth,
            self.nodes,
            self.nps(),
            self.elapsed.as_millis(),
            Moves(&self.pv)
        )
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::RootMove(m) => m.fmt(f),
            Event::Iteration(i) => i.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_and_results_read_as_their_text_forms() {
        let score = Score::from_seeds(1.25);
        let iteration = Iteration {
            depth: 12,
            score,
            best: House::E,
            pv: vec![House::E, House::c, House::A],
            root_scores: vec![(House::E, score)],
            nodes: 123_456,
            elapsed: Duration::from_millis(8),
        };
        assert_eq!(iteration.nps(), 15_432_000);
        assert_eq!(
            iteration.to_string(),
            format!("depth 12 score {score} nodes 123456 nps 15432000 time 8 pv E c A")
        );
        let root_move = RootMove {
            depth: 12,
            house: House::E,
            score,
        };
        assert_eq!(
            root_move.to_string(),
            format!("depth 12 move E score {score}")
        );
        // An event reads as what it carries.
        assert_eq!(
            Event::Iteration(iteration.clone()).to_string(),
            iteration.to_string()
        );
        assert_eq!(
            Event::RootMove(root_move).to_string(),
            root_move.to_string()
        );
        let mut result = SearchResult {
            best: Some(House::E),
            score,
            depth: 12,
            pv: vec![House::E],
            root_scores: Vec::new(),
            nodes: 300,
            elapsed: Duration::from_millis(2),
        };
        assert_eq!(result.nps(), 150_000);
        assert_eq!(
            result.to_string(),
            format!("best E score {score} depth 12 nodes 300 nps 150000 time 2 pv E")
        );
        result.best = None;
        result.pv.clear();
        assert!(result.to_string().starts_with("best (none) score"));
        assert!(result.to_string().ends_with(" pv "));
    }
}
