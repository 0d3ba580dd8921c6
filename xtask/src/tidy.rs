//! The tidy test: the workspace's shape, as ARCHITECTURE.md states it,
//! checked on every `cargo test --workspace` (so by CI).
//!
//! - Dependencies: `oware-core` depends on no crate of ours (outside its
//!   dev-dependencies, which may hold the reference to compare with), nor
//!   does `oware-file` (the file frame under both egdb and book);
//!   `oware-uci` (the protocol) on none but `oware-core`;
//!   `oware-reference` never on `oware-core`; `oware-cli` and `oware-web`
//!   never on each other; and every crate's dependencies on crates of ours
//!   are exactly those ARCHITECTURE.md's table lists, and its diagram
//!   draws (every crate, every arrow). Only the crates that run matches
//!   depend on `oware-match`: the player layer (`oware-player`), the page,
//!   the search and the checks (`xtask`, whose matches are `lab`'s) do
//!   not, and `oware uci`'s sources never name it. The protocol stays at
//!   the edges: the search, the player layer and the page never depend on
//!   `oware-uci`.
//! - Documentation: the workspace lint table keeps `missing_docs`, every
//!   crate inherits the workspace lints, and no source allows missing docs.
//! - Length: a source file over [`MAX_LINES`] lines says why near its top,
//!   in a `// tidy: long because …` line or a doc sentence saying it is
//!   long because of something.
//! - Rules: no crate but oware-core (and the reference) computes with the
//!   numbers of the rules ([`rule_numbers`]).
//! - References: every file a comment or a page cites is in the checkout,
//!   and every RULES.md section cited exists ([`references`]).
//! - Circles: no two modules of oware-cli name each other, directly or
//!   through others ([`circles`]).
//! - Packaging: every crate that may be published holds both licences, and
//!   the README's library example is oware-core's tested one ([`packaging`]).
//!
//! Each check is a function over text, so its own tests show it failing on
//! a breakage as well as passing on the real files.

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};

mod circles;
mod packaging;
mod references;
mod rule_numbers;

/// Lines a source file may have without a written reason.
const MAX_LINES: usize = 600;

/// Dependencies a crate must not have: (crate, forbidden dependency, whether
/// dev-dependencies count too).
const FORBIDDEN: [(&str, &str, bool); 30] = [
    ("oware-core", "oware-reference", false),
    ("oware-core", "oware-search", false),
    ("oware-core", "oware-cli", false),
    ("oware-core", "oware-web", false),
    ("oware-core", "oware-fuzz", false),
    ("oware-core", "xtask", false),
    ("oware-core", "oware-file", false),
    ("oware-file", "oware-core", false),
    ("oware-file", "oware-search", false),
    ("oware-file", "oware-egdb", false),
    ("oware-file", "oware-book", false),
    ("oware-file", "oware-match", false),
    ("oware-file", "oware-cli", false),
    ("oware-file", "oware-web", false),
    ("oware-uci", "oware-search", false),
    ("oware-uci", "oware-egdb", false),
    ("oware-uci", "oware-book", false),
    ("oware-uci", "oware-match", false),
    ("oware-uci", "oware-cli", false),
    ("oware-reference", "oware-core", true),
    ("oware-cli", "oware-web", true),
    ("oware-web", "oware-cli", true),
    ("oware-web", "oware-match", false),
    ("oware-player", "oware-match", false),
    ("oware-search", "oware-player", false),
    ("oware-book", "oware-player", false),
    // The protocol stays at the edges: `go` becomes the search's `Limits`
    // in `oware uci` and the match runner's engine processes.
    ("oware-search", "oware-uci", false),
    ("oware-player", "oware-uci", false),
    ("oware-web", "oware-uci", false),
    ("xtask", "oware-match", false),
];

/// The sources of `oware uci`, the engine side of the protocol: it plays
/// through oware-player and never through the match runner.
const ENGINE_SIDE: [&str; 2] = ["oware-cli/src/cmd/uci.rs", "oware-cli/src/cmd/uci/"];

