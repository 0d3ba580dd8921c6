//! A person's files are safe: `play --save` never replaces a file that is
//! not the record it continues, a record continued keeps what the game does
//! not change, `analyze` writes where it is told, whole, and replaces its
//! own notes; records are known by their text, not their names; and no
//! temporary file is left behind.

use std::path::{Path, PathBuf};

use insta::assert_snapshot;

use crate::ogn::data;
use crate::{oware, oware_in};

/// A fresh, empty folder for one test.
pub(crate) fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-files-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in `dir`, sorted.
pub(crate) fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn save_refuses_a_file_it_does_not_continue() {
    let dir = folder("refuse");
    let record = data("auale-unfinished.ogn");
    std::fs::write(dir.join("keep.ogn"), &record).unwrap();
    std::fs::write(dir.join("notes.txt"), "my notes\n").unwrap();
    let args = ["play", "--humans", "--save", "keep.ogn"];
    let run = oware_in(&dir, &args, "E\nquit\n");
    assert_eq!(run.code, 1);
    assert_snapshot!(run.transcript(&args));
    assert_eq!(
        std::fs::read_to_string(dir.join("keep.ogn")).unwrap(),
        record
    );
    let run = oware_in(&dir, &["play", "--humans", "--save", "notes.txt"], "quit\n");
    assert_eq!(run.code, 1);
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.txt")).unwrap(),
        "my notes\n"
    );
    // --force replaces it, as asked.
    let run = oware_in(
        &dir,
        &["play", "--humans", "--save", "notes.txt", "--force"],
        "E\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let saved = std::fs::read_to_string(dir.join("notes.txt")).unwrap();
    assert!(saved.ends_with("\n\n1. E *\n"), "{saved}");
    assert_eq!(names(&dir), ["keep.ogn", "notes.txt"]);
}

#[test]
fn a_record_continued_keeps_its_tags_comments_and_variations() {
    let dir = folder("continue");
    let record = data("variations.ogn");
    std::fs::write(dir.join("var.ogn"), &record).unwrap();
    let args = ["play", "--humans", "--load", "var.ogn", "--save", "var.ogn"];
    // No move: the file is not touched.
    let run = oware_in(&dir, &args, "quit\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        std::fs::read_to_string(dir.join("var.ogn")).unwrap(),
        record
    );
    // A move: everything before it stays.
    let run = oware_in(&dir, &args, "A\nquit\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let saved = std::fs::read_to_string(dir.join("var.ogn")).unwrap();
    for kept in [
        "[Annotator \"a teacher\"]",
        "{North to move: the fed seeds come back}",
        "(2. E)",
        "(3... e {the capture} 4. A)",
        "{South waits}",
    ] {
        assert!(saved.contains(kept), "{kept} lost:\n{saved}");
    }
    assert!(saved.ends_with("4. C e+2 5. A *\n"), "{saved}");
    assert_eq!(names(&dir), ["var.ogn"]);
}

#[test]
fn no_temporary_file_is_left_when_saving_fails() {
    let dir = folder("no-temporary");
    std::fs::create_dir(dir.join("DIR")).unwrap();
    let args = ["play", "--humans", "--save", "DIR", "--force"];
    let run = oware_in(&dir, &args, "E\nquit\n");
    assert_eq!(run.code, 1);
    assert_snapshot!(run.transcript(&args));
    let run = oware_in(&dir, &["play", "--humans", "--save", "DIR"], "quit\n");
    assert_eq!(
        run.stderr,
        "oware: error: --save DIR: DIR is a folder; name a file\n"
    );
    // A folder that cannot be written to.
    let run = oware_in(
        &dir,
        &["play", "--humans", "--save", "missing/game.ogn"],
        "quit\n",
    );
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .starts_with("oware: error: cannot save to missing/game.ogn"),
        "{}",
        run.stderr
    );
    assert_eq!(names(&dir), ["DIR"]);
    assert!(names(&dir.join("DIR")).is_empty());
}

