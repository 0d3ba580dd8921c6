//! The answer to `uci`: the engine's name and options.

use std::io;

use oware_core::Rules;
use oware_search::EngineOptions;

use super::send;
use crate::sizes;

/// `uci`: the engine's name and options (the rule set in use as the
/// `Rules` default), then `uciok`.
pub(super) fn identify(rules: Rules) -> io::Result<()> {
    send(&format!("id name oware {}", env!("CARGO_PKG_VERSION")))?;
    send("id author The oware developers")?;
    send(&format!(
        "option name Hash type spin default {} min {} max {}",
        EngineOptions::default().hash_mb,
        sizes::HASH_MB.min,
        sizes::HASH_MB.max
    ))?;
    send(&format!(
        "option name Threads type spin default {} min {} max {}",
        EngineOptions::default().threads,
        sizes::THREADS.min,
        sizes::THREADS.max
    ))?;
    let egdb = crate::endgame::default_dir().unwrap_or_default();
    send(&format!(
        "option name EgdbPath type string default {}",
        egdb.display()
    ))?;
    send("option name Ponder type check default false")?;
    send("option name OwnBook type check default false")?;
    let names: Vec<String> = Rules::PRESETS
        .iter()
        .map(|(name, _)| format!("var {name}"))
        .collect();
    send(&format!(
        "option name Rules type combo default {} {}",
        rules,
        names.join(" ")
    ))?;
    send("uciok")
}
