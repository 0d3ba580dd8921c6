//! `oware play` against what ends games by accident: a byte that is not
//! UTF-8 (piped, and typed at a terminal), an endless line, Ctrl-C at the
//! prompt, and a save that fails mid-game. Each keeps the game and ends
//! with its transcript.

use crate::files::folder;
use crate::live::{Live, SmallDisk, at_a_terminal};
use crate::{oware, oware_command};

#[test]
fn a_byte_that_is_not_utf8_is_not_a_move() {
    // Piped as bytes: the harness's runs write text.
    let run = {
        let mut live = Live::start(oware_command(&[
            "play",
            "--level",
            "3",
            "--seed",
            "1",
            "--no-egdb",
        ]));
        live.send(b"E\n\xe9\nquit\n");
        live.finish()
    };
    assert!(run.0.success(), "{}", run.1);
    assert!(
        run.1.contains("> \u{fffd}\n`\u{fffd}` is not a house"),
        "{}",
        run.1
    );
    assert!(run.1.contains("game stopped after 2 moves\ntranscript: E"));
}

#[test]
fn a_line_past_the_limit_is_refused_and_the_game_goes_on() {
    let input = format!("{}\nE\nquit\n", "E".repeat(200_000));
    let run = oware(&["play", "--humans"], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains(
            "(a line of 200000 bytes)\nthe line is 200000 bytes long, over the limit of 65536: not a move"
        ),
        "{}",
        &run.stdout[..run.stdout.len().min(2000)]
    );
    assert!(run.stdout.contains("transcript: E\n"), "{}", run.stdout);
}

#[cfg(target_os = "linux")]
#[test]
fn at_a_terminal_a_stray_byte_is_refused_and_ctrl_c_tells_the_game() {
    let command = format!("{} play --humans --no-egdb", env!("CARGO_BIN_EXE_oware"));
    let Some(script) = at_a_terminal(&command) else {
        return;
    };
    let mut live = Live::start(script);
    live.wait_for("to move", 1);
    live.send(b"E\n");
    live.wait_for("to move", 2);
    live.send(b"\xe9\n");
    live.wait_for("is not a house", 1);
    // Ctrl-C as a terminal sends it: the byte, made SIGINT by the terminal.
    live.send(b"\x03");
    let (status, output) = live.finish();
    assert!(
        output.contains("(interrupted)\r\ngame stopped after 1 move\r\ntranscript: E\r\n"),
        "{output}"
    );
    // script passes on how the command ended: by Ctrl-C.
    assert_eq!(status.code(), Some(130), "{output}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_at_the_prompt_prints_the_transcript() {
    use std::os::unix::process::ExitStatusExt;

    let mut live = Live::start(oware_command(&["play", "--level", "1", "--seed", "5"]));
    live.send(b"E\n");
    // The bot has answered: the second prompt waits for a line.
    live.wait_for("South to move", 2);
    live.interrupt();
    // stdin stays open: only the signal ends the game.
    live.wait_for("replay it:", 1);
    let (status, output) = live.finish();
    let transcript = output
        .lines()
        .find_map(|line| line.strip_prefix("transcript: "))
        .unwrap_or_else(|| panic!("a transcript in:\n{output}"));
    assert_eq!(transcript.len(), 2, "{output}");
    assert!(transcript.starts_with('E'), "{output}");
    assert!(output.contains("(interrupted)\ngame stopped after 2 moves\n"));
    // Told, the game ends the process as Ctrl-C does.
    assert_eq!(status.signal(), Some(2), "{output}");
}

#[test]
fn a_save_that_fails_is_said_and_tried_again_and_the_game_goes_on() {
    // A full disk where the tests may mount one; else the folder taken
    // away under the game (a USB stick pulled out), which fails the same way.
    let disk = SmallDisk::mount("play-save");
    let dir = match &disk {
        Some(disk) => disk.path.join("games"),
        None => folder("play-save-fails").join("games"),
    };
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.ogn");
    let path = file.to_str().unwrap();
    let mut live = Live::start(oware_command(&["play", "--humans", "--save", path]));
    live.send(b"E\n");
    live.wait_for("North to move", 1);
    let break_it = || match &disk {
        Some(disk) => disk.fill(),
        None => std::fs::remove_dir_all(&dir).unwrap(),
    };
    break_it();
    live.send(b"c\n");
    live.wait_for("the game goes on unsaved", 1);
    live.send(b"A\n");
    live.wait_for("the game goes on unsaved", 2);
    let output = live.output();
    assert!(
        output.contains(&format!("cannot save to {path}: ")),
        "{output}"
    );
    // Mended, the next move saves the whole game.
    match &disk {
        Some(disk) => disk.free(),
        None => std::fs::create_dir_all(&dir).unwrap(),
    }
    live.send(b"b\n");
    live.wait_for("South to move", 3);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("1. E c 2. A b"), "{text}");
    // Broken again at the end: the transcript is printed all the same.
    break_it();
    live.send(b"undo\nquit\n");
    let (status, output) = live.finish();
    assert!(status.success(), "{output}");
    assert!(
        output.contains(&format!(
            "game stopped after 3 moves\nnot saved: {path} does not hold the game (see above)\ntranscript: EcA\n"
        )),
        "{output}"
    );
}

