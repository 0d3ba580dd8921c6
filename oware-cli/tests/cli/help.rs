//! `--help` names exactly what the parsers accept: the rule sets oware-core
//! and oware-egdb know, the levels oware-search has, and hints that are
//! whole commands. Checked against the libraries, so help cannot go stale.

use oware_core::Rules;
use oware_egdb::{Extent, Ruleset};
use oware_player::Level;

use crate::oware;

/// Every command and subcommand, as its words.
const COMMANDS: [&[&str]; 11] = [
    &["play"],
    &["show"],
    &["analyze"],
    &["perft"],
    &["uci"],
    &["match"],
    &["egdb", "status"],
    &["egdb", "build"],
    &["egdb", "probe"],
    &["book", "build"],
    &["book", "show"],
];

/// The `--help` text of `command`.
fn help(command: &[&str]) -> String {
    let mut args = command.to_vec();
    args.push("--help");
    let run = oware(&args, "");
    assert_eq!(run.code, 0, "{command:?}: {}", run.stderr);
    run.stdout
}

/// The possible values clap lists for `--rules` in `text`, if it takes any.
fn rules_values(text: &str) -> Option<String> {
    // The last mention is the flag's own entry (the first may be the usage line).
    let section = text.rsplit("--rules <R>").next()?;
    let listed = section.split("[possible values: ").nth(1)?;
    Some(listed.split(']').next()?.to_owned())
}

#[test]
fn every_rules_flag_lists_exactly_the_rule_sets_it_parses() {
    let presets = Rules::PRESETS.map(|(name, _)| name).join(", ");
    let rulesets = Ruleset::ALL.map(Ruleset::name).join(", ");
    let mut seen = 0;
    for command in COMMANDS {
        let text = help(command);
        if !text.contains("--rules <R>") {
            continue;
        }
        seen += 1;
        let expected = if command[0] == "egdb" {
            &rulesets
        } else {
            &presets
        };
        assert_eq!(
            rules_values(&text).as_ref(),
            Some(expected),
            "{command:?}:\n{text}"
        );
        // And the listed names are the accepted ones: each parses, and no other.
        for name in expected.split(", ") {
            let mut args = command.to_vec();
            args.extend(["--rules", name, "--help"]);
            assert_eq!(oware(&args, "").code, 0, "{command:?} --rules {name}");
        }
    }
    assert_eq!(seen, 10, "every command takes --rules");
}

#[test]
fn play_names_the_levels_oware_search_has() {
    let text = help(&["play"]);
    let (min, max) = (Level::MIN.get(), Level::MAX.get());
    assert!(text.contains(&format!("--level <{min}..{max}>")), "{text}");
    assert!(
        text.contains(&format!(
            "{min} (a beginner can beat it) to {max} (full strength"
        )),
        "{text}"
    );
    // --seed is for the levels that make deliberate mistakes: those with noise.
    let noisy: Vec<u8> = Level::all()
        .filter(|l| l.noise() > 0.0)
        .map(Level::get)
        .collect();
    let (first, last) = (noisy[0], noisy[noisy.len() - 1]);
    assert_eq!(
        noisy,
        (first..=last).collect::<Vec<_>>(),
        "the noisy levels are a range"
    );
    assert!(
        text.contains(&format!("mistakes at levels {first}-{last}:")),
        "{text}"
    );
    // The parser accepts exactly that range.
    for (level, code) in [(min - 1, 2), (min, 0), (max, 0), (max + 1, 2)] {
        // South moves first: you quit before the bot has thought.
        let run = oware(
            &["play", "--level", &level.to_string(), "--no-book"],
            "quit\n",
        );
        assert_eq!(run.code, code, "level {level}: {}", run.stderr);
    }
}

#[test]
fn every_egdb_build_hint_is_a_whole_command() {
    // The hints in help and in the missing-database error are whole: alone
    // (the default database), or with build's own options, each with a value.
    let mut hints: Vec<String> = COMMANDS.iter().map(|c| help(c)).collect();
    let run = oware(
        &[
            "egdb",
            "probe",
            "--rules",
            "awari",
            "--dir",
            "/nonexistent",
            "0-0-0-0-0-0-0-0-0-0-0-1-24-23-S",
        ],
        "",
    );
    assert_eq!(run.code, 1);
    hints.push(run.stderr);
    let mut seen = 0;
    for text in &hints {
        let text = text.replace('\n', " ");
        for hint in text.split("`oware egdb build").skip(1) {
            seen += 1;
            let hint = hint.split('`').next().unwrap();
            let words: Vec<&str> = hint.split_whitespace().collect();
            for pair in words.chunks(2) {
                assert!(
                    matches!(pair, [flag, _] if ["--rules", "--max-seeds", "--dir"].contains(flag)),
                    "`oware egdb build {hint}`"
                );
            }
        }
    }
    assert!(seen >= 2, "{seen} hints");
}

#[test]
fn the_default_database_in_help_is_the_one_build_makes() {
    let default = Extent::DEFAULT;
    let named = format!("{}'s up to {} seeds", default.ruleset, default.max_seeds);
    let size = format!("{:.0} MB", default.disk_len() as f64 / 1e6);
    let egdb = help(&["egdb"]).replace('\n', " ");
    assert!(egdb.contains(&named), "{egdb}");
    let build = help(&["egdb", "build"]).replace('\n', " ");
    let built = format!(
        "{}'s (which abapa and Aualé's rule both use) up to {} seeds, {size}",
        default.ruleset, default.max_seeds
    );
    assert!(build.contains(&built), "{build}");
    assert!(
        build.contains(&format!("The rules [default: {}]", default.ruleset))
            && build.contains(&format!("[default: {}]", default.max_seeds)),
        "{build}"
    );
}
