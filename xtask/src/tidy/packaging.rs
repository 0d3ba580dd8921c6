//! The tidy test's packaging checks, what `cargo xtask package` needs of
//! the checkout and finds only after minutes of building:
//!
//! - every crate that may be published holds the licences it declares,
//!   `LICENSE-MIT` and `LICENSE-APACHE`, each the same text as the root's
//!   (links to them: `cargo package` copies what a link points at);
//! - the repository README's library example is oware-core's README's too,
//!   word for word: oware-core runs its own README as a doc test (the
//!   package holds that file, not the repository's), so this keeps the
//!   example on the repository's front page tested.

use std::path::Path;

/// The licence files, at the root and in each published crate.
const LICENCES: [&str; 2] = ["LICENSE-MIT", "LICENSE-APACHE"];

/// Whether a crate's manifest lets it be published.
pub(crate) fn publishable(manifest: &str) -> bool {
    !manifest
        .lines()
        .any(|line| line.split_whitespace().collect::<String>() == "publish=false")
}

/// What is wrong with crate `name`'s licence files under `root`.
pub(crate) fn licence_breaches(root: &Path, name: &str) -> Vec<String> {
    let mut breaches = Vec::new();
    for licence in LICENCES {
        let Ok(root_text) = std::fs::read_to_string(root.join(licence)) else {
            breaches.push(format!("the root has no {licence}"));
            continue;
        };
        match std::fs::read_to_string(root.join(name).join(licence)) {
            Ok(text) if text == root_text => {}
            Ok(_) => breaches.push(format!(
                "{name}/{licence} differs from the root's: link it (ln -sf ../{licence} {name}/)"
            )),
            Err(_) => breaches.push(format!(
                "{name} may be published but has no {licence}: ln -s ../{licence} {name}/"
            )),
        }
    }
    breaches
}

/// The fenced `rust` blocks of a Markdown text, each whole.
fn rust_blocks(text: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut block: Option<String> = None;
    for line in text.lines() {
        match &mut block {
            None if line.trim_start().starts_with("```rust") => block = Some(String::new()),
            None => {}
            Some(_) if line.trim_start().starts_with("```") => blocks.extend(block.take()),
            Some(lines) => {
                lines.push_str(line);
                lines.push('\n');
            }
        }
    }
    blocks
}

/// The repository README's `rust` blocks that the crate README (a doc
/// test) does not hold word for word.
pub(crate) fn example_breaches(readme: &str, crate_readme: &str) -> Vec<String> {
    let tested = rust_blocks(crate_readme);
    rust_blocks(readme)
        .into_iter()
        .filter(|block| !tested.contains(block))
        .map(|block| {
            format!(
                "README.md's example starting {:?} is not in oware-core/README.md, whose \
                 examples are doc tests: copy it there as it stands",
                block.lines().next().unwrap_or_default()
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn publish_false_is_read_however_it_is_spaced() {
        assert!(publishable("[package]\nname = \"a\"\n"));
        assert!(!publishable("[package]\npublish = false\n"));
        assert!(!publishable("[package]\npublish=false\n"));
        assert!(publishable("[package]\n# publish = false, one day\n"));
    }

    #[test]
    fn a_missing_or_different_licence_is_caught() {
        let dir = std::env::temp_dir().join(format!("oware-tidy-licences-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("a")).unwrap();
        std::fs::create_dir_all(dir.join("b")).unwrap();
        for licence in LICENCES {
            std::fs::write(dir.join(licence), "the text").unwrap();
            std::fs::write(dir.join("a").join(licence), "the text").unwrap();
        }
        std::fs::write(dir.join("b/LICENSE-MIT"), "another text").unwrap();
        assert!(licence_breaches(&dir, "a").is_empty());
        assert_eq!(
            licence_breaches(&dir, "b"),
            [
                "b/LICENSE-MIT differs from the root's: link it (ln -sf ../LICENSE-MIT b/)",
                "b may be published but has no LICENSE-APACHE: ln -s ../LICENSE-APACHE b/",
            ]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_example_the_crate_readme_lacks_is_caught() {
        let crate_readme = "# a\n\n```rust\nlet x = 1;\n```\n\n```sh\ncargo test\n```\n";
        assert!(example_breaches("Intro.\n```rust\nlet x = 1;\n```\n", crate_readme).is_empty());
        assert_eq!(
            example_breaches("```rust\nlet x = 2;\n```\n", crate_readme),
            [
                "README.md's example starting \"let x = 2;\" is not in oware-core/README.md, \
              whose examples are doc tests: copy it there as it stands"
            ]
        );
    }
}
