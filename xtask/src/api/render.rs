//! A crate's public API as lines of text, from rustdoc's JSON: one line per
//! public item (a module, a type, a field or variant, a function or method,
//! a constant, a trait and its items, an implemented trait), each with its
//! path and signature, sorted, so that a change to the API is a change to
//! some lines and reviewing it is reading a diff.
//!
//! Written for rustdoc's JSON format 57 (Rust 1.95) with `serde_json`'s
//! untyped values, reading only what the lines need: a later format that
//! moves one of those fields is an error naming the field and the format,
//! not a wrong listing. Items hidden from the documentation (`#[doc(hidden)]`)
//! are not in rustdoc's output, so not here: they are no stable interface.
//!
//! Types from other crates are written by crate and name (`oware_core::Game`,
//! which is how the published crates re-export them), the standard
//! library's by name alone (`Option<u8>`); the crate's own items by the
//! public path rustdoc gives them.

use std::collections::{BTreeSet, HashMap};

use anyhow::{Context, bail};
use serde_json::{Map, Value};

/// The format this reader was written for.
const FORMAT: u64 = 57;

/// The standard library's crates, whose types are written by name alone.
pub(super) const STD: [&str; 3] = ["std", "core", "alloc"];

/// Traits the compiler implements that promise a user nothing and come and
/// go with the toolchain (`Freeze`, `UnsafeUnpin`), or that only mark a
/// derived `PartialEq`: left out, so that a new toolchain changes no line.
const UNLISTED_TRAITS: [&str; 3] = ["Freeze", "UnsafeUnpin", "StructuralPartialEq"];

/// The public API of the crate `doc` (rustdoc's JSON), sorted, one item a line.
pub(crate) fn api(doc: &Value) -> anyhow::Result<Vec<String>> {
    let format = doc["format_version"].as_u64().unwrap_or(0);
    let mut reader = Reader {
        index: object(doc, "index", format)?,
        paths: object(doc, "paths", format)?,
        crates: object(doc, "external_crates", format)?,
        public: HashMap::new(),
        format,
    };
    let root = id_text(&doc["root"]);
    let name = text(reader.item(&root)?, "name", format)?.to_owned();
    // rustdoc's `paths` give where an item is defined, private modules
    // and all; a user names it where it is re-exported. Found first, so
    // that every type in a signature is written the user's way.
    let mut public = HashMap::new();
    reader.public_paths(&root, &name, &mut public)?;
    reader.public = public;
    let mut lines = BTreeSet::new();
    reader.module(&root, &name, &mut lines)?;
    Ok(lines.into_iter().collect())
}

/// rustdoc's JSON, read.
pub(super) struct Reader<'a> {
    /// Every item of the crate, by id.
    index: &'a Map<String, Value>,
    /// Where each item named in the crate is defined, by id.
    pub(super) paths: &'a Map<String, Value>,
    /// The other crates, by id.
    pub(super) crates: &'a Map<String, Value>,
    /// The shortest public path of each of the crate's items.
    pub(super) public: HashMap<String, String>,
    /// The JSON's format version.
    pub(super) format: u64,
}

