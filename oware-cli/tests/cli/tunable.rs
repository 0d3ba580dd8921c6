//! `oware uci --tunable`: the search's knobs as engine options, for a tuner.

use oware_search::experiment::Knobs;

use crate::oware;

/// The nodes of the last `info depth` line before each `bestmove` of `stdout`.
fn nodes_per_search(stdout: &str) -> Vec<u64> {
    let mut nodes = Vec::new();
    let mut last = None;
    for line in stdout.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        if let Some(at) = words.iter().position(|w| *w == "nodes") {
            last = words.get(at + 1).and_then(|n| n.parse().ok());
        }
        if line.starts_with("bestmove") {
            nodes.push(last.take().expect("an info line before bestmove"));
        }
    }
    nodes
}

#[test]
fn the_knobs_are_options_only_when_tunable() {
    let plain = oware(&["uci"], "uci\nsetoption name qs value 0\n");
    assert!(!plain.stdout.contains("option name qs"), "{}", plain.stdout);
    assert!(
        plain.stdout.contains(
            "info string error: `qs` is a search knob, an option only of `oware uci --tunable`"
        ),
        "{}",
        plain.stdout
    );
    let tunable = oware(
        &["uci", "--tunable"],
        "uci\nsetoption name lmr-depth value 4\n",
    );
    // A misspelt name under --tunable: the error lists the knobs too.
    assert!(
        tunable.stdout.contains(
            "unknown option `lmr-depth` (the options are Hash, Threads, Rules, EgdbPath, OwnBook and Ponder, and the search's knobs lmr, lmr_depth,"
        ),
        "{}",
        tunable.stdout
    );
    for knob in Knobs::ALL {
        let default = Knobs::DEFAULT.get(knob.name).unwrap();
        let line = format!(
            "option name {} type spin default {default} min {} max {}",
            knob.name, knob.least, knob.most
        );
        assert!(tunable.stdout.contains(&line), "{line}\n{}", tunable.stdout);
    }
}

#[test]
fn a_knob_set_by_option_changes_the_search_and_a_refused_one_changes_nothing() {
    let search = "ucinewgame\nposition startpos moves C d F\ngo depth 9\n";
    let input = [
        search,
        "setoption name LMR value 0\n",
        search,
        "setoption name lmr value 1\n",
        search,
        "setoption name lmr_depth value 0\nsetoption name qs value two\n",
        "setoption name lmr_depth value 99999999999999999999\n",
        search,
    ]
    .concat();
    let run = oware(&["uci", "--tunable"], &input);
    let nodes = nodes_per_search(&run.stdout);
    assert_eq!(nodes.len(), 4, "{}", run.stdout);
    assert_ne!(nodes[1], nodes[0], "no reductions search another tree");
    assert_eq!(nodes[2], nodes[0], "set back, the same tree again");
    assert_eq!(
        nodes[3], nodes[0],
        "refused values leave the knobs as they were"
    );
    for error in [
        "info string error: column 32: lmr_depth 0 is out of the knob's range 1 to 64",
        "info string error: column 25: qs `two` is not a whole number",
        // Too large for any number type is still a number, out of range.
        "info string error: column 32: lmr_depth `99999999999999999999` is out of the knob's range 1 to 64",
    ] {
        assert!(run.stdout.contains(error), "{error}\n{}", run.stdout);
    }
}
