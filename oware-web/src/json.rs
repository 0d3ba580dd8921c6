//! A tiny JSON writer: the page reads every answer of the module as JSON,
//! and the shapes are small and fixed, so no serializer is pulled in.
//!
//! Why not serde: measured against `serde` + `serde_json` (derived
//! `Serialize` structs for the state, the events and the result, requests
//! read with `Deserialize`; see request.rs), the page's module grows by
//! half (the figures are in docs/performance.md, "The web page"), a cost
//! every visitor pays on the first load, for this file's 100 lines of code;
//! the first engine answer came no sooner (see wasm.rs). The shapes are checked by the
//! unit tests of state.rs and think.rs and by the browser tests, which read
//! every field the page draws from.

use core::fmt::Write as _;

/// Text being built as one JSON value.
///
/// Objects and arrays are opened and closed by the caller; commas between
/// members are placed automatically.
///
/// ```
/// use oware_web::json::Json;
/// let mut json = Json::new();
/// json.begin_object();
/// json.key("house").string("c");
/// json.key("seeds").begin_array().number(4.0).number(5.0).end_array();
/// json.end_object();
/// assert_eq!(json.finish(), r#"{"house":"c","seeds":[4,5]}"#);
/// ```
#[derive(Debug, Default)]
pub struct Json {
    out: String,
    /// For each open object or array: whether a member has been written.
    open: Vec<bool>,
    /// A key has been written and its value has not.
    pending_key: bool,
}

impl Json {
    /// An empty writer.
    #[must_use]
    pub fn new() -> Json {
        Json::default()
    }

    /// The finished text.
    #[must_use]
    pub fn finish(self) -> String {
        debug_assert!(self.open.is_empty(), "unclosed object or array");
        self.out
    }

    /// Writes `"key":` inside an object; the next value is its value.
    pub fn key(&mut self, key: &str) -> &mut Json {
        self.separate();
        write_string(&mut self.out, key);
        self.out.push(':');
        self.pending_key = true;
        self
    }

    /// Opens an object.
    pub fn begin_object(&mut self) -> &mut Json {
        self.value_start();
        self.out.push('{');
        self.open.push(false);
        self
    }

    /// Closes the innermost object.
    pub fn end_object(&mut self) -> &mut Json {
        self.open.pop();
        self.out.push('}');
        self
    }

    /// Opens an array.
    pub fn begin_array(&mut self) -> &mut Json {
        self.value_start();
        self.out.push('[');
        self.open.push(false);
        self
    }

    /// Closes the innermost array.
    pub fn end_array(&mut self) -> &mut Json {
        self.open.pop();
        self.out.push(']');
        self
    }

    /// A string value.
    pub fn string(&mut self, value: &str) -> &mut Json {
        self.value_start();
        write_string(&mut self.out, value);
        self
    }

    /// A number value (integers and finite floats; anything else is `null`).
    pub fn number(&mut self, value: f64) -> &mut Json {
        self.value_start();
        if value.is_finite() {
            let _ = write!(self.out, "{value}");
        } else {
            self.out.push_str("null");
        }
        self
    }

    /// A boolean value.
    pub fn bool(&mut self, value: bool) -> &mut Json {
        self.value_start();
        self.out.push_str(if value { "true" } else { "false" });
        self
    }

    /// The `null` value.
    pub fn null(&mut self) -> &mut Json {
        self.value_start();
        self.out.push_str("null");
        self
    }

    /// Puts the comma before a member or element, if one is due.
    fn separate(&mut self) {
        if let Some(has_member) = self.open.last_mut() {
            if *has_member {
                self.out.push(',');
            }
            *has_member = true;
        }
    }

    /// Before a value: the value of a key takes no comma; an element does.
    fn value_start(&mut self) {
        if self.pending_key {
            self.pending_key = false;
        } else {
            self.separate();
        }
    }
}

/// Writes `text` as a JSON string literal.
fn write_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::Json;

    #[test]
    fn nests_and_escapes() {
        let mut json = Json::new();
        json.begin_object();
        json.key("a").begin_array();
        json.begin_object()
            .key("x")
            .null()
            .key("y")
            .bool(true)
            .end_object();
        json.begin_array().end_array();
        json.number(1.5).number(f64::NAN);
        json.end_array();
        json.key("s").string("say \"hi\"\n\u{1}–");
        json.end_object();
        assert_eq!(
            json.finish(),
            r#"{"a":[{"x":null,"y":true},[],1.5,null],"s":"say \"hi\"\n\u0001–"}"#
        );
    }
}
