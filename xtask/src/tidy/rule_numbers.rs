//! The tidy test's rule-number check: outside oware-core, no code computes
//! with the numbers of the rules (the 48 seeds of the game, the 25 that
//! wins, the 24 just below it) where core's `TOTAL_SEEDS` and
//! `WINNING_STORE` should stand. oware-reference is exempt by design: it is
//! the second, independent statement of the rules.
//!
//! A number is read as a rule's when it is compared, added, subtracted, a
//! bound of a range or of `min`/`max`/`saturating_sub`, or a constant's
//! value; the same digits in a list, an array length or a shift are other
//! things. A line that uses one of the numbers for something else says so
//! with `tidy: not a rule` in a comment. The 2s and 3s of a capture cannot
//! be told from other small numbers by reading; they are left to review.

/// The numbers of the rules.
const RULE_NUMBERS: [&str; 3] = ["24", "25", "48"];

/// Crates whose code may state the rules: the rules library and the
/// reference.
pub(crate) const EXEMPT: [&str; 2] = ["oware-core", "oware-reference"];

/// What comes right before a number that is computed with.
const BEFORE: [&str; 14] = [
    "<=",
    ">=",
    "==",
    "!=",
    "..=",
    "..",
    "<",
    ">",
    "-",
    "+",
    "=",
    "min(",
    "max(",
    "saturating_sub(",
];

/// What comes right after a number that is computed with.
const AFTER: [&str; 8] = ["<=", ">=", "==", "!=", "..", "<", ">", "-"];

/// The lines of `text` (one source file, shown as `path`) that compute with
/// a rule's number, outside tests, comments and strings.
pub(crate) fn breaches(path: &str, text: &str) -> Vec<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    let mut found = Vec::new();
    for (n, line) in code_lines(code).iter().enumerate() {
        if line.original.contains("tidy: not a rule") {
            continue;
        }
        if let Some(number) = computed_number(&line.code) {
            found.push(format!(
                "{path}:{}: the rules' {number} outside oware-core (use TOTAL_SEEDS or WINNING_STORE, or say `tidy: not a rule`): {}",
                n + 1,
                line.original.trim()
            ));
        }
    }
    found
}

/// A source line, and its code with comments and string contents blanked.
struct Line {
    original: String,
    code: String,
}

/// `text`'s lines with comments and the insides of strings and character
/// literals replaced by spaces (strings may span lines).
fn code_lines(text: &str) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut in_string = false;
    for original in text.lines() {
        let mut code = String::with_capacity(original.len());
        let mut chars = original.chars().peekable();
        while let Some(c) = chars.next() {
            if in_string {
                match c {
                    '\\' => {
                        chars.next();
                        code.push_str("  ");
                    }
                    '"' => {
                        in_string = false;
                        code.push('"');
                    }
                    _ => code.push(' '),
                }
            } else if c == '"' {
                in_string = true;
                code.push('"');
            } else if c == '/' && chars.peek() == Some(&'/') {
                break;
            } else if c == '\'' && chars.clone().nth(1) == Some('\'') {
                // A character literal such as '2': skip it whole.
                chars.next();
                chars.next();
                code.push_str("   ");
            } else {
                code.push(c);
            }
        }
        lines.push(Line {
            original: original.to_owned(),
            code,
        });
    }
    lines
}

/// The first rule number `code` computes with, if any.
fn computed_number(code: &str) -> Option<&'static str> {
    let bytes = code.as_bytes();
    for number in RULE_NUMBERS {
        let mut from = 0;
        while let Some(at) = code[from..].find(number).map(|i| i + from) {
            from = at + number.len();
            let before = &code[..at];
            let after = &code[from..];
            let starts = at == 0 || !is_word(bytes[at - 1]);
            // A type suffix (48u8) belongs to the number.
            let rest = after.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '_');
            let digits_end = after.len() - rest.len();
            let suffix = &after[..digits_end];
            let ends = suffix.is_empty() || suffix.starts_with(['u', 'i']);
            if !starts || !ends || after.starts_with('.') && !after.starts_with("..") {
                continue;
            }
            let before = before.trim_end();
            let shift = before.ends_with("<<") || before.ends_with(">>");
            let used = BEFORE.iter().any(|op| before.ends_with(op))
                || AFTER.iter().any(|op| rest.trim_start().starts_with(op));
            let arrow = before.ends_with("->") || before.ends_with("=>");
            if used && !shift && !arrow && !rest.trim_start().starts_with(">>") {
                return Some(number);
            }
        }
    }
    None
}

/// Whether `b` can be part of an identifier or a number.
fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'.'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computing_with_a_rule_number_is_caught() {
        for line in [
            "let stored = 48 - in_play;",
            "if store >= 25 {",
            "let south = rng.random_range(rest.saturating_sub(24)..=rest.min(24));",
            "pub(crate) const MAX_SEEDS: usize = 48;",
            "while placed < 48u8 {",
            "let x = (0..=48).len();",
        ] {
            assert_eq!(breaches("f.rs", line).len(), 1, "{line}");
        }
    }

    #[test]
    fn other_uses_of_the_digits_pass() {
        for line in [
            "let head = [0; 24];",
            "let x = (x >> 64) << 48;",
            "let bits = 1 << 24;",
            "[-27, 16, 24, 43, 25, -14],",
            "let moves = 248 + 1250;",
            "let f = 0.25 * x;",
            "// 48 seeds - 24 each",
            "let s = \"24-24 or 25 captured\";",
            "let c = '2';",
            "const MOVES_TO_GO: u32 = 25; // tidy: not a rule: a clock's guess",
            "let seeds = TOTAL_SEEDS - 2;",
        ] {
            assert_eq!(breaches("f.rs", line), Vec::<String>::new(), "{line}");
        }
        let in_tests = "fn f() {}\n#[cfg(test)]\nmod tests { const X: u8 = 48; }\n";
        assert!(breaches("f.rs", in_tests).is_empty());
        let string_over_lines = "let s = \"a \\\n 48 - b\";\nlet t = 1;";
        assert!(breaches("f.rs", string_over_lines).is_empty());
    }
}