#[test]
fn whatever_play_saves_is_read_back_whatever_its_name() {
    let dir = folder("any-name");
    let run = oware_in(
        &dir,
        &["play", "--humans", "--save", "notes.txt"],
        "E\nc\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("replay it:  oware show notes.txt"));
    let shown = oware_in(&dir, &["show", "notes.txt"], "");
    assert_eq!(shown.code, 0, "{}", shown.stderr);
    assert_eq!(shown.stdout, oware(&["show", "Ec"], "").stdout);
    let analyzed = oware_in(&dir, &["analyze", "--depth", "2", "notes.txt"], "");
    assert_eq!(analyzed.code, 0, "{}", analyzed.stderr);
    assert!(
        analyzed.stdout.contains("1. E {[%oware "),
        "{}",
        analyzed.stdout
    );
    let loaded = oware_in(&dir, &["play", "--humans", "--load", "notes.txt"], "quit\n");
    assert!(
        loaded.stdout.contains("transcript: Ec"),
        "{}",
        loaded.stdout
    );
    // A file holding a transcript is a transcript, whatever its name.
    std::fs::write(dir.join("moves.ogn"), "EcAb\n").unwrap();
    let shown = oware_in(&dir, &["show", "moves.ogn"], "");
    assert_eq!(shown.stdout, oware(&["show", "EcAb"], "").stdout);
}

#[test]
fn stdin_holds_a_record_or_a_transcript() {
    let shown = oware(&["show", "-"], "EcAb\n");
    assert_eq!(shown.code, 0, "{}", shown.stderr);
    assert_eq!(shown.stdout, oware(&["show", "EcAb"], "").stdout);
    let analyzed = oware(&["analyze", "--depth", "2", "-"], "EcAb\n");
    assert_eq!(analyzed.code, 0, "{}", analyzed.stderr);
    assert!(
        analyzed.stdout.contains("best move: "),
        "{}",
        analyzed.stdout
    );
    let record = oware(&["show", "-"], "1. E c 2. A b *\n");
    assert_eq!(record.stdout, shown.stdout);
}

#[test]
fn an_empty_record_is_an_error_not_a_game() {
    let dir = folder("empty");
    // What `oware analyze g.ogn > g.ogn` leaves: the shell empties it first.
    std::fs::write(dir.join("g.ogn"), "").unwrap();
    let args = ["analyze", "g.ogn"];
    let run = oware_in(&dir, &args, "");
    assert_eq!(run.code, 1);
    assert_snapshot!(run.transcript(&args));
    std::fs::write(dir.join("g.ogn"), "[Event \"club\"]\n[Site \"?\"]\n").unwrap();
    let run = oware_in(&dir, &["show", "g.ogn"], "");
    assert_eq!(
        run.stderr,
        "oware: error: g.ogn is not a game record: line 3, column 1: the record ends after its 2 tags, with no moves and no result (a record ends with `*` or `S-N`)\n"
    );
}

#[test]
fn analyze_writes_to_stdout_a_new_file_or_in_place() {
    let dir = folder("analyze-out");
    std::fs::write(dir.join("g.ogn"), data("auale-unfinished.ogn")).unwrap();
    let to_stdout = oware_in(&dir, &["analyze", "--depth", "3", "g.ogn"], "");
    assert_eq!(to_stdout.code, 0, "{}", to_stdout.stderr);
    let run = oware_in(
        &dir,
        &["analyze", "--depth", "3", "g.ogn", "--out", "a.ogn"],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.is_empty());
    let written = std::fs::read_to_string(dir.join("a.ogn")).unwrap();
    assert_eq!(written, to_stdout.stdout);
    // An existing --out is someone's file.
    let args = ["analyze", "--depth", "3", "g.ogn", "--out", "a.ogn"];
    let run = oware_in(&dir, &args, "");
    assert_eq!(run.code, 1);
    assert_snapshot!(run.transcript(&args));
    let run = oware_in(
        &dir,
        &["analyze", "--depth", "3", "g.ogn", "--in-place"],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(dir.join("g.ogn")).unwrap(), written);
    let run = oware(&["analyze", "--in-place", "-"], "1. E *");
    assert_eq!(
        run.stderr,
        "oware: error: --in-place writes back to the record file read: stdin is not one (use --out FILE)\n"
    );
    assert_eq!(names(&dir), ["a.ogn", "g.ogn"]);
}

#[test]
fn analyzing_again_replaces_its_own_notes() {
    let record = "[Annotator \"a teacher\"]\n\n1. E {the usual start} c 2. A *\n";
    let once = oware(&["analyze", "--depth", "4", "-"], record);
    assert_eq!(once.code, 0, "{}", once.stderr);
    let twice = oware(&["analyze", "--depth", "3", "-"], &once.stdout);
    assert_eq!(twice.code, 0, "{}", twice.stderr);
    let text = twice.stdout.replace('\n', " ");
    assert_eq!(text.matches("[%oware ").count(), 3, "{text}");
    assert_eq!(text.matches("the usual start").count(), 1, "{text}");
    assert!(text.contains("{the usual start [%oware "), "{text}");
    assert!(
        text.contains("[Annotator \"a teacher; oware analyze, depth 3\"]"),
        "{text}"
    );
    // The same depth twice gives the same record.
    let again = oware(&["analyze", "--depth", "3", "-"], &twice.stdout);
    assert_eq!(again.stdout, twice.stdout);
}

/// A small seeded generator (xorshift64*): the same seed, the same kills.
struct Seeded(u64);

impl Seeded {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n
    }
}

