//! The examples an outsider runs first, run here on fixed inputs so that
//! `cargo test` keeps them working: each example's `main` only reads its
//! arguments and hands them to the `run` checked below.

#[allow(dead_code)] // its `main` runs as the example, not here
#[path = "../../examples/fen.rs"]
mod fen;
#[allow(dead_code)]
#[path = "../../examples/ogn.rs"]
mod ogn;
#[allow(dead_code)]
#[path = "../../examples/random_games.rs"]
mod random_games;

fn output(run: impl FnOnce(&mut Vec<u8>) -> Result<(), Box<dyn std::error::Error>>) -> String {
    let mut out = Vec::new();
    run(&mut out).expect("the example runs");
    String::from_utf8(out).expect("the example writes text")
}

#[test]
fn random_games_all_end_and_are_all_counted() {
    let text = output(|out| random_games::run(50, 7, out));
    let mut lines = text.lines();
    assert!(lines.next().unwrap().starts_with("50 random games, "));
    let counted: u32 = lines
        .map(|line| {
            line.split_whitespace()
                .next()
                .unwrap()
                .parse::<u32>()
                .unwrap()
        })
        .sum();
    assert_eq!(counted, 50, "{text}");
    // The same seed plays the same games.
    assert_eq!(text, output(|out| random_games::run(50, 7, out)));
}

#[test]
fn fens_with_their_line_ends_are_read_and_shown() {
    let text = output(|out| {
        fen::run(
            "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\r\n\n0-3-0-0-0-0-0-0-0-0-0-0-23-22-S\n4-4-S\n",
            out,
        )
    });
    assert!(
        text.contains("South to move\nlegal moves: ABCDEF\n"),
        "{text}"
    );
    assert!(
        text.contains("over: South wins 26–22 (the opponent could not be fed)"),
        "{text}"
    );
    assert!(text.contains("4-4-S: not a fen: "), "{text}");
}

#[test]
fn a_record_is_replayed_to_its_result() {
    let record = include_str!("../data/ogn/auale-finished.ogn");
    let text = output(|out| ogn::run(record, out));
    assert!(text.contains("South: Ama Owusu\n"), "{text}");
    assert!(text.contains("rules: abapa\n"), "{text}");
    assert!(text.contains("moves: FfEeAaDc"), "{text}");
    assert!(text.contains("South wins 26–22"), "{text}");
    let mut out = Vec::new();
    assert!(ogn::run("1. F F", &mut out).is_err());
}
