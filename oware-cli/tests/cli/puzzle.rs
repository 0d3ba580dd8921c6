//! `oware puzzle`: solving at the prompt over a pipe (right, wrong, hint),
//! the rating kept in the data directory, `list --format jsonl`, and
//! `check` on sound, wrong and damaged files.

use std::path::PathBuf;

use oware_core::House;
use oware_puzzle::{Puzzle, PuzzleSet};

use crate::{Run, oware_command, run};

/// A data directory of the test's own, empty.
fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oware-cli-puzzle-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `oware args` with `input`, the data directory `data`.
fn puzzle(data: &PathBuf, args: &[&str], input: &str) -> Run {
    let mut command = oware_command(args);
    command.env("XDG_DATA_HOME", data);
    run(command, input)
}

/// A shipped puzzle of at least `plies` moves, with a legal first move
/// that is not the solution's.
fn sample(plies: usize) -> (Puzzle, House) {
    let set = PuzzleSet::shipped();
    set.puzzles()
        .iter()
        .filter(|p| p.line().len() >= plies)
        .find_map(|p| {
            let wrong = p.game().legal_moves().iter().find(|&h| h != p.line()[0])?;
            Some((p.clone(), wrong))
        })
        .expect("the shipped set has such a puzzle")
}

fn solver_input(puzzle: &Puzzle) -> String {
    puzzle.solver_moves().map(|h| format!("{h}\n")).collect()
}

