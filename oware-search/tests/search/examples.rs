//! The search example, run here on fixed inputs so that `cargo test` keeps
//! it working: its `main` only reads its arguments and hands them to `run`.

#[allow(dead_code)] // its `main` runs as the example, not here
#[path = "../../examples/search.rs"]
mod search;

#[test]
fn the_example_finds_a_legal_move_both_ways() {
    let mut out = Vec::new();
    search::run(None, 4, &mut out).expect("the opening has a move");
    let text = String::from_utf8(out).unwrap();
    let first = text.lines().next().unwrap();
    let answer = first.strip_prefix("best move at depth 4: ").expect(&text);
    let (house, line) = answer.split_once(" (").expect(&text);
    assert!("ABCDEF".contains(house), "{text}");
    // The line expected starts with the move, and is at most four plies.
    let line = line.split_once("), expecting ").expect(&text).1;
    assert!(line.starts_with(house) && line.len() <= 4, "{text}");
    // Four completed depths, then the same move from the streaming form.
    assert_eq!(text.lines().count(), 1 + 4 + 1, "{text}");
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with(&format!("{house}, score ")),
        "{text}"
    );
    // A finished game has no move: an error, not a panic.
    let mut out = Vec::new();
    assert!(search::run(Some("0-0-0-0-0-1-0-0-0-0-0-2-20-25-S"), 4, &mut out).is_err());
    assert!(search::run(Some("not a fen"), 4, &mut Vec::new()).is_err());
}
