//! `oware match --resume`: a match stopped part way (simulated by a run of
//! fewer games into the same file) goes on from its saved games and ends as
//! if it had never stopped; a file of another match, or one cut short, is
//! refused and left as it was; and no run overwrites a file of games.

use std::path::Path;

use oware_core::Record;

use super::{oware_match, row, temp_file};
use crate::Run;

/// Level 4 against level 2, in-process: the same games on every run, each
/// game's noise seeded by the seed and the game's number.
const LEVELS: [&str; 4] = [
    "--engine",
    "level:4,name=four",
    "--engine",
    "level:2,name=two",
];

/// Runs the levels' match with `args` after [`LEVELS`] and `--seed 2`.
fn levels(args: &[&str]) -> Run {
    let mut all = LEVELS.to_vec();
    all.extend(["--seed", "2"]);
    all.extend(args);
    oware_match(&all)
}

/// The report after the match: the table, the Elo and the SPRT, without
/// the time it took.
fn report(stdout: &str) -> &str {
    let start = stdout.find("\nfour against two").expect("a table");
    let end = stdout.rfind(" games in ").expect("a time");
    &stdout[start..stdout[..end].rfind('\n').unwrap()]
}

/// Saves `games` games of the levels' match to `file` (made anew).
fn save_games(file: &Path, games: &str) -> String {
    let _ = std::fs::remove_file(file);
    let run = levels(&["--games", games, "--save", file.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    std::fs::read_to_string(file).unwrap()
}

/// Checks that `run` was refused before any game, saying each of
/// `messages`, and left `file` holding `text`.
fn refused(run: &Run, messages: &[&str], file: &Path, text: &str) {
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(!run.stdout.contains("games in"), "{}", run.stdout);
    for message in messages {
        assert!(
            run.stderr.contains(message),
            "{}\nwanted: {message}",
            run.stderr
        );
    }
    assert_eq!(std::fs::read_to_string(file).unwrap(), text);
}

/// Checks that `run` resumed `saved` games and played none.
fn played_nothing(run: &Run, saved: usize) {
    assert_eq!(run.code, 0, "{}", run.stderr);
    let resumed = format!(", {saved} resumed from ");
    assert!(run.stdout.contains(&resumed), "{}", run.stdout);
    assert!(run.stdout.contains("\n0 games in "), "{}", run.stdout);
}

#[test]
fn a_stopped_match_resumed_ends_as_one_never_stopped() {
    let file = temp_file("resume-8.ogn");
    let path = file.to_str().unwrap();
    let sprt = ["--sprt", "elo0=0 elo1=50"];
    let mut whole = vec!["--games", "8"];
    whole.extend(sprt);
    let whole = levels(&whole);
    assert_eq!(whole.code, 0, "{}", whole.stderr);
    let first_half = save_games(&file, "4");
    let mut args = vec![
        "--games",
        "8",
        "--save",
        path,
        "--resume",
        "--concurrency",
        "2",
    ];
    args.extend(sprt);
    let resumed = levels(&args);
    assert_eq!(resumed.code, 0, "{}{}", resumed.stdout, resumed.stderr);
    assert!(
        resumed.stdout.starts_with(&format!(
            "match: four against two, 8 games at most, abapa rules, concurrency 2, 4 resumed from {path}\n"
        )),
        "{}",
        resumed.stdout
    );
    assert_eq!(report(&resumed.stdout), report(&whole.stdout));
    assert!(
        resumed.stdout.contains("\n4 games in "),
        "{}",
        resumed.stdout
    );
    // The games are added after the saved ones, each round once.
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with(&first_half));
    let mut rounds: Vec<usize> = Record::read_all(&text)
        .unwrap()
        .iter()
        .map(|record| record.tag("Round").unwrap().parse().unwrap())
        .collect();
    rounds.sort_unstable();
    assert_eq!(rounds, [1, 2, 3, 4, 5, 6, 7, 8]);
    // A match whose games are all saved plays none.
    let again = levels(&["--games", "8", "--save", path, "--resume"]);
    played_nothing(&again, 8);
    assert_eq!(
        row(&again.stdout, "all games"),
        row(&whole.stdout, "all games")
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    let _ = std::fs::remove_file(&file);
}

#[test]
fn a_match_its_saved_games_decide_plays_nothing() {
    // Bounds so close that the first game decides the test, played one at
    // a time: with two at once, which game ends first (and so decides)
    // depends on how the machine shares its cores, and a loaded one once
    // let the other game decide.
    let sprt = "elo0=0 elo1=1000 alpha=0.4 beta=0.4";
    let file = temp_file("resume-decided.ogn");
    let path = file.to_str().unwrap();
    let _ = std::fs::remove_file(&file);
    let args = [
        "--games",
        "8",
        "--save",
        path,
        "--sprt",
        sprt,
        "--concurrency",
        "1",
    ];
    let first = levels(&args);
    assert!(first.stdout.contains(": H0 accepted"), "{}", first.stdout);
    let text = std::fs::read_to_string(&file).unwrap();
    let saved = Record::read_all(&text).unwrap().len();
    assert!(saved < 8, "{text}");
    let mut again = args.to_vec();
    again.push("--resume");
    let resumed = levels(&again);
    played_nothing(&resumed, saved);
    assert_eq!(report(&resumed.stdout), report(&first.stdout));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    let _ = std::fs::remove_file(&file);
}

#[test]
fn resuming_another_match_is_refused_and_the_file_left_as_it_was() {
    let file = temp_file("resume-other.ogn");
    let path = file.to_str().unwrap();
    let text = save_games(&file, "2");
    let resume = ["--save", path, "--resume"];
    // Each with its --seed and --games, the rest as saved.
    let cases: [(&[&str], &str); 5] = [
        (
            &["--seed", "3", "--games", "4"],
            "line 1 (round 1): its opening is `",
        ),
        (
            &["--seed", "2", "--games", "4", "--random-plies", "6"],
            "(are --seed, --random-plies and --openings the same?)",
        ),
        (
            &["--seed", "2", "--games", "4", "--rules", "awari"],
            "line 1 (round 1): its Variant is abapa, and this match plays awari",
        ),
        (
            &["--seed", "2", "--games", "4", "--movetime", "50"],
            "line 1 (round 1): its TimeControl is `the engine's own limits`, and this match's is `movetime 50 ms`",
        ),
        (
            &["--seed", "2", "--games", "1"],
            "(round 2): the round is past this match's 1 games",
        ),
    ];
    let resuming = format!("resuming from {path}: ");
    for (args, message) in cases {
        let run = oware_match(&[&LEVELS[..], args, &resume].concat());
        refused(&run, &[&resuming, message], &file, &text);
    }
    // Other engines' names, or the same engines the other way round.
    for engines in [
        [
            "--engine",
            "level:4,name=five",
            "--engine",
            "level:2,name=two",
        ],
        [
            "--engine",
            "level:2,name=two",
            "--engine",
            "level:4,name=four",
        ],
    ] {
        let mut args = engines.to_vec();
        args.extend(["--seed", "2", "--games", "4"]);
        args.extend(resume);
        let seats =
            "line 1 (round 1): its South is `four` and North `two`; in this match they are `";
        refused(&oware_match(&args), &[&resuming, seats], &file, &text);
    }
    let _ = std::fs::remove_file(&file);
}

#[test]
fn a_record_cut_short_at_the_end_is_dropped_said_and_played_again() {
    let file = temp_file("resume-cut.ogn");
    let path = file.to_str().unwrap();
    let whole = save_games(&file, "4");
    let text = save_games(&file, "2");
    let mut records = Record::read_each(&text);
    records.next();
    let start = records.line();
    // Stopped while writing the second game: in its moves, or in a tag.
    let in_moves = &text[..text.trim_end().rfind(char::is_whitespace).unwrap()];
    let in_tag = &text[..text.rfind("[Termination").unwrap() + 8];
    for (cut, round) in [(in_moves, " (round 2)"), (in_tag, "")] {
        std::fs::write(&file, cut).unwrap();
        let run = levels(&["--games", "4", "--save", path, "--resume"]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let said = format!(
            "oware: {path}: the last record, from line {start}{round}, was cut short by a match stopped while saving it: dropped, and its game is played again\n"
        );
        assert_eq!(run.stderr, said);
        assert!(run.stdout.contains(", 1 resumed from "), "{}", run.stdout);
        assert!(run.stdout.contains("\n3 games in "), "{}", run.stdout);
        // As if the match had never stopped.
        assert_eq!(std::fs::read_to_string(&file).unwrap(), whole);
    }
    // A file of something else is not cut: it holds no game of a match.
    std::fs::write(&file, "my notes\n").unwrap();
    let run = levels(&["--games", "4", "--save", path, "--resume"]);
    let message = format!("{path} holds no game of a match (it begins `my notes`): ");
    refused(
        &run,
        &[
            &message,
            "give the file a match saved to, or another --save file",
        ],
        &file,
        "my notes\n",
    );
    assert!(!run.stderr.contains("cut the file"), "{}", run.stderr);
    let _ = std::fs::remove_file(&file);
}

#[test]
fn saving_a_match_onto_a_file_of_games_is_refused_without_resume() {
    let file = temp_file("resume-refused.ogn");
    let path = file.to_str().unwrap();
    let text = save_games(&file, "2");
    let run = levels(&["--games", "2", "--save", path]);
    let message = format!(
        "{path} already holds 2 games of a match: give --resume to continue it, or another --save file"
    );
    refused(&run, &[&message], &file, &text);
    // Nor is a file that holds something else.
    std::fs::write(&file, "notes\n").unwrap();
    let run = levels(&["--games", "2", "--save", path]);
    let message = format!("{path} is not empty, and holds no saved game: give another --save file");
    refused(&run, &[&message], &file, "notes\n");
    let _ = std::fs::remove_file(&file);
    // --resume needs a file to resume from.
    let run = levels(&["--games", "2", "--resume"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--save <FILE>"), "{}", run.stderr);
}
