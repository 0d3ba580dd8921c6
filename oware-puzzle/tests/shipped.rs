//! Every shipped puzzle proved again, as `oware puzzle check` does: the
//! same searches with the settings in the file, so a change to the search
//! or the rules that breaks a puzzle's proof fails here.

use std::sync::Mutex;

use oware_core::Rules;
use oware_puzzle::{Prover, PuzzleSet};

#[test]
fn every_shipped_puzzle_is_proved_again() {
    let set = PuzzleSet::shipped();
    assert!(!set.puzzles().is_empty());
    let mut first = Prover::new(set.settings());
    first.prepare(Rules::ABAPA);
    // The puzzles split between the cores, each its own engine.
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let next = Mutex::new(set.puzzles().iter());
    let failures = Mutex::new(Vec::new());
    let (next, failures_ref) = (&next, &failures);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let mut prover = first.fork();
            scope.spawn(move || {
                loop {
                    let puzzle = next.lock().unwrap().next();
                    let Some(puzzle) = puzzle else { break };
                    if let Err(error) = prover.check(puzzle) {
                        failures_ref
                            .lock()
                            .unwrap()
                            .push(format!("{}: {error}", puzzle.id()));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} failed: {failures:#?}",
        failures.len()
    );
}

#[test]
fn the_shipped_file_is_within_its_budget_and_refuses_damage() {
    let set = PuzzleSet::shipped();
    assert!(PuzzleSet::shipped_len() <= 250_000);
    let mut bytes = set.to_bytes();
    assert_eq!(PuzzleSet::from_bytes(&bytes), Ok(set));
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    assert!(PuzzleSet::from_bytes(&bytes).is_err());
}