/// The dependencies named in a Cargo.toml, each with whether it is a
/// dev-dependency. Reads `[dependencies]`-like tables (target-specific ones
/// too) line by line, and `[dependencies.NAME]` tables.
fn dependencies(manifest: &str) -> Vec<(String, bool)> {
    let mut found = Vec::new();
    let mut table: Option<bool> = None;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if let Some(header) = line.strip_prefix('[') {
            let header = header.trim_end_matches(']').trim_matches('[');
            let dev = header.contains("dev-dependencies");
            table = None;
            let is_deps = |name: &str| name.ends_with("dependencies");
            if is_deps(header) {
                table = Some(dev);
            } else if let Some((prefix, name)) = header.rsplit_once('.')
                && is_deps(prefix)
            {
                found.push((name.trim_matches('"').to_owned(), dev));
            }
            continue;
        }
        if let Some(dev) = table {
            let key = line.split(['=', '.', ' ']).next().unwrap_or("");
            if !key.is_empty() {
                found.push((key.trim_matches('"').to_owned(), dev));
            }
        }
    }
    found
}

/// The forbidden dependencies of crate `name` in its manifest.
fn dependency_breaches(name: &str, manifest: &str) -> Vec<String> {
    let deps = dependencies(manifest);
    FORBIDDEN
        .iter()
        .filter(|(krate, _, _)| *krate == name)
        .filter(|(_, banned, with_dev)| {
            deps.iter()
                .any(|(dep, dev)| dep == banned && (*with_dev || !dev))
        })
        .map(|(krate, banned, _)| format!("{krate} must not depend on {banned}"))
        .collect()
}

/// The table of ARCHITECTURE.md's "Dependencies" section: each crate with
/// the crates of ours it depends on.
fn architecture_table(text: &str) -> Vec<(String, Vec<String>)> {
    let Some(start) = text.find("## Dependencies") else {
        return Vec::new();
    };
    let section = &text[start..];
    let section = section[2..]
        .find("\n## ")
        .map_or(section, |end| &section[..end + 2]);
    section
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line
                .trim()
                .trim_matches('|')
                .split('|')
                .map(str::trim)
                .collect();
            let [krate, deps] = cells[..] else {
                return None;
            };
            if krate == "crate" || krate.starts_with("---") || krate.is_empty() {
                return None;
            }
            let deps = deps
                .split(',')
                .map(str::trim)
                .filter(|d| !d.is_empty() && *d != "(none)")
                .map(str::to_owned)
                .collect();
            Some((krate.to_owned(), deps))
        })
        .collect()
}

/// The diagram of ARCHITECTURE.md's "Bird's-eye view": its ```mermaid
/// block, a line a crate, `crate --> dep & dep & …` (a crate that depends
/// on none of ours stands alone on its line).
fn architecture_diagram(text: &str) -> Vec<(String, Vec<String>)> {
    let Some(start) = text.find("```mermaid\n") else {
        return Vec::new();
    };
    let block = &text[start + "```mermaid\n".len()..];
    let block = &block[..block.find("```").unwrap_or(block.len())];
    block
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("flowchart"))
        .map(|line| {
            let (krate, deps) = line.split_once("-->").unwrap_or((line, ""));
            let deps = deps
                .split('&')
                .map(str::trim)
                .filter(|d| !d.is_empty())
                .map(str::to_owned)
                .collect();
            (krate.trim().to_owned(), deps)
        })
        .collect()
}

/// Where ARCHITECTURE.md's diagram and its table differ: a crate one shows
/// and the other does not, or an arrow one draws and the other does not.
fn diagram_breaches(
    diagram: &[(String, Vec<String>)],
    table: &[(String, Vec<String>)],
) -> Vec<String> {
    let mut breaches = Vec::new();
    for (name, listed) in table {
        let Some((_, drawn)) = diagram.iter().find(|(krate, _)| krate == name) else {
            breaches.push(format!("{name} is missing from ARCHITECTURE.md's diagram"));
            continue;
        };
        for dep in listed.iter().filter(|dep| !drawn.contains(dep)) {
            breaches.push(format!(
                "the diagram draws no arrow from {name} to {dep}, which the table lists"
            ));
        }
        for dep in drawn.iter().filter(|dep| !listed.contains(dep)) {
            breaches.push(format!(
                "the diagram draws an arrow from {name} to {dep}, which the table does not list"
            ));
        }
    }
    for (name, _) in diagram {
        if !table.iter().any(|(krate, _)| krate == name) {
            breaches.push(format!(
                "the diagram shows {name}, which the table does not list"
            ));
        }
    }
    breaches
}

