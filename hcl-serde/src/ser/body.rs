//! The second step of writing: a [`Node`] laid out as a body of
//! attributes and blocks.
//!
//! What becomes a block (see the crate documentation, "Writing HCL"):
//!
//! - a field marked `#[hcl(block)]`, whatever its value;
//! - a field marked `#[hcl(attr)]` or `#[hcl(expr)]` never is;
//! - any other field or map entry whose value is a struct, a body, a
//!   non-empty sequence of them (repeated blocks), or a non-empty map
//!   whose values are all such (one label per map level); an enum variant
//!   with struct content counts as a map of one entry, keyed by its name;
//! - `None` is left out, and so is an empty sequence or map of an `#[hcl]`
//!   struct's field without options.
//!
//! Everything else is an attribute, its value written by [`super::expr`].

use hcl_core::types::is_identifier;

use super::expr::Expr;
use super::node::{unsupported, Node};
use crate::error::Result;

use crate::markers::{Marks, Role};

/// What a struct field is, from its serde name and its struct's marks.
#[derive(Clone, Copy)]
pub(crate) enum Field<'a> {
    Label(&'a str),
    Attr(&'a str),
    Block(&'a str),
    Expr(&'a str),
    /// `#[hcl(body)]`: a `RawBody`.
    Body,
    /// `#[hcl(remain)]`: a `RawBody`, a map or a struct, whose items are
    /// items of the struct's body.
    Remain,
    /// No role: an attribute or blocks, as its value decides.
    Plain(&'a str),
    /// A sequence or map field without options, which may be absent: as
    /// `Plain`, left out when empty.
    Many(&'a str),
}

impl<'a> Field<'a> {
    /// The field `key` of a struct with `marks`.
    pub(crate) fn of(key: &'a str, marks: Option<&Marks>) -> Field<'a> {
        match marks.and_then(|m| m.role(key)) {
            None => Field::Plain(key),
            Some(Role::Many | Role::ManyWithDefault) => Field::Many(key),
            Some(Role::Label(label)) => Field::Label(label),
            Some(Role::Attr) => Field::Attr(key),
            Some(Role::Block) => Field::Block(key),
            Some(Role::Expr) => Field::Expr(key),
            Some(Role::Body) => Field::Body,
            Some(Role::Remain) => Field::Remain,
        }
    }
}

/// Whether `node` is written as blocks when nothing else decides.
fn is_blocks(node: &Node) -> bool {
    match node {
        Node::Struct { .. } | Node::Body(_) => true,
        Node::Variant(_, inner) => matches!(**inner, Node::Struct { .. } | Node::Body(_)),
        Node::Seq(items) => {
            !items.is_empty()
                && items.iter().all(|item| match item {
                    Node::Variant(..) => is_blocks(item),
                    other => matches!(other, Node::Struct { .. } | Node::Body(_)),
                })
        }
        Node::Map(entries) => !entries.is_empty() && entries.iter().all(|(_, v)| is_blocks(v)),
        _ => false,
    }
}

/// Whether `node` is a non-empty map of `#[hcl]` structs (or bodies), which
/// an `#[hcl(block)]` map writes as labelled blocks; of other values it is
/// one block with the map as its body.
fn is_hcl_blocks(node: &Node) -> bool {
    match node {
        Node::Map(entries) => !entries.is_empty() && entries.iter().all(|(_, v)| is_hcl_block(v)),
        _ => false,
    }
}

/// Whether `node` is an `#[hcl]` struct, a body, or a map of them.
fn is_hcl_block(node: &Node) -> bool {
    match node {
        Node::Struct { marks, .. } => marks.is_some(),
        Node::Body(_) => true,
        other => is_hcl_blocks(other),
    }
}

/// Whether `node` is an empty sequence or map.
fn is_empty(node: &Node) -> bool {
    match node {
        Node::Seq(items) => items.is_empty(),
        Node::Map(entries) => entries.is_empty(),
        _ => false,
    }
}

/// What was written last in a body, for the blank lines around blocks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    Nothing,
    Attribute,
    Block,
}

/// Writes bodies into `out`, one item a line, unindented: the formatter
/// lays the text out afterwards.
pub(crate) struct BodyWriter<'o> {
    pub(crate) out: &'o mut String,
    pub(crate) pretty: bool,
    last: Last,
}

impl<'o> BodyWriter<'o> {
    pub(crate) fn new(out: &'o mut String, pretty: bool) -> Self {
        BodyWriter {
            out,
            pretty,
            last: Last::Nothing,
        }
    }

    /// Writes a whole document: a struct, a map, an enum variant, or a
    /// raw body.
    pub(crate) fn document(&mut self, node: &Node) -> Result<()> {
        match node {
            Node::Struct { fields, marks } => {
                if let Some(label) = marks.and_then(|m| m.labels().next()) {
                    return Err(unsupported(format!(
                        "The label field \"{label}\" cannot be written at the top of a document, \
                         which has no labels: only a block has them."
                    )));
                }
                self.struct_body(fields, *marks)
            }
            Node::Map(entries) => self.map_body(entries),
            Node::Variant(name, inner) => self.item(name, inner).map_err(|e| e.add_key(name)),
            Node::Body(items) => self.raw_items(items, &[]),
            other => Err(unsupported(format!(
                "A document is a body of attributes and blocks, written from a struct or a \
                 map, not from {}.",
                other.kind()
            ))),
        }
    }

    /// The fields of a struct as a body: its labels are in the block
    /// header, its raw body (if any) after the other fields; `marks` those
    /// of an `#[hcl]` struct.
    fn struct_body(
        &mut self,
        fields: &[(&'static str, Node)],
        marks: Option<&Marks>,
    ) -> Result<()> {
        let mut raw: Vec<&[(String, String)]> = Vec::new();
        let mut written: Vec<&str> = Vec::new();
        for (key, node) in fields {
            let field = Field::of(key, marks);
            let done = match field {
                Field::Label(_) => Ok(()),
                Field::Remain if !matches!(node, Node::Body(_)) => match node {
                    Node::Map(entries) => self.map_body(entries),
                    Node::Struct { fields, marks } => self.struct_body(fields, *marks),
                    other => Err(unsupported(format!(
                        "A remain field must hold a RawBody, a map or a struct, not {}.",
                        other.kind()
                    ))),
                },
                Field::Body | Field::Remain => match node {
                    Node::Body(items) => {
                        raw.push(items);
                        Ok(())
                    }
                    other => Err(unsupported(format!(
                        "A body field must hold a RawBody, not {}.",
                        other.kind()
                    ))),
                },
                // An absent `Option`: nothing.
                Field::Attr(_) if matches!(node, Node::None) => Ok(()),
                Field::Attr(name) => self.attribute(name, node),
                Field::Expr(name) => match node {
                    // An absent `Option<Expression>`.
                    Node::Null | Node::None => Ok(()),
                    node => self.attribute(name, node),
                },
                Field::Block(name) => self.forced_blocks(name, node),
                // `None`: nothing (an `Option` of a block type refuses
                // `null`).
                Field::Plain(_) | Field::Many(_) if matches!(node, Node::None) => Ok(()),
                Field::Many(_) if is_empty(node) => Ok(()),
                Field::Plain(name) | Field::Many(name) => self.item(name, node),
            };
            done.map_err(|e| e.add_key(key))?;
            if !matches!(field, Field::Label(_) | Field::Body | Field::Remain) {
                written.push(key);
            }
        }
        for items in raw {
            self.raw_items(items, &written)?;
        }
        Ok(())
    }

    /// The entries of a map as a body.
    fn map_body(&mut self, entries: &[(String, Node)]) -> Result<()> {
        for (name, node) in entries {
            self.item(name, node).map_err(|e| e.add_key(name))?;
        }
        Ok(())
    }

    /// The items of a raw body but those named in `skip`.
    fn raw_items(&mut self, items: &[(String, String)], skip: &[&str]) -> Result<()> {
        for (name, text) in items {
            if skip.contains(&name.as_str()) {
                continue;
            }
            self.start(if is_raw_block(text, name) {
                Last::Block
            } else {
                Last::Attribute
            });
            self.out.push_str(text);
            self.out.push('\n');
        }
        Ok(())
    }

    /// An attribute or blocks, as the value decides.
    fn item(&mut self, name: &str, node: &Node) -> Result<()> {
        if is_blocks(node) {
            self.blocks(name, &mut Vec::new(), node)
        } else {
            self.attribute(name, node)
        }
    }

    /// Blank lines between a block and what is next to it.
    fn start(&mut self, item: Last) {
        let blank = match item {
            Last::Block => self.last != Last::Nothing,
            _ => self.last == Last::Block,
        };
        if blank {
            self.out.push('\n');
        }
        self.last = item;
    }

    fn check_name(name: &str, what: &str) -> Result<()> {
        if is_identifier(name) {
            Ok(())
        } else {
            Err(unsupported(format!(
                "\"{name}\" cannot be written as {what}: it is not an identifier (a letter or \
                 `_`, then letters, digits, `_` and `-`)."
            )))
        }
    }

    /// `name = value`.
    fn attribute(&mut self, name: &str, node: &Node) -> Result<()> {
        Self::check_name(name, "an attribute's name")?;
        if let Node::Body(_) = node {
            return Err(unsupported(
                "A body cannot be an attribute's value: write it as a block.".into(),
            ));
        }
        self.start(Last::Attribute);
        self.out.push_str(name);
        self.out.push_str(" = ");
        Expr::new(self.out, self.pretty).attribute_value(node)?;
        self.out.push('\n');
        Ok(())
    }

    /// The blocks of an `#[hcl(block)]` field: as [`Self::blocks`], but a
    /// map that is not a map of block types is one block with the map as
    /// its body (`required_providers { aws = { ... } }`), as such a map is
    /// read, and an empty one an empty block.
    fn forced_blocks(&mut self, name: &str, node: &Node) -> Result<()> {
        match node {
            Node::Map(entries) if entries.is_empty() || !is_hcl_blocks(node) => {
                self.header(name, &[])?;
                self.nested(|w| {
                    for (key, value) in entries {
                        let done = match is_hcl_block(value) {
                            true => w.blocks(key, &mut Vec::new(), value),
                            false => w.attribute(key, value),
                        };
                        done.map_err(|e| e.add_key(key))?;
                    }
                    Ok(())
                })
            }
            node => self.blocks(name, &mut Vec::new(), node),
        }
    }

    /// `node` as blocks of type `name`, with `labels` before their own.
    fn blocks(&mut self, name: &str, labels: &mut Vec<String>, node: &Node) -> Result<()> {
        match node {
            Node::Null | Node::None => Ok(()),
            Node::Struct { fields, marks } => {
                let mut all = labels.clone();
                for (key, value) in fields {
                    if let Field::Label(label) = Field::of(key, *marks) {
                        match value {
                            Node::String(s) => all.push(s.clone()),
                            other => {
                                return Err(unsupported(format!(
                                    "The label \"{label}\" must be a string, not {}.",
                                    other.kind()
                                )))
                            }
                        }
                    }
                }
                self.header(name, &all)?;
                self.nested(|w| w.struct_body(fields, *marks))
            }
            Node::Body(items) => {
                self.header(name, labels)?;
                self.nested(|w| w.raw_items(items, &[]))
            }
            Node::Variant(variant, inner) => {
                labels.push((*variant).to_string());
                let done = self.blocks(name, labels, inner);
                labels.pop();
                done
            }
            Node::Map(entries) => {
                for (key, value) in entries {
                    labels.push(key.clone());
                    let done = self.blocks(name, labels, value);
                    labels.pop();
                    done.map_err(|e| e.add_key(key))?;
                }
                Ok(())
            }
            Node::Seq(items) => {
                for (index, item) in items.iter().enumerate() {
                    self.blocks(name, labels, item)
                        .map_err(|e| e.add_index(index))?;
                }
                Ok(())
            }
            other => Err(unsupported(format!(
                "{} cannot be written as a block: a block is written from a struct, a map \
                 of them (keyed by label), or a sequence of them.",
                capitalized(other.kind())
            ))),
        }
    }

    /// `name "label" ... {`, and the line break after it.
    fn header(&mut self, name: &str, labels: &[String]) -> Result<()> {
        Self::check_name(name, "a block type")?;
        self.start(Last::Block);
        self.out.push_str(name);
        for label in labels {
            self.out.push(' ');
            Expr::new(self.out, self.pretty).quoted(label);
        }
        self.out.push_str(" {\n");
        Ok(())
    }

    /// A block's body, written by `f`, and its closing brace.
    fn nested(&mut self, f: impl FnOnce(&mut BodyWriter<'_>) -> Result<()>) -> Result<()> {
        let mut inner = BodyWriter::new(self.out, self.pretty);
        f(&mut inner)?;
        self.out.push_str("}\n");
        Ok(())
    }
}

/// Whether a raw item is a block: after its name, an attribute's text
/// goes on with `=`, a block's with a label or a brace.
fn is_raw_block(text: &str, name: &str) -> bool {
    text.get(name.len()..)
        .is_some_and(|rest| !rest.trim_start().starts_with('='))
}

fn capitalized(kind: &str) -> String {
    let mut chars = kind.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
