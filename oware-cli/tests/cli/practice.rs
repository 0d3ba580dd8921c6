//! `oware practice`: an ending won over a pipe by following the database
//! (the moves computed here with the library), a slip said and taken back,
//! a lost position refused, bad input refused with the game unchanged, the
//! endings won kept in the data directory, the grades listed, and the
//! database: the installed one, else one built in memory.

use std::path::{Path, PathBuf};

use oware_core::{House, Position, Rules};
use oware_egdb::{Database, Ruleset};
use oware_puzzle::{GRADES, Judgement, Practice, PuzzleSet, seeds_on_board};

use crate::{Run, oware_command, oware_command_with_egdb, run};

/// A data directory of the test's own, empty.
fn data_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("oware-cli-practice-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `oware args` with `input`, the data directory `data`, no database installed.
fn practice(data: &Path, args: &[&str], input: &str) -> Run {
    let mut command = oware_command(args);
    command.env("XDG_DATA_HOME", data).env_remove("HOME");
    run(command, input)
}

/// The first ending of grade 1 the database settles, as `oware practice`
/// picks it for a newcomer, with the database it needs.
fn first_ending(db: &Database) -> Practice {
    PuzzleSet::shipped()
        .endings(GRADES[0])
        .into_iter()
        .find_map(|p| Practice::new(db, p.start(), p.rules()).ok())
        .expect("grade 1 has an ending the database settles")
}

/// The player's moves when every one is the database's hint, against its
/// defence, to the end.
fn hints_to_the_end(db: &Database, mut practice: Practice) -> Vec<House> {
    let mut moves = Vec::new();
    while practice.game().outcome().is_none() {
        let hint = practice.hint(db).unwrap();
        practice.play(db, hint).unwrap();
        moves.push(hint);
        if practice.game().outcome().is_none() {
            practice.defend(db).unwrap();
        }
    }
    assert_eq!(practice.reached(), Some(true));
    moves
}

fn lines(moves: &[House]) -> String {
    moves.iter().map(|h| format!("{h}\n")).collect()
}

#[test]
fn an_ending_is_won_by_following_the_database_and_kept() {
    let data = data_dir("win");
    let db = Database::build(Ruleset::Abapa, 6);
    let ending = first_ending(&db);
    let id = oware_puzzle::id_of(ending.game().rules(), ending.game().start());
    let moves = hints_to_the_end(&db, ending);
    let run = practice(&data, &["practice"], &lines(&moves));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains(&format!(
            "Endgame practice, abapa rules: ending {id}, grade 1 (2 to 6 seeds)."
        )) || run.stdout.contains(&format!(
            "Endgame practice, auale rules: ending {id}, grade 1 (2 to 6 seeds)."
        )),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("built in memory"),
        "no database is installed: {}",
        run.stdout
    );
    let plural = if moves.len() == 1 { "" } else { "s" };
    assert!(
        run.stdout.contains(&format!(
            " against perfect defence in {} move{plural}.",
            moves.len()
        )),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("slip"), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("Grade 1 (2 to 6 seeds): 1 of 400 endings won."),
        "{}",
        run.stdout
    );
    let kept = std::fs::read_to_string(data.join("oware/practice.txt")).unwrap();
    assert!(kept.lines().any(|l| l == format!("won {id}")), "{kept}");
    // The list counts it, and the next practice is another ending.
    let list = practice(&data, &["practice", "--list"], "");
    let grade_one = list.stdout.lines().nth(1).unwrap();
    assert!(grade_one.ends_with(" 400    1"), "{}", list.stdout);
    let next = practice(&data, &["practice"], "quit\n");
    assert_eq!(next.code, 0, "{}", next.stderr);
    assert!(next.stdout.contains("grade 1"), "{}", next.stdout);
    assert!(!next.stdout.contains(&id), "{}", next.stdout);
    assert!(next.stdout.contains("Stopped after 0 moves of yours."));
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_slip_is_said_at_once_and_retry_takes_it_back() {
    let data = data_dir("slip");
    // Found here, not written down: a grade-2 ending whose first move
    // can be a capture the database proves lets the win slip.
    let db = Database::build(Ruleset::Abapa, 9);
    let (start, rules, slip) = PuzzleSet::shipped()
        .endings(GRADES[1])
        .into_iter()
        .find_map(|p| {
            let practice = Practice::new(&db, p.start(), p.rules()).ok()?;
            let slip = practice.game().legal_moves().iter().find(|&h| {
                matches!(
                    practice.clone().play(&db, h),
                    Ok(Judgement::Slipped {
                        this_move: true,
                        ..
                    })
                )
            })?;
            Some((p.start(), p.rules(), slip))
        })
        .expect("grade 2 has an ending with a slip at its first move");
    let fen = start.to_fen();
    let hint = Practice::new(&db, start, rules).unwrap().hint(&db).unwrap();
    let input = format!("{slip}\nretry\n{hint}\nquit\n");
    let rules = rules_name(rules);
    let run = practice(
        &data,
        &["practice", "--fen", &fen, "--rules", rules],
        &input,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let said = format!("Your {slip} lets the win slip: after it ");
    let at = run
        .stdout
        .find(&said)
        .unwrap_or_else(|| panic!("{}", run.stdout));
    let after = &run.stdout[at..];
    assert!(after.contains("Took back "), "{}", run.stdout);
    assert!(after.contains(": the win was in hand here."), "{after}");
    // Back at the start, the hint keeps the win: nothing more is said of a slip.
    let retried = &after[after.find("Took back ").unwrap()..];
    assert!(!retried.contains("slip"), "{retried}");
    assert!(!data.join("oware/practice.txt").exists());
    let _ = std::fs::remove_dir_all(&data);
}

/// The name `--rules` takes for `rules`.
fn rules_name(rules: Rules) -> &'static str {
    Rules::PRESETS
        .iter()
        .find(|(_, r)| *r == rules)
        .map(|(name, _)| *name)
        .expect("a shipped puzzle's rules are a preset")
}

#[test]
fn a_lost_position_is_refused() {
    let data = data_dir("lost");
    let db = Database::build(Ruleset::Abapa, 6);
    // The position after the winner's capturing first move, the loser to
    // move: lost, by the database.
    let lost = PuzzleSet::shipped()
        .endings(GRADES[0])
        .into_iter()
        .find_map(|p| {
            let practice = Practice::new(&db, p.start(), p.rules()).ok()?;
            let mut game = practice.game().clone();
            game.play(practice.hint(&db)?).ok()?;
            let fresh = game.outcome().is_none() && game.moves_without_capture() == 0;
            let refused = Practice::new(&db, game.position(), Rules::ABAPA).err()?;
            (fresh && matches!(refused, oware_puzzle::NoPractice::Lost(_))).then(|| game.position())
        })
        .expect("grade 1 has such an ending");
    let fen = lost.to_fen();
    let run = practice(&data, &["practice", "--fen", &fen], "A\n");
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stderr.ends_with(&format!(
            "oware: error: {} to move loses this with best play; nothing to practise\n",
            lost.to_move()
        )),
        "{}",
        run.stderr
    );
    assert!(
        !run.stdout.contains("to move ("),
        "no prompt: {}",
        run.stdout
    );
}