#[test]
fn a_kill_at_any_moment_never_leaves_the_record_unreadable_or_shorter() {
    use oware_core::Record;
    use std::io::Write;
    use std::process::{Command, Stdio};
    use std::time::Duration;

    let dir = folder("killed");
    let path = dir.join("game.ogn");
    const START: &str = "[Event \"killed\"]\n\n1. E c {kept} *\n";
    std::fs::write(&path, START).unwrap();
    let mut random = Seeded(0x0a3e_5eed);
    let mut grew = 0;
    for iteration in 0..32 {
        let before: Record = std::fs::read_to_string(&path).unwrap().parse().unwrap();
        let mut game = before.game().clone();
        if game.is_over() {
            // A finished game takes no more moves: start it again.
            std::fs::write(&path, START).unwrap();
            continue;
        }
        let file = path.to_str().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_oware"))
            .args(["play", "--humans", "--load", file, "--save", file])
            .env("OWARE_EGDB", crate::NO_EGDB)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let moves = 1 + random.below(6);
        for _ in 0..moves {
            let legal: Vec<_> = game.legal_moves().iter().collect();
            if legal.is_empty() || game.is_over() {
                break;
            }
            let house = legal[random.below(legal.len() as u64) as usize];
            game.play(house).unwrap();
            if writeln!(stdin, "{house}").is_err() {
                break;
            }
            std::thread::sleep(Duration::from_micros(random.below(20_000)));
        }
        // Kill (SIGKILL: no clean-up runs) at a random moment: while
        // reading, sowing, or writing the file.
        std::thread::sleep(Duration::from_micros(random.below(300_000)));
        child.kill().unwrap();
        child.wait().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let after: Record = text
            .parse()
            .unwrap_or_else(|e| panic!("iteration {iteration}: unreadable: {e}\n{text}"));
        assert!(
            after.game().moves().len() >= before.game().moves().len(),
            "iteration {iteration}: shorter\n{text}"
        );
        assert_eq!(
            after.game().moves()[..before.game().moves().len()],
            *before.game().moves(),
            "iteration {iteration}"
        );
        assert_eq!(after.comments()[2].as_deref(), Some("kept"));
        grew += usize::from(after.game().moves().len() > before.game().moves().len());
    }
    // Kills land after saves too, not only before the first: the test
    // watched the file change.
    assert!(grew > 0, "no kill came after a save");
    eprintln!("kill test: the record grew in {grew} of 32 runs");
}

