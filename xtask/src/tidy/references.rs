//! The tidy test's reference check: what the comments and docs cite can be
//! opened. A reader who follows a reference finds a file of the repository
//! or a section of RULES.md, not a file that was renamed, deleted or never
//! checked in.
//!
//! - **Files.** A path a reader reads (in a comment of the code, the data
//!   files and the site's scripts, or anywhere in a Markdown page) that
//!   ends in one of [`FILE_KINDS`] must name a file of the checkout: a bare
//!   name (`tt.rs`) one with that name anywhere, a path with folders
//!   (`time/manager.rs`, `oware-core/tests/data/opening.perft`) one whose
//!   path ends so. Bare names are taken only with the kinds of
//!   [`BARE_KINDS`]: `options.rules` is a field, `game.ogn` a file the user
//!   names. Names on other sites (`docs.rs`) are in [`ELSEWHERE`].
//! - **Sections.** After `RULES.md`, a section named as `§N`, `section N`
//!   (or `sections N and M`), `#anchor` or `"Title"` must be one of
//!   RULES.md's `## N. Title` headings.
//! - **SPEC.** The rules were once written in a file called SPEC, with
//!   other numbers: a citation of it (`SPEC` then ` rule`, `'s` or
//!   ` section`) is refused like a missing file.

/// The kinds of file a path with folders is checked for.
const FILE_KINDS: [&str; 7] = [".md", ".rs", ".toml", ".rules", ".perft", ".js", ".mjs"];

/// The kinds of file a bare name is checked for.
const BARE_KINDS: [&str; 3] = [".md", ".rs", ".toml"];

/// Names that look like files of ours but are somewhere else.
const ELSEWHERE: [&str; 1] = ["docs.rs"];

/// What a reader reads in a file of kind `path`, as (line number from 1,
/// text): the comments of code (the text after `//` or `#`, without the
/// markers) and every line of a Markdown page; `None` for a file not
/// checked.
pub(crate) fn read_text(path: &str, text: &str) -> Option<Vec<(usize, String)>> {
    let marker = if path.ends_with(".md") {
        ""
    } else if path.ends_with(".rs") || path.ends_with(".js") || path.ends_with(".mjs") {
        "//"
    } else if [".toml", ".rules", ".perft"]
        .iter()
        .any(|k| path.ends_with(k))
    {
        "#"
    } else {
        return None;
    };
    let lines = text.lines().enumerate().filter_map(|(index, line)| {
        let read = if marker.is_empty() {
            line
        } else {
            // A `//` after `:` is an address's (`https://`), not a comment.
            let at = line
                .match_indices(marker)
                .find(|(at, _)| !line[..*at].ends_with(':'))?
                .0;
            line[at..].trim_start_matches(['/', '!', '#'])
        };
        Some((index + 1, read.to_owned()))
    });
    Some(lines.collect())
}

/// The paths a line cites: words made of letters, digits and `_ . / -`
/// that end in a kind of [`FILE_KINDS`] (a sentence's full stop aside),
/// without a leading `./` or `../`; none after `:` (an address).
fn cited_paths(line: &str) -> Vec<&str> {
    let is_path_char = |c: char| c.is_ascii_alphanumeric() || "_./-".contains(c);
    let mut found = Vec::new();
    let mut start = None;
    for (at, c) in line.char_indices().chain([(line.len(), ' ')]) {
        match (start, is_path_char(c)) {
            (None, true) => start = Some(at),
            (Some(from), false) => {
                start = None;
                if line[..from].ends_with(':') {
                    continue;
                }
                let mut word = line[from..at].trim_end_matches('.');
                while let Some(rest) = word.strip_prefix("./").or(word.strip_prefix("../")) {
                    word = rest;
                }
                let bare = !word.contains('/');
                let kinds: &[&str] = if bare { &BARE_KINDS } else { &FILE_KINDS };
                let Some(kind) = kinds.iter().find(|kind| word.ends_with(*kind)) else {
                    continue;
                };
                let stem = word[..word.len() - kind.len()].rsplit('/').next();
                let named = stem.is_some_and(|stem| {
                    !stem.is_empty()
                        && stem
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || "_-".contains(c))
                });
                if named && !ELSEWHERE.contains(&word) {
                    found.push(word);
                }
            }
            _ => {}
        }
    }
    found
}

