//! Values written as HCL expressions: literals, quoted strings and
//! heredocs, tuples and objects.
//!
//! Scalars and strings are written as [`Value`]'s `Display` writes them
//! (exact numbers, HCL escapes, `$${` and `%%{`); this module adds the
//! layout of containers and, in pretty mode, heredocs for multi-line
//! strings.

use std::fmt::Write;

use hcl_core::types::is_identifier;
use hcl_core::Value;

use super::body::Field;
use super::node::{unsupported, Node};
use crate::error::Result;

/// Writes one expression into `out`.
pub(crate) struct Expr<'o> {
    out: &'o mut String,
    pretty: bool,
}

impl<'o> Expr<'o> {
    pub(crate) fn new(out: &'o mut String, pretty: bool) -> Self {
        Expr { out, pretty }
    }

    /// The whole value of an attribute (which ends its line).
    pub(crate) fn attribute_value(&mut self, node: &Node) -> Result<()> {
        self.value(node, true)
    }

    /// `s` as a quoted string.
    pub(crate) fn quoted(&mut self, s: &str) {
        // Writing to a `String` cannot fail.
        let _ = write!(self.out, "{}", Value::string(s));
    }

    /// `node`; `ends_line`: nothing follows it on its line, so a heredoc
    /// may end there.
    fn value(&mut self, node: &Node, ends_line: bool) -> Result<()> {
        match node {
            Node::Null | Node::None => self.out.push_str("null"),
            Node::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            Node::Number(text) => self.out.push_str(text),
            Node::String(s) => {
                if !(self.pretty && ends_line && self.heredoc(s)) {
                    self.quoted(s);
                }
            }
            Node::Seq(items) => self.tuple(items)?,
            Node::Map(entries) => {
                self.object(entries.iter().map(|(k, v)| Ok((k.as_str(), v))))?;
            }
            Node::Struct { fields, marks } => {
                self.object(fields.iter().filter_map(|(key, value)| {
                    match (Field::of(key, *marks), value) {
                        (Field::Expr(_), Node::Null | Node::None) => None,
                        (Field::Label(_) | Field::Body | Field::Remain, _) => {
                            Some(Err(unsupported(format!(
                                "The field \"{key}\" is a label or a body, which an object \
                                 value cannot hold: write its struct as a block."
                            ))))
                        }
                        _ => Some(Ok((*key, value))),
                    }
                }))?;
            }
            Node::Variant(name, inner) => {
                self.object(std::iter::once(Ok((*name, &**inner))))?;
            }
            Node::Expression(text) => {
                if ends_line || !text.contains('\n') {
                    self.out.push_str(text);
                } else {
                    // Inside parentheses, line breaks do not end anything.
                    self.out.push('(');
                    self.out.push_str(text);
                    self.out.push_str("\n)");
                }
            }
            Node::Body(_) => {
                return Err(unsupported(
                    "A body cannot be part of a value: write it as a block.".into(),
                ))
            }
        }
        Ok(())
    }

    /// `[a, b]`, or in pretty mode one item a line when an item is a
    /// non-empty container.
    fn tuple(&mut self, items: &[Node]) -> Result<()> {
        let spread = self.pretty && items.iter().any(is_nonempty_container);
        self.out.push('[');
        for (index, item) in items.iter().enumerate() {
            if spread {
                self.out.push('\n');
            } else if index > 0 {
                self.out.push_str(", ");
            }
            self.value(item, false).map_err(|e| e.add_index(index))?;
            if spread {
                self.out.push(',');
            }
        }
        if spread {
            self.out.push('\n');
        }
        self.out.push(']');
        Ok(())
    }

    /// `{ a = 1, b = 2 }`, or in pretty mode one item a line.
    fn object<'n>(
        &mut self,
        entries: impl Iterator<Item = Result<(&'n str, &'n Node)>>,
    ) -> Result<()> {
        let mut entries = entries.peekable();
        if entries.peek().is_none() {
            self.out.push_str("{}");
            return Ok(());
        }
        self.out.push_str(if self.pretty { "{\n" } else { "{ " });
        let mut first = true;
        for entry in entries {
            let (key, value) = entry?;
            if !self.pretty && !first {
                self.out.push_str(", ");
            }
            first = false;
            self.key(key);
            self.out.push_str(" = ");
            self.value(value, self.pretty).map_err(|e| e.add_key(key))?;
            if self.pretty {
                self.out.push('\n');
            }
        }
        self.out.push_str(if self.pretty { "}" } else { " }" });
        Ok(())
    }

    /// An object key: bare when it is an identifier that cannot be taken
    /// for a keyword, else quoted.
    fn key(&mut self, key: &str) {
        if is_identifier(key) && !matches!(key, "true" | "false" | "null" | "for" | "in" | "if") {
            self.out.push_str(key);
        } else {
            self.quoted(key);
        }
    }

    /// Writes `s` as a heredoc if it is one: text that ends with a line
    /// break (as a heredoc's value does) and has line breaks and tabs as
    /// its only control characters. Returns whether it did.
    fn heredoc(&mut self, s: &str) -> bool {
        if !s.ends_with('\n') || s.chars().any(|c| c.is_control() && c != '\n' && c != '\t') {
            return false;
        }
        // The first of `EOT`, `EOT1`, `EOT2`, ... that is no line of the
        // text, which would end the heredoc early.
        let taken: std::collections::HashSet<&str> = s
            .lines()
            .map(str::trim)
            .filter(|line| line.starts_with("EOT"))
            .collect();
        let mut marker = String::from("EOT");
        let mut n = 0u64;
        while taken.contains(marker.as_str()) {
            n += 1;
            marker = format!("EOT{n}");
        }
        self.out.push_str("<<");
        self.out.push_str(&marker);
        self.out.push('\n');
        // The text is a template: `${` and `%{` are escaped by doubling.
        let mut rest = s;
        while let Some(at) = rest.find(['$', '%']) {
            let (before, after) = rest.split_at(at);
            self.out.push_str(before);
            let mut chars = after.chars();
            let sigil = chars.next().unwrap_or('$');
            self.out.push(sigil);
            if chars.as_str().starts_with('{') {
                self.out.push(sigil);
            }
            rest = chars.as_str();
        }
        self.out.push_str(rest);
        self.out.push_str(&marker);
        true
    }
}

fn is_nonempty_container(node: &Node) -> bool {
    match node {
        Node::Seq(items) => !items.is_empty(),
        Node::Map(entries) => !entries.is_empty(),
        Node::Struct { fields, .. } => !fields.is_empty(),
        Node::Variant(..) => true,
        _ => false,
    }
}
