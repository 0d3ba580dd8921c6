//! `oware analyze`: one line per depth, a score under every house, the best move.
//!
//! The search's numbers change as it improves, so the lines' shape is
//! asserted, not their values.

use crate::oware;
use crate::show::FINISHED_GAME;

/// The table's rows: the lines after the header that start with a depth.
fn rows(stdout: &str) -> Vec<Vec<&str>> {
    stdout
        .lines()
        .skip_while(|line| !line.trim_start().starts_with("depth"))
        .map(|line| line.split_whitespace().collect::<Vec<_>>())
        .filter(|words| words.first().is_some_and(|w| w.parse::<u32>().is_ok()))
        .collect()
}

#[test]
fn one_line_per_depth_then_the_best_move() {
    let run = oware(&["analyze", "--depth", "4", "EcAb"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    // First the position, as `show` prints it.
    let shown = oware(&["show", "EcAb"], "").stdout;
    assert!(run.stdout.starts_with(&shown), "{}", run.stdout);
    let header = run
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("depth"))
        .unwrap();
    assert_eq!(
        header.split_whitespace().collect::<Vec<_>>(),
        [
            "depth", "score", "A", "B", "C", "D", "E", "F", "nodes", "nodes/s", "pv"
        ]
    );
    let rows = rows(&run.stdout);
    assert_eq!(
        rows.iter().map(|r| r[0]).collect::<Vec<_>>(),
        ["1", "2", "3", "4"]
    );
    for row in &rows {
        // depth, score, six houses (all legal here), nodes, rate, and a pv of
        // `depth` moves in transcript form.
        let depth: usize = row[0].parse().unwrap();
        assert_eq!(row.len(), 2 + 6 + 2 + 1, "{row:?}");
        assert_eq!(row[10].len(), depth, "{row:?}");
        for score in &row[1..8] {
            assert!(score.parse::<f32>().is_ok(), "{score} in {row:?}");
        }
    }
    let last = run.stdout.lines().last().unwrap();
    let best = last.strip_prefix("best move: ").expect(last);
    assert!("ABCDEF".contains(&best[..1]), "{last}");
    // The best move is the first move of the deepest line's pv.
    assert_eq!(best[..1], rows[3][10][..1]);
}

#[test]
fn north_to_move_lists_norths_houses_as_the_board_draws_them() {
    let run = oware(&["analyze", "--depth", "2", "E"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let header = run
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("depth"))
        .unwrap();
    assert!(
        header.contains("f       e       d       c       b       a"),
        "{header}"
    );
    let best = run.stdout.lines().last().unwrap();
    assert!(
        best.starts_with("best move: ") && "abcdef".contains(&best[11..12]),
        "{best}"
    );
}

#[test]
fn a_finished_game_has_nothing_to_think_about() {
    let run = oware(&["analyze", "--depth", "3", FINISHED_GAME], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .ends_with("game over: North wins 8–26 (25 seeds captured)\n"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("best move"));
}

#[test]
fn depth_and_time_are_one_or_the_other() {
    let run = oware(&["analyze", "--depth", "3", "--time", "100"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("cannot be used with"), "{}", run.stderr);
}

#[test]
fn a_time_limit_still_gives_a_move() {
    let run = oware(&["analyze", "--time", "50"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!rows(&run.stdout).is_empty());
    assert!(
        run.stdout
            .lines()
            .last()
            .unwrap()
            .starts_with("best move: ")
    );
}

#[test]
fn a_time_is_thought_for_in_full() {
    // As UCI's `go movetime`: the time asked for is used, not half of it
    // as a bot's clock plan would (the opening has depths to spare).
    let started = std::time::Instant::now();
    let run = oware(&["analyze", "--time", "300", "EcAb"], "");
    let took = started.elapsed();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let best = run
        .stdout
        .lines()
        .find(|line| line.starts_with("best move: "))
        .unwrap();
    let seconds: f64 = best
        .rsplit_once(" nodes in ")
        .and_then(|(_, time)| time.strip_suffix(" s)"))
        .unwrap_or_else(|| panic!("a time in seconds: {best}"))
        .parse()
        .unwrap();
    assert!((0.30..1.5).contains(&seconds), "{best}");
    assert!(took.as_millis() >= 300, "{took:?}");
    // For a record, each move's search is given the time too.
    let run = oware(&["analyze", "--time", "150", "-"], "1. E c *\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("[Annotator \"oware analyze, 150 ms a move\"]"),
        "{}",
        run.stdout
    );
}
