//! One sample of every message the module sends the page, written by the
//! module's own functions into `e2e/samples/messages.js`, where `cargo
//! xtask site --types` checks each against its type in `site/messages.js`
//! (tsc, no browser). A field renamed in the writer changes the samples,
//! which this test then refuses until they are written again and pass tsc;
//! a field renamed in `messages.js` fails tsc on the samples as they are.
//!
//! The samples are committed, not left in `target/`: tsc then needs no
//! cargo run before it, and a change to what the module writes shows in the
//! diff beside the Rust change. Searches are written from fixed results
//! and events (the writers are what is sampled), so that the samples do
//! not change with timings; refusals are the module's own words (an
//! unknown key), so that a reworded error elsewhere rarely changes them.

use core::time::Duration;
use std::path::PathBuf;

use oware_core::House;
use oware_egdb::Ruleset;
use oware_search::{Event, Iteration, Limits, RootMove, Score, SearchResult, SeatClock};

use crate::endgame;
use crate::think::{event_json, result_with, start_json};

/// The file the samples are written to, beside the browser tests.
fn samples_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("e2e/samples/messages.js")
}

/// The samples: each a name, its type in `site/messages.js`, what wrote it,
/// and the JSON.
fn samples() -> Vec<(&'static str, &'static str, String, String)> {
    let state = |request: &str| crate::state::answer(request);
    let mut samples = Vec::new();
    let mut add = |name, kind, source: String, json: String| {
        samples.push((name, kind, source, json));
    };
    for (name, kind, request) in [
        ("gameState", "GameStateJson", "rules=abapa moves=EcAb"),
        (
            "gameOver",
            "GameStateJson",
            "start=0-2-0-0-0-0-0-0-0-0-0-1-23-22-N moves=f",
        ),
        (
            "proofsCarried",
            "GameStateJson",
            "moves=E play=c proof=north:cA endgame=south:",
        ),
        ("illegalMove", "IllegalMove", "moves=E play=A"),
        ("stateRefused", "Refusal", "colour=red"),
    ] {
        add(
            name,
            kind,
            format!("state::answer(\"{request}\")"),
            state(request),
        );
    }

    let clock = SeatClock {
        remaining: Duration::from_millis(60_000),
        increment: Duration::from_millis(2_000),
        moves_to_go: None,
    };
    let limits = Limits {
        depth: Some(3),
        time: Some(Duration::from_millis(1000)),
        clock: Some(clock),
        ..Limits::default()
    };
    add(
        "start",
        "StartEvent",
        "think::start_json".to_owned(),
        start_json(&limits),
    );
    let root = Event::RootMove(RootMove {
        depth: 2,
        house: House::E,
        score: Score::from_seeds(1.5),
    });
    add(
        "root",
        "RootEvent",
        "think::event_json".to_owned(),
        event_json(&root),
    );
    // Every kind of score: a proven win and loss (with plies), a proven
    // draw, a heuristic one.
    let root_scores = vec![
        (House::E, Score::win_in(3)),
        (House::A, Score::from_seeds(-1.25)),
        (House::B, Score::PROVEN_DRAW),
        (House::C, Score::loss_in(4)),
    ];
    let iteration = Event::Iteration(Iteration {
        depth: 3,
        score: Score::win_in(3),
        best: House::E,
        pv: vec![House::E, House::c, House::A],
        root_scores: root_scores.clone(),
        nodes: 1234,
        elapsed: Duration::from_millis(7),
    });
    add(
        "iteration",
        "IterationEvent",
        "think::event_json".to_owned(),
        event_json(&iteration),
    );
    add(
        "panic",
        "PanicEvent",
        "think::panic_json".to_owned(),
        crate::think::panic_json("index out of bounds"),
    );
    let result = SearchResult {
        best: Some(House::E),
        score: Score::from_seeds(0.75),
        depth: 6,
        pv: vec![House::E, House::c],
        root_scores: vec![
            (House::E, Score::from_seeds(0.75)),
            (House::A, Score::from_seeds(-2.5)),
        ],
        nodes: 98_765,
        elapsed: Duration::from_millis(42),
    };
    add(
        "result",
        "SearchDone",
        "think::result_with(judge=A)".to_owned(),
        result_with(&result, false, Some(House::A)),
    );
    let book = SearchResult {
        root_scores,
        score: Score::win_in(3),
        ..result
    };
    add(
        "bookResult",
        "SearchDone",
        "think::result_with(book, judge=D)".to_owned(),
        result_with(&book, true, Some(House::D)),
    );
    add(
        "searchRefused",
        "SearchAnswer",
        "think::answer(\"level=20\")".to_owned(),
        crate::think::answer(&mut crate::think::engine(None), "level=20", &mut |_| {}),
    );

    add(
        "info",
        "Info",
        "info::answer()".to_owned(),
        crate::info::answer(),
    );
    add(
        "saved",
        "SaveAnswer",
        "record::save(\"moves=Ec seat=south level=7 date=2026.11.30\")".to_owned(),
        crate::record::save("moves=Ec seat=south level=7 date=2026.11.30"),
    );
    for (name, text) in [
        ("opened", "[Variant \"sowing\"]\n\n1. E c *\n"),
        ("openRefused", "1. E c 2. E *"),
    ] {
        add(
            name,
            "OpenAnswer",
            format!("record::open({text:?})"),
            crate::record::open(text),
        );
    }

    let database = endgame::build(Ruleset::Abapa, 6);
    add(
        "built",
        "BuildAnswer",
        "endgame::built_json(abapa, 6 seeds)".to_owned(),
        endgame::built_json(Some(&database)),
    );
    add(
        "builtNone",
        "BuildAnswer",
        "endgame::built_json(none)".to_owned(),
        endgame::built_json(None),
    );
    for (name, request) in [
        ("probeOutside", ""),
        ("probeWin", "start=0-0-0-0-0-1-1-0-0-0-1-1-24-20-S"),
        ("probeOpen", "start=0-0-0-0-0-1-0-0-0-0-0-1-22-24-S"),
        ("probeDraw", "start=0-0-0-0-0-1-0-0-0-0-0-0-24-23-S"),
        ("probeRefused", "colour=red"),
    ] {
        add(
            name,
            "ProbeAnswer",
            format!("endgame::answer(\"{request}\")"),
            endgame::answer(&database, request),
        );
    }
    for (name, request) in [
        ("puzzleDaily", "date=2026-12-07"),
        (
            "puzzleTried",
            "date=2026-12-07 play=E player=1500,350,0.06 result=missed",
        ),
        ("puzzleRefused", "colour=red"),
    ] {
        add(
            name,
            "PuzzleAnswer",
            format!("puzzle::answer(\"{request}\")"),
            crate::puzzle::answer(request),
        );
    }
    samples
}

