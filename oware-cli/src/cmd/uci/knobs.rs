//! The search's knobs as engine options, offered by `oware uci --tunable`
//! only: a tuner sets them one at a time as it sets any program's options
//! (`cargo lab tune --spsa … --engine "cmd=oware uci --tunable"`). They
//! are for tuning, not play, and change whenever the search does.

use oware_search::SearchConfig;
use oware_search::experiment::{Knob, Knobs};
use oware_uci::OptionKind;

use super::{BUSY, Uci, Value};

/// The knobs as `spin` options, each at its default.
pub(super) fn options() -> impl Iterator<Item = (&'static str, OptionKind)> {
    Knobs::ALL.iter().map(|knob| {
        let kind = OptionKind::Spin {
            default: Knobs::DEFAULT.get(knob.name).unwrap_or(knob.least),
            min: knob.least,
            max: knob.most,
        };
        (knob.name, kind)
    })
}

/// The knob an option's name is (in any case), if it is one.
pub(super) fn named(name: &str) -> Option<&'static Knob> {
    Knobs::ALL
        .iter()
        .find(|knob| knob.name.eq_ignore_ascii_case(name))
}

impl Uci {
    /// `setoption name KNOB value N`: the searches to come use N, if the
    /// engine was started `--tunable` and N is in the knob's range;
    /// otherwise nothing changes.
    pub(super) fn set_knob(&mut self, knob: &Knob, value: &Value<'_>) -> Result<(), String> {
        let Some(mut knobs) = self.knobs else {
            return Err(format!(
                "`{}` is a search knob, an option only of `oware uci --tunable` (for tuning, not play)",
                knob.name
            ));
        };
        let number: i64 = value.text.parse().map_err(|_| {
            let digits = value.text.strip_prefix(['-', '+']).unwrap_or(value.text);
            let what = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                format!("is out of the knob's range {} to {}", knob.least, knob.most)
            } else {
                "is not a whole number".to_owned()
            };
            format!(
                "column {}: {} `{}` {what}",
                value.column,
                knob.name,
                oware_uci::excerpt(value.text)
            )
        })?;
        knobs
            .set(knob.name, number)
            .map_err(|error| format!("column {}: {} {error}", value.column, knob.name))?;
        let Some(engine) = self.idle_engine() else {
            return Err(BUSY.to_owned());
        };
        engine.set_config(SearchConfig {
            knobs,
            ..SearchConfig::PLAY
        });
        self.knobs = Some(knobs);
        Ok(())
    }
}
