//! Flags that take one of a few names (`--rules`): parsed by the library's
//! own `FromStr` (its error says what it accepts), with the names the
//! library knows listed in `--help` as clap's possible values, so the help
//! cannot fall behind the code.

use std::ffi::OsStr;
use std::marker::PhantomData;
use std::str::FromStr;

use clap::builder::{PossibleValue, TypedValueParser};
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
    T::Err: std::fmt::Display,
{
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        let text = value.to_string_lossy();
        text.parse().map_err(|error: T::Err| {
            // The library's own reason, which names what it accepts; with the
            // flag, as clap words the errors of its own parsers.
            let flag = arg.map_or_else(|| "the value".to_owned(), |arg| format!("'{arg}'"));
            clap::Error::raw(
                clap::error::ErrorKind::InvalidValue,
                format!("invalid value '{text}' for {flag}: {error}\n"),
            )
            .with_cmd(cmd)
        })
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
        let names = ruleset().names;
        for each in Ruleset::ALL {
            assert_eq!(names.iter().filter(|n| **n == each.name()).count(), 1);
            assert_eq!(each.name().parse::<Ruleset>(), Ok(each));
        }
    }
}