#[test]
fn a_puzzle_is_solved_over_a_pipe_and_the_rating_kept() {
    let data = data_dir("solve");
    let (p, _) = sample(3);
    let id = p.id();
    let run = puzzle(&data, &["puzzle", "--id", &id], &solver_input(&p));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with(&format!("Puzzle {id} (")),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("Right: "), "{}", run.stdout);
    assert!(run.stdout.contains("Solved! "), "{}", run.stdout);
    let kept = std::fs::read_to_string(data.join("oware/puzzles.txt")).unwrap();
    assert!(
        kept.contains(&format!("puzzle {id} ")) && kept.contains(" solved "),
        "{kept}"
    );
    let player: f64 = kept
        .lines()
        .find_map(|l| l.strip_prefix("player "))
        .and_then(|l| l.split(' ').next())
        .and_then(|r| r.parse().ok())
        .unwrap();
    assert!(player > 1500.0 - 1e-9 || p.rating() > 2000, "{kept}");
    // A second try says so and changes nothing.
    let again = puzzle(&data, &["puzzle", "--id", &id], &solver_input(&p));
    assert!(
        again
            .stdout
            .contains("this try does not change the ratings"),
        "{}",
        again.stdout
    );
    assert_eq!(
        std::fs::read_to_string(data.join("oware/puzzles.txt")).unwrap(),
        kept
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_wrong_move_fails_a_hint_names_the_house_and_bad_input_is_told() {
    let data = data_dir("fail");
    let (p, wrong) = sample(1);
    let id = p.id();
    let first = p.line()[0];
    let input = format!("xyz\n{wrong}\nhint\nretry\n");
    let run = puzzle(&data, &["puzzle", "--id", &id], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("`xyz` is not a house letter"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains(&format!("{wrong} is not it")),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains(&format!("Hint: sow house {first}.")),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("From the start again."),
        "{}",
        run.stdout
    );
    let kept = std::fs::read_to_string(data.join("oware/puzzles.txt")).unwrap();
    assert!(
        kept.contains(&format!("puzzle {id} ")) && kept.contains(" failed "),
        "{kept}"
    );
    // The solution replays the line with the proof's words.
    let shown = puzzle(&data, &["puzzle", "--id", &id], "solution\nquit\n");
    assert!(
        shown
            .stdout
            .contains(&format!("The solution, {}:", p.line_text())),
        "{}",
        shown.stdout
    );
    assert!(shown.stdout.contains("can force"), "{}", shown.stdout);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn the_daily_puzzle_is_the_same_on_a_date_and_unknown_ids_are_refused() {
    let data = data_dir("daily");
    let one = puzzle(&data, &["puzzle", "--date", "2026-12-07"], "");
    let two = puzzle(&data, &["puzzle", "--date", "2026-12-07"], "");
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_eq!(one.stdout, two.stdout);
    let bad = puzzle(&data, &["puzzle", "--id", "nope"], "");
    assert_eq!(bad.code, 1);
    assert!(
        bad.stderr.contains("no puzzle has the id `nope`"),
        "{}",
        bad.stderr
    );
    let date = puzzle(&data, &["puzzle", "--date", "2026-02-30"], "");
    assert!(date.stderr.contains("is not a date"), "{}", date.stderr);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn list_writes_one_json_object_a_puzzle() {
    let data = data_dir("list");
    let run = puzzle(&data, &["puzzle", "list", "--format", "jsonl"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let set = PuzzleSet::shipped();
    assert_eq!(run.stdout.lines().count(), set.puzzles().len());
    let first = run.stdout.lines().next().unwrap();
    let p = &set.puzzles()[0];
    for field in [
        format!("\"id\":\"{}\"", p.id()),
        format!("\"rules\":\"{}\"", p.rules()),
        format!("\"fen\":\"{}\"", p.start().to_fen()),
        format!("\"line\":\"{}\"", p.line_text()),
        format!("\"rating\":{}", p.rating()),
        format!("\"proof\":\"{}\"", p.proof().name()),
    ] {
        assert!(first.contains(&field), "{field} in {first}");
    }
    let stats = puzzle(&data, &["puzzle", "list", "--stats"], "");
    assert!(
        stats
            .stdout
            .starts_with(&format!("{} puzzles.", set.puzzles().len())),
        "{}",
        stats.stdout
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn check_proves_a_file_again_and_names_what_fails() {
    let data = data_dir("check");
    let set = PuzzleSet::shipped();
    let some: Vec<Puzzle> = set.puzzles().iter().take(4).cloned().collect();
    let good = data.join("good.puzzles");
    std::fs::write(
        &good,
        PuzzleSet::new(set.settings(), some.clone()).to_bytes(),
    )
    .unwrap();
    let run = puzzle(&data, &["puzzle", "check", good.to_str().unwrap()], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("4 puzzles checked in") && run.stdout.contains(": 0 failed"),
        "{}",
        run.stdout
    );
    // A puzzle whose first move is another legal one fails, by its id.
    let (p, wrong) = sample(1);
    let bad = Puzzle::new(
        p.rules(),
        p.start(),
        p.goal(),
        vec![wrong],
        p.themes(),
        p.rating(),
        p.proof(),
        p.uniqueness(),
        p.depth(),
    )
    .unwrap();
    let wrong_file = data.join("wrong.puzzles");
    std::fs::write(
        &wrong_file,
        PuzzleSet::new(set.settings(), vec![bad]).to_bytes(),
    )
    .unwrap();
    let run = puzzle(
        &data,
        &["puzzle", "check", wrong_file.to_str().unwrap()],
        "",
    );
    assert_eq!(run.code, 1);
    assert!(
        run.stdout
            .contains(&format!("{} fails: move 1 of the line", p.id())),
        "{}",
        run.stdout
    );
    // A damaged file is a clear error.
    let mut bytes = std::fs::read(&good).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&good, bytes).unwrap();
    let run = puzzle(&data, &["puzzle", "check", good.to_str().unwrap()], "");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("damaged puzzle file: checksum"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn build_mines_a_game_file_and_goes_on_where_it_stopped() {
    let data = data_dir("build");
    // South could take a's three seeds for the 25th (F), and played B.
    let games = data.join("games.ogn");
    std::fs::write(
        &games,
        "[FEN \"0-1-0-0-0-1-2-0-0-0-0-1-22-21-S\"]\n\n1. B *\n",
    )
    .unwrap();
    let out = data.join("mined.puzzles");
    let (games, out) = (games.to_str().unwrap(), out.to_str().unwrap());
    let args = [
        "puzzle",
        "build",
        games,
        "--out",
        out,
        "--depth",
        "6",
        "--egdb-seeds",
        "6",
    ];
    let run = puzzle(&data, &args, "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("1 games to mine (0 done before)"),
        "{}",
        run.stderr
    );
    let list = puzzle(&data, &["puzzle", "list", "--file", out], "");
    assert!(
        list.stdout
            .contains(" 0-1-0-0-0-1-2-0-0-0-0-1-22-21-S win  F "),
        "{}",
        list.stdout
    );
    // Run again: the game is done, nothing is mined twice.
    let again = puzzle(&data, &args, "");
    assert!(
        again.stderr.contains("0 games to mine (1 done before)"),
        "{}",
        again.stderr
    );
    // Other settings would mix two builds in one file: refused.
    let other = puzzle(
        &data,
        &["puzzle", "build", games, "--out", out, "--depth", "8"],
        "",
    );
    assert_eq!(other.code, 1);
    assert!(
        other.stderr.contains("was built with other settings"),
        "{}",
        other.stderr
    );
    let _ = std::fs::remove_dir_all(&data);
}