impl Reader<'_> {
    /// An error about the JSON, naming the format.
    pub(super) fn odd(&self, what: &str) -> anyhow::Error {
        anyhow::anyhow!(
            "rustdoc JSON format {} (this reader knows format {FORMAT}): {what}",
            self.format
        )
    }

    /// The item with id `id`.
    fn item(&self, id: &str) -> anyhow::Result<&Value> {
        self.index
            .get(id)
            .ok_or_else(|| self.odd(&format!("item {id} is not in the index")))
    }

    /// The one key of an externally tagged value (`{"struct": {...}}`) and
    /// what it holds.
    pub(super) fn tag<'v>(&self, value: &'v Value) -> anyhow::Result<(&'v str, &'v Value)> {
        match value {
            Value::Object(map) if map.len() == 1 => {
                let (key, inner) = map.iter().next().expect("one entry");
                Ok((key.as_str(), inner))
            }
            Value::String(key) => Ok((key.as_str(), &Value::Null)),
            _ => Err(self.odd(&format!("expected a tagged value, found {value}"))),
        }
    }

    /// Records in `public` the shortest path by which each item under the
    /// module `id` (at `path`) is reached: through public modules and
    /// `pub use`.
    fn public_paths(
        &self,
        id: &str,
        path: &str,
        public: &mut HashMap<String, String>,
    ) -> anyhow::Result<()> {
        let module = &self.item(id)?["inner"]["module"];
        for child in list(module, "items", self.format)? {
            let child = id_text(child);
            let item = self.item(&child)?;
            let (kind, inner) = self.tag(&item["inner"])?;
            let (target, name) = match kind {
                "use" => match &inner["id"] {
                    Value::Null => continue,
                    target => (id_text(target), text(inner, "name", self.format)?),
                },
                _ => (child, item["name"].as_str().unwrap_or_default()),
            };
            let Some(item) = self.index.get(&target).filter(|item| item["crate_id"] == 0) else {
                continue;
            };
            let glob = kind == "use" && inner["is_glob"] == true;
            let here = if glob {
                path.to_owned()
            } else {
                format!("{path}::{name}")
            };
            let shorter = |known: &String| {
                (known.matches("::").count(), known.as_str())
                    > (here.matches("::").count(), here.as_str())
            };
            if !glob && public.get(&target).is_none_or(shorter) {
                public.insert(target.clone(), here.clone());
            }
            if item["inner"].get("module").is_some() {
                self.public_paths(&target, &here, public)?;
            }
        }
        Ok(())
    }

    /// The items of the module `id`, at `path`.
    fn module(&self, id: &str, path: &str, lines: &mut BTreeSet<String>) -> anyhow::Result<()> {
        let module = &self.item(id)?["inner"]["module"];
        for child in list(module, "items", self.format)? {
            self.child(&id_text(child), path, None, lines)?;
        }
        Ok(())
    }

    /// The item `id` as a child of the module at `parent`, named `rename`
    /// where a `use` renames it.
    fn child(
        &self,
        id: &str,
        parent: &str,
        rename: Option<&str>,
        lines: &mut BTreeSet<String>,
    ) -> anyhow::Result<()> {
        let item = self.item(id)?;
        let (kind, inner) = self.tag(&item["inner"])?;
        let name = rename.or_else(|| item["name"].as_str()).unwrap_or_default();
        let path = format!("{parent}::{name}");
        let marks = marks_of(item);
        match kind {
            "module" => {
                lines.insert(format!("pub mod {path}"));
                self.module(id, &path, lines)?;
            }
            "use" => self.re_export(inner, parent, lines)?,
            "struct" => self.structure(inner, &path, &marks, lines)?,
            "enum" => self.enumeration(inner, &path, &marks, lines)?,
            "union" => {
                lines.insert(format!("{marks}pub union {path}"));
                self.impls(inner, lines)?;
            }
            "trait" => self.declare_trait(inner, &path, &marks, lines)?,
            "function" => {
                lines.insert(format!("{marks}{}", self.function(inner, &path)?));
            }
            "constant" => {
                let ty = self.ty(&inner["type"])?;
                let value = match &inner["const"] {
                    c if c["is_literal"] == true => format!(" = {}", text(c, "expr", self.format)?),
                    _ => String::new(),
                };
                lines.insert(format!("{marks}pub const {path}: {ty}{value}"));
            }
            "static" => {
                let mutable = if inner["is_mutable"] == true {
                    "mut "
                } else {
                    ""
                };
                let ty = self.ty(&inner["type"])?;
                lines.insert(format!("{marks}pub static {mutable}{path}: {ty}"));
            }
            "type_alias" => {
                let generics = self.params(&inner["generics"])?;
                let ty = self.ty(&inner["type"])?;
                lines.insert(format!("{marks}pub type {path}{generics} = {ty}"));
            }
            "macro" | "proc_macro" => {
                lines.insert(format!("pub macro {path}!"));
            }
            other => {
                lines.insert(format!("{marks}pub {other} {path}"));
            }
        }
        Ok(())
    }

    /// A `pub use`: the item itself under its new path where it is this
    /// crate's, else a line naming what is re-exported.
    fn re_export(
        &self,
        inner: &Value,
        parent: &str,
        lines: &mut BTreeSet<String>,
    ) -> anyhow::Result<()> {
        let name = text(inner, "name", self.format)?;
        let glob = inner["is_glob"] == true;
        let target = match &inner["id"] {
            Value::Null => None,
            id => Some(id_text(id)),
        };
        let local = target.as_deref().filter(|id| {
            self.index
                .get(*id)
                .is_some_and(|item| item["crate_id"] == 0)
        });
        match (local, glob) {
            (Some(id), true) => self.module(id, parent, lines),
            (Some(id), false) => self.child(id, parent, Some(name), lines),
            (None, glob) => {
                let source = match target.as_deref().and_then(|id| self.external(id)) {
                    Some(path) => path,
                    None => text(inner, "source", self.format)?.to_owned(),
                };
                let star = if glob { "::*" } else { "" };
                let name = if glob { "*" } else { name };
                lines.insert(format!("pub use {parent}::{name} = {source}{star}"));
                Ok(())
            }
        }
    }

    /// A struct, its fields and its implementations.
    fn structure(
        &self,
        inner: &Value,
        path: &str,
        marks: &str,
        lines: &mut BTreeSet<String>,
    ) -> anyhow::Result<()> {
        let generics = self.params(&inner["generics"])?;
        let bounds = self.where_clause(&inner["generics"])?;
        let (kind, shape) = self.tag(&inner["kind"])?;
        let body = match kind {
            "unit" => String::new(),
            "tuple" => {
                let mut fields = Vec::new();
                for field in list_of(shape, self)? {
                    fields.push(match field {
                        Value::Null => "_".to_owned(),
                        id => format!(
                            "pub {}",
                            self.ty(&self.item(&id_text(id))?["inner"]["struct_field"])?
                        ),
                    });
                }
                format!("({})", fields.join(", "))
            }
            "plain" => {
                for field in list(shape, "fields", self.format)? {
                    let field = self.item(&id_text(field))?;
                    let name = text(field, "name", self.format)?;
                    let ty = self.ty(&field["inner"]["struct_field"])?;
                    lines.insert(format!("pub {path}::{name}: {ty}"));
                }
                if shape["has_stripped_fields"] == true {
                    " { .. }".to_owned()
                } else {
                    String::new()
                }
            }
            other => bail!(self.odd(&format!("a struct of kind {other}"))),
        };
        lines.insert(format!("{marks}pub struct {path}{generics}{body}{bounds}"));
        self.impls(inner, lines)
    }

    /// An enum, its variants and its implementations.
    fn enumeration(
        &self,
        inner: &Value,
        path: &str,
        marks: &str,
        lines: &mut BTreeSet<String>,
    ) -> anyhow::Result<()> {
        let generics = self.params(&inner["generics"])?;
        let bounds = self.where_clause(&inner["generics"])?;
        lines.insert(format!("{marks}pub enum {path}{generics}{bounds}"));
        for variant in list(inner, "variants", self.format)? {
            let variant = self.item(&id_text(variant))?;
            let name = text(variant, "name", self.format)?;
            let data = &variant["inner"]["variant"];
            let (kind, shape) = self.tag(&data["kind"])?;
            let body = match kind {
                "plain" => String::new(),
                "tuple" => {
                    let mut fields = Vec::new();
                    for field in list_of(shape, self)? {
                        fields.push(match field {
                            Value::Null => "_".to_owned(),
                            id => self.ty(&self.item(&id_text(id))?["inner"]["struct_field"])?,
                        });
                    }
                    format!("({})", fields.join(", "))
                }
                "struct" => {
                    let mut fields = Vec::new();
                    for field in list(shape, "fields", self.format)? {
                        let field = self.item(&id_text(field))?;
                        let ty = self.ty(&field["inner"]["struct_field"])?;
                        fields.push(format!("{}: {ty}", text(field, "name", self.format)?));
                    }
                    if shape["has_stripped_fields"] == true {
                        fields.push("..".to_owned());
                    }
                    format!(" {{ {} }}", fields.join(", "))
                }
                other => bail!(self.odd(&format!("a variant of kind {other}"))),
            };
            let discriminant = match data["discriminant"]["value"].as_str() {
                Some(value) => format!(" = {value}"),
                None => String::new(),
            };
            lines.insert(format!(
                "{}pub {path}::{name}{body}{discriminant}",
                marks_of(variant)
            ));
        }
        self.impls(inner, lines)
    }

    /// A trait and its items.
    fn declare_trait(
        &self,
        inner: &Value,
        path: &str,
        marks: &str,
        lines: &mut BTreeSet<String>,
    ) -> anyhow::Result<()> {
        let generics = self.params(&inner["generics"])?;
        let bounds = self.where_clause(&inner["generics"])?;
        let supertraits = self.bounds(list(inner, "bounds", self.format)?)?;
        let supertraits = if supertraits.is_empty() {
            String::new()
        } else {
            format!(": {supertraits}")
        };
        let safety = if inner["is_unsafe"] == true {
            "unsafe "
        } else {
            ""
        };
        lines.insert(format!(
            "{marks}pub {safety}trait {path}{generics}{supertraits}{bounds}"
        ));
        for member in list(inner, "items", self.format)? {
            let member = self.item(&id_text(member))?;
            lines.insert(self.member(member, path)?);
        }
        Ok(())
    }

    /// The implementations of a type: its inherent items, a line each, and
    /// each trait it implements (blanket implementations left out: they
    /// come with the traits' crates, not this one).
    fn impls(&self, inner: &Value, lines: &mut BTreeSet<String>) -> anyhow::Result<()> {
        for id in list(inner, "impls", self.format)? {
            let block = &self.item(&id_text(id))?["inner"]["impl"];
            if !block["blanket_impl"].is_null() {
                continue;
            }
            let for_type = self.ty(&block["for"])?;
            let generics = self.params(&block["generics"])?;
            let bounds = self.where_clause(&block["generics"])?;
            if block["trait"].is_null() {
                for member in list(block, "items", self.format)? {
                    let member = self.item(&id_text(member))?;
                    let line = self.member(member, &for_type)?;
                    lines.insert(format!("{line}{}", bounds.replace(" where ", ", where ")));
                }
            } else {
                let unsafety = if block["is_unsafe"] == true {
                    "unsafe "
                } else {
                    ""
                };
                let not = if block["is_negative"] == true {
                    "!"
                } else {
                    ""
                };
                let name = self.path(&block["trait"])?;
                if UNLISTED_TRAITS.contains(&name.as_str()) {
                    continue;
                }
                lines.insert(format!(
                    "{unsafety}impl{generics} {not}{name} for {for_type}{bounds}"
                ));
            }
        }
        Ok(())
    }

    /// An item of a trait or of an inherent implementation, under `owner`.
    fn member(&self, member: &Value, owner: &str) -> anyhow::Result<String> {
        let name = text(member, "name", self.format)?;
        let path = format!("{owner}::{name}");
        let (kind, inner) = self.tag(&member["inner"])?;
        let marks = marks_of(member);
        Ok(match kind {
            "function" => format!("{marks}{}", self.function(inner, &path)?),
            "assoc_const" => format!("{marks}pub const {path}: {}", self.ty(&inner["type"])?),
            "assoc_type" => {
                let bounds = self.bounds(list(inner, "bounds", self.format)?)?;
                let bounds = if bounds.is_empty() {
                    String::new()
                } else {
                    format!(": {bounds}")
                };
                let value = match &inner["type"] {
                    Value::Null => String::new(),
                    ty => format!(" = {}", self.ty(ty)?),
                };
                format!("{marks}pub type {path}{bounds}{value}")
            }
            other => bail!(self.odd(&format!("an associated item of kind {other}"))),
        })
    }

    /// A function's signature, at `path`.
    fn function(&self, inner: &Value, path: &str) -> anyhow::Result<String> {
        let header = &inner["header"];
        let mut qualifiers = String::new();
        for (key, word) in [
            ("is_const", "const "),
            ("is_async", "async "),
            ("is_unsafe", "unsafe "),
        ] {
            if header[key] == true {
                qualifiers.push_str(word);
            }
        }
        match self.tag(&header["abi"])? {
            ("Rust", _) => {}
            (abi, _) => qualifiers.push_str(&format!("extern \"{}\" ", abi.to_lowercase())),
        }
        let sig = &inner["sig"];
        let mut inputs = Vec::new();
        for input in list(sig, "inputs", self.format)? {
            let name = input[0].as_str().unwrap_or("_");
            let ty = &input[1];
            inputs.push(if name == "self" {
                self.receiver(ty)?
            } else {
                format!("{name}: {}", self.ty(ty)?)
            });
        }
        let output = match &sig["output"] {
            Value::Null => String::new(),
            ty => format!(" -> {}", self.ty(ty)?),
        };
        let generics = self.params(&inner["generics"])?;
        let bounds = self.where_clause(&inner["generics"])?;
        Ok(format!(
            "pub {qualifiers}fn {path}{generics}({}){output}{bounds}",
            inputs.join(", ")
        ))
    }
}

