//! `oware play` with the moves piped on stdin: whole games, bad input, undo, hint.

use insta::assert_snapshot;

use crate::files::folder;
use crate::{oware, oware_in};

/// The diagram of the opening, as RULES.md draws it.
const OPENING: &str = "     f  e  d  c  b  a\n[ 0]  4  4  4  4  4  4\n      4  4  4  4  4  4 [ 0]\n      A  B  C  D  E  F\n";

/// The value after `prefix` on the last line that starts with it.
fn last_value<'a>(stdout: &'a str, prefix: &str) -> &'a str {
    stdout
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no line starts with {prefix:?} in:\n{stdout}"))
}

#[test]
fn a_whole_game_against_the_bot() {
    // A player who tries A, B, C, D, E, F in turn always finds a legal move
    // within six lines; the illegal tries are answered and the game goes on.
    let input = "A\nB\nC\nD\nE\nF\n".repeat(200);
    let run = oware(&["play", "--level", "1", "--seed", "7"], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stdout.contains('\x1b'), "no ANSI codes into a pipe");
    assert!(
        run.stdout
            .contains("you play South against the bot at level 1 (seed 7)")
    );
    let outcome = last_value(&run.stdout, "game over: ");
    let transcript = last_value(&run.stdout, "transcript: ");
    assert_eq!(
        last_value(&run.stdout, "replay it:  oware show "),
        transcript
    );
    // The bot answered every move of yours, and said so.
    let bot_moves = transcript.chars().filter(char::is_ascii_lowercase).count();
    assert!(bot_moves > 10, "{transcript}");
    assert_eq!(run.stdout.matches("\nNorth plays ").count(), bot_moves);
    assert_eq!(
        run.stdout.matches("the bot thinks for North").count(),
        bot_moves
    );
    // Replaying the transcript reaches the same end.
    let replay = oware(&["show", transcript], "");
    assert_eq!(last_value(&replay.stdout, "game over: "), outcome);
}

#[test]
fn two_people_bad_input_and_undo() {
    let input = "e\nEc\nG\n\nE\nB\nundo\nundo\nc\nhelp\nD\nquit\n";
    let args = ["play", "--humans"];
    assert_snapshot!(oware(&args, input).transcript(&args));
}

