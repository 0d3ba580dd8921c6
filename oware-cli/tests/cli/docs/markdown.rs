//! The fenced blocks of a Markdown page that the docs tests read: runnable
//! `sh` blocks, `console` transcripts and the files the transcripts use.

use std::ops::Range;

/// The info string that marks a block of commands to run.
const RUNNABLE: &str = "sh runnable";

/// The info string of a transcript: `$ ` lines and what they print.
const CONSOLE: &str = "console";

/// The word of an info string that names the file a block's text is
/// written to before the transcripts run (`text file=game.ogn`).
const FILE: &str = "file=";

/// The blocks of one page the tests use.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Page {
    /// The `sh runnable` blocks.
    pub(crate) runnable: Vec<Runnable>,
    /// The `console` blocks.
    pub(crate) transcripts: Vec<Transcript>,
    /// The blocks that name a file: its name and text.
    pub(crate) files: Vec<(String, String)>,
}

/// A runnable block: where it starts, and its command lines (a line ending
/// in `\` joined with the next; blank lines and comments alone dropped).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Runnable {
    /// The line of its opening fence, from 1.
    pub(crate) line: usize,
    pub(crate) commands: Vec<String>,
}

/// A `console` block: commands, each with the output shown under it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Transcript {
    /// The line of its opening fence, from 1.
    pub(crate) line: usize,
    pub(crate) steps: Vec<Step>,
}

/// One `$ ` line of a transcript and the lines under it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Step {
    /// The line of the `$ `, from 1.
    pub(crate) line: usize,
    /// The command, without its `$ `.
    pub(crate) command: String,
    /// The output shown, every line ended by a newline.
    pub(crate) output: String,
    /// Where that output is in the page: indices of its lines, from 0.
    pub(crate) output_lines: Range<usize>,
}

/// Reads the blocks of `text`; a `console` block whose first line is not
/// a command is an error naming its line.
pub(crate) fn read(text: &str) -> Result<Page, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut page = Page::default();
    let mut index = 0;
    while index < lines.len() {
        let Some(info) = lines[index].strip_prefix("```") else {
            index += 1;
            continue;
        };
        let info = info.trim();
        let open = index;
        let close = (open + 1..lines.len())
            .find(|&i| lines[i].trim_start().starts_with("```"))
            .ok_or_else(|| format!("line {}: a fenced block that is never closed", open + 1))?;
        let body = open + 1..close;
        if info == RUNNABLE {
            page.runnable.push(Runnable {
                line: open + 1,
                commands: commands(&lines[body]),
            });
        } else if info == CONSOLE {
            page.transcripts.push(transcript(&lines, open, body)?);
        } else if let Some(name) = info.split_whitespace().find_map(|w| w.strip_prefix(FILE)) {
            let mut contents = lines[body].join("\n");
            contents.push('\n');
            page.files.push((name.to_owned(), contents));
        }
        index = close + 1;
    }
    Ok(page)
}

/// The command lines of a runnable block's `lines`.
fn commands(lines: &[&str]) -> Vec<String> {
    let mut commands = Vec::new();
    let mut pending = String::new();
    for line in lines {
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
    commands
}

/// The console block whose fence is at `open`, its text at `body`.
fn transcript(lines: &[&str], open: usize, body: Range<usize>) -> Result<Transcript, String> {
    let mut steps: Vec<Step> = Vec::new();
    for index in body {
        let line = lines[index];
        if let Some(command) = line.strip_prefix("$ ") {
            steps.push(Step {
                line: index + 1,
                command: command.trim().to_owned(),
                output: String::new(),
                output_lines: index + 1..index + 1,
            });
        } else {
            let Some(step) = steps.last_mut() else {
                return Err(format!(
                    "line {}: a console block starts with a `$ ` command, not `{line}`",
                    index + 1
                ));
            };
            step.output.push_str(line);
            step.output.push('\n');
            step.output_lines.end = index + 1;
        }
    }
    Ok(Transcript {
        line: open + 1,
        steps,
    })
}

/// `text` with the lines at each range replaced by its new output, as
/// `SNAPSHOTS=overwrite` writes it back.
pub(crate) fn replace_outputs(text: &str, mut outputs: Vec<(Range<usize>, String)>) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    outputs.sort_by_key(|(range, _)| std::cmp::Reverse(range.start));
    for (range, output) in outputs {
        lines.splice(range, output.lines().map(str::to_owned));
    }
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

#[test]
fn blocks_are_found_by_their_info_string() {
    let text = "intro\n```sh\noware perft 9\n```\n```sh runnable\n# a note\noware show EcAb   # a comment\n\noware match --engine level:1 \\\n  --engine level:2\n```\n```rust\nlet x = 1;\n```\n```text file=game.ogn\n1. F f *\n```\n```console\n$ oware show --format fen EcAb\n1-6-5-5-1-6-5-0-1-6-6-6-0-0-S\n$ true\n```\n";
    let page = read(text).unwrap();
    assert_eq!(
        page.runnable,
        [Runnable {
            line: 5,
            commands: vec![
                "oware show EcAb   # a comment".to_owned(),
                "oware match --engine level:1   --engine level:2".to_owned(),
            ],
        }]
    );
    assert_eq!(
        page.files,
        [("game.ogn".to_owned(), "1. F f *\n".to_owned())]
    );
    assert_eq!(
        page.transcripts,
        [Transcript {
            line: 18,
            steps: vec![
                Step {
                    line: 19,
                    command: "oware show --format fen EcAb".to_owned(),
                    output: "1-6-5-5-1-6-5-0-1-6-6-6-0-0-S\n".to_owned(),
                    output_lines: 19..20,
                },
                Step {
                    line: 21,
                    command: "true".to_owned(),
                    output: String::new(),
                    output_lines: 21..21,
                },
            ],
        }]
    );
}

#[test]
fn a_transcript_starts_with_a_command() {
    let error = read("text\n```console\nSouth to move\n$ oware show\n```\n").unwrap_err();
    assert_eq!(
        error,
        "line 3: a console block starts with a `$ ` command, not `South to move`"
    );
    let error = read("```console\n$ oware show\n").unwrap_err();
    assert_eq!(error, "line 1: a fenced block that is never closed");
}

#[test]
fn outputs_are_replaced_in_place() {
    let text = "```console\n$ a\nold\nold\n$ b\n$ c\nkept\n```\n";
    let page = read(text).unwrap();
    let steps = &page.transcripts[0].steps;
    let outputs = vec![
        (steps[0].output_lines.clone(), "new\n".to_owned()),
        (steps[1].output_lines.clone(), "one\ntwo\n".to_owned()),
    ];
    assert_eq!(
        replace_outputs(text, outputs),
        "```console\n$ a\nnew\n$ b\none\ntwo\n$ c\nkept\n```\n"
    );
}
