//! Flags that take one of a few names (`--rules`): parsed by the library's
//! own `FromStr`, with the names the library knows listed in `--help` as
//! clap's possible values, so the help cannot fall behind the code.

use std::ffi::OsStr;
use std::marker::PhantomData;
use std::str::FromStr;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use oware_core::Rules;
use oware_egdb::Ruleset;

/// A value parser for `T`, whose names are `names`.
#[derive(Clone, Debug)]
pub(crate) struct Named<T> {
    names: Vec<&'static str>,
    parsed: PhantomData<fn() -> T>,
}

/// Every rule set oware-core names (`Rules::PRESETS`), in any case.
pub(crate) fn rules() -> Named<Rules> {
    Named {
        names: Rules::PRESETS.iter().map(|(name, _)| *name).collect(),
        parsed: PhantomData,
    }
}

/// The rule sets an endgame database is built for (`Ruleset::ALL`).
pub(crate) fn ruleset() -> Named<Ruleset> {
    Named {
        names: Ruleset::ALL.iter().map(|ruleset| ruleset.name()).collect(),
        parsed: PhantomData,
    }
}

impl<T> TypedValueParser for Named<T>
where
    T: FromStr + Clone + Send + Sync + 'static,
{
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        if let Some(parsed) = value.to_str().and_then(|text| text.parse().ok()) {
            return Ok(parsed);
        }
        // Not a name: clap's own error, which lists the names. (A name it
        // accepted would be one the library refused: parse it to say so.)
        let name = PossibleValuesParser::new(self.names.clone()).parse_ref(cmd, arg, value)?;
        Ok(name.parse().ok().expect("every listed name parses"))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            self.names.iter().map(|name| PossibleValue::new(*name)),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_name_parses_to_its_value() {
        for (name, preset) in Rules::PRESETS {
            assert!(rules().names.contains(&name));
            assert_eq!(name.parse::<Rules>(), Ok(preset));
        }
        for ruleset in Ruleset::ALL {
            assert_eq!(
                ruleset()
                    .names
                    .iter()
                    .filter(|n| **n == ruleset.name())
                    .count(),
                1
            );
        }
    }
}