/// Whether `cited` names one of `files` (paths from the root, `/`
/// between folders): the same path, or one ending in `/` and `cited`.
fn resolves(cited: &str, files: &[String]) -> bool {
    files.iter().any(|file| {
        file == cited
            || file
                .strip_suffix(cited)
                .is_some_and(|folder| folder.ends_with('/'))
    })
}

/// The cited files of `lines` (as [`read_text`] gives them, from the file
/// shown as `shown`) that are none of `files`.
pub(crate) fn file_breaches(
    shown: &str,
    lines: &[(usize, String)],
    files: &[String],
) -> Vec<String> {
    let mut breaches = Vec::new();
    for (number, line) in lines {
        for cited in cited_paths(line) {
            if !resolves(cited, files) {
                breaches.push(format!(
                    "{shown}:{number}: cites `{cited}`, which is not in the repository"
                ));
            }
        }
        let spec = ["SPEC rule", "SPEC's", "SPEC section"];
        if spec.iter().any(|s| line.contains(s)) {
            breaches.push(format!(
                "{shown}:{number}: cites SPEC; the rules are RULES.md, by section"
            ));
        }
    }
    breaches
}

/// RULES.md's sections: the number and title of each `## N. Title`
/// heading.
pub(crate) fn sections(rules: &str) -> Vec<(u32, String)> {
    rules
        .lines()
        .filter_map(|line| {
            let (number, title) = line.strip_prefix("## ")?.split_once(". ")?;
            Some((number.parse().ok()?, title.trim().to_owned()))
        })
        .collect()
}

