//! The answer to `uci`: the engine's name and options.

use std::io;

use oware_core::Rules;
use oware_search::EngineOptions;
use oware_uci::{Answer, EngineOption, Id, OptionKind};

use super::{say, send};
use crate::ranges::{self, Size};

/// `uci`: the engine's name and options (the rule set in use as the
/// `Rules` default), the line saying the endgame database is `missing`
/// if it is, then `uciok`; the search's knobs too when `tunable`.
pub(super) fn identify(rules: Rules, missing: Option<&str>, tunable: bool) -> io::Result<()> {
    send(&Answer::Id(Id::Name(format!(
        "oware {}",
        env!("CARGO_PKG_VERSION")
    ))))?;
    send(&Answer::Id(Id::Author("The oware developers".to_owned())))?;
    let spin = |default: usize, size: Size| OptionKind::Spin {
        default: default as i64,
        min: size.min as i64,
        max: size.max as i64,
    };
    let defaults = EngineOptions::default();
    let egdb = crate::endgame::default_dir().unwrap_or_default();
    let options = [
        ("Hash", spin(defaults.hash_mb, ranges::HASH_MB)),
        ("Threads", spin(defaults.threads, ranges::THREADS)),
        (
            "EgdbPath",
            OptionKind::String {
                default: egdb.display().to_string(),
            },
        ),
        ("Ponder", OptionKind::Check { default: false }),
        ("OwnBook", OptionKind::Check { default: false }),
        (
            "Rules",
            OptionKind::Combo {
                default: rules.to_string(),
                vars: Rules::PRESETS
                    .iter()
                    .map(|(name, _)| (*name).to_owned())
                    .collect(),
            },
        ),
    ];
    let knobs = tunable.then(super::knobs::options).into_iter().flatten();
    for (name, kind) in options.into_iter().chain(knobs) {
        send(&Answer::Option(EngineOption {
            name: name.to_owned(),
            kind,
        }))?;
    }
    if let Some(missing) = missing {
        say(missing)?;
    }
    send(&Answer::UciOk)
}

/// The line `uci` gives before `uciok` when the default directory holds no
/// database for `rules` (`not_found`): the engine never builds one during a
/// game, but says how to. Before `uciok` is the one place an `info` line
/// outside a search is safe with Aualé: its client drops `info` until
/// `uciok` (`_eval_info` in `uci/client.py`), and its older one ignores every
/// `info`. A damaged database is said at the first `go`, as before.
pub(super) fn missing(rules: &Rules, not_found: bool) -> Option<String> {
    let ruleset = oware_egdb::Ruleset::fitting(rules).filter(|_| not_found)?;
    let dir = crate::endgame::default_dir();
    let speed = crate::endgame::estimate::Speed::known(dir.as_deref(), ruleset);
    let install = crate::endgame::install::how_to_install(ruleset, None, speed);
    Some(match dir {
        Some(dir) => format!(
            "no {ruleset} endgame database in {}: the engine plays without one; {install}",
            dir.display()
        ),
        None => format!(
            "no {ruleset} endgame database: {}, so there is no directory to look in; the engine plays without one; set one and {install}",
            crate::endgame::UNSET
        ),
    })
}
