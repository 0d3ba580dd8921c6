//! `oware match`: matches over the engine protocol between real `oware uci`
//! processes, and against test engines that crash, hang, play illegal
//! moves, print garbage or answer late (the `misbehaving_engine` example):
//! each forfeits its games and the match goes on.

use std::path::PathBuf;
use std::process::Command;

use oware_core::{Record, Seat, Transcript};

use crate::Run;

const OWARE: &str = env!("CARGO_BIN_EXE_oware");

/// The `misbehaving_engine` example, which `cargo test` builds beside the
/// test binaries (`target/<profile>/examples/`, the tests being in `deps/`).
fn misbehaving_engine() -> String {
    let exe = std::env::current_exe().expect("the test binary's path");
    let profile = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("the test binary is in <target>/<profile>/deps");
    let path = profile.join("examples").join(format!(
        "misbehaving_engine{}",
        std::env::consts::EXE_SUFFIX
    ));
    assert!(
        path.exists(),
        "{} is missing: `cargo test -p oware-cli` builds the examples (`--test cli` alone does not)",
        path.display()
    );
    path.display().to_string()
}

/// Runs `oware match` with `args`; the wrapped test engines find the
/// binary in `$OWARE`.
fn oware_match(args: &[&str]) -> Run {
    let output = Command::new(OWARE)
        .arg("match")
        .args(args)
        .env("OWARE", OWARE)
        .output()
        .expect("the oware binary runs");
    Run {
        code: output.status.code().expect("oware exits normally"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// A file in the system's temporary folder, unique to this test run.
fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("oware-match-{}-{name}", std::process::id()))
}

/// The row of the final table that starts with `label`, as its numbers.
fn row(stdout: &str, label: &str) -> Vec<String> {
    let line = stdout
        .lines()
        .find(|l| l.trim_start().starts_with(label))
        .unwrap_or_else(|| panic!("no row `{label}` in\n{stdout}"));
    line[line.find(label).unwrap() + label.len()..]
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

#[test]
fn two_levels_over_the_protocol_play_every_opening_with_both_colours() {
    let save = temp_file("levels.txt");
    let eleven = format!("cmd={OWARE} uci,name=eleven,level=11");
    let three = format!("cmd={OWARE} uci,name=three,depth=3");
    let run = oware_match(&[
        "--engine",
        &eleven,
        "--engine",
        &three,
        "--games",
        "4",
        "--concurrency",
        "2",
        "--seed",
        "5",
        "--save",
        save.to_str().unwrap(),
        // This is about play over the protocol, not speed: a loaded
        // machine must not make a debug build lose on time.
        "--margin",
        "60000",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(!run.stdout.contains("forfeits"), "{}", run.stdout);
    assert_eq!(row(&run.stdout, "all games")[0], "4", "{}", run.stdout);
    assert_eq!(row(&run.stdout, "eleven as South")[0], "2");
    assert_eq!(row(&run.stdout, "eleven as North")[0], "2");
    assert!(run.stdout.contains("over 2 pairs"), "{}", run.stdout);

    // Every saved game is an OGN record that replays to the result written.
    let text = std::fs::read_to_string(&save).unwrap();
    let _ = std::fs::remove_file(&save);
    let records = Record::read_all(&text).unwrap();
    assert_eq!(records.len(), 4, "{text}");
    // Games are saved as they end, which with two at once need not be in order.
    let mut openings = [""; 4].map(str::to_owned);
    for record in &records {
        let number: usize = record.tag("Round").unwrap().parse().unwrap();
        let (south, north) = if number % 2 == 1 {
            ("eleven", "three")
        } else {
            ("three", "eleven")
        };
        assert_eq!(record.tag("Event"), Some("oware match"));
        assert_eq!(record.tag("South"), Some(south), "{text}");
        assert_eq!(record.tag("North"), Some(north), "{text}");
        assert_eq!(record.tag("Variant"), Some("Oware Abapa"));
        // Each seat's limits: three searches to depth 3, eleven at its level's.
        let three_at = if south == "three" {
            "South depth 3; North "
        } else {
            "; North depth 3"
        };
        let time_control = record.tag("TimeControl").unwrap();
        assert!(time_control.contains(three_at), "{time_control}");
        assert_eq!(record.tag("OpeningPlies"), Some("4"));
        let game = record.game();
        let opening = Transcript::from(game.moves()[..4].to_vec()).to_string();
        openings[number - 1] = opening;
        let outcome = game.outcome().expect("the game was played to its end");
        let score = match outcome.winner {
            Some(Seat::South) => "1-0",
            Some(Seat::North) => "0-1",
            None => "1/2-1/2",
        };
        assert_eq!(record.tag("Points"), Some(score));
        assert_eq!(
            record.tag("Termination"),
            Some(outcome.to_string().as_str())
        );
        let seeds = format!("{}-{}", outcome.seeds.south, outcome.seeds.north);
        assert_eq!(record.tag("Result"), Some(seeds.as_str()));
    }
    assert_eq!(openings[0], openings[1]);
    assert_eq!(openings[2], openings[3]);
    assert_ne!(openings[0], openings[2]);
}

/// Plays 4 games of a test engine, at 50 ms a move and the margin given,
/// against level 1 (at its own depth, with no time to lose on), and returns
/// the run after checking that the match finished.
fn against_level_one(engine: &str, margin: &str) -> Run {
    let run = oware_match(&[
        "--engine",
        &format!("{engine},movetime=50"),
        "--engine",
        "level:1",
        "--games",
        "4",
        "--margin",
        margin,
        "--timeout",
        "5000",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("\n4 games in "), "{}", run.stdout);
    run
}

#[test]
fn engines_that_crash_hang_cheat_or_babble_forfeit_every_game_and_the_match_goes_on() {
    let misbehave = misbehaving_engine();
    for (mode, kind, reason) in [
        ("crash", "crashed", "crashed: its output closed"),
        ("hang", "hung", "hung: no bestmove within 1150 ms"),
        ("illegal", "illegal move", ", illegal: house "),
        ("garbage", "garbage", "answered garbage: `bestmove Z?`"),
    ] {
        let run = against_level_one(&format!("cmd={misbehave} {mode},name={mode}"), "100");
        let forfeits: Vec<&str> = run
            .stdout
            .lines()
            .filter(|l| l.contains(&format!("{mode} (")) && l.contains("forfeits"))
            .collect();
        // Restarted after each forfeit, it is there to forfeit the next game.
        assert_eq!(forfeits.len(), 4, "{mode}:\n{}", run.stdout);
        for line in forfeits {
            assert!(line.contains(reason), "{mode}: {line}");
        }
        assert_eq!(
            row(&run.stdout, &format!("forfeit: {kind}")),
            ["4", "0", "0", "4", "0.0%"],
            "{mode}:\n{}",
            run.stdout
        );
    }
}

#[test]
fn a_late_answer_loses_on_time_and_noise_around_good_moves_is_harmless() {
    let wrapped = misbehaving_engine();
    let run = against_level_one(&format!("cmd={wrapped} slow,name=slow"), "100");
    assert_eq!(
        row(&run.stdout, "forfeit: time"),
        ["4", "0", "0", "4", "0.0%"],
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("forfeits: lost on time: "),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains(" ms taken, 50 ms allowed"),
        "{}",
        run.stdout
    );

    // A margin no loaded machine reaches: this is about the noise alone.
    let run = against_level_one(&format!("cmd={wrapped} noisy,name=noisy"), "60000");
    assert!(!run.stdout.contains("forfeits"), "{}", run.stdout);
}

#[test]
fn a_clock_is_sent_as_both_times_and_increments() {
    // The wrapped engine answers only a `go` with wtime, btime, winc and
    // binc; on any other it hangs and forfeits.
    let run = oware_match(&[
        "--engine",
        &format!("cmd={} clock,name=clock", misbehaving_engine()),
        "--engine",
        // Its own depth, in place of the clock: quick.
        "level:1,depth=1",
        "--tc",
        "60+0.1",
        "--games",
        "2",
        "--timeout",
        "5000",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(!run.stdout.contains("forfeits"), "{}", run.stdout);
    assert_eq!(row(&run.stdout, "all games")[0], "2", "{}", run.stdout);
    // Told a time per move instead, it never answers.
    let run = oware_match(&[
        "--engine",
        &format!("cmd={} clock,name=clock,movetime=50", misbehaving_engine()),
        "--engine",
        "level:1",
        "--games",
        "2",
    ]);
    assert_eq!(
        row(&run.stdout, "forfeit: hung"),
        ["2", "0", "0", "2", "0.0%"],
        "{}",
        run.stdout
    );
}

#[test]
fn the_sprt_stops_a_clear_match_early() {
    let run = oware_match(&[
        "--engine",
        "level:6",
        "--engine",
        "level:1",
        "--games",
        "400",
        "--concurrency",
        "2",
        "--sprt",
        "elo0=0 elo1=100 alpha=0.05 beta=0.05",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("): H1 accepted"), "{}", run.stdout);
    let played: usize = row(&run.stdout, "all games")[0].parse().unwrap();
    assert!(played < 400, "{}", run.stdout);
    assert!(run.stdout.contains("LLR "), "{}", run.stdout);
}

/// Two in-process levels with the openings of `file`.
fn levels_with_openings(file: &str) -> Vec<&str> {
    vec![
        "--engine",
        "level:3",
        "--engine",
        "level:2",
        "--openings",
        file,
    ]
}

#[test]
fn openings_from_records_and_games_saved_as_records() {
    let records = temp_file("records-in.ogn");
    let save = temp_file("records-out.ogn");
    let _ = std::fs::remove_file(&save);
    std::fs::write(
        &records,
        "[Round \"1\"]\n\n1. E c *\n\n[FEN \"0-0-0-0-0-3-0-2-1-0-5-3-16-18-N\"]\n\n1. c *\n",
    )
    .unwrap();
    let mut args = levels_with_openings(records.to_str().unwrap());
    args.extend(["--games", "4", "--save", save.to_str().unwrap()]);
    let run = oware_match(&args);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let saved = Record::read_all(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(saved.len(), 4);
    for record in &saved {
        let round: usize = record.tag("Round").unwrap().parse().unwrap();
        let game = record.game();
        if round <= 2 {
            assert_eq!(record.tag("FEN"), None);
            assert_eq!(
                Transcript::from(game.moves()[..2].to_vec()).to_string(),
                "Ec"
            );
        } else {
            // The set-up opening: its start, then its move.
            assert_eq!(record.tag("FEN"), Some("0-0-0-0-0-3-0-2-1-0-5-3-16-18-N"));
            assert_eq!(game.moves()[0], oware_core::House::c);
        }
        assert_eq!(
            record.tag("OpeningPlies"),
            Some("1").filter(|_| round > 2).or(Some("2"))
        );
    }
    // The saved games are openings again, read by the same reader.
    let mut again = levels_with_openings(save.to_str().unwrap());
    again.extend(["--games", "2"]);
    let run = oware_match(&again);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("record 1: the game is over after its moves"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_file(&records);
    let _ = std::fs::remove_file(&save);
}

#[test]
fn mistakes_in_the_command_are_named_before_any_game() {
    let quiet = format!("cmd={} quiet,name=quiet", misbehaving_engine());
    let openings = temp_file("openings.txt");
    std::fs::write(&openings, "# openings\nEcAb\nFfEE\n").unwrap();
    let openings_arg = openings.to_str().unwrap().to_owned();
    let records = temp_file("openings.ogn");
    let finished = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../oware-core/tests/data/ogn/auale-finished.ogn"
    ))
    .unwrap();
    std::fs::write(&records, format!("1. E c *\n\n{finished}")).unwrap();
    let records_arg = records.to_str().unwrap().to_owned();
    let bad_option = format!("cmd={OWARE} uci,name=bad,option.Hash=abc");
    let unknown_option = format!("cmd={OWARE} uci,name=odd,option.Contempt=10");
    let cases: [(Vec<&str>, String); 8] = [
        (
            vec!["--engine", "level:3"],
            "a match needs exactly two --engine options, found 1".to_owned(),
        ),
        (
            vec![
                "--engine",
                "level:3",
                "--engine",
                "cmd=/no/such/engine,movetime=10",
            ],
            "engine engine: did not start: /no/such/engine: No such file or directory".to_owned(),
        ),
        (
            vec![
                "--engine",
                &quiet,
                "--engine",
                "level:1",
                "--movetime",
                "10",
                "--timeout",
                "300",
            ],
            format!(
                "engine quiet: did not start: {}: no uciok within 300 ms",
                misbehaving_engine()
            ),
        ),
        (
            vec!["--engine", "level:3", "--engine", "cmd=oware uci"],
            "engine oware has no limits: give --movetime or --tc".to_owned(),
        ),
        (
            levels_with_openings(&openings_arg),
            "line 3: character 4 of the transcript, `E`, is a move by South, but North is to move"
                .to_owned(),
        ),
        (
            levels_with_openings(&records_arg),
            "record 2: the game is over after its moves".to_owned(),
        ),
        (
            vec![
                "--engine",
                &bad_option,
                "--engine",
                "level:1",
                "--movetime",
                "10",
            ],
            "engine bad: did not start: ".to_owned()
                + OWARE
                + ": it refuses option.Hash=abc: column 27: Hash must be 1 to 4096 megabytes, found `abc`",
        ),
        (
            vec![
                "--engine",
                &unknown_option,
                "--engine",
                "level:1",
                "--movetime",
                "10",
            ],
            "engine odd: did not start: ".to_owned()
                + OWARE
                + ": it refuses option.Contempt=10: unknown option `Contempt`",
        ),
    ];
    for (args, message) in cases {
        let run = oware_match(&args);
        assert_eq!(run.code, 1, "{args:?}: {}", run.stdout);
        assert!(
            run.stderr.contains(&message),
            "{args:?}: {}\nwanted: {message}",
            run.stderr
        );
    }
    let _ = std::fs::remove_file(&openings);
    let _ = std::fs::remove_file(&records);
    // A malformed engine description or test is refused by the flag parser.
    let run = oware_match(&["--engine", "cmd=e,colour=red", "--engine", "level:1"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unknown key `colour`"),
        "{}",
        run.stderr
    );
    let run = oware_match(&[
        "--engine", "level:1", "--engine", "level:2", "--sprt", "elo0=5",
    ]);
    assert!(run.stderr.contains("sprt needs elo1"), "{}", run.stderr);
    let run = oware_match(&["--help"]);
    assert!(run.stdout.contains("Usage: oware match"), "{}", run.stdout);
    assert!(run.stdout.contains("--engine level:17"), "{}", run.stdout);
}

/// Two levels of the built-in engine in-process, at depths too small for
/// their time limits to matter: the same games on every run.
#[test]
fn the_report_of_a_small_match() {
    let args = [
        "--engine",
        "level:4,name=four",
        "--engine",
        "level:2,name=two",
        "--games",
        "6",
        "--seed",
        "2",
        "--progress-every",
        "2",
        "--sprt",
        "elo0=0 elo1=50",
    ];
    let run = oware_match(&args);
    let mut full = vec!["match"];
    full.extend(args);
    insta::with_settings!({ filters => vec![(r"games in \d+\.\d s", "games in [time]")] }, {
        insta::assert_snapshot!(run.transcript(&full));
    });
}

#[test]
fn two_games_give_no_elo_interval_and_say_why() {
    let args = [
        "--engine",
        "level:3,name=three",
        "--engine",
        "level:3,name=again",
        "--games",
        "2",
        "--seed",
        "4",
    ];
    let run = oware_match(&args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stdout.contains("± 0.0"), "{}", run.stdout);
    let elo = run
        .stdout
        .lines()
        .find(|line| line.starts_with("Elo difference"))
        .unwrap_or_else(|| panic!("no Elo line in\n{}", run.stdout));
    insta::assert_snapshot!(elo);
}

#[path = "match_resume.rs"]
mod resume;
