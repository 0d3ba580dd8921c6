//! Numbers out of range are refused before any work starts, with the range
//! in the message, under the same rule for every command.

use insta::assert_snapshot;

use crate::oware;

#[test]
fn a_huge_hash_is_refused_with_the_range_not_an_abort() {
    let args = ["analyze", "--hash", "200000", "EcAb"];
    assert_snapshot!(oware(&args, "").transcript(&args), @r"
    $ oware analyze --hash 200000 EcAb
    exit code 2
    --- stdout
    --- stderr
    error: invalid value '200000' for '--hash <MB>': must be 1 to 4096 megabytes, found `200000`

    For more information, try '--help'.
    ");
}

#[test]
fn every_size_flag_says_its_range() {
    let cases: [(&[&str], &str); 12] = [
        (&["analyze", "--threads", "0"], "must be 1 to 64 threads"),
        (&["analyze", "--depth", "121"], "must be 1 to 120 plies"),
        (
            &["book", "build", "--hash", "5000"],
            "must be 1 to 4096 megabytes",
        ),
        (&["book", "build", "--depth", "0"], "must be 1 to 120 plies"),
        (&["book", "build", "--plies", "0"], "must be 1 to 255 plies"),
        (&["perft", "25"], "must be 0 to 24 plies"),
        (
            &["egdb", "build", "--rules", "awari", "--max-seeds", "49"],
            "must be 0 to 48 seeds",
        ),
        (
            &[
                "match", "--engine", "level:1", "--engine", "level:2", "--games", "0",
            ],
            "must be 1 to 10000000 games",
        ),
        (
            &[
                "match",
                "--engine",
                "level:1",
                "--engine",
                "level:2",
                "--concurrency",
                "65",
            ],
            "must be 1 to 64 games",
        ),
        (
            &[
                "match",
                "--engine",
                "level:1",
                "--engine",
                "level:2",
                "--random-plies",
                "101",
            ],
            "must be 0 to 100 plies",
        ),
        (
            &[
                "match",
                "--engine",
                "level:1",
                "--engine",
                "level:2",
                "--max-plies",
                "0",
            ],
            "must be 1 to 1000000 plies",
        ),
        (
            &[
                "match",
                "--engine",
                "level:1",
                "--engine",
                "level:2",
                "--progress-every",
                "0",
            ],
            "must be 1 to 10000000 games",
        ),
    ];
    for (args, expected) in cases {
        let run = oware(args, "");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(expected), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn setoption_hash_uses_the_same_range() {
    let run = oware(&["uci"], "uci\nsetoption name Hash value 200000\nquit\n");
    assert!(
        run.stdout
            .contains("Hash must be 1 to 4096 megabytes, found `200000`"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("option name Hash type spin default 16 min 1 max 4096"),
        "{}",
        run.stdout
    );
}

#[cfg(unix)]
#[test]
fn an_endless_file_is_refused_at_the_limit_not_read_to_the_end() {
    let started = std::time::Instant::now();
    for (args, name) in [
        (["show", "/dev/zero"].as_slice(), "the game file /dev/zero"),
        (
            &["play", "--load", "/dev/zero"],
            "the record file /dev/zero",
        ),
        (
            &["play", "--book", "/dev/zero", "--level", "17"],
            "--book /dev/zero",
        ),
        (
            &["analyze", "--board", "/dev/zero"],
            "the board file /dev/zero",
        ),
    ] {
        let run = oware(args, "");
        assert_eq!(run.code, 1, "{args:?}: {}", run.stdout);
        assert!(
            run.stderr.contains(name)
                && run.stderr.contains(
                    "it holds more than 64 MiB, the most oware reads from a file or stdin"
                ),
            "{args:?}: {}",
            run.stderr
        );
    }
    // 64 MiB of zeros a try, read and dropped: seconds at most, not minutes.
    assert!(started.elapsed().as_secs() < 30);
}