/// What stands before an item's line: `#[non_exhaustive]`, `#[deprecated]`.
fn marks_of(item: &Value) -> String {
    let mut marks = String::new();
    if item["deprecation"].is_object() {
        marks.push_str("#[deprecated] ");
    }
    let attrs = item["attrs"].as_array().map_or(&[][..], Vec::as_slice);
    if attrs.iter().any(|attr| attr == "non_exhaustive") {
        marks.push_str("#[non_exhaustive] ");
    }
    marks
}

/// An id as the index's keys write it.
pub(super) fn id_text(id: &Value) -> String {
    match id {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

fn object<'v>(value: &'v Value, key: &str, format: u64) -> anyhow::Result<&'v Map<String, Value>> {
    value[key].as_object().with_context(|| {
        format!(
            "rustdoc JSON format {format} (this reader knows format {FORMAT}): no object `{key}`"
        )
    })
}

pub(super) fn list<'v>(value: &'v Value, key: &str, format: u64) -> anyhow::Result<&'v [Value]> {
    value[key]
        .as_array()
        .map(Vec::as_slice)
        .with_context(|| format!("rustdoc JSON format {format} (this reader knows format {FORMAT}): no list `{key}` in {value}"))
}

fn list_of<'v>(value: &'v Value, reader: &Reader<'_>) -> anyhow::Result<&'v [Value]> {
    value
        .as_array()
        .map(Vec::as_slice)
        .ok_or_else(|| reader.odd(&format!("expected a list, found {value}")))
}