#[test]
fn bad_input_is_refused_and_the_game_unchanged() {
    let data = data_dir("bad");
    let db = Database::build(Ruleset::Abapa, 6);
    let ending = first_ending(&db);
    let position = ending.game().position();
    let seat = position.to_move();
    let empty = House::ALL
        .into_iter()
        .find(|&h| h.seat() == seat && position.board()[h] == 0)
        .expect("a house of the mover's is empty");
    let fen = position.to_fen();
    let input = format!("z\n{empty}\nplay it\n\nquit\n");
    let run = practice(&data, &["practice", "--fen", &fen], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let letters = if seat == oware_core::Seat::South {
        "A-F"
    } else {
        "a-f"
    };
    for said in [
        format!("`z` is not a house: you play {seat}, {letters} (or type hint, retry, quit)"),
        format!("house {empty} is empty; legal: "),
        format!(
            "`play it` is not a move or a command: type a house ({letters}), hint, retry, help or quit"
        ),
        "Stopped after 0 moves of yours.".to_owned(),
    ] {
        assert!(run.stdout.contains(&said), "{said}: {}", run.stdout);
    }
    // Every prompt is the first one's: nothing was played.
    let prompts: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.contains(" to move ("))
        .map(|l| &l[..l.find(") > ").unwrap()])
        .collect();
    assert_eq!(prompts.len(), 5, "{}", run.stdout);
    assert!(prompts.windows(2).all(|w| w[0] == w[1]), "{prompts:?}");
}

