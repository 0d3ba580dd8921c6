//! The tidy test's circle check: inside a crate, no two modules lean on
//! each other. Two modules that name each other (or a longer loop) can be
//! read, changed and moved only together, and the name of neither says
//! where the idea lives; in oware-cli `setup` and `write` once asked each
//! other what a file holds, and `endgame` called the `egdb` command's build.
//!
//! A module names another by a `crate::` path, in a `use` (grouped ones
//! too) or in the code. A file's path is its module (`cmd/play/bot.rs` is
//! `cmd::play::bot`), and a name counts between the two branches just
//! below the modules the files share: `cmd::play::bot` naming
//! `endgame::install` is `cmd` leaning on `endgame`, so a helper that names
//! any command closes a circle with the commands that use it. A parent and
//! its children are one unit by design (a child adds methods to its
//! parent's type), so a child naming its parent is no circle. Comment lines
//! are left out; `super::` paths and method calls are not seen.

use std::collections::{BTreeMap, BTreeSet};

/// The crates whose modules must form no circle.
pub(crate) const CHECKED: [&str; 1] = ["oware-cli"];

/// The module of a source file at `path` (relative to `src/`, with `/`):
/// `cmd/play/bot.rs` is `["cmd", "play", "bot"]`; `main.rs`, `lib.rs` and
/// a `mod.rs` are their folder's module.
fn module_of(path: &str) -> Vec<String> {
    let mut parts: Vec<String> = path
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_owned)
        .collect();
    if parts.len() == 1 && (parts[0] == "main" || parts[0] == "lib")
        || parts.last().is_some_and(|p| p == "mod")
    {
        parts.pop();
    }
    parts
}

/// Every `crate::` path in the code of `text` (comments left out), a
/// grouped `use crate::{a, b::{c, d}}` giving one path for each leaf.
fn named_paths(text: &str) -> Vec<Vec<String>> {
    let code: String = text
        .lines()
        .map(without_comment)
        .collect::<Vec<_>>()
        .join("\n");
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while let Some(at) = find(&chars, i, "crate::") {
        let before = at.checked_sub(1).map(|j| chars[j]);
        i = at + "crate::".len();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        tree(&chars, &mut i, Vec::new(), &mut found);
    }
    found
}

/// `line` up to a `//` that is not inside a string.
fn without_comment(line: &str) -> &str {
    let mut in_string = false;
    let mut escaped = false;
    for (at, c) in line.char_indices() {
        match c {
            '"' if !escaped => in_string = !in_string,
            '/' if !in_string && line[at + 1..].starts_with('/') => return &line[..at],
            _ => {}
        }
        escaped = c == '\\' && !escaped;
    }
    line
}

/// Where `needle` next starts in `chars`, from `from`.
fn find(chars: &[char], from: usize, needle: &str) -> Option<usize> {
    let needle: Vec<char> = needle.chars().collect();
    (from..chars.len().saturating_sub(needle.len() - 1))
        .find(|&i| chars[i..i + needle.len()] == needle[..])
}

/// Reads a path (or a group of paths in braces) at `i`, after `prefix`,
/// into `found`.
fn tree(chars: &[char], i: &mut usize, prefix: Vec<String>, found: &mut Vec<Vec<String>>) {
    let skip_space = |i: &mut usize| {
        while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
            *i += 1;
        }
    };
    let mut path = prefix;
    loop {
        skip_space(i);
        if chars.get(*i) == Some(&'{') {
            *i += 1;
            loop {
                skip_space(i);
                match chars.get(*i) {
                    None => return,
                    Some('}') => {
                        *i += 1;
                        return;
                    }
                    Some(',') => *i += 1,
                    Some(_) => {
                        let before = *i;
                        tree(chars, i, path.clone(), found);
                        if *i == before {
                            *i += 1;
                        }
                    }
                }
            }
        }
        let start = *i;
        while chars
            .get(*i)
            .is_some_and(|c| c.is_alphanumeric() || *c == '_' || *c == '#')
        {
            *i += 1;
        }
        if *i == start {
            break;
        }
        path.push(chars[start..*i].iter().collect());
        if chars.get(*i..*i + 2) == Some(&[':', ':'][..]) {
            *i += 2;
        } else {
            break;
        }
    }
    if !path.is_empty() {
        found.push(path);
    }
}

