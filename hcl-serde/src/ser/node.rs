//! The first step of writing: a serde `Serializer` whose output is a
//! [`Node`], the value's shape as serde describes it. Structs stay apart
//! from maps and enum variants keep their names, which is what the second
//! step ([`super::body`]) needs to choose between attributes and blocks.

use hcl_core::{Code, Limits, Number};
use serde::ser::{self, Serialize};

use crate::error::{Error, Result};
use crate::markers::{marks, Marks};
use crate::special::{EXPRESSION, RAW_BODY, RAW_JSON_BODY};

/// A value as serde describes it.
#[derive(Debug)]
pub(crate) enum Node {
    /// `()`, a unit struct.
    Null,
    /// `None`: `null`, or no field at all.
    None,
    Bool(bool),
    /// A number's literal text.
    Number(String),
    String(String),
    /// Sequences, tuples, tuple structs, bytes.
    Seq(Vec<Node>),
    /// A map, with its keys as strings.
    Map(Vec<(String, Node)>),
    /// A struct's fields, under their serde names, and the marks of an
    /// `#[hcl]` struct.
    Struct {
        fields: Vec<(&'static str, Node)>,
        marks: Option<&'static Marks>,
    },
    /// A newtype, tuple or struct variant: its name and its content.
    Variant(&'static str, Box<Node>),
    /// An [`Expression`](crate::Expression): its source text.
    Expression(String),
    /// A [`RawBody`](crate::RawBody): its items, each as its name and
    /// source text.
    Body(Vec<(String, String)>),
}

impl Node {
    /// What the node is, for messages.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Node::Null | Node::None => "null",
            Node::Bool(_) => "a bool",
            Node::Number(_) => "a number",
            Node::String(_) => "a string",
            Node::Seq(_) => "a sequence",
            Node::Map(_) => "a map",
            Node::Struct { .. } => "a struct",
            Node::Variant(..) => "an enum variant",
            Node::Expression(_) => "an expression",
            Node::Body(_) => "a body",
        }
    }
}

/// The error of a value that HCL cannot hold where it is.
#[cold]
pub(crate) fn unsupported(detail: String) -> Error {
    Error::message(Code::UnsupportedValue, "Unsupported value", detail)
}

/// Serializes into a [`Node`], at a nesting depth.
#[derive(Clone, Copy)]
pub(crate) struct NodeSerializer {
    depth: usize,
}

impl NodeSerializer {
    pub(crate) fn new() -> Self {
        NodeSerializer { depth: 0 }
    }

    /// The serializer of the values inside a container, which must not
    /// nest deeper than a document may be read back.
    fn inner(self) -> Result<NodeSerializer> {
        let max = Limits::default().max_nesting_depth;
        if self.depth >= max {
            return Err(unsupported(format!(
                "The value is nested more than {max} levels deep, deeper than HCL is read back."
            )));
        }
        Ok(NodeSerializer {
            depth: self.depth + 1,
        })
    }
}

fn float(v: f64) -> Result<Node> {
    match Number::from_f64(v) {
        Some(n) if v.is_finite() => Ok(Node::Number(n.to_text_bounded())),
        _ => Err(unsupported(format!(
            "The float {v} has no HCL literal: only finite numbers can be written."
        ))),
    }
}

impl ser::Serializer for NodeSerializer {
    type Ok = Node;
    type Error = Error;
    type SerializeSeq = SeqNode;
    type SerializeTuple = SeqNode;
    type SerializeTupleStruct = SeqNode;
    type SerializeTupleVariant = SeqNode;
    type SerializeMap = MapNode;
    type SerializeStruct = StructNode;
    type SerializeStructVariant = StructNode;