#[test]
fn a_word_that_is_both_a_transcript_and_a_file_is_refused_with_the_way_out() {
    let dir = folder("ambiguous");
    std::fs::write(dir.join("EcAb"), "FfEe\n").unwrap();
    for args in [&["show", "EcAb"][..], &["analyze", "--depth", "1", "EcAb"]] {
        let run = oware_in(&dir, args, "");
        let command = args[0];
        assert_eq!(run.code, 1, "{command}: {}", run.stdout);
        assert_eq!(
            run.stderr,
            "oware: error: `EcAb` is both a transcript and a file here: write ./EcAb for the file, or `-` for the transcript on stdin (echo EcAb | …)\n",
            "{command}"
        );
    }
    // A path with a `/` is never a transcript: the file is read.
    let file = oware_in(&dir, &["show", "--format", "fen", "./EcAb"], "");
    assert_eq!(
        file.stdout,
        oware(&["show", "--format", "fen", "FfEe"], "").stdout
    );
    let piped = oware_in(&dir, &["show", "--format", "fen", "-"], "EcAb\n");
    assert_eq!(
        piped.stdout,
        oware(&["show", "--format", "fen", "EcAb"], "").stdout
    );
    // With no such file the word is the transcript, as before.
    let word = oware_in(&dir, &["show", "--format", "fen", "FfEe"], "");
    assert_eq!(word.code, 0, "{}", word.stderr);
    assert_eq!(word.stdout, file.stdout);
}

#[test]
fn a_byte_order_mark_starts_any_text_file() {
    let dir = folder("bom");
    let bom = "\u{feff}";
    std::fs::write(dir.join("moves.txt"), format!("{bom}EcAb\r\n")).unwrap();
    std::fs::write(dir.join("game.ogn"), format!("{bom}1. E c 2. A b *\r\n")).unwrap();
    std::fs::write(
        dir.join("board.txt"),
        format!("{bom}1-6-5-5-1-6-5-0-1-6-6-6-0-0-S\r\n"),
    )
    .unwrap();
    std::fs::write(dir.join("openings.txt"), format!("{bom}EcAb\r\nFf\r\n")).unwrap();
    let expected = oware(&["show", "--format", "fen", "EcAb"], "").stdout;
    for args in [
        &["show", "--format", "fen", "moves.txt"][..],
        &["show", "--format", "fen", "game.ogn"],
        &["show", "--format", "fen", "--board", "board.txt"],
    ] {
        let run = oware_in(&dir, args, "");
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, expected, "{args:?}");
    }
    let stdin = oware_in(
        &dir,
        &["show", "--format", "fen", "-"],
        &format!("{bom}EcAb\n"),
    );
    assert_eq!(stdin.stdout, expected, "{}", stdin.stderr);
    let loaded = oware_in(&dir, &["play", "--humans", "--load", "game.ogn"], "quit\n");
    assert!(
        loaded.stdout.contains("transcript: EcAb"),
        "{}",
        loaded.stderr
    );
    // Moves piped to `play` from such a file: the first is a move too.
    let piped = oware_in(
        &dir,
        &["play", "--humans"],
        &format!("{bom}E\r\nc\r\nquit\r\n"),
    );
    assert!(piped.stdout.contains("transcript: Ec"), "{}", piped.stdout);
    let args = [
        "match",
        "--engine",
        "level:1",
        "--engine",
        "level:2",
        "--games",
        "2",
        "--openings",
        "openings.txt",
    ];
    let run = oware_in(&dir, &args, "");
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn stdin_is_read_once_so_two_arguments_cannot_both_name_it() {
    for command in ["show", "analyze"] {
        let run = oware(&[command, "--board", "-", "-"], "EcAb\n");
        assert_eq!(run.code, 1, "{command}");
        assert_eq!(
            run.stderr,
            "oware: error: --board - and the moves' `-` both name stdin, which can be read only once: put the board or the moves in a file\n",
            "{command}"
        );
    }
    for option in ["--board", "--load"] {
        let run = oware(&["play", option, "-"], "EcAb\n");
        assert_eq!(run.code, 1, "{option}");
        assert_eq!(
            run.stderr,
            format!(
                "oware: error: {option} - names stdin, where play reads the moves, and stdin can be read only once: give a file\n"
            )
        );
    }
}

#[test]
fn analyze_refuses_an_out_that_is_the_record_read_without_force() {
    let dir = folder("out-is-input");
    let record = data("auale-unfinished.ogn");
    std::fs::write(dir.join("g.ogn"), &record).unwrap();
    let args = ["analyze", "--depth", "2", "g.ogn", "--out", "g.ogn"];
    let run = oware_in(&dir, &args, "");
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "oware: error: --out g.ogn: the file exists (it is the record read) and would be replaced; give --in-place to annotate it where it is, or --force\n"
    );
    assert_eq!(std::fs::read_to_string(dir.join("g.ogn")).unwrap(), record);
    let run = oware_in(
        &dir,
        &[
            "analyze", "--depth", "2", "g.ogn", "--out", "./g.ogn", "--force",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        std::fs::read_to_string(dir.join("g.ogn"))
            .unwrap()
            .contains("[%oware "),
        "--force replaces it, as asked"
    );
    assert_eq!(names(&dir), ["g.ogn"]);
}