/// A heading's anchor as GitHub writes it: lower case, spaces to `-`,
/// other punctuation dropped.
fn anchor(number: u32, title: &str) -> String {
    format!("{number}. {title}")
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The section references after `RULES.md` in `lines` (as [`read_text`]
/// gives them, from the file shown as `shown`) that name none of
/// `sections`. A reference may run on to the next line.
pub(crate) fn section_breaches(
    shown: &str,
    lines: &[(usize, String)],
    sections: &[(u32, String)],
) -> Vec<String> {
    let mut breaches = Vec::new();
    for (index, (number, line)) in lines.iter().enumerate() {
        let next = lines.get(index + 1).map_or("", |(_, next)| next.as_str());
        let text = format!("{line} {next}");
        for (at, name) in line.match_indices("RULES.md") {
            if let Some(wrong) = section_error(&text[at + name.len()..], sections) {
                breaches.push(format!("{shown}:{number}: RULES.md {wrong}"));
            }
        }
    }
    breaches
}

/// What is wrong with the section named at the start of `after` (the text
/// after `RULES.md`), or `None` when it names a section or none at all.
fn section_error(after: &str, sections: &[(u32, String)]) -> Option<String> {
    let numbers = |list: &str| -> Vec<String> {
        let list = list.trim_start();
        let end = list
            .find(|c: char| !(c.is_ascii_digit() || " ,–-and".contains(c)))
            .unwrap_or(list.len());
        list[..end]
            .split(|c: char| !c.is_ascii_digit())
            .filter(|n| !n.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let unknown_number = |cited: Vec<String>| {
        cited
            .into_iter()
            .find(|n| !sections.iter().any(|(number, _)| n == &number.to_string()))
            .map(|n| format!("section {n} does not exist"))
    };
    if let Some(fragment) = after.strip_prefix('#') {
        let end = fragment
            .find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
            .unwrap_or(fragment.len());
        let fragment = &fragment[..end];
        let known = sections
            .iter()
            .any(|(number, title)| anchor(*number, title) == fragment);
        return (!known).then(|| format!("has no anchor #{fragment}"));
    }
    let after = after.trim_start_matches([',', ' ']);
    if let Some(list) = after.strip_prefix('§') {
        return unknown_number(numbers(list));
    }
    if let Some(list) = after
        .strip_prefix("sections ")
        .or(after.strip_prefix("section "))
    {
        return unknown_number(numbers(list));
    }
    if let Some(quoted) = after.strip_prefix('"') {
        let title = quoted.split('"').next().unwrap_or_default();
        let known = sections.iter().any(|(_, known)| known == title);
        return (!known).then(|| format!("has no section \"{title}\""));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: &str =
        "# Rules\n\n## 1. The board\n\ntext\n\n## 2. A move\n\n## 11. Where each rule lives\n";

    /// `text` as the lines of a Markdown page, read whole. (The cases are
    /// not written as comments, which tidy would read in this file.)
    fn page(text: &str) -> Vec<(usize, String)> {
        read_text("x.md", text).unwrap()
    }

    /// A line of code followed by a comment holding `comment`.
    fn code_then_comment(code: &str, comment: &str) -> Vec<(usize, String)> {
        let slashes = "/".repeat(2);
        read_text("x.rs", &format!("{code} {slashes} {comment}")).unwrap()
    }

    #[test]
    fn sections_and_anchors_are_read_from_the_headings() {
        let sections = sections(RULES);
        assert_eq!(
            sections,
            [
                (1, "The board".to_owned()),
                (2, "A move".to_owned()),
                (11, "Where each rule lives".to_owned())
            ]
        );
        assert_eq!(
            anchor(11, "Where each rule lives"),
            "11-where-each-rule-lives"
        );
    }

    #[test]
    fn a_missing_section_is_caught_in_every_spelling() {
        let sections = sections(RULES);
        let wrong = [
            "as RULES.md §7 says",
            "(RULES.md section 3)",
            "RULES.md, section 12, has an example",
            "RULES.md sections 2 and 7",
            "see RULES.md#sowing",
            "see [it](RULES.md#3-the-grand-slam)",
            "(RULES.md \"The end\")",
            "(RULES.md section\n9)",
        ];
        for text in wrong {
            let breaches = section_breaches("x.md", &page(text), &sections);
            assert_eq!(breaches.len(), 1, "{text}: {breaches:?}");
            assert!(breaches[0].starts_with("x.md:1: RULES.md "), "{breaches:?}");
        }
        let right = [
            "as RULES.md §2 says",
            "(RULES.md section 1)",
            "RULES.md, section 11, has a table",
            "RULES.md sections 1 and 2",
            "RULES.md sections 1–2",
            "see [the board](RULES.md#1-the-board)",
            "(RULES.md \"A move\")",
            "RULES.md's diagram, and RULES.md alone",
        ];
        for text in right {
            let breaches = section_breaches("x.md", &page(text), &sections);
            assert!(breaches.is_empty(), "{text}: {breaches:?}");
        }
        let comment = code_then_comment("let x = \"RULES.md section 9\";", "RULES.md section 7");
        let breaches = section_breaches("x.rs", &comment, &sections);
        assert_eq!(breaches, ["x.rs:1: RULES.md section 7 does not exist"]);
    }

    #[test]
    fn a_missing_file_is_caught_and_present_ones_pass() {
        let files = [
            "RULES.md",
            "oware-core/src/lib.rs",
            "oware-search/src/time/manager.rs",
            "oware-core/tests/data/opening.perft",
        ]
        .map(str::to_owned);
        let cite = |text: &str| file_breaches("x.md", &page(text), &files);
        assert_eq!(
            cite("(OLD-RULES.md rule 3)"),
            ["x.md:1: cites `OLD-RULES.md`, which is not in the repository"]
        );
        assert_eq!(cite("see src/agree.rs.").len(), 1);
        assert_eq!(cite("see oware-core/src/main.rs").len(), 1);
        assert_eq!(cite("the data in tests/data/other.perft").len(), 1);
        assert_eq!(cite(&["as SPEC", " rule 6 says"].concat()).len(), 1);
        assert_eq!(cite(&["SPEC", "'s diagram"].concat()).len(), 1);
        for fine in [
            "see RULES.md.",
            "`lib.rs` and `time/manager.rs`",
            "../oware-core/tests/data/opening.perft",
            "written to game.ogn, or to options.rules",
            "on docs.rs, or https://example.org/src/gone.rs",
        ] {
            assert!(cite(fine).is_empty(), "{fine}: {:?}", cite(fine));
        }
        let code = code_then_comment(
            "let path = \"gone.rs\"; let url = \"https://x.org/gone.rs\";",
            "lib.rs",
        );
        assert!(file_breaches("x.rs", &code, &files).is_empty());
        let code = code_then_comment("let path = \"lib.rs\";", "gone.rs");
        assert_eq!(file_breaches("x.rs", &code, &files).len(), 1);
    }

    #[test]
    fn docs_are_read_whole_and_code_by_its_comments() {
        let md = read_text("docs/x.md", "See gone.md.\n```\nrun gone.rs\n```\n").unwrap();
        assert_eq!(md.len(), 4);
        let rules = read_text("t/x.rules", "# header\ngame 1 2 # tail\n").unwrap();
        assert_eq!(rules, [(1, " header".to_owned()), (2, " tail".to_owned())]);
        assert!(read_text("x.ogn", "[Event \"gone.rs\"]").is_none());
    }
}