    fn serialize_bool(self, v: bool) -> Result<Node> {
        Ok(Node::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Node> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<Node> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<Node> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<Node> {
        Ok(Node::Number(v.to_string()))
    }
    fn serialize_i128(self, v: i128) -> Result<Node> {
        Ok(Node::Number(v.to_string()))
    }
    fn serialize_u8(self, v: u8) -> Result<Node> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<Node> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<Node> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<Node> {
        Ok(Node::Number(v.to_string()))
    }
    fn serialize_u128(self, v: u128) -> Result<Node> {
        Ok(Node::Number(v.to_string()))
    }
    fn serialize_f32(self, v: f32) -> Result<Node> {
        // The shortest digits that identify the `f32`, when they also
        // read back as it by way of an `f64` (as the decoder reads them);
        // otherwise the digits of the `f64` of the same value.
        let short = v.to_string();
        match short.parse::<f64>() {
            Ok(f) if v.is_finite() && f.abs() <= f64::from(f32::MAX) && f as f32 == v => {
                Ok(Node::Number(short))
            }
            _ => float(f64::from(v)),
        }
    }
    fn serialize_f64(self, v: f64) -> Result<Node> {
        float(v)
    }
    fn serialize_char(self, v: char) -> Result<Node> {
        Ok(Node::String(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Node> {
        Ok(Node::String(v.to_string()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Node> {
        Ok(Node::Seq(
            v.iter().map(|b| Node::Number(b.to_string())).collect(),
        ))
    }
    fn serialize_none(self) -> Result<Node> {
        Ok(Node::None)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<Node> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Node> {
        Ok(Node::Null)
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Node> {
        Ok(Node::Null)
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Node> {
        Ok(Node::String(variant.to_string()))
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<Node> {
        let node = value.serialize(self)?;
        Ok(match (name, node) {
            (EXPRESSION, Node::String(text)) => Node::Expression(text),
            (RAW_BODY, Node::Seq(items)) => Node::Body(raw_items(items)?),
            (RAW_JSON_BODY, _) => {
                return Err(unsupported(
                    "A body read from the JSON syntax cannot be written in the native syntax: \
                     its properties do not say which are arguments and which are blocks."
                        .into(),
                ))
            }
            (_, node) => node,
        })
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Node> {
        let node = value.serialize(self.inner()?)?;
        Ok(Node::Variant(variant, Box::new(node)))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqNode> {
        Ok(SeqNode {
            inner: self.inner()?,
            items: Vec::with_capacity(len.unwrap_or(0).min(4096)),
            variant: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<SeqNode> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<SeqNode> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<SeqNode> {
        let mut seq = self.inner()?.serialize_seq(Some(len))?;
        seq.variant = Some(variant);
        Ok(seq)
    }
    fn serialize_map(self, len: Option<usize>) -> Result<MapNode> {
        Ok(MapNode {
            inner: self.inner()?,
            entries: Vec::with_capacity(len.unwrap_or(0).min(4096)),
            key: None,
        })
    }
    fn serialize_struct(self, name: &'static str, len: usize) -> Result<StructNode> {
        Ok(StructNode {
            inner: self.inner()?,
            fields: Vec::with_capacity(len.min(4096)),
            marks: marks(name),
            variant: None,
        })
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<StructNode> {
        let mut fields = self.inner()?.serialize_struct(variant, len)?;
        fields.variant = Some(variant);
        Ok(fields)
    }
}

/// The items of a [`RawBody`](crate::RawBody) as its `Serialize` writes
/// them: pairs of strings.
fn raw_items(items: Vec<Node>) -> Result<Vec<(String, String)>> {
    items
        .into_iter()
        .map(|item| match item {
            Node::Seq(pair) => match <[Node; 2]>::try_from(pair) {
                Ok([Node::String(name), Node::String(text)]) => Ok((name, text)),
                _ => Err(unsupported("A body item is not a name and a text.".into())),
            },
            _ => Err(unsupported("A body item is not a name and a text.".into())),
        })
        .collect()
}

/// A sequence, tuple or tuple variant being serialized.
pub(crate) struct SeqNode {
    inner: NodeSerializer,
    items: Vec<Node>,
    variant: Option<&'static str>,
}

impl SeqNode {
    fn push<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let index = self.items.len();
        let node = value
            .serialize(self.inner)
            .map_err(|e| e.add_index(index))?;
        self.items.push(node);
        Ok(())
    }

    fn finish(self) -> Node {
        let seq = Node::Seq(self.items);
        match self.variant {
            Some(variant) => Node::Variant(variant, Box::new(seq)),
            None => seq,
        }
    }
}

impl ser::SerializeSeq for SeqNode {
    type Ok = Node;
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Node> {
        Ok(self.finish())
    }
}

impl ser::SerializeTuple for SeqNode {
    type Ok = Node;
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Node> {
        Ok(self.finish())
    }
}

impl ser::SerializeTupleStruct for SeqNode {
    type Ok = Node;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Node> {
        Ok(self.finish())
    }
}

impl ser::SerializeTupleVariant for SeqNode {
    type Ok = Node;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Node> {
        Ok(self.finish())
    }
}

/// A map being serialized.
pub(crate) struct MapNode {
    inner: NodeSerializer,
    entries: Vec<(String, Node)>,
    key: Option<String>,
}

impl ser::SerializeMap for MapNode {
    type Ok = Node;
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<()> {
        self.key = Some(key.serialize(super::key::KeySerializer)?);
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let key = self.key.take().unwrap_or_default();
        match value.serialize(self.inner) {
            Ok(node) => {
                self.entries.push((key, node));
                Ok(())
            }
            Err(e) => Err(e.add_key(&key)),
        }
    }
    fn end(self) -> Result<Node> {
        Ok(Node::Map(self.entries))
    }
}

/// A struct or struct variant being serialized.
pub(crate) struct StructNode {
    inner: NodeSerializer,
    fields: Vec<(&'static str, Node)>,
    marks: Option<&'static Marks>,
    variant: Option<&'static str>,
}

impl StructNode {
    fn push<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<()> {
        let node = value.serialize(self.inner).map_err(|e| e.add_key(key))?;
        self.fields.push((key, node));
        Ok(())
    }

    fn finish(self) -> Node {
        let fields = Node::Struct {
            fields: self.fields,
            marks: self.marks,
        };
        match self.variant {
            Some(variant) => Node::Variant(variant, Box::new(fields)),
            None => fields,
        }
    }
}

impl ser::SerializeStruct for StructNode {
    type Ok = Node;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        self.push(key, value)
    }
    fn end(self) -> Result<Node> {
        Ok(self.finish())
    }
}

impl ser::SerializeStructVariant for StructNode {
    type Ok = Node;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        self.push(key, value)
    }
    fn end(self) -> Result<Node> {
        Ok(self.finish())
    }
}