/// Where an `oware uci` source names the match runner.
fn engine_side_breaches(path: &str, text: &str) -> Vec<String> {
    let engine_side = ENGINE_SIDE.iter().any(|side| path.starts_with(side));
    if engine_side && text.contains("oware_match") {
        vec![format!(
            "{path}: `oware uci` must not use oware-match (its player layer is oware-player)"
        )]
    } else {
        Vec::new()
    }
}

/// Where the manifests and ARCHITECTURE.md's table of dependencies differ:
/// a crate missing from the table, or a dependency on a member of ours
/// (outside dev-dependencies) that one names and the other does not.
fn table_breaches(table: &[(String, Vec<String>)], members: &[(String, String)]) -> Vec<String> {
    let ours: Vec<&str> = members.iter().map(|(name, _)| name.as_str()).collect();
    let mut breaches = Vec::new();
    for (name, manifest) in members {
        let Some((_, listed)) = table.iter().find(|(krate, _)| krate == name) else {
            breaches.push(format!(
                "{name} is missing from ARCHITECTURE.md's dependency table"
            ));
            continue;
        };
        let mut actual: Vec<String> = dependencies(manifest)
            .into_iter()
            .filter(|(dep, dev)| !dev && ours.contains(&dep.as_str()))
            .map(|(dep, _)| dep)
            .collect();
        actual.sort();
        actual.dedup();
        for dep in &actual {
            if !listed.contains(dep) {
                breaches.push(format!(
                    "{name} depends on {dep}, which ARCHITECTURE.md does not list"
                ));
            }
        }
        for dep in listed {
            if !actual.contains(dep) {
                breaches.push(format!(
                    "ARCHITECTURE.md lists {name} depending on {dep}, which it does not"
                ));
            }
        }
    }
    breaches
}

/// What is wrong with the documentation lints: the root manifest's
/// `[workspace.lints.rust]` must keep `missing_docs`, and each member's
/// must say `[lints] workspace = true`.
fn lint_breaches(root: &str, members: &[(String, String)]) -> Vec<String> {
    let mut breaches = Vec::new();
    let mut in_rust_lints = false;
    let mut keeps_missing_docs = false;
    for line in root.lines().map(str::trim) {
        if line.starts_with('[') {
            in_rust_lints = line == "[workspace.lints.rust]";
        } else if in_rust_lints
            && line.starts_with("missing_docs")
            && (line.contains("\"warn\"") || line.contains("\"deny\""))
        {
            keeps_missing_docs = true;
        }
    }
    if !keeps_missing_docs {
        breaches.push("[workspace.lints.rust] must warn or deny missing_docs".to_owned());
    }
    for (name, manifest) in members {
        let inherits = manifest
            .split("[lints]")
            .nth(1)
            .is_some_and(|rest| rest.trim_start().starts_with("workspace = true"));
        if !inherits {
            breaches.push(format!("{name} must have `[lints] workspace = true`"));
        }
    }
    breaches
}

/// What is wrong with one source file: an allowance of missing docs, or a
/// length over [`MAX_LINES`] without a reason at its top.
fn source_breaches(path: &str, text: &str) -> Vec<String> {
    let mut breaches = Vec::new();
    let allow = ["allow", "(missing_docs)"].concat();
    if text.contains(&allow) {
        breaches.push(format!("{path}: missing docs must not be allowed"));
    }
    let lines = text.lines().count();
    let says_why = text
        .lines()
        .take(20)
        .any(|line| line.contains("tidy: long because") || line.contains("is long because"));
    if lines > MAX_LINES && !says_why {
        breaches.push(format!(
            "{path}: {lines} lines (over {MAX_LINES}) and no `// tidy: long because …` at the top"
        ));
    }
    breaches
}

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_owned()
}

