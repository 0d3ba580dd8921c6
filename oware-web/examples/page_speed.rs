//! The page's searches, run natively: the same module code the page's
//! search worker runs (`think::answer` on `think::engine`, one thread and
//! the page's table), the same requests (`rules=abapa moves=… depth=N`), a
//! new game before each (as the page's measure sends one), and the same
//! endgame database lent (abapa's, built to the size the page keeps), so
//! that the node counts are the page's own and the speeds compare like for
//! like. `oware-web/e2e/measure-speed.mjs` runs it beside the page:
//!
//! ```text
//! cargo run --profile release-lto -p oware-web --example page_speed -- DEPTH SEEDS MOVES...
//! ```
//!
//! It prints one line a position (`moves nodes ms`, the engine's own
//! figures from its answer) and a last line `total NODES MS`.

use std::process::ExitCode;

use oware_egdb::Ruleset;
use oware_web::{endgame, think};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(depth), Some(seeds)) = (
        args.first().and_then(|d| d.parse::<u32>().ok()),
        args.get(1).and_then(|s| s.parse::<u8>().ok()),
    ) else {
        eprintln!(
            "usage: page_speed DEPTH SEEDS MOVES... (DEPTH a number, SEEDS the endgame database's size, 0 to 48)"
        );
        return ExitCode::FAILURE;
    };
    let mut engine = think::engine(None);
    let mut held = Some(endgame::build(Ruleset::Abapa, seeds));
    let (mut nodes, mut ms) = (0_u64, 0_f64);
    for moves in &args[2..] {
        engine.new_game();
        let request = format!("rules=abapa moves={moves} depth={depth}");
        let answer = endgame::lend(&mut engine, &mut held, |engine| {
            think::answer(engine, &request, &mut |_| {})
        });
        let (Some(n), Some(t)) = (number(&answer, "nodes"), number(&answer, "ms")) else {
            eprintln!("`{request}` was answered {answer}");
            return ExitCode::FAILURE;
        };
        println!("{moves} {n} {t:.1}");
        // Node counts are whole numbers, written as JSON numbers.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let whole = n as u64;
        nodes += whole;
        ms += t;
    }
    println!("total {nodes} {ms:.1}");
    ExitCode::SUCCESS
}

/// The number after the last `"key":` in the JSON `text` (the answer's own, after its events' fields).
fn number(text: &str, key: &str) -> Option<f64> {
    let pattern = format!("\"{key}\":");
    let start = text.rfind(&pattern)? + pattern.len();
    let end = text[start..]
        .find(|c: char| c != '.' && c != '-' && c != 'e' && c != '+' && !c.is_ascii_digit())
        .map_or(text.len(), |end| start + end);
    text[start..end].parse().ok()
}
