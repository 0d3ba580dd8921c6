//! How the search's progress reads: the table of depths and scores that
//! `analyze` prints and `play` shows while the bot thinks, and numbers,
//! times and rates for people (the verdict when a result is proven is
//! `oware_player::Verdict`).

use std::fmt;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use oware_core::{House, HouseSet, Seat};
use oware_search::{Event, Iteration, Score, Short};

use crate::style::{Paint, Style};

/// A duration as people read it: `850 µs`, `3.1 ms`, `0.42 s`, `12.3 s`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Seconds(pub(crate) Duration);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = self.0.as_secs_f64();
        let text = if seconds < 0.001 {
            format!("{:.0} µs", seconds * 1e6)
        } else if seconds < 0.1 {
            format!("{:.1} ms", seconds * 1e3)
        } else if seconds < 10.0 {
            format!("{seconds:.2} s")
        } else {
            format!("{seconds:.1} s")
        };
        f.pad(&text)
    }
}

/// A count with a metric suffix: `950`, `12.5k`, `3.20M`, `1.05G`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Count(pub(crate) u64);

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0 as f64;
        // Three significant digits after the first thousand: 12.5k, 125k, 1.25M.
        let (scaled, suffix) = match self.0 {
            0..10_000 => return f.pad(&self.0.to_string()),
            10_000..1_000_000 => (n / 1e3, "k"),
            1_000_000..1_000_000_000 => (n / 1e6, "M"),
            _ => (n / 1e9, "G"),
        };
        let decimals = if scaled < 10.0 {
            2
        } else if scaled < 100.0 {
            1
        } else {
            0
        };
        let text = format!("{scaled:.decimals$}{suffix}");
        f.pad(&text)
    }
}

/// Things per second, as a [`Count`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rate(pub(crate) Count);

impl Rate {
    /// `count` things done in `elapsed`.
    pub(crate) fn per_second(count: u64, elapsed: Duration) -> Rate {
        let seconds = elapsed.as_secs_f64();
        let rate = if seconds > 0.0 {
            count as f64 / seconds
        } else {
            0.0
        };
        Rate(Count(rate.round() as u64))
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A progress bar's `{rate}`: `3.65M positions/s`, through [`Rate`] as
/// every rate the command prints (indicatif's own `{per_sec}` shows
/// fractions of a position, `3,649,520.0034/s`).
pub(crate) fn progress_rate(
    things: &'static str,
) -> impl Fn(&indicatif::ProgressState, &mut dyn fmt::Write) + Send + Sync + Clone + 'static {
    move |state, out| {
        // A rate that cannot be written leaves a gap in the bar, nothing worse.
        let _ = write!(
            out,
            "{} {things}/s",
            Rate::per_second(state.pos(), state.elapsed())
        );
    }
}

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

    #[test]
    fn durations_read_in_sensible_units() {
        assert_eq!(Seconds(Duration::from_micros(850)).to_string(), "850 µs");
        assert_eq!(Seconds(Duration::from_micros(3140)).to_string(), "3.1 ms");
        assert_eq!(Seconds(Duration::from_millis(420)).to_string(), "0.42 s");
        assert_eq!(Seconds(Duration::from_millis(12_345)).to_string(), "12.3 s");
    }

    #[test]
    fn counts_take_metric_suffixes() {
        assert_eq!(Count(950).to_string(), "950");
        assert_eq!(Count(12_500).to_string(), "12.5k");
        assert_eq!(Count(125_400).to_string(), "125k");
        assert_eq!(Count(13_910_000).to_string(), "13.9M");
        assert_eq!(Count(3_200_000).to_string(), "3.20M");
        assert_eq!(format!("{:>7}", Count(1_050_000_000)), "  1.05G");
        assert_eq!(
            Rate::per_second(500, Duration::from_millis(250)).to_string(),
            "2000"
        );
        assert_eq!(Rate::per_second(5, Duration::ZERO).to_string(), "0");
    }

    /// A terminal that keeps what a progress bar draws.
    #[derive(Debug, Default)]
    struct Screen(std::sync::Arc<std::sync::Mutex<String>>);

    impl indicatif::TermLike for Screen {
        fn width(&self) -> u16 {
            80
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> io::Result<()> {
            self.write_str(s)
        }
        fn write_str(&self, s: &str) -> io::Result<()> {
            self.0.lock().unwrap().push_str(s);
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_progress_bar_rate_is_a_whole_count_not_a_fraction() {
        let screen = Screen::default();
        let drawn = screen.0.clone();
        let style = indicatif::ProgressStyle::with_template("[{rate}]")
            .unwrap()
            .with_key("rate", progress_rate("positions"));
        let target = indicatif::ProgressDrawTarget::term_like(Box::new(screen));
        let bar =
            indicatif::ProgressBar::with_draw_target(Some(10_000_000), target).with_style(style);
        std::thread::sleep(Duration::from_millis(2));
        bar.set_position(3_649_520);
        bar.tick();
        let drawn = drawn.lock().unwrap().clone();
        let rate = drawn
            .rsplit_once('[')
            .and_then(|(_, rest)| rest.split_once(']'))
            .map(|(rate, _)| rate.to_owned())
            .unwrap_or_else(|| panic!("no rate drawn: {drawn:?}"));
        let (number, unit) = rate.split_once(' ').unwrap();
        assert_eq!(unit, "positions/s", "{rate}");
        // At most three significant digits and a metric suffix: `1.82G`, not `1824760000.0034`.
        assert!(number.ends_with(['k', 'M', 'G']), "{rate}");
        assert!(number.len() <= 5, "{rate}");
    }
}