/// The circles among the modules of one crate, given as (path relative to
/// `src/`, text) for every source file: one line for each, naming the
/// modules and, for each name that closes it, the file that makes it.
pub(crate) fn breaches(files: &[(String, String)]) -> Vec<String> {
    let modules: BTreeSet<Vec<String>> = files.iter().map(|(path, _)| module_of(path)).collect();
    // (from branch, to branch) -> the files that make the edge.
    let mut edges: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    for (path, text) in files {
        let from = module_of(path);
        for named in named_paths(text) {
            let Some(to) = (0..=named.len())
                .rev()
                .map(|n| named[..n].to_vec())
                .find(|prefix| modules.contains(prefix))
            else {
                continue;
            };
            let shared = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if shared == from.len() || shared == to.len() {
                continue; // the same module, or a parent and its child
            }
            let branch = |module: &[String]| module[..=shared].join("::");
            edges
                .entry((branch(&from), branch(&to)))
                .or_default()
                .insert(path.clone());
        }
    }
    let reach = |start: &str| {
        let mut seen = BTreeSet::from([start.to_owned()]);
        let mut todo = vec![start.to_owned()];
        while let Some(node) = todo.pop() {
            for (a, b) in edges.keys() {
                if *a == node && seen.insert(b.clone()) {
                    todo.push(b.clone());
                }
            }
        }
        seen
    };
    let nodes: BTreeSet<&String> = edges.keys().flat_map(|(a, b)| [a, b]).collect();
    let mut circles: BTreeSet<Vec<String>> = BTreeSet::new();
    for node in &nodes {
        let mut circle: Vec<String> = reach(node)
            .into_iter()
            .filter(|other| reach(other).contains(*node))
            .collect();
        circle.sort();
        if circle.len() > 1 {
            circles.insert(circle);
        }
    }
    circles
        .into_iter()
        .map(|circle| {
            let names: Vec<String> = edges
                .iter()
                .filter(|((a, b), _)| circle.contains(a) && circle.contains(b))
                .map(|((a, b), files)| {
                    let files: Vec<&str> = files.iter().map(String::as_str).collect();
                    format!("{a} names {b} ({})", files.join(", "))
                })
                .collect();
            format!(
                "the modules {} form a circle: {}",
                circle.join(", "),
                names.join("; ")
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::super::{root, sources};
    use super::*;

    /// A made-up crate: (path, text) for each file.
    fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(path, text)| ((*path).to_owned(), (*text).to_owned()))
            .collect()
    }

    #[test]
    fn the_checked_crates_have_no_circle() {
        let root = root();
        for name in CHECKED {
            let src = root.join(name).join("src");
            let mut paths = Vec::new();
            sources(&src, &mut paths);
            let files: Vec<(String, String)> = paths
                .iter()
                .map(|path| {
                    let shown = path.strip_prefix(&src).unwrap();
                    let shown = shown
                        .components()
                        .map(|c| c.as_os_str().to_string_lossy())
                        .collect::<Vec<_>>()
                        .join("/");
                    (shown, fs::read_to_string(path).unwrap())
                })
                .collect();
            assert!(files.len() >= 10, "only {} sources in {name}", files.len());
            let breaches = breaches(&files);
            assert!(breaches.is_empty(), "{name}: {breaches:#?}");
        }
    }

    #[test]
    fn two_helpers_that_name_each_other_are_a_circle() {
        let crate_ = files(&[
            ("main.rs", "mod setup;\nmod write;\n"),
            ("setup.rs", "fn f() { crate::write::what_it_holds(p); }\n"),
            ("write.rs", "use crate::{setup::holds_record, other};\n"),
        ]);
        assert_eq!(
            breaches(&crate_),
            [
                "the modules setup, write form a circle: setup names write (setup.rs); write names setup (write.rs)"
            ]
        );
    }

    #[test]
    fn a_helper_that_names_a_command_closes_a_circle_through_the_commands() {
        let crate_ = files(&[
            ("main.rs", ""),
            ("cmd/mod.rs", "pub(crate) mod egdb;\n"),
            ("cmd/egdb.rs", "use crate::endgame::{self, directory};\n"),
            (
                "endgame.rs",
                "// crate::cmd::egdb in a comment is no name\nmod install;\n",
            ),
            (
                "endgame/install.rs",
                "fn g() { crate::cmd::egdb::build_in(dir) }\n",
            ),
        ]);
        assert_eq!(
            breaches(&crate_),
            [
                "the modules cmd, endgame form a circle: cmd names endgame (cmd/egdb.rs); endgame names cmd (endgame/install.rs)"
            ]
        );
    }

    #[test]
    fn a_parent_and_its_children_and_a_one_way_chain_are_no_circle() {
        let crate_ = files(&[
            ("main.rs", "use crate::cmd::play;\n"),
            (
                "cmd/play.rs",
                "use crate::cmd::play::bot;\nuse crate::start::{self, StartArgs};\n",
            ),
            (
                "cmd/play/bot.rs",
                "use crate::cmd::play::Session;\nuse crate::{start, thinking::Line};\n",
            ),
            ("start.rs", "use crate::input_file::read_text;\n"),
            (
                "input_file.rs",
                "macro_rules! m { () => { $crate::input_file::f() } }\n",
            ),
            ("thinking.rs", "use crate::numbers::{Count, Rate};\n"),
            ("numbers.rs", ""),
        ]);
        assert!(breaches(&crate_).is_empty(), "{:?}", breaches(&crate_));
    }

    #[test]
    fn paths_are_read_from_grouped_uses_and_code() {
        assert_eq!(
            named_paths(
                "use crate::{a, b::{self, c}};\nlet x = crate::d::e(\"//\"); // crate::f\n// crate::g\nsubcrate::h"
            ),
            [vec!["a"], vec!["b", "self"], vec!["b", "c"], vec!["d", "e"]]
        );
    }
}
