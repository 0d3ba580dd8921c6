// tidy: long because it is one table: a sample of every message the module
// sends and of every request the page sends, each beside the writer it calls.
//! One sample of every message the module sends the page, written by the
//! module's own functions into `e2e/samples/messages.js`, where `cargo
//! xtask site --types` checks each against its type in `site/messages.js`
//! (tsc, no browser). A field renamed in the writer changes the samples,
//! which this test then refuses until they are written again and pass tsc;
//! a field renamed in `messages.js` fails tsc on the samples as they are.
//!
//! And one sample of every kind of request the page sends, into
//! `e2e/samples/requests.js`: every key of the constant its parser takes
//! (`state::STATE_KEYS`, …), each with a value, checked against
//! `Required<…>` of its words' type in `site/messages.js`, which the page's
//! request builders (`site/requests.js`) take. tsc then refuses a key the
//! type has and the module does not take, and one it takes that the type
//! lacks; here, a sample that misses a key of its constant, or that the
//! module does not accept as the page would write it.
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
use crate::json::Json;
use crate::think::{event_json, result_with, start_json};

/// The file `name` the samples are written to, beside the browser tests.
fn samples_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("e2e/samples")
        .join(name)
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
        (
            "practiceSlip",
            "start=1-0-0-1-0-1-1-0-0-0-0-1-21-22-S play=F",
        ),
        (
            "practiceProved",
            "start=1-0-0-1-0-1-1-0-0-0-0-1-21-22-S play=D",
        ),
        ("practiceHint", "start=1-0-0-1-0-1-1-0-0-0-0-1-21-22-S"),
        (
            "practiceReached",
            "start=0-1-0-0-0-1-2-0-0-0-0-1-22-21-S play=F",
        ),
        ("practiceRefused", "colour=red"),
    ] {
        add(
            name,
            "PracticeAnswer",
            format!("practice::answer(\"{request}\")"),
            crate::practice::answer(&database, request),
        );
    }
    add(
        "practiceGrades",
        "PracticeGrades",
        "practice::grades()".to_owned(),
        crate::practice::grades(),
    );
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
    let mut prover = crate::mistakes::prover();
    for (name, request) in [
        ("proved", "start=0-1-0-0-0-1-2-0-0-0-0-1-22-21-S"),
        ("provedNone", ""),
        ("proveRefused", "colour=red"),
    ] {
        add(
            name,
            "ProveAnswer",
            format!("mistakes::answer(\"{request}\")"),
            crate::mistakes::answer(&mut prover, request),
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

/// A value of a request's word as the page's JavaScript holds it before
/// `site/requests.js` writes it: text, a number, or a `bigint` (the seed, a
/// `u64`, past the numbers JavaScript holds exactly).
#[derive(Clone, Copy, Debug)]
enum Value {
    Text(&'static str),
    Number(u32),
    Big(u64),
}

impl Value {
    /// The value in the request, as requests.js writes it (`${value}`).
    fn word(self) -> String {
        match self {
            Value::Text(text) => text.to_owned(),
            Value::Number(n) => n.to_string(),
            Value::Big(n) => n.to_string(),
        }
    }

    /// The value as a JavaScript literal.
    fn literal(self) -> String {
        match self {
            Value::Text(text) => {
                let mut json = Json::new();
                json.string(text);
                json.finish()
            }
            Value::Number(n) => n.to_string(),
            Value::Big(n) => format!("{n}n"),
        }
    }
}

/// A sample of one kind of request: its name in the samples, its words'
/// type in `site/messages.js`, the constant of keys its parser takes (by
/// name, and itself), a value for each key, and the module's function that
/// answers it.
struct RequestSample {
    name: &'static str,
    kind: &'static str,
    keys_name: &'static str,
    keys: &'static [&'static str],
    values: Vec<(&'static str, Value)>,
    answer: fn(&str) -> String,
}

impl RequestSample {
    /// Each key of the constant, in its order, with the sample's value
    /// (none where the sample has none): the samples' keys are the
    /// parser's, whatever the values say.
    fn words(&self) -> impl Iterator<Item = (&'static str, Option<Value>)> + '_ {
        self.keys.iter().map(|&key| {
            let value = self.values.iter().find(|&&(k, _)| k == key);
            (key, value.map(|&(_, value)| value))
        })
    }

    /// The request as requests.js writes it: `key=value` words joined by
    /// spaces, a key without a value left out.
    fn text(&self) -> String {
        let words: Vec<String> = self
            .words()
            .filter_map(|(key, value)| Some(format!("{key}={}", value?.word())))
            .collect();
        words.join(" ")
    }
}

/// The position every game starts from, as a set-up start names it.
const OPENING: &str = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S";

/// One sample of every kind of request, a value for each key of its
/// constant, whether or not the others make it matter (a search at a level
/// reads no `depth`).
fn request_samples() -> [RequestSample; 7] {
    use Value::{Big, Number, Text};
    // A puzzle's code, as a prove answer gives it (the first shipped one's:
    // proving one here would take seconds).
    let shipped = crate::puzzle::shipped();
    let puzzle = &shipped.puzzles()[0];
    let code: &'static str =
        Box::leak(crate::puzzle::encode(puzzle, shipped.settings()).into_boxed_str());
    let first: &'static str = Box::leak(puzzle.line()[0].to_string().into_boxed_str());
    [
        RequestSample {
            name: "state",
            kind: "StateWords",
            keys_name: "state::STATE_KEYS",
            keys: &crate::state::STATE_KEYS,
            values: vec![
                ("rules", Text("abapa")),
                ("start", Text(OPENING)),
                ("moves", Text("E")),
                ("play", Text("c")),
                ("proof", Text("north:cA")),
                ("endgame", Text("south:")),
            ],
            answer: crate::state::answer,
        },
        RequestSample {
            name: "search",
            kind: "SearchWords",
            keys_name: "think::SEARCH_KEYS",
            keys: &crate::think::SEARCH_KEYS,
            values: vec![
                ("rules", Text("abapa")),
                ("start", Text(OPENING)),
                ("moves", Text("E")),
                ("level", Number(1)),
                ("seed", Big(u64::MAX)),
                ("depth", Number(2)),
                ("nodes", Number(10_000)),
                ("ms", Number(1000)),
                ("judge", Text("c")),
                ("wtime", Number(60_000)),
                ("btime", Number(60_000)),
                ("winc", Number(1000)),
                ("binc", Number(1000)),
            ],
            answer: |text| crate::think::answer(&mut crate::think::engine(None), text, &mut |_| {}),
        },
        RequestSample {
            name: "save",
            kind: "SaveWords",
            keys_name: "record::SAVE_KEYS",
            keys: &crate::record::SAVE_KEYS,
            values: vec![
                ("rules", Text("abapa")),
                ("start", Text(OPENING)),
                ("moves", Text("Ec")),
                ("seat", Text("south")),
                ("level", Number(7)),
                ("date", Text("2026.11.30")),
                ("lost", Text("north:resigned")),
            ],
            answer: crate::record::save,
        },
        RequestSample {
            name: "probe",
            kind: "ProbeWords",
            keys_name: "endgame::PROBE_KEYS",
            keys: &endgame::PROBE_KEYS,
            values: vec![
                ("rules", Text("abapa")),
                ("start", Text("0-0-0-0-0-1-1-0-0-0-1-1-24-20-S")),
                ("moves", Text("")),
            ],
            answer: |text| endgame::answer(&endgame::build(Ruleset::Abapa, 6), text),
        },
        RequestSample {
            name: "prove",
            kind: "ProveWords",
            keys_name: "mistakes::PROVE_KEYS",
            keys: &crate::mistakes::PROVE_KEYS,
            values: vec![
                ("rules", Text("abapa")),
                ("start", Text("0-1-0-0-0-1-2-0-0-0-0-1-22-21-S")),
                ("moves", Text("")),
            ],
            answer: |text| crate::mistakes::answer(&mut crate::mistakes::prover(), text),
        },
        RequestSample {
            name: "puzzle",
            kind: "PuzzleWords",
            keys_name: "puzzle::PUZZLE_KEYS",
            keys: &crate::puzzle::PUZZLE_KEYS,
            values: vec![
                ("code", Text(code)),
                ("id", Text("2357qa")),
                ("date", Text("2026-12-07")),
                ("rating", Number(1500)),
                ("theme", Text("long")),
                ("skip", Text("2357qa,ekr5we")),
                ("moves", Text("")),
                ("play", Text(first)),
                ("player", Text("1500,350,0.06")),
                ("result", Text("solved")),
            ],
            answer: crate::puzzle::answer,
        },
        RequestSample {
            name: "practice",
            kind: "PracticeWords",
            keys_name: "practice::PRACTICE_KEYS",
            keys: &crate::practice::PRACTICE_KEYS,
            values: vec![
                ("rules", Text("abapa")),
                ("start", Text("1-0-0-1-0-1-1-0-0-0-0-1-21-22-S")),
                ("moves", Text("")),
                ("play", Text("F")),
            ],
            answer: |text| crate::practice::answer(&endgame::build(Ruleset::Abapa, 6), text),
        },
    ]
}

/// The request samples as the JavaScript module tsc reads.
fn requests_js() -> String {
    let samples = request_samples();
    let kinds: Vec<&str> = samples.iter().map(|sample| sample.kind).collect();
    let mut text = String::from(
        "// One sample of every kind of request the page sends the module: every key\n\
         // its parser takes (the constant named), each with a value the module\n\
         // accepts. Written by `cargo test -p oware-web` (src/samples.rs), which\n\
         // fails when the module's keys differ from this file (UPDATE_SAMPLES=1\n\
         // writes it again); `cargo xtask site --types` checks each against\n\
         // `Required<…>` of its type in site/messages.js: a key the type lacks, or\n\
         // one the module does not take, fails. Not edited by hand.\n\n",
    );
    text.push_str(&format!(
        "/** @import {{ {} }} from '../../site/messages.js' */\n",
        kinds.join(", ")
    ));
    for sample in &samples {
        text.push_str(&format!(
            "\n/** The keys of `{}`: `{}` @type {{Required<{}>}} */\nexport const {} = {{\n",
            sample.keys_name,
            sample.text(),
            sample.kind,
            sample.name
        ));
        for (key, value) in sample.words() {
            // A key without a sample value still goes in, so that tsc
            // judges it: the test below asks for its value.
            let literal = value.map_or_else(|| "null".to_owned(), Value::literal);
            text.push_str(&format!("  {key}: {literal},\n"));
        }
        text.push_str("};\n");
    }
    text
}

/// Passes when the file `name` holds `fresh`; writes it with
/// `UPDATE_SAMPLES` set; else fails, saying how to write it again.
fn check_written(name: &str, fresh: &str) {
    let path = samples_file(name);
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
        "the module's messages or keys differ from {}: run `UPDATE_SAMPLES=1 cargo test -p \
         oware-web samples`, then `cargo xtask site --types` to check them against site/messages.js",
        path.display()
    );
}

#[test]
fn the_samples_of_the_modules_messages_are_up_to_date() {
    check_written("messages.js", &samples_js());
}

#[test]
fn the_samples_of_the_pages_requests_are_up_to_date() {
    check_written("requests.js", &requests_js());
}

#[test]
fn every_request_sample_gives_each_key_its_parser_takes_and_is_answered() {
    for sample in request_samples() {
        for (key, value) in sample.words() {
            assert!(
                value.is_some(),
                "the sample of {} has no value for `{key}` of {}",
                sample.kind,
                sample.keys_name
            );
        }
        for &(key, _) in &sample.values {
            assert!(
                sample.keys.contains(&key),
                "the sample of {} has a value for `{key}`, which {} lacks",
                sample.kind,
                sample.keys_name
            );
        }
        let text = sample.text();
        let answer = (sample.answer)(&text);
        assert!(
            answer.starts_with(r#"{"ok":true"#),
            "`{text}` is refused: {answer}"
        );
    }
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
        "ProveAnswer",
        "PracticeAnswer",
        "PracticeGrades",
    ];
    let samples = samples();
    for kind in sent {
        assert!(
            samples.iter().any(|(_, k, _, _)| *k == kind),
            "no sample of {kind}"
        );
    }
}
