//! The examples of README.md and docs/guide.md run as written: every
//! fenced block whose info string is `sh runnable` (the marker, described
//! at the top of docs/guide.md) is run line by line in a fresh folder, with
//! the `oware` just built standing for `oware`, and every line must succeed.
//! Blocks that take minutes, or need the sources and cargo, are left
//! unmarked, each with a comment saying why.

use std::path::{Path, PathBuf};

/// The info string that marks a block as runnable.
const MARKER: &str = "```sh runnable";

/// A runnable block: where it starts, and its command lines (a line ending
/// in `\` joined with the next; blank lines and comments alone dropped).
#[derive(Debug, PartialEq, Eq)]
struct Block {
    /// The line of its opening fence, from 1.
    line: usize,
    commands: Vec<String>,
}

/// The runnable blocks of a Markdown `text`.
fn runnable_blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((index, line)) = lines.next() {
        if line.trim_end() != MARKER {
            continue;
        }
        let mut commands = Vec::new();
        let mut pending = String::new();
        for (_, line) in lines.by_ref() {
            if line.trim_start().starts_with("```") {
                break;
            }
            match line.strip_suffix('\\') {
                Some(start) => pending.push_str(start),
                None => {
                    pending.push_str(line);
                    let command = std::mem::take(&mut pending);
                    let trimmed = command.trim();
                    if !trimmed.is_empty() && !trimmed.starts_with('#') {
                        commands.push(trimmed.to_owned());
                    }
                }
            }
        }
        blocks.push(Block {
            line: index + 1,
            commands,
        });
    }
    blocks
}

#[test]
fn runnable_blocks_are_found_by_their_marker_alone() {
    let text = "intro\n```sh\noware perft 9\n```\n```sh runnable\n# a note\noware show EcAb   # a comment\n\noware match --engine level:1 \\\n  --engine level:2\n```\n```rust\nlet x = 1;\n```\n";
    assert_eq!(
        runnable_blocks(text),
        [Block {
            line: 5,
            commands: vec![
                "oware show EcAb   # a comment".to_owned(),
                "oware match --engine level:1   --engine level:2".to_owned(),
            ],
        }]
    );
}

/// A folder holding only the `oware` under test (a hard link, or a copy
/// where the file system has none), to put first on the PATH.
fn binary_folder() -> PathBuf {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("docs-bin");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    let name = format!("oware{}", std::env::consts::EXE_SUFFIX);
    let oware = env!("CARGO_BIN_EXE_oware");
    if std::fs::hard_link(oware, folder.join(&name)).is_err() {
        std::fs::copy(oware, folder.join(&name)).unwrap();
    }
    folder
}

#[test]
fn the_runnable_examples_of_the_readme_and_the_guide_run_as_written() {
    use std::process::{Command, Stdio};

    // The blocks are POSIX shell: skipped, visibly, where there is none
    // (Windows without Git's or MSYS2's `sh`), and never under OWARE_NO_SKIP.
    if Command::new("sh").args(["-c", "true"]).status().is_err() {
        let why = "the README's examples need `sh`, which is not on PATH";
        assert!(std::env::var_os("OWARE_NO_SKIP").is_none(), "{why}");
        let _ = std::io::Write::write_all(
            &mut std::io::stderr(),
            format!("skipped: {why}\n").as_bytes(),
        );
        return;
    }
    let bin = binary_folder();
    let path = match std::env::var_os("PATH") {
        Some(path) => {
            let mut paths = vec![bin.clone()];
            paths.extend(std::env::split_paths(&path));
            std::env::join_paths(paths).unwrap()
        }
        None => bin.clone().into_os_string(),
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut run = 0;
    for file in ["README.md", "docs/guide.md"] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let blocks = runnable_blocks(&text);
        assert!(
            file != "README.md" || blocks.len() >= 2,
            "README.md's command and endgame examples are marked runnable"
        );
        for block in blocks {
            let name = format!("{}-{}", file.replace(['/', '.'], "-"), block.line);
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("docs-{name}"));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            for command in &block.commands {
                let output = Command::new("sh")
                    .args(["-c", command])
                    .current_dir(&dir)
                    .env("PATH", &path)
                    .env("OWARE_EGDB", crate::NO_EGDB)
                    .env("NO_COLOR", "1")
                    .stdin(Stdio::null())
                    .output()
                    .expect("sh runs");
                assert!(
                    output.status.success(),
                    "{file}, the block at line {}: `{command}` failed ({}):\n{}{}",
                    block.line,
                    output.status,
                    String::from_utf8_lossy(&output.stdout),
                    String::from_utf8_lossy(&output.stderr),
                );
                run += 1;
            }
        }
    }
    assert!(run >= 10, "only {run} commands run");
}
