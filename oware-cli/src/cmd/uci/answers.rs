//! What `oware uci` writes: every line an oware-uci [`Answer`], written
//! whole and at once (the main thread and the search thread both write).

use std::fmt;
use std::io::{self, Write};

use oware_core::Seat;
use oware_player::Verdict;
use oware_search::{Iteration, SearchResult};
use oware_uci::{Answer, BestMove, Info};

/// Writes one answer to stdout at once (the search thread writes too).
pub(super) fn send(answer: &Answer) -> io::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "{answer}")?;
    out.flush()
}

/// `info string TEXT`.
pub(super) fn say(text: impl Into<String>) -> io::Result<()> {
    send(&Answer::Info(Info::string(text)))
}

/// `info string error: MESSAGE`: a command refused.
pub(super) fn refuse(message: impl fmt::Display) -> io::Result<()> {
    say(format!("error: {message}"))
}

/// A line about the endgame database, to the GUI (during a search).
pub(super) fn to_gui(line: &str) {
    let _ = say(line);
}

/// A `command` refused while a search runs until `stop`.
pub(super) fn busy(command: &str) -> io::Result<()> {
    refuse(format!(
        "a search runs until stop: send stop before {command}"
    ))
}

/// A completed depth as the protocol's `info`: the score in centi-seeds,
/// and when it is proven, what it proves (`string North can force a win
/// (within 7 plies with best play)`), as the terminal says it; `mover` is
/// the seat whose search it is.
pub(super) fn info(it: &Iteration, mover: Seat) -> Info {
    Info {
        depth: Some(it.depth),
        score: Some(it.score.to_centi()),
        nodes: Some(it.nodes),
        nps: Some(it.nps()),
        time: Some(it.elapsed),
        pv: it.pv.clone(),
        string: Verdict::of(it.score, mover).map(|verdict| verdict.to_string()),
    }
}

/// A search's result as the protocol's `bestmove`, with the reply it
/// expects to ponder on; `0000` when the game is over.
pub(super) fn best_move(result: &SearchResult) -> BestMove {
    BestMove {
        house: result.best,
        ponder: result.reply(),
    }
}
