//! How the search's progress reads: the table of depths and scores that
//! `analyze` prints and `play` shows while the bot thinks (the numbers in
//! it read as [`crate::numbers`] writes them; the verdict when a result is
//! proven is `oware_player::Verdict`).

use std::fmt;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use oware_core::{House, HouseSet, Seat};
use oware_search::{Event, Iteration, Score, Short};

use crate::numbers::{Count, Rate};
use crate::style::{Paint, Style};

/// The six houses of `seat` in the order the board draws them: A to F for
/// South, f to a for North (North's row reads right to left).
pub(crate) fn board_order(seat: Seat) -> [House; 6] {
    let mut houses: [House; 6] = core::array::from_fn(|i| House::ALL[seat.first_house_index() + i]);
    if seat == Seat::North {
        houses.reverse();
    }
    houses
}

/// Moves in transcript form, `EcAb`: compact, readable since the case
/// alternates, and ready to paste after a transcript.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line<'a>(pub(crate) &'a [House]);

impl fmt::Display for Line<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters: String = self.0.iter().map(|h| h.letter()).collect();
        f.pad(&letters)
    }
}

/// Column widths of the thinking table.
const DEPTH: usize = 5;
const SCORE: usize = 11;
const HOUSE: usize = 8;
const NODES: usize = 9;

/// The search's progress as a table: a header, one row per completed depth
/// and, on a terminal, a live row for the depth in progress that fills in as
/// each house is scored.
///
/// With `keep_rows` every completed depth stays on screen (`analyze`);
/// without, a terminal shows only the latest (`play`), while plain output
/// always prints every row, one line each.
pub(crate) struct Table {
    mover: Seat,
    legal: HouseSet,
    style: Style,
    keep_rows: bool,
    /// The latest completed depth.
    last: Option<Iteration>,
    /// Scores seen so far at the depth in progress, by house index.
    partial: [Option<Score>; 12],
    partial_depth: u32,
    /// Lines of the live part now on screen (to redraw them).
    live_lines: usize,
    drawn_at: Option<Instant>,
}

impl Table {
    /// A table for a search with `mover` to move and `legal` moves.
    pub(crate) fn new(mover: Seat, legal: HouseSet, style: Style, keep_rows: bool) -> Table {
        Table {
            mover,
            legal,
            style,
            keep_rows,
            last: None,
            partial: [None; 12],
            partial_depth: 1,
            live_lines: 0,
            drawn_at: None,
        }
    }

    /// The header line.
    pub(crate) fn header(&self) -> String {
        let mut line = format!("{:>DEPTH$}{:>SCORE$}", "depth", "score");
        for house in board_order(self.mover) {
            line.push_str(&format!("{:>HOUSE$}", house.letter()));
        }
        line.push_str(&format!("{:>NODES$}{:>NODES$}  pv", "nodes", "nodes/s"));
        format!("{}", self.style.paint(Paint::Dim, line))
    }

    /// A row: the depth, the score, each house's score, nodes, rate, pv.
    fn row(&self, depth: u32, done: Option<&Iteration>, scores: &[Option<Score>; 12]) -> String {
        let style = self.style;
        let mut line = format!("{depth:>DEPTH$}");
        match done {
            // "database win" is wider than the column: the cells' short form.
            Some(it) if it.score.is_endgame() => {
                line.push_str(&format!(
                    "{:>SCORE$}",
                    style.paint(Paint::Bold, Short(it.score))
                ));
            }
            Some(it) => line.push_str(&format!("{:>SCORE$}", style.paint(Paint::Bold, it.score))),
            None => line.push_str(&format!("{:>SCORE$}", style.paint(Paint::Dim, "..."))),
        }
        for house in board_order(self.mover) {
            let cell = match scores[house.index()] {
                _ if !self.legal.contains(house) => {
                    format!("{:>HOUSE$}", style.paint(Paint::Dim, "-"))
                }
                Some(score) if done.is_some_and(|it| it.best == house) => {
                    format!("{:>HOUSE$}", style.paint(Paint::Bold, Short(score)))
                }
                Some(score) => format!("{:>HOUSE$}", Short(score)),
                None if done.is_some() => format!("{:>HOUSE$}", "?"),
                None => format!("{:>HOUSE$}", ""),
            };
            line.push_str(&cell);
        }
        if let Some(it) = done {
            let rate = Rate::per_second(it.nodes, it.elapsed);
            line.push_str(&format!(
                "{:>NODES$}{:>NODES$}  {}",
                Count(it.nodes),
                style.paint(Paint::Dim, rate),
                Line(&it.pv)
            ));
        }
        line.trim_end().to_owned()
    }

    /// The row of a completed depth.
    fn completed_row(&self, it: &Iteration) -> String {
        let mut scores = [None; 12];
        for &(house, score) in &it.root_scores {
            scores[house.index()] = Some(score);
        }
        self.row(it.depth, Some(it), &scores)
    }

    /// Prints the header.
    pub(crate) fn start(&mut self, out: &mut impl Write) -> io::Result<()> {
        writeln!(out, "{}", self.header())
    }

