//! Signatures as Rust writes them, from rustdoc's JSON: types, paths
//! with their generic arguments, generic parameters, bounds and `where`
//! clauses, for [`render`](super::render)'s lines.

use anyhow::bail;
use serde_json::Value;

use super::render::{Reader, STD, id_text, list, text};

impl Reader<'_> {
    /// `self`, `&self`, `&mut self` or `self: T`.
    pub(super) fn receiver(&self, ty: &Value) -> anyhow::Result<String> {
        if ty["generic"] == "Self" {
            return Ok("self".to_owned());
        }
        let reference = &ty["borrowed_ref"];
        if reference["type"]["generic"] == "Self" {
            let lifetime = reference["lifetime"]
                .as_str()
                .map(|l| format!("{l} "))
                .unwrap_or_default();
            let mutable = if reference["is_mutable"] == true {
                "mut "
            } else {
                ""
            };
            return Ok(format!("&{lifetime}{mutable}self"));
        }
        Ok(format!("self: {}", self.ty(ty)?))
    }

    /// Generic parameters, `<'a, T: Bound, const N: usize>`, or nothing.
    pub(super) fn params(&self, generics: &Value) -> anyhow::Result<String> {
        let mut params = Vec::new();
        for param in list(generics, "params", self.format)? {
            let name = text(param, "name", self.format)?;
            let (kind, inner) = self.tag(&param["kind"])?;
            params.push(match kind {
                "lifetime" => name.to_owned(),
                // `impl Trait` arguments: written where they stand.
                "type" if inner["is_synthetic"] == true => continue,
                "type" => {
                    let bounds = self.bounds(list(inner, "bounds", self.format)?)?;
                    if bounds.is_empty() {
                        name.to_owned()
                    } else {
                        format!("{name}: {bounds}")
                    }
                }
                "const" => format!("const {name}: {}", self.ty(&inner["type"])?),
                other => bail!(self.odd(&format!("a generic parameter of kind {other}"))),
            });
        }
        Ok(if params.is_empty() {
            String::new()
        } else {
            format!("<{}>", params.join(", "))
        })
    }

    /// A `where` clause, or nothing.
    pub(super) fn where_clause(&self, generics: &Value) -> anyhow::Result<String> {
        let mut predicates = Vec::new();
        for predicate in list(generics, "where_predicates", self.format)? {
            let (kind, inner) = self.tag(predicate)?;
            predicates.push(match kind {
                "bound_predicate" => format!(
                    "{}: {}",
                    self.ty(&inner["type"])?,
                    self.bounds(list(inner, "bounds", self.format)?)?
                ),
                "lifetime_predicate" => format!(
                    "{}: {}",
                    text(inner, "lifetime", self.format)?,
                    list(inner, "outlives", self.format)?
                        .iter()
                        .filter_map(Value::as_str)
                        .collect::<Vec<_>>()
                        .join(" + ")
                ),
                "eq_predicate" => format!(
                    "{} = {}",
                    self.ty(&inner["lhs"])?,
                    self.term(&inner["rhs"])?
                ),
                other => bail!(self.odd(&format!("a where predicate of kind {other}"))),
            });
        }
        Ok(if predicates.is_empty() {
            String::new()
        } else {
            format!(" where {}", predicates.join(", "))
        })
    }

    /// Bounds joined by `+`.
    pub(super) fn bounds(&self, bounds: &[Value]) -> anyhow::Result<String> {
        let mut written = Vec::new();
        for bound in bounds {
            let (kind, inner) = self.tag(bound)?;
            written.push(match kind {
                "trait_bound" => {
                    let modifier = match inner["modifier"].as_str() {
                        Some("maybe") => "?",
                        Some("maybe_const") => "~const ",
                        _ => "",
                    };
                    format!("{modifier}{}", self.path(&inner["trait"])?)
                }
                "outlives" => inner.as_str().unwrap_or_default().to_owned(),
                "use" => "use<..>".to_owned(),
                other => bail!(self.odd(&format!("a bound of kind {other}"))),
            });
        }
        Ok(written.join(" + "))
    }

    /// A path to a type or trait with its generic arguments.
    pub(super) fn path(&self, path: &Value) -> anyhow::Result<String> {
        let id = id_text(&path["id"]);
        let name = match self.local(&id).or_else(|| self.external(&id)) {
            Some(name) => name,
            None => text(path, "path", self.format)?
                .trim_start_matches("$crate::")
                .to_owned(),
        };
        Ok(format!("{name}{}", self.args(&path["args"])?))
    }

    /// The public path of this crate's item `id` (where it is defined, if
    /// no public path reaches it).
    pub(super) fn local(&self, id: &str) -> Option<String> {
        if let Some(path) = self.public.get(id) {
            return Some(path.clone());
        }
        let entry = self.paths.get(id)?;
        (entry["crate_id"] == 0).then(|| join(&entry["path"]))
    }

    /// Another crate's item `id`, by crate and name (the standard
    /// library's by name alone).
    pub(super) fn external(&self, id: &str) -> Option<String> {
        let entry = self.paths.get(id)?;
        let crate_id = id_text(&entry["crate_id"]);
        let segments = entry["path"].as_array()?;
        let last = segments.last()?.as_str()?;
        let krate = self.crates.get(&crate_id)?["name"].as_str()?;
        Some(if STD.contains(&krate) {
            last.to_owned()
        } else {
            format!("{krate}::{last}")
        })
    }

    /// Generic arguments, `<A, B, Item = C>` or `(A) -> B`, or nothing.
    pub(super) fn args(&self, args: &Value) -> anyhow::Result<String> {
        if args.is_null() {
            return Ok(String::new());
        }
        let (kind, inner) = self.tag(args)?;
        match kind {
            "angle_bracketed" => {
                let mut written = Vec::new();
                for arg in list(inner, "args", self.format)? {
                    let (kind, value) = self.tag(arg)?;
                    written.push(match kind {
                        "lifetime" => value.as_str().unwrap_or_default().to_owned(),
                        "type" => self.ty(value)?,
                        "const" => text(value, "expr", self.format)?.to_owned(),
                        "infer" => "_".to_owned(),
                        other => bail!(self.odd(&format!("a generic argument of kind {other}"))),
                    });
                }
                for constraint in list(inner, "constraints", self.format)? {
                    let name = text(constraint, "name", self.format)?;
                    let (kind, value) = self.tag(&constraint["binding"])?;
                    written.push(match kind {
                        "equality" => format!("{name} = {}", self.term(value)?),
                        "constraint" => format!(
                            "{name}: {}",
                            self.bounds(value.as_array().map_or(&[], Vec::as_slice))?
                        ),
                        other => bail!(self.odd(&format!("a constraint of kind {other}"))),
                    });
                }
                Ok(if written.is_empty() {
                    String::new()
                } else {
                    format!("<{}>", written.join(", "))
                })
            }
            "parenthesized" => {
                let mut inputs = Vec::new();
                for input in list(inner, "inputs", self.format)? {
                    inputs.push(self.ty(input)?);
                }
                let output = match &inner["output"] {
                    Value::Null => String::new(),
                    ty => format!(" -> {}", self.ty(ty)?),
                };
                Ok(format!("({}){output}", inputs.join(", ")))
            }
            "return_type_notation" => Ok("(..)".to_owned()),
            other => bail!(self.odd(&format!("generic arguments of kind {other}"))),
        }
    }

    /// A type or a constant, the right side of an equality.
    pub(super) fn term(&self, term: &Value) -> anyhow::Result<String> {
        match self.tag(term)? {
            ("type", ty) => self.ty(ty),
            ("constant", constant) => Ok(text(constant, "expr", self.format)?.to_owned()),
            (other, _) => bail!(self.odd(&format!("a term of kind {other}"))),
        }
    }

    /// A type, as Rust writes it.
    pub(super) fn ty(&self, ty: &Value) -> anyhow::Result<String> {
        let (kind, inner) = self.tag(ty)?;
        Ok(match kind {
            "resolved_path" => self.path(inner)?,
            "generic" | "primitive" => inner.as_str().unwrap_or_default().to_owned(),
            "borrowed_ref" => {
                let lifetime = inner["lifetime"]
                    .as_str()
                    .map(|l| format!("{l} "))
                    .unwrap_or_default();
                let mutable = if inner["is_mutable"] == true {
                    "mut "
                } else {
                    ""
                };
                format!("&{lifetime}{mutable}{}", self.ty(&inner["type"])?)
            }
            "raw_pointer" => {
                let mutable = if inner["is_mutable"] == true {
                    "mut"
                } else {
                    "const"
                };
                format!("*{mutable} {}", self.ty(&inner["type"])?)
            }
            "slice" => format!("[{}]", self.ty(inner)?),
            "array" => format!(
                "[{}; {}]",
                self.ty(&inner["type"])?,
                text(inner, "len", self.format)?
            ),
            "tuple" => {
                let mut types = Vec::new();
                for element in inner.as_array().map_or(&[][..], Vec::as_slice) {
                    types.push(self.ty(element)?);
                }
                match types.len() {
                    1 => format!("({},)", types[0]),
                    _ => format!("({})", types.join(", ")),
                }
            }
            "impl_trait" => format!(
                "impl {}",
                self.bounds(inner.as_array().map_or(&[], Vec::as_slice))?
            ),
            "dyn_trait" => {
                let mut traits = Vec::new();
                for bound in list(inner, "traits", self.format)? {
                    traits.push(self.path(&bound["trait"])?);
                }
                if let Some(lifetime) = inner["lifetime"].as_str() {
                    traits.push(lifetime.to_owned());
                }
                format!("dyn {}", traits.join(" + "))
            }
            "function_pointer" => {
                let sig = &inner["sig"];
                let mut inputs = Vec::new();
                for input in list(sig, "inputs", self.format)? {
                    inputs.push(self.ty(&input[1])?);
                }
                let output = match &sig["output"] {
                    Value::Null => String::new(),
                    ty => format!(" -> {}", self.ty(ty)?),
                };
                let unsafety = if inner["header"]["is_unsafe"] == true {
                    "unsafe "
                } else {
                    ""
                };
                format!("{unsafety}fn({}){output}", inputs.join(", "))
            }
            "qualified_path" => {
                let name = text(inner, "name", self.format)?;
                let self_type = self.ty(&inner["self_type"])?;
                match &inner["trait"] {
                    Value::Null => format!("{self_type}::{name}"),
                    path => format!("<{self_type} as {}>::{name}", self.path(path)?),
                }
            }
            "pat" => self.ty(&inner["type"])?,
            "infer" => "_".to_owned(),
            other => bail!(self.odd(&format!("a type of kind {other}"))),
        })
    }
}

/// `a::b::c` from `["a", "b", "c"]`.
fn join(path: &Value) -> String {
    path.as_array()
        .map(|segments| {
            segments
                .iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join("::")
        })
        .unwrap_or_default()
}