pub(super) fn text<'v>(value: &'v Value, key: &str, format: u64) -> anyhow::Result<&'v str> {
    value[key].as_str().with_context(|| {
        format!("rustdoc JSON format {format} (this reader knows format {FORMAT}): no text `{key}`")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// rustdoc's JSON of a small crate `demo`: `pub mod shapes` holding
    /// `Square` (a struct with a public and a private field, a method, a
    /// derived `Clone`, the compiler's `Freeze` and a blanket `Clone`),
    /// re-exported at the root; `Turn` (an enum of three kinds of
    /// variant); and a generic function.
    const DEMO: &str = include_str!("demo.json");

    #[test]
    fn every_public_item_is_a_line_with_its_public_path_and_signature() {
        let doc: Value = serde_json::from_str(DEMO).unwrap();
        assert_eq!(
            api(&doc).unwrap(),
            [
                "#[non_exhaustive] pub struct demo::Square { .. }",
                "#[non_exhaustive] pub struct demo::shapes::Square { .. }",
                "impl Clone for demo::Square",
                "pub const fn demo::Square::corner(&self, house: oware_core::House) -> Option<(u8, [u16])>",
                "pub demo::Square::side: u8",
                "pub demo::Turn::Pass = 3",
                "pub demo::Turn::Resign { why: &'static str }",
                "pub demo::Turn::Sow(oware_core::House)",
                "pub demo::shapes::Square::side: u8",
                "pub enum demo::Turn",
                "pub fn demo::largest<T: Clone>(items: &mut [T])",
                "pub mod demo::shapes",
            ]
        );
    }

    #[test]
    fn a_shape_this_reader_does_not_know_is_an_error_naming_the_format() {
        let mut doc: Value = serde_json::from_str(DEMO).unwrap();
        doc["format_version"] = 99.into();
        // The field `side`'s type, in a kind no format so far has.
        doc["index"]["5"]["inner"]["struct_field"] = serde_json::json!({"new_kind": "u8"});
        let error = api(&doc).unwrap_err().to_string();
        assert_eq!(
            error,
            "rustdoc JSON format 99 (this reader knows format 57): a type of kind new_kind"
        );
        let empty: Value = serde_json::from_str(r#"{"format_version": 58}"#).unwrap();
        assert_eq!(
            api(&empty).unwrap_err().to_string(),
            "rustdoc JSON format 58 (this reader knows format 57): no object `index`"
        );
    }
}
