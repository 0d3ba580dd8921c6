//! `go`: the limits of a search and the clocks it is played on.

use core::fmt;
use std::time::Duration;

use oware_core::Seat;

use crate::error::ParseError;
use crate::words::{Words, unexpected};

/// `go [ponder] [depth N] [nodes N] [movetime MS] [wtime MS] [btime MS]
/// [winc MS] [binc MS] [movestogo N] [infinite]`, in any order: the
/// search's limits; whichever is reached first ends it.
///
/// As in chess, "white" is the seat that moves first: `wtime` and `winc`
/// are South's clock, `btime` and `binc` North's. Times are whole
/// milliseconds on the line (finer parts are not written). A negative
/// clock time or increment reads as zero: a GUI whose clock has run out
/// may send the time it is over by that way (some do), and the engine
/// must still answer with a move, which it does at once (the search
/// always completes depth 1). A `movetime` is at least 0; `depth`, `nodes` and `movestogo`
/// are at least 1 (no search, no node, no move would be a GUI's mistake,
/// refused rather than guessed at). A number out of its keyword's range,
/// too large included, is refused with the keyword and the range.
///
/// ```
/// use oware_uci::Go;
/// use std::time::Duration;
/// let go: Go = "go wtime 9800 btime 10000 winc 100 binc 100".parse()?;
/// assert_eq!(go.wtime, Some(Duration::from_millis(9800)));
/// let go = Go { depth: Some(8), movetime: Some(Duration::from_millis(100)), ..Go::default() };
/// assert_eq!(go.to_string(), "go depth 8 movetime 100");
/// # Ok::<(), oware_uci::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// The deepest iteration (at least 1 when read).
    pub depth: Option<u32>,
    /// The time to think.
    pub movetime: Option<Duration>,
    /// The most nodes to visit (at least 1 when read).
    pub nodes: Option<u64>,
    /// Think until `stop`, and answer `bestmove` only then.
    pub infinite: bool,
    /// Think on the opponent's time until `stop` or `ponderhit`.
    pub ponder: bool,
    /// South's time left.
    pub wtime: Option<Duration>,
    /// North's time left.
    pub btime: Option<Duration>,
    /// South's increment per move.
    pub winc: Option<Duration>,
    /// North's increment per move.
    pub binc: Option<Duration>,
    /// Moves to the next time control (at least 1 when read).
    pub movestogo: Option<u32>,
}

impl Go {
    /// `seat`'s clock, if `go` gives it: its time left and its increment
    /// (zero when not given).
    ///
    /// ```
    /// use oware_core::Seat;
    /// use oware_uci::Go;
    /// use std::time::Duration;
    /// let go: Go = "go wtime 500 btime 900 binc 10".parse()?;
    /// let ms = Duration::from_millis;
    /// assert_eq!(go.clock(Seat::South), Some((ms(500), Duration::ZERO)));
    /// assert_eq!(go.clock(Seat::North), Some((ms(900), ms(10))));
    /// # Ok::<(), oware_uci::ParseError>(())
    /// ```
    #[must_use]
    pub fn clock(&self, seat: Seat) -> Option<(Duration, Duration)> {
        let (remaining, increment) = match seat {
            Seat::South => (self.wtime, self.winc),
            Seat::North => (self.btime, self.binc),
        };
        remaining.map(|remaining| (remaining, increment.unwrap_or_default()))
    }
}

impl fmt::Display for Go {
    /// `go`, then what is set in the order of the type's doc.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("go")?;
        if self.ponder {
            f.write_str(" ponder")?;
        }
        let millis = |time: Option<Duration>| time.map(|t| t.as_millis());
        let fields = [
            ("depth", self.depth.map(u128::from)),
            ("nodes", self.nodes.map(u128::from)),
            ("movetime", millis(self.movetime)),
            ("wtime", millis(self.wtime)),
            ("btime", millis(self.btime)),
            ("winc", millis(self.winc)),
            ("binc", millis(self.binc)),
            ("movestogo", self.movestogo.map(u128::from)),
        ];
        for (name, value) in fields {
            if let Some(value) = value {
                write!(f, " {name} {value}")?;
            }
        }
        if self.infinite {
            f.write_str(" infinite")?;
        }
        Ok(())
    }
}

/// Reads what follows `go`.
pub(crate) fn parse_go(words: &mut Words<'_>) -> Result<Go, ParseError> {
    let mut go = Go::default();
    while let Some((column, word)) = words.next() {
        match word {
            "depth" => go.depth = Some(words.number_in("depth", 1..=u32::MAX.into())?),
            "movetime" => go.movetime = Some(Duration::from_millis(words.number("movetime")?)),
            "nodes" => go.nodes = Some(words.number_in("nodes", 1..=u64::MAX.into())?),
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "wtime" => go.wtime = Some(words.millis("wtime")?),
            "btime" => go.btime = Some(words.millis("btime")?),
            "winc" => go.winc = Some(words.millis("winc")?),
            "binc" => go.binc = Some(words.millis("binc")?),
            "movestogo" => {
                go.movestogo = Some(words.number_in("movestogo", 1..=u32::MAX.into())?);
            }
            other => return Err(unexpected(column, "go", other)),
        }
    }
    Ok(go)
}