#[test]
fn undo_against_the_bot_takes_back_its_reply_too() {
    let run = oware(&["play", "--level", "1", "--seed", "1"], "E\nundo\nquit\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    // Your move and the bot's reply, in transcript form.
    let after_undo = run.stdout.split("took back E").nth(1).expect("an undo");
    assert!("abcdef".contains(&after_undo[..1]) && after_undo[1..].starts_with('\n'));
    // The board after the undo is the opening again, and nothing was played.
    let board: String = after_undo
        .lines()
        .skip(3)
        .take(4)
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(board, OPENING);
    assert_eq!(last_value(&run.stdout, "transcript: "), "(no moves)");
}

#[test]
fn nothing_to_undo_at_the_start() {
    let run = oware(&["play", "--level", "1", "--seed", "1"], "undo\nquit\n");
    assert!(
        run.stdout.contains("> undo\nnothing to undo\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_hint_names_a_legal_house() {
    let run = oware(
        &["play", "--level", "1", "--seed", "1", "--moves", "EcAb"],
        "hint\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("a hint for South, scores in seeds for South:")
    );
    let hint = last_value(&run.stdout, "hint: South plays ");
    assert!("ABCDEF".contains(&hint[..1]), "{hint}");
    assert_eq!(last_value(&run.stdout, "transcript: "), "EcAb");
}

#[test]
fn the_bot_opens_when_you_play_north() {
    let run = oware(
        &["play", "--seat", "north", "--level", "1", "--seed", "3"],
        "quit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let opening = last_value(&run.stdout, "South plays ");
    assert!("ABCDEF".contains(&opening[..1]), "{opening}");
    assert!(run.stdout.contains("North to move (a b c d e f) > quit"));
    assert_eq!(last_value(&run.stdout, "transcript: "), &opening[..1]);
}

#[test]
fn moves_and_rules_carry_into_the_replay_command() {
    let run = oware(
        &["play", "--humans", "--rules", "sowing", "--moves", "EcAb"],
        "quit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with("Oware (sowing rules): two players at one keyboard.")
    );
    assert_eq!(
        last_value(&run.stdout, "replay it:  "),
        "oware show --rules sowing EcAb"
    );
}

#[test]
fn the_end_of_input_ends_the_game_with_its_transcript() {
    let run = oware(&["play", "--humans"], "E\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("(end of input)\ngame stopped after 1 move\ntranscript: E\n")
    );
}

#[test]
fn bad_options_name_the_bad_input() {
    let run = oware(&["play", "--moves", "EcE"], "");
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "oware: error: --moves: move 3, E, is illegal: house E is empty\n"
    );
    let run = oware(&["play", "--level", "20"], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("there is no level 20: levels are 1 to 19"),
        "{}",
        run.stderr
    );
}

#[test]
fn under_awari_the_prompt_and_the_refusal_offer_the_same_moves() {
    // South's F (6 seeds) would make every house of North's 2 and take
    // them all: a grand slam, which awari forbids while A is legal.
    let path = std::env::temp_dir().join(format!("oware-cli-slam-{}.ogn", std::process::id()));
    let record = "[Variant \"awari\"]\n[FEN \"1-0-0-0-0-6-1-1-1-1-1-1-18-17-S\"]\n\n*\n";
    std::fs::write(&path, record).unwrap();
    let args = [
        "play",
        "--load",
        path.to_str().unwrap(),
        "--level",
        "1",
        "--seed",
        "1",
    ];
    let run = oware(&args, "F\nquit\n");
    let _ = std::fs::remove_file(&path);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("South to move (A) > F\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("(a grand slam), which these rules forbid; legal: A\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn against_the_bot_either_case_names_your_own_house() {
    let run = oware(&["play", "--level", "1", "--seed", "1"], "e\nhelp\nquit\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        last_value(&run.stdout, "transcript: ").starts_with('E'),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("A-F   sow that house (either case: you play South, so `c` is C)"),
        "{}",
        run.stdout
    );
    // As North, `C` is c.
    let run = oware(
        &["play", "--level", "1", "--seed", "1", "--seat", "north"],
        "C\nquit\n",
    );
    let transcript = last_value(&run.stdout, "transcript: ");
    assert_eq!(transcript.chars().nth(1), Some('c'), "{}", run.stdout);
}

#[test]
fn a_game_saved_without_a_seed_is_given_the_one_it_was_played_with() {
    let dir = folder("seed");
    // A record from elsewhere: the bot takes North, at a level with mistakes.
    std::fs::write(dir.join("g.ogn"), "1. E *\n").unwrap();
    let args = [
        "play", "--load", "g.ogn", "--save", "g.ogn", "--seat", "south", "--level", "2",
    ];
    let run = oware_in(&dir, &args, "quit\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let seed = run
        .stdout
        .split_once("(seed ")
        .and_then(|(_, rest)| rest.split_once(')'))
        .map(|(seed, _)| seed.to_owned())
        .unwrap_or_else(|| panic!("the seed is said: {}", run.stdout));
    let text = std::fs::read_to_string(dir.join("g.ogn")).unwrap();
    assert!(text.contains(&format!("[BotSeed \"{seed}\"]")), "{text}");
    // Continued, the same seed.
    let run = oware_in(&dir, &["play", "--load", "g.ogn"], "quit\n");
    assert!(
        run.stdout.contains(&format!("(seed {seed})")),
        "{}",
        run.stdout
    );
    // A tag that is no seed is refused with its place.
    std::fs::write(
        dir.join("bad.ogn"),
        "[South \"oware level 2\"]\n[BotSeed \"x\"]\n\n1. E *\n",
    )
    .unwrap();
    let run = oware_in(&dir, &["play", "--load", "bad.ogn"], "quit\n");
    assert_eq!(
        run.stderr,
        "oware: error: --load bad.ogn: its BotSeed tag, `x`, is not a seed (a whole number)\n"
    );
}

#[test]
fn two_people_take_no_level_or_seed() {
    for option in [["--level", "5"], ["--seed", "4"]] {
        let args = [&["play", "--humans"][..], &option].concat();
        let run = oware(&args, "quit\n");
        assert_eq!(run.code, 2, "{option:?}: {}", run.stdout);
        assert!(
            run.stderr
                .contains("the argument '--humans' cannot be used with"),
            "{}",
            run.stderr
        );
        assert!(run.stderr.contains(option[0]), "{}", run.stderr);
    }
}

#[test]
fn piped_moves_never_meet_the_offer_to_build_the_database() {
    // No database in the default directory and the offer not turned off:
    // stdin is a pipe, so the game starts at once, as the README shows it,
    // and nothing is built there.
    let mut command = crate::oware_command(&["play", "--level", "3", "--seed", "1"]);
    command.env_remove("OWARE_NO_EGDB_OFFER");
    let run = crate::run(command, "E\nquit\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with(OPENING) || run.stdout.contains(OPENING));
    for word in ["endgame database", "Build it now", "[Y/n]"] {
        assert!(!run.stdout.contains(word), "{word}: {}", run.stdout);
        assert!(!run.stderr.contains(word), "{word}: {}", run.stderr);
    }
    assert!(!std::path::Path::new(crate::NO_EGDB).exists());
}
