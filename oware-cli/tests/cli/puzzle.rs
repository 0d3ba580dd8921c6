//! `oware puzzle`: solving at the prompt over a pipe (right, wrong, hint),
//! the rating kept in the data directory, `list --format jsonl`, `check`
//! on sound, wrong and damaged files; and learning from mistakes: what
//! `analyze` saves, `puzzle --mistakes` retries.

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

/// A record where South could take a's three seeds for the 25th (F) and
/// played B: a thrown-away win.
const THROWN_AWAY: &str =
    "[Variant \"Oware Abapa\"]\n[FEN \"0-1-0-0-0-1-2-0-0-0-0-1-22-21-S\"]\n\n1. B *\n";

#[test]
fn analyze_saves_a_thrown_away_win_and_puzzle_mistakes_retries_it() {
    let data = data_dir("mistakes");
    let record = data.join("game.ogn");
    std::fs::write(&record, THROWN_AWAY).unwrap();
    let record = record.to_str().unwrap();
    let saved = data.join("oware").join("mistakes.bin");
    // Without mistakes first: nothing saved, the record the same.
    let plain = puzzle(&data, &["analyze", "--no-mistakes", record], "");
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    assert!(!saved.exists());
    assert!(!plain.stderr.contains("mistakes"), "{}", plain.stderr);
    let run = puzzle(&data, &["analyze", record], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout, plain.stdout,
        "the annotated record is unchanged"
    );
    assert!(
        run.stderr.contains(
            "Move 1, South played B: F would have forced a win.\nSaved to retry (1 waiting): oware puzzle --mistakes\n"
        ),
        "{}",
        run.stderr
    );
    let set = PuzzleSet::open(&saved).unwrap();
    assert_eq!(set.settings(), PuzzleSet::shipped().settings());
    assert_eq!(set.puzzles().len(), 1);
    assert_eq!(set.puzzles()[0].line(), [House::F]);
    assert_eq!(
        set.puzzles()[0].start().to_fen(),
        "0-1-0-0-0-1-2-0-0-0-0-1-22-21-S"
    );
    // Gone through again: the same mistake is not saved twice.
    let again = puzzle(&data, &["analyze", record], "");
    assert!(
        again.stderr.contains("Already saved to retry (1 waiting)"),
        "{}",
        again.stderr
    );
    assert_eq!(PuzzleSet::open(&saved).unwrap().puzzles().len(), 1);
    // North made no mistake here.
    let north = puzzle(&data, &["analyze", "--mistakes-of", "north", record], "");
    assert!(
        north.stderr.contains("No mistakes to retry"),
        "{}",
        north.stderr
    );
    let listed = puzzle(&data, &["puzzle", "list", "--mistakes"], "");
    assert!(
        listed
            .stdout
            .contains(" 0-1-0-0-0-1-2-0-0-0-0-1-22-21-S win  F "),
        "{}",
        listed.stdout
    );
    // Retried with a miss, it stays; solved cleanly, it leaves.
    let missed = puzzle(&data, &["puzzle", "--mistakes"], "hint\nF\n");
    assert_eq!(missed.code, 0, "{}", missed.stderr);
    assert!(
        missed.stdout.starts_with("Mistake 1 of 1")
            && missed.stdout.contains("Solved! ")
            && missed.stdout.contains("It stays with your mistakes")
            && missed
                .stdout
                .ends_with("0 mistakes solved; 1 left to retry (oware puzzle --mistakes).\n"),
        "{}",
        missed.stdout
    );
    let solved = puzzle(&data, &["puzzle", "--mistakes"], "F\n");
    assert!(
        solved
            .stdout
            .ends_with("1 mistake solved; none left to retry.\n"),
        "{}",
        solved.stdout
    );
    assert!(PuzzleSet::open(&saved).unwrap().puzzles().is_empty());
    let none = puzzle(&data, &["puzzle", "--mistakes"], "");
    assert!(
        none.stdout.starts_with("No mistakes saved to retry.")
            && none.stdout.contains("oware analyze GAME.ogn"),
        "{}",
        none.stdout
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_damaged_mistakes_file_is_named_and_left_as_it_is() {
    let data = data_dir("mistakes-damaged");
    let record = data.join("game.ogn");
    std::fs::write(&record, THROWN_AWAY).unwrap();
    let record = record.to_str().unwrap();
    let saved = data.join("oware").join("mistakes.bin");
    let set = PuzzleSet::shipped();
    let mut bytes = PuzzleSet::new(set.settings(), set.puzzles()[..2].to_vec()).to_bytes();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::create_dir_all(saved.parent().unwrap()).unwrap();
    std::fs::write(&saved, &bytes).unwrap();
    // analyze stops before any search, naming the file and what is wrong.
    let run = puzzle(&data, &["analyze", record], "");
    assert_eq!(run.code, 1);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    let named = format!("{}: damaged puzzle file: checksum", saved.display());
    assert!(run.stderr.contains(&named), "{}", run.stderr);
    assert!(run.stderr.contains("--no-mistakes"), "{}", run.stderr);
    let retry = puzzle(&data, &["puzzle", "--mistakes"], "F\n");
    assert_eq!(retry.code, 1);
    assert!(
        retry.stderr.contains(&named) && retry.stderr.contains("left as it is"),
        "{}",
        retry.stderr
    );
    assert_eq!(std::fs::read(&saved).unwrap(), bytes, "nothing lost");
    // --no-mistakes goes through the record all the same.
    let plain = puzzle(&data, &["analyze", "--no-mistakes", record], "");
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    assert!(
        plain.stdout.contains("1. B {[%oware ??"),
        "{}",
        plain.stdout
    );
    // A data directory that is a file: said before any search.
    std::fs::remove_dir_all(data.join("oware")).unwrap();
    std::fs::write(data.join("oware"), "not a folder").unwrap();
    let blocked = puzzle(&data, &["analyze", record], "");
    assert_eq!(blocked.code, 1);
    assert!(blocked.stdout.is_empty(), "{}", blocked.stdout);
    assert!(
        blocked.stderr.contains("cannot make") && blocked.stderr.contains("--no-mistakes"),
        "{}",
        blocked.stderr
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn analyze_with_no_data_directory_goes_through_the_record_and_says_so() {
    let data = data_dir("mistakes-homeless");
    let record = data.join("game.ogn");
    std::fs::write(&record, THROWN_AWAY).unwrap();
    let record = record.to_str().unwrap();
    let mut command = crate::oware_command(&["analyze", record]);
    command.env_remove("XDG_DATA_HOME").env_remove("HOME");
    let run = crate::run(command, "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("1. B"), "{}", run.stdout);
    assert!(
        run.stderr.contains(
            "mistakes: not looked for: there is no place to save them (set HOME or XDG_DATA_HOME)"
        ),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(&data);
}