#[test]
fn a_damaged_progress_file_is_named() {
    let data = data_dir("damaged");
    std::fs::create_dir_all(data.join("oware")).unwrap();
    let path = data.join("oware/practice.txt");
    std::fs::write(&path, "won abc234\nwon\n").unwrap();
    let run = practice(&data, &["practice"], "quit\n");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains(&format!(
            "{}, line 2: `won` is not a `won ID` record",
            path.display()
        )),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn the_installed_database_is_used_and_a_big_position_needs_one() {
    let data = data_dir("installed");
    let egdb = data.join("egdb");
    let egdb = egdb.to_str().unwrap();
    let build = run(
        oware_command(&["egdb", "build", "--max-seeds", "6", "--dir", egdb]),
        "",
    );
    assert_eq!(build.code, 0, "{}", build.stderr);
    let mut command = oware_command_with_egdb(&["practice", "--grade", "1"], egdb);
    command.env("XDG_DATA_HOME", &data);
    let used = run(command, "quit\n");
    assert_eq!(used.code, 0, "{}", used.stderr);
    assert!(!used.stdout.contains("built in memory"), "{}", used.stdout);
    assert!(used.stdout.contains("grade 1 (2 to 6 seeds)"));
    // 14 seeds: more than the installed database holds, too many to build.
    let big = Position::from_fen("2-2-2-1-0-0-0-1-2-2-1-1-17-17-S").unwrap();
    assert_eq!(seeds_on_board(&big), 14);
    let mut command = oware_command_with_egdb(&["practice", "--fen", &big.to_fen()], egdb);
    command.env("XDG_DATA_HOME", &data);
    let refused = run(command, "");
    assert_eq!(refused.code, 1);
    assert!(
        refused
            .stderr
            .contains("14 seeds on the board: the endgame database installed holds up to 6 seeds")
            && refused.stderr.contains("`oware egdb build"),
        "{}",
        refused.stderr
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn the_help_lists_the_grades_seeds() {
    let run = run(oware_command(&["practice", "--help"]), "");
    let help = run.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    for (n, grade) in GRADES.iter().enumerate() {
        let words = if n == 0 {
            format!("{} ({grade})", n + 1)
        } else {
            format!("{} ({} to {})", n + 1, grade.fewest, grade.most)
        };
        assert!(help.contains(&words), "{words}: {help}");
    }
}

#[test]
fn a_finished_grade_leads_to_the_next() {
    let data = data_dir("finished");
    let db = Database::build(Ruleset::Abapa, 6);
    let set = PuzzleSet::shipped();
    let (settled, unsettled): (Vec<_>, Vec<_>) = set
        .endings(GRADES[0])
        .into_iter()
        .partition(|p| Practice::new(&db, p.start(), p.rules()).is_ok());
    let won: String = settled
        .iter()
        .map(|p| format!("won {}\n", p.id()))
        .collect();
    std::fs::create_dir_all(data.join("oware")).unwrap();
    std::fs::write(data.join("oware/practice.txt"), won).unwrap();
    let next = practice(&data, &["practice"], "quit\n");
    assert_eq!(next.code, 0, "{}", next.stderr);
    assert!(
        next.stdout.contains(", grade 2 (7 to 9 seeds)."),
        "{}",
        next.stdout
    );
    let done = practice(&data, &["practice", "--grade", "1"], "");
    assert_eq!(done.code, 0, "{}", done.stderr);
    assert_eq!(
        done.stdout.lines().last(),
        Some(
            format!(
                "Every ending of grade 1 (2 to 6 seeds) the database settles is won ({} it cannot settle are left out): practise any position with --fen.",
                unsettled.len()
            )
            .as_str()
        ),
        "{}",
        done.stdout
    );
    let list = practice(&data, &["practice", "--list"], "");
    let grade_one = list.stdout.lines().nth(1).unwrap();
    assert!(
        grade_one.ends_with(&format!(" 400  {:>3}", settled.len())),
        "{}",
        list.stdout
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_position_no_database_decides_is_refused_with_the_way_to_one() {
    let data = data_dir("opening");
    let run = practice(&data, &["practice", "--moves", "EcAb"], "");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.starts_with(
            "oware: error: 48 seeds on the board: practice is for the positions an endgame database decides"
        ) && run.stderr.contains("`oware egdb build --max-seeds 48`"),
        "{}",
        run.stderr
    );
    let run = practice(
        &data,
        &[
            "practice",
            "--rules",
            "sowing",
            "--fen",
            "0-1-0-0-0-1-0-0-0-4-3-0-17-22-N",
        ],
        "",
    );
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .starts_with("oware: error: no endgame database is right for sowing: "),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[cfg(unix)]
#[test]
fn ctrl_c_at_the_prompt_stops_the_practice_as_ctrl_c_does() {
    use std::os::unix::process::ExitStatusExt;

    let data = data_dir("ctrl-c");
    let fen = "0-1-0-0-0-1-0-0-0-4-3-0-17-22-N";
    let mut command = oware_command(&["practice", "--fen", fen, "--rules", "auale"]);
    command.env("XDG_DATA_HOME", &data).env_remove("HOME");
    let live = crate::live::Live::start(command);
    live.wait_for("North to move (d e) > ", 1);
    live.interrupt();
    // stdin stays open: only the signal ends the session.
    let (status, output) = live.finish();
    assert!(
        output.ends_with("> \n(interrupted)\nStopped after 0 moves of yours.\n"),
        "{output}"
    );
    assert_eq!(status.signal(), Some(2), "{output}");
    assert!(!data.join("oware/practice.txt").exists());
    let _ = std::fs::remove_dir_all(&data);
}
