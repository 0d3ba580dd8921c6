//! Numbers, times and rates as people read them (`12.5k`, `0.42 s`,
//! `3.65M positions/s`): in the search's table, the progress bars and the
//! reports of every command.

use std::fmt;
use std::time::Duration;

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

#[cfg(test)]
mod tests {
    use std::io;

    use super::*;

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