#[test]
fn a_record_continued_keeps_who_played_which_seat() {
    let dir = folder("seats");
    let started = oware_in(
        &dir,
        &[
            "play", "--seat", "north", "--level", "3", "--seed", "1", "--save", "sn.ogn",
        ],
        "quit\n",
    );
    assert_eq!(started.code, 0, "{}", started.stderr);
    let tags = |dir: &Path| {
        let text = std::fs::read_to_string(dir.join("sn.ogn")).unwrap();
        let seat = |name: &str| {
            text.lines()
                .find_map(|line| line.strip_prefix(&format!("[{name} \"")))
                .map(|value| value.trim_end_matches("\"]").to_owned())
        };
        (seat("South"), seat("North"), text)
    };
    let (south, north, before) = tags(&dir);
    assert_eq!(south.as_deref(), Some("oware level 3"));
    assert_eq!(north.as_deref(), Some("?"));
    assert!(before.contains("[BotSeed \"1\"]"), "{before}");
    // Without --seat the record says the bot is South: you go on as North,
    // and without --seed its mistakes come from the seed the game began with.
    let args = ["play", "--load", "sn.ogn", "--save", "sn.ogn"];
    let run = oware_in(&dir, &args, "D\nquit\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("you play North against the bot at level 3 (seed 1), as sn.ogn's tags say."),
        "{}",
        run.stdout
    );
    let (south, north, after) = tags(&dir);
    assert_eq!(
        (south.as_deref(), north.as_deref()),
        (Some("oware level 3"), Some("?"))
    );
    let moves = |text: &str| text.lines().last().unwrap().to_owned();
    assert!(
        moves(&after).starts_with(&moves(&before).replace(" *", "")),
        "{after}"
    );
    assert!(
        moves(&after).contains(" d "),
        "North's d was yours: {after}"
    );
    // An option that contradicts the tags is refused, the file untouched.
    for (option, message) in [
        (
            &["--seat", "south"][..],
            "--seat south: sn.ogn's South tag names the bot (`oware level 3`), so you played North: leave out --seat to play on as North",
        ),
        (
            &["--level", "4"],
            "--level 4: sn.ogn's bot played at level 3 (its South tag, `oware level 3`): leave out --level to play on at level 3",
        ),
        (
            &["--humans"],
            "--humans: sn.ogn's South tag names the bot (`oware level 3`), which played South's moves: leave out --humans to play on against it as North",
        ),
        (
            &["--seed", "2"],
            "--seed 2: sn.ogn's bot played with seed 1 (its BotSeed tag): leave out --seed to play on with it",
        ),
    ] {
        let args = [&args[..], option].concat();
        let run = oware_in(&dir, &args, "A\nquit\n");
        assert_eq!(run.code, 1, "{option:?}");
        assert_eq!(run.stderr, format!("oware: error: {message}\n"));
        assert_eq!(tags(&dir).2, after);
    }
    // A seat the bot takes over from someone else names both.
    std::fs::write(dir.join("a.ogn"), "[South \"Aualé (expert)\"]\n\n1. E *\n").unwrap();
    let args = [
        "play", "--load", "a.ogn", "--save", "a.ogn", "--seat", "north", "--level", "2",
    ];
    let run = oware_in(&dir, &args, "c\nquit\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(dir.join("a.ogn")).unwrap();
    assert!(
        text.contains("[South \"Aualé (expert), then oware level 2\"]"),
        "{text}"
    );
    // And the next run reads the bot's seat from it.
    let run = oware_in(&dir, &["play", "--load", "a.ogn"], "quit\n");
    assert!(
        run.stdout
            .contains("you play North against the bot at level 2"),
        "{}",
        run.stdout
    );
}