    /// Takes in an event from the search and updates the output.
    pub(crate) fn event(&mut self, out: &mut impl Write, event: &Event) -> io::Result<()> {
        match event {
            Event::RootMove(m) => {
                if m.depth != self.partial_depth {
                    self.partial = [None; 12];
                    self.partial_depth = m.depth;
                }
                self.partial[m.house.index()] = Some(m.score);
                // Redraw at most every 50 ms: the scores come fast at low depths.
                let due = self
                    .drawn_at
                    .is_none_or(|t| t.elapsed() >= Duration::from_millis(50));
                if self.style.cursor && due {
                    self.redraw(out, None)?;
                }
            }
            Event::Iteration(it) => {
                self.partial = [None; 12];
                self.partial_depth = it.depth + 1;
                let row = self.completed_row(it);
                if self.style.cursor {
                    self.redraw(out, Some(row))?;
                } else {
                    writeln!(out, "{row}")?;
                }
                self.last = Some(it.clone());
            }
        }
        out.flush()
    }

    /// Redraws the live part of a terminal table: the latest completed row
    /// (when rows are not kept), then the row in progress. A new completed
    /// row that is kept is printed above the live part for good.
    fn redraw(&mut self, out: &mut impl Write, completed: Option<String>) -> io::Result<()> {
        write!(out, "{}", self.style.rewind(self.live_lines))?;
        if let Some(row) = &completed
            && self.keep_rows
        {
            writeln!(out, "{row}")?;
        }
        // The live lines are counted to be redrawn, so none may wrap: a long
        // pv is cut at the terminal's edge while it is live.
        write!(out, "{}", self.style.wrap(false))?;
        let mut lines = 0;
        if !self.keep_rows {
            let latest = completed.or_else(|| self.last.as_ref().map(|it| self.completed_row(it)));
            if let Some(row) = latest {
                writeln!(out, "{row}")?;
                lines += 1;
            }
        }
        if self.partial.iter().any(Option::is_some) {
            writeln!(out, "{}", self.row(self.partial_depth, None, &self.partial))?;
            lines += 1;
        }
        write!(out, "{}", self.style.wrap(true))?;
        self.live_lines = lines;
        self.drawn_at = Some(Instant::now());
        Ok(())
    }

    /// Ends the table: removes the row in progress and leaves the completed
    /// ones, in full.
    pub(crate) fn finish(&mut self, out: &mut impl Write) -> io::Result<()> {
        if self.style.cursor && self.live_lines > 0 {
            write!(out, "{}", self.style.rewind(self.live_lines))?;
            if !self.keep_rows
                && let Some(it) = &self.last
            {
                writeln!(out, "{}", self.completed_row(it))?;
            }
            self.live_lines = 0;
        }
        out.flush()
    }
}

#[cfg(test)]
mod tests {
    use oware_search::RootMove;

    use super::*;

    #[test]
    fn board_order_follows_the_drawing() {
        assert_eq!(
            board_order(Seat::South),
            [House::A, House::B, House::C, House::D, House::E, House::F]
        );
        assert_eq!(
            board_order(Seat::North),
            [House::f, House::e, House::d, House::c, House::b, House::a]
        );
    }

    #[test]
    fn plain_tables_print_one_row_per_depth() {
        let it = Iteration {
            depth: 3,
            score: Score::from_seeds(0.5),
            best: House::E,
            pv: vec![House::E, House::c, House::A],
            root_scores: vec![
                (House::E, Score::from_seeds(0.5)),
                (House::A, Score::from_seeds(-1.0)),
            ],
            nodes: 12_345,
            elapsed: Duration::from_millis(10),
        };
        let legal = HouseSet::EMPTY.with(House::A).with(House::E).with(House::F);
        let mut table = Table::new(Seat::South, legal, Style::PLAIN, false);
        let mut out = Vec::new();
        table.start(&mut out).unwrap();
        table.event(&mut out, &Event::Iteration(it)).unwrap();
        table.finish(&mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "depth      score       A       B       C       D       E       F    nodes  nodes/s  pv\n\
             \x20   3      +0.50   -1.00       -       -       -   +0.50       ?    12.3k    1.23M  EcA\n"
        );
    }

    #[test]
    fn a_terminal_redraws_the_live_rows_and_leaves_the_last_one() {
        let legal = HouseSet::EMPTY.with(House::a).with(House::b);
        let mut table = Table::new(Seat::North, legal, Style::ANSI, false);
        let mut out = Vec::new();
        let root = |house, seeds| {
            Event::RootMove(RootMove {
                depth: 1,
                house,
                score: Score::from_seeds(seeds),
            })
        };
        table.event(&mut out, &root(House::a, 1.0)).unwrap();
        let it = Iteration {
            depth: 1,
            score: Score::from_seeds(1.0),
            best: House::a,
            pv: vec![House::a],
            root_scores: vec![
                (House::a, Score::from_seeds(1.0)),
                (House::b, Score::from_seeds(-2.0)),
            ],
            nodes: 2,
            elapsed: Duration::from_millis(1),
        };
        table.event(&mut out, &Event::Iteration(it)).unwrap();
        table.finish(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        // The row in progress, then the completed row redrawn over it (with
        // wrapping off while live), then the completed row alone for good.
        let live = text.matches("\x1b[?7l").count();
        assert_eq!(live, 2, "{text:?}");
        assert_eq!(text.matches("\x1b[?7h").count(), live);
        assert!(text.contains("\r\x1b[1A\x1b[J"), "{text:?}");
        let last = text.rsplit("\x1b[J").next().unwrap();
        assert!(
            last.starts_with("    1") && last.ends_with("a\n"),
            "{last:?}"
        );
        assert!(
            !last.contains("\x1b[?7l"),
            "the last row may wrap: {last:?}"
        );
    }
}