/// `oware match` of level 4 against level 2 (the same games each run),
/// `args` after.
fn levels_match(args: &[&str]) -> crate::Run {
    let mut all = vec![
        "match",
        "--engine",
        "level:4,name=four",
        "--engine",
        "level:2,name=two",
        "--seed",
        "2",
    ];
    all.extend(args);
    oware(&all, "")
}

#[test]
fn a_match_on_a_full_disk_stops_at_once_and_keeps_every_game_whole() {
    let Some(disk) = SmallDisk::mount("match-save") else {
        return;
    };
    let whole_file = folder("match-full-disk").join("whole.ogn");
    let run = levels_match(&["--games", "16", "--save", whole_file.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let whole = std::fs::read_to_string(&whole_file).unwrap();
    let file = disk.path.join("games.ogn");
    let path = file.to_str().unwrap();
    let run = levels_match(&["--games", "2", "--save", path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    disk.fill();
    let run = levels_match(&["--games", "16", "--save", path, "--resume"]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    let text = std::fs::read_to_string(&file).unwrap();
    // The file holds whole games only: the match's first ones, as played.
    let kept = text.matches("[Event \"oware match\"]").count();
    assert!((2..16).contains(&kept), "{kept} games kept");
    let end = whole
        .match_indices("[Variant ")
        .nth(kept)
        .map_or(whole.len(), |(at, _)| at);
    assert_eq!(text, whole[..end]);
    // Stopped at the game it could not save, which it names with the file.
    assert!(
        run.stderr.contains(&format!(
            "oware: error: cannot save game {} to {path}; the match stops here, the file keeps its {kept} whole games (--resume goes on from them): No space left on device",
            kept + 1
        )),
        "{}",
        run.stderr
    );
    assert!(
        run.stdout
            .contains(&format!("\n{} games in ", kept + 1 - 2)),
        "{}",
        run.stdout
    );
    // With room again, --resume ends the match as if it had never stopped.
    disk.free();
    let run = levels_match(&["--games", "16", "--save", path, "--resume"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), whole);
}

#[test]
fn a_match_refuses_a_read_only_file_as_every_writer_does() {
    let file = folder("match-read-only").join("games.ogn");
    std::fs::write(&file, "").unwrap();
    let mut permissions = std::fs::metadata(&file).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&file, permissions).unwrap();
    let path = file.to_str().unwrap();
    let run = levels_match(&["--games", "2", "--save", path]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert_eq!(
        run.stderr,
        format!(
            "oware: error: cannot save to {path}: the file is read-only; make it writable, or name another file\n"
        )
    );
    assert!(std::fs::read_to_string(&file).unwrap().is_empty());
}

#[test]
fn analyze_checks_the_disk_before_thinking_and_keeps_the_work_when_it_fills() {
    let Some(disk) = SmallDisk::mount("analyze-out") else {
        return;
    };
    let record = folder("analyze-full-disk").join("game.ogn");
    std::fs::write(&record, "1. E c 2. A b 3. E c *\n").unwrap();
    let out = disk.path.join("annotated.ogn");
    let path = out.to_str().unwrap();
    let args = |depth| {
        vec![
            "analyze".to_owned(),
            "--no-egdb".to_owned(),
            "--depth".to_owned(),
            depth,
            "--out".to_owned(),
            path.to_owned(),
            record.to_str().unwrap().to_owned(),
        ]
    };
    // Full before: refused before any search.
    disk.fill();
    let full = args("3".to_owned());
    let full: Vec<&str> = full.iter().map(String::as_str).collect();
    let run = oware(&full, "");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.starts_with(&format!(
            "oware: error: cannot save to {path}: no file can be made in its folder"
        )) && run.stderr.contains("No space left on device"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("analyze: move"), "{}", run.stderr);
    // Full while it thinks: the annotated record comes on stdout.
    disk.free();
    let slow = args("12".to_owned());
    let slow: Vec<&str> = slow.iter().map(String::as_str).collect();
    let live = Live::start(oware_command(&slow));
    live.wait_for("analyze: move 1 of 6", 1);
    disk.fill();
    let (status, output) = live.finish();
    assert_eq!(status.code(), Some(1), "{output}");
    assert!(output.contains("[Annotator \"oware analyze"), "{output}");
    assert!(output.contains("1. E {[%oware "), "{output}");
    assert!(
        output.contains(&format!(
            "oware: error: the annotated record is printed on stdout instead: cannot save to {path}: No space left on device"
        )),
        "{output}"
    );
    assert!(!out.exists());
}
