//! The `Variant` tag: which rule set a record's game is played under.
//!
//! Aualé writes `Oware Abapa`. Other programs and people write a rule set's
//! own name. A small table maps the names other programs use to this
//! library's preset names; every preset name (in any case) is accepted as
//! well, so a preset added to [`Rules::PRESETS`] is read with no change here.

use crate::rules::Rules;

/// Names other programs write, and the preset each one means. The first
/// entry for a preset is the name written for it.
///
/// Aualé ends a game at the first repetition of a position, where Abapa
/// ends it at the third; its records are read as Abapa, which agrees move
/// for move until the game ends and accepts Aualé's result either way (see
/// the module docs of [`ogn`](super)).
const ALIASES: [(&str, &str); 2] = [("Oware Abapa", "abapa"), ("Oware", "abapa")];

/// The rule set a `Variant` value names: an alias, a preset name (any
/// case), or `?` and the empty value for the default, Abapa.
pub(super) fn rules(value: &str) -> Option<Rules> {
    let value = value.trim();
    if value.is_empty() || value == "?" {
        return Some(Rules::default());
    }
    let name = ALIASES
        .iter()
        .find(|(alias, _)| alias.eq_ignore_ascii_case(value))
        .map_or(value, |&(_, name)| name);
    name.parse().ok()
}

/// The `Variant` value written for `rules`: the first alias of its preset
/// (so Aualé reads `Oware Abapa`), else its preset name, else `?`.
pub(super) fn name(rules: Rules) -> &'static str {
    let Some(preset) = rules.name() else {
        return "?";
    };
    ALIASES
        .iter()
        .find(|&&(_, name)| name == preset)
        .map_or(preset, |&(alias, _)| alias)
}

/// The accepted values, for an error message.
pub(super) fn accepted() -> String {
    let mut names: Vec<&str> = ALIASES.iter().map(|&(alias, _)| alias).collect();
    names.extend(Rules::PRESETS.iter().map(|&(name, _)| name));
    names.push("?");
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_presets_and_the_default() {
        assert_eq!(rules("Oware Abapa"), Some(Rules::ABAPA));
        assert_eq!(rules(" oware abapa "), Some(Rules::ABAPA));
        assert_eq!(rules("Awari"), Some(Rules::AWARI));
        assert_eq!(rules("sowing"), Some(Rules::SOWING));
        assert_eq!(rules("?"), Some(Rules::ABAPA));
        assert_eq!(rules(""), Some(Rules::ABAPA));
        assert_eq!(rules("Kalah"), None);
    }

    #[test]
    fn every_preset_reads_back_from_its_written_name() {
        for (_, preset) in Rules::PRESETS {
            assert_eq!(rules(name(preset)), Some(preset));
        }
        assert_eq!(name(Rules::ABAPA), "Oware Abapa");
        let custom = Rules::ABAPA.with_move_limit(7).unwrap();
        assert_eq!(name(custom), "?");
    }
}
