//! The endgame database's figures: a build too big for the machine is
//! refused with its sizes; a build keeps its speed for the next estimate;
//! `oware play` at a terminal offers to complete a partial database, and
//! a no is remembered.

use crate::files::folder;
use crate::live::{Live, at_a_terminal};
use crate::oware;

#[test]
fn a_build_past_the_disk_and_the_memory_is_refused_naming_both() {
    let dir = folder("egdb-too-big").join("db");
    let path = dir.to_str().unwrap();
    let run = oware(&["egdb", "build", "--max-seeds", "48", "--dir", path], "");
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stderr.starts_with(
            "oware: error: the abapa database up to 48 seeds does not fit here: it needs 2.8 TB on disk, and "
        ) && run.stderr.ends_with(
            "give --force to build it anyway, or fewer --max-seeds\n"
        ),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(&format!(" is free in {path}")),
        "{}",
        run.stderr
    );
    assert!(!dir.exists(), "nothing is made");
}

#[test]
fn a_build_keeps_its_speed_for_the_next_estimate() {
    let dir = folder("egdb-speed");
    let path = dir.to_str().unwrap();
    let before = oware(&["egdb", "status", "--dir", path], "");
    assert!(
        before.stdout.contains("to build here (estimated for "),
        "{}",
        before.stdout
    );
    let run = oware(&["egdb", "build", "--max-seeds", "9", "--dir", path], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let speed = std::fs::read_to_string(dir.join("build-speed")).unwrap();
    let (ruleset, rate) = speed.trim().split_once(' ').unwrap();
    assert_eq!(ruleset, "abapa");
    assert!(rate.parse::<u64>().unwrap() > 0, "{speed}");
    let after = oware(&["egdb", "status", "--dir", path], "");
    let line = after
        .stdout
        .lines()
        .find(|line| line.contains("completes it to 20 seeds"))
        .unwrap_or_else(|| panic!("{}", after.stdout));
    assert!(
        line.contains("to build here (at the last build's speed here, "),
        "{line}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn play_offers_to_complete_a_partial_database_and_remembers_a_no() {
    let dir = folder("egdb-partial").join("db");
    let path = dir.to_str().unwrap();
    let run = oware(&["egdb", "build", "--max-seeds", "6", "--dir", path], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let command = format!("{} play --humans", env!("CARGO_BIN_EXE_oware"));
    let Some(mut script) = at_a_terminal(&command) else {
        return;
    };
    script.env("OWARE_EGDB", path);
    let mut live = Live::start(script);
    live.wait_for("[Y/n]", 1);
    let output = live.output();
    assert!(
        output.contains(&format!(
            "The endgame database in {path} goes up to 6 of the default's 20 seeds (a build stopped before its end?); the engine uses what is there."
        )),
        "{output}"
    );
    assert!(
        output.contains("positions/s, measured just now)"),
        "{output}"
    );
    live.send(b"n\n");
    live.wait_for("to move", 1);
    live.send(b"quit\n");
    let (status, output) = live.finish();
    assert!(status.success(), "{output}");
    let file = dir.join("offer-declined");
    assert!(
        output.contains(&format!(
            "Playing with the database up to 6 seeds. Not asked again: `oware egdb build` builds it any time, and removing {} has play ask again.",
            file.display()
        )),
        "{output}"
    );
    assert!(file.exists());
    // The next game starts at once, the database's 6 seeds used.
    let mut script = at_a_terminal(&command).expect("script was found just now");
    script.env("OWARE_EGDB", path);
    let mut live = Live::start(script);
    live.wait_for("to move", 1);
    live.send(b"quit\n");
    let (status, output) = live.finish();
    assert!(status.success(), "{output}");
    assert!(!output.contains("[Y/n]"), "{output}");
}

#[cfg(target_os = "linux")]
#[test]
fn the_bar_covers_the_whole_build() {
    let dir = folder("egdb-bar").join("db");
    let command = format!(
        "{} egdb build --max-seeds 11 --dir {}",
        env!("CARGO_BIN_EXE_oware"),
        dir.display()
    );
    let Some(script) = at_a_terminal(&command) else {
        return;
    };
    let (status, output) = Live::start(script).finish();
    assert!(status.success(), "{output}");
    // Every seed count's positions in one bar: 1,352,078 up to 11 seeds.
    let total = oware_egdb::positions_up_to(11);
    assert_eq!(total, 1_352_078);
    assert!(output.contains("/1,352,078 positions, "), "{output}");
    assert!(output.contains("abapa 11/11 seeds ["), "{output}");
}