/// The samples as the JavaScript module tsc reads.
fn samples_js() -> String {
    let samples = samples();
    let mut kinds: Vec<&str> = samples.iter().map(|(_, kind, _, _)| *kind).collect();
    kinds.sort_unstable();
    kinds.dedup();
    let mut text = String::from(
        "// One sample of every message the module sends, as the module writes it.\n\
         // Written by `cargo test -p oware-web` (src/samples.rs), which fails when\n\
         // the module's messages differ from this file (UPDATE_SAMPLES=1 writes it\n\
         // again); `cargo xtask site --types` checks each against its type in\n\
         // site/messages.js. Not edited by hand.\n\n",
    );
    text.push_str(&format!(
        "/** @import {{ {} }} from '../../site/messages.js' */\n",
        kinds.join(", ")
    ));
    for (name, kind, source, json) in &samples {
        text.push_str(&format!(
            "\n/** `{source}` @type {{{kind}}} */\nexport const {name} = {json};\n"
        ));
    }
    text
}

#[test]
fn the_samples_of_the_modules_messages_are_up_to_date() {
    let fresh = samples_js();
    let path = samples_file();
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    if kept == fresh {
        return;
    }
    if std::env::var_os("UPDATE_SAMPLES").is_some() {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder is made");
        std::fs::write(&path, fresh).expect("the samples are written");
        return;
    }
    panic!(
        "the module's messages differ from {}: run `UPDATE_SAMPLES=1 cargo test -p oware-web \
         samples`, then `cargo xtask site --types` to check them against site/messages.js",
        path.display()
    );
}

#[test]
fn every_message_type_the_module_sends_has_a_sample() {
    // The types in messages.js that the module's answers and events are.
    let sent = [
        "GameStateJson",
        "IllegalMove",
        "Refusal",
        "StartEvent",
        "RootEvent",
        "IterationEvent",
        "PanicEvent",
        "SearchDone",
        "SearchAnswer",
        "Info",
        "SaveAnswer",
        "OpenAnswer",
        "BuildAnswer",
        "ProbeAnswer",
        "PuzzleAnswer",
    ];
    let samples = samples();
    for kind in sent {
        assert!(
            samples.iter().any(|(_, k, _, _)| *k == kind),
            "no sample of {kind}"
        );
    }
}