/// The workspace members, as (package name, manifest text).
fn members(root: &Path) -> Vec<(String, String)> {
    let mut members = Vec::new();
    for entry in fs::read_dir(root).expect("the workspace root is readable") {
        let dir = entry.expect("a directory entry").path();
        let manifest = dir.join("Cargo.toml");
        if let Ok(text) = fs::read_to_string(&manifest) {
            let name = text
                .lines()
                .find_map(|l| l.trim().strip_prefix("name = "))
                .map(|n| n.trim_matches('"').to_owned())
                .unwrap_or_default();
            members.push((name, text));
        }
    }
    members.sort();
    members
}

/// Every file under `dir`, skipping build output, installed packages and
/// git's folder.
fn files(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if !["target", "node_modules", ".git"]
                .map(OsStr::new)
                .contains(&&*name)
            {
                files(&path, found);
            }
        } else {
            found.push(path);
        }
    }
}

/// Every `.rs` file under `dir`, skipping what [`files`] skips.
fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut all = Vec::new();
    files(dir, &mut all);
    found.extend(
        all.into_iter()
            .filter(|path| path.extension().is_some_and(|e| e == "rs")),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dependency_table_is_the_manifests() {
        let root = root();
        let members = members(&root);
        let text = fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md reads");
        let table = architecture_table(&text);
        assert!(table.len() >= members.len(), "{table:?}");
        let breaches = table_breaches(&table, &members);
        assert!(breaches.is_empty(), "{breaches:#?}");
    }

    #[test]
    fn every_published_crate_holds_its_licences() {
        let root = root();
        let members = members(&root);
        let published: Vec<&str> = members
            .iter()
            .filter(|(_, manifest)| packaging::publishable(manifest))
            .map(|(name, _)| name.as_str())
            .collect();
        assert!(published.contains(&"oware-core"), "{published:?}");
        assert!(!published.contains(&"xtask"), "{published:?}");
        let breaches: Vec<String> = published
            .iter()
            .flat_map(|name| packaging::licence_breaches(&root, name))
            .collect();
        assert!(breaches.is_empty(), "{breaches:#?}");
    }

    #[test]
    fn the_readme_example_is_oware_cores_doc_test() {
        let root = root();
        let read = |path: &str| fs::read_to_string(root.join(path)).expect(path);
        let readme = read("README.md");
        assert!(
            readme.contains("```rust"),
            "README.md shows the library in Rust"
        );
        let breaches = packaging::example_breaches(&readme, &read("oware-core/README.md"));
        assert!(breaches.is_empty(), "{breaches:#?}");
        assert!(
            read("oware-core/src/lib.rs").contains("#[doc = include_str!(\"../README.md\")]"),
            "oware-core runs its own README as a doc test"
        );
    }

    #[test]
    fn the_diagram_draws_the_table() {
        let text =
            fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md reads");
        let diagram = architecture_diagram(&text);
        assert!(
            diagram.iter().any(|(name, _)| name == "oware-egdb-mpi"),
            "{diagram:?}"
        );
        let breaches = diagram_breaches(&diagram, &architecture_table(&text));
        assert!(breaches.is_empty(), "{breaches:#?}");
    }

    #[test]
    fn a_drifted_diagram_is_caught_both_ways() {
        let table = architecture_table(
            "## Dependencies\n\n| crate | depends on |\n|---|---|\n| a | b, c |\n| b | (none) |\n| c | (none) |\n",
        );
        let diagram =
            architecture_diagram("```mermaid\nflowchart TD\n    a --> b & d\n    b\n    d\n```\n");
        assert_eq!(
            diagram_breaches(&diagram, &table),
            [
                "the diagram draws no arrow from a to c, which the table lists",
                "the diagram draws an arrow from a to d, which the table does not list",
                "c is missing from ARCHITECTURE.md's diagram",
                "the diagram shows d, which the table does not list",
            ]
        );
    }

    #[test]
    fn the_engine_side_of_the_protocol_does_not_use_the_match_runner() {
        let root = root();
        let mut files = Vec::new();
        sources(&root.join("oware-cli/src"), &mut files);
        let mut checked = 0;
        let mut breaches = Vec::new();
        for file in files {
            let shown = file.strip_prefix(&root).unwrap().display().to_string();
            checked += usize::from(ENGINE_SIDE.iter().any(|side| shown.starts_with(side)));
            breaches.extend(engine_side_breaches(
                &shown,
                &fs::read_to_string(&file).unwrap(),
            ));
        }
        assert!(checked >= 2, "only {checked} of oware uci's sources found");
        assert!(breaches.is_empty(), "{breaches:#?}");
        let named = "let limits = oware_match::search_limits(&go, seat);";
        assert_eq!(
            engine_side_breaches("oware-cli/src/cmd/uci/answers.rs", named).len(),
            1
        );
        assert!(engine_side_breaches("oware-cli/src/cmd/match.rs", named).is_empty());
    }

    #[test]
    fn a_drifted_table_is_caught_both_ways() {
        let members = vec![
            (
                "a".to_owned(),
                "[dependencies]\nb.workspace = true\n".to_owned(),
            ),
            (
                "b".to_owned(),
                "[dev-dependencies]\na.workspace = true\n".to_owned(),
            ),
            ("c".to_owned(), String::new()),
        ];
        let text = "## Dependencies\n\n| crate | depends on |\n|---|---|\n| a | (none) |\n| b | c |\n\n## Next\n| c | a |\n";
        let breaches = table_breaches(&architecture_table(text), &members);
        assert_eq!(
            breaches,
            [
                "a depends on b, which ARCHITECTURE.md does not list",
                "ARCHITECTURE.md lists b depending on c, which it does not",
                "c is missing from ARCHITECTURE.md's dependency table",
            ]
        );
    }

    #[test]
    fn crates_depend_only_as_the_architecture_allows() {
        let members = members(&root());
        assert!(members.iter().any(|(name, _)| name == "oware-core"));
        let breaches: Vec<String> = members
            .iter()
            .flat_map(|(name, manifest)| dependency_breaches(name, manifest))
            .collect();
        assert!(breaches.is_empty(), "{breaches:#?}");
    }

    /// The breaches of the workspace's source files whose message contains `kind`.
    fn source_breaches_in_workspace(kind: &str) -> Vec<String> {
        let root = root();
        let mut files = Vec::new();
        sources(&root, &mut files);
        assert!(files.len() > 50, "only {} sources found", files.len());
        let mut breaches = Vec::new();
        for file in files {
            let text = fs::read_to_string(&file).unwrap();
            let shown = file.strip_prefix(&root).unwrap().display().to_string();
            breaches.extend(
                source_breaches(&shown, &text)
                    .into_iter()
                    .filter(|b| b.contains(kind)),
            );
        }
        breaches
    }

    #[test]
    fn public_items_must_be_documented() {
        let root = root();
        let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap();
        let mut breaches = lint_breaches(&manifest, &members(&root));
        breaches.extend(source_breaches_in_workspace("missing docs"));
        assert!(breaches.is_empty(), "{breaches:#?}");
    }

    #[test]
    fn only_core_computes_with_the_numbers_of_the_rules() {
        let root = root();
        let mut files = Vec::new();
        sources(&root, &mut files);
        let mut breaches = Vec::new();
        for file in files {
            let shown = file.strip_prefix(&root).unwrap().display().to_string();
            let crate_name = shown.split('/').next().unwrap_or_default();
            if rule_numbers::EXEMPT.contains(&crate_name) || !shown.contains("/src/") {
                continue;
            }
            breaches.extend(rule_numbers::breaches(
                &shown,
                &fs::read_to_string(&file).unwrap(),
            ));
        }
        assert!(breaches.is_empty(), "{breaches:#?}");
    }

    #[test]
    fn references_resolve() {
        let root = root();
        let mut found = Vec::new();
        files(&root, &mut found);
        let shown: Vec<String> = found
            .iter()
            .map(|file| file.strip_prefix(&root).unwrap().display().to_string())
            .collect();
        let rules = fs::read_to_string(root.join("RULES.md")).unwrap();
        let sections = references::sections(&rules);
        assert!(sections.len() >= 10, "{sections:?}");
        let mut breaches = Vec::new();
        let mut read = 0;
        for (file, shown_as) in found.iter().zip(&shown) {
            let Ok(text) = fs::read_to_string(file) else {
                continue;
            };
            let Some(lines) = references::read_text(shown_as, &text) else {
                continue;
            };
            read += 1;
            breaches.extend(references::file_breaches(shown_as, &lines, &shown));
            breaches.extend(references::section_breaches(shown_as, &lines, &sections));
        }
        assert!(read > 100, "only {read} files read");
        assert!(breaches.is_empty(), "{breaches:#?}");
    }

    #[test]
    fn long_files_say_why() {
        let breaches = source_breaches_in_workspace("lines (over");
        assert!(breaches.is_empty(), "{breaches:#?}");
    }

    #[test]
    fn a_forbidden_dependency_is_caught_in_every_spelling() {
        let spellings = [
            "[dependencies]\noware-core.workspace = true\n",
            "[dependencies]\noware-core = { path = \"../oware-core\" }\n",
            "[dependencies.oware-core]\npath = \"../oware-core\"\n",
            "[target.'cfg(unix)'.dependencies]\n\"oware-core\" = \"0.1\"\n",
            "[dev-dependencies]\noware-core.workspace = true\n",
        ];
        for manifest in spellings {
            assert_eq!(
                dependency_breaches("oware-reference", manifest),
                ["oware-reference must not depend on oware-core"],
                "{manifest}"
            );
        }
        // Core may compare itself with the reference in its tests only.
        let core = "[dependencies]\n\n[dev-dependencies]\noware-reference.workspace = true\n";
        assert!(dependency_breaches("oware-core", core).is_empty());
        let core = "[dependencies]\noware-reference.workspace = true\n";
        assert_eq!(dependency_breaches("oware-core", core).len(), 1);
        // The file frame stands on std (and memmap2) alone.
        let file = "[target.'cfg(not(target_arch = \"wasm32\"))'.dependencies]\nmemmap2.workspace = true\n";
        assert!(dependency_breaches("oware-file", file).is_empty());
        let file = "[dependencies]\noware-core.workspace = true\n";
        assert_eq!(
            dependency_breaches("oware-file", file),
            ["oware-file must not depend on oware-core"]
        );
        let web = "[dependencies]\noware-core.workspace = true\noware-cli = \"0.1\"\n";
        assert_eq!(
            dependency_breaches("oware-web", web),
            ["oware-web must not depend on oware-cli"]
        );
    }

    #[test]
    fn lost_lints_and_allowances_are_caught() {
        let root = "[workspace.lints.rust]\nmissing_docs = \"warn\"\n";
        let member = |lints: &str| vec![("oware-x".to_owned(), lints.to_owned())];
        assert!(lint_breaches(root, &member("[lints]\nworkspace = true\n")).is_empty());
        assert_eq!(lint_breaches(root, &member("[dependencies]\n")).len(), 1);
        let lost = "[workspace.lints.rust]\nunreachable_pub = \"warn\"\n";
        assert_eq!(
            lint_breaches(lost, &member("[lints]\nworkspace = true\n")).len(),
            1
        );
        let allowed = ["#![", "allow", "(missing_docs)]\n"].concat();
        assert_eq!(source_breaches("lib.rs", &allowed).len(), 1);
    }

    #[test]
    fn a_long_file_needs_its_reason() {
        let long = "fn f() {}\n".repeat(MAX_LINES + 1);
        assert_eq!(source_breaches("long.rs", &long).len(), 1);
        let reasoned = format!("// tidy: long because one table\n{long}");
        assert!(source_breaches("long.rs", &reasoned).is_empty());
        let documented = format!("//! This module is long because the walk is one unit.\n{long}");
        assert!(source_breaches("long.rs", &documented).is_empty());
        let short = "fn f() {}\n".repeat(MAX_LINES);
        assert!(source_breaches("short.rs", &short).is_empty());
    }
}
