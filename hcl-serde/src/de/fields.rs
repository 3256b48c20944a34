//! The fields of a target as the `#[hcl]` macro marks them (see
//! [`crate::markers`]), the schema they make, and the index from attribute
//! names and block types to fields.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use hcl_core::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};

/// What a target's field takes, from its name and its struct's marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Field<'f> {
    /// A name a schema-less target (a map) found in the body: an attribute
    /// or the blocks of this name, as the input has it.
    Auto(&'f str),
    /// A plain derive's field: as [`Field::Typed`] for an argument (a
    /// block type is refused), but its blocks may be read into any type
    /// that takes them, a map of one block's body (`locals { ... }`)
    /// included, since a plain derive cannot say `#[hcl(block)]`.
    Plain(&'f str),
    /// A field without options of an `#[hcl]` struct: what its
    /// `HclSchema` says, which depends on the field's type and so is known
    /// only as the value is read: the blocks of this name when the type
    /// inside its containers is a block type (a struct or a `RawBody`),
    /// else an attribute (see `blocks::BlocksDeserializer`).
    Typed(&'f str),
    /// `#[hcl(attr)]`: only an attribute.
    Attr(&'f str),
    /// `#[hcl(block)]`: only blocks.
    Block(&'f str),
    /// `#[hcl(expr)]`: an attribute, not evaluated.
    Expr(&'f str),
    /// `#[hcl(label)]`, with the label's name for messages.
    Label(&'f str),
    /// `#[hcl(body)]`: the whole body.
    Body,
    /// `#[hcl(remain)]`: what the other fields did not take, read as the
    /// field's type (a `RawBody`, a map or a struct).
    Remain,
}

use crate::markers::{marks, Marks, Role};

impl Field<'static> {
    /// The field serde calls `field` of the struct whose marks are
    /// `marks` (`None` for a struct without `#[hcl]`).
    pub(crate) fn of_struct(field: &'static str, marks: Option<&Marks>) -> Field<'static> {
        let Some(marks) = marks else {
            return Field::Plain(field);
        };
        match marks.role(field) {
            None | Some(Role::Many | Role::ManyWithDefault) => Field::Typed(field),
            Some(Role::Label(label)) => Field::Label(label),
            Some(Role::Attr) => Field::Attr(field),
            Some(Role::Block) => Field::Block(field),
            Some(Role::Expr) => Field::Expr(field),
            Some(Role::Body) => Field::Body,
            Some(Role::Remain) => Field::Remain,
        }
    }
}

impl<'f> Field<'f> {
    /// The attribute name this field takes, if any.
    pub(crate) fn attribute(self) -> Option<&'f str> {
        match self {
            Field::Auto(n)
            | Field::Plain(n)
            | Field::Typed(n)
            | Field::Attr(n)
            | Field::Expr(n) => Some(n),
            _ => None,
        }
    }

    /// The block type this field takes, if any.
    pub(crate) fn block_type(self) -> Option<&'f str> {
        match self {
            Field::Auto(n) | Field::Plain(n) | Field::Typed(n) | Field::Block(n) => Some(n),
            _ => None,
        }
    }

    /// Whether the field takes an argument or blocks, as its value's type
    /// decides (see `value::BlockField`): a struct's field without a role.
    /// (A map's entries take what the input has.)
    pub(crate) fn either(self) -> bool {
        matches!(self, Field::Typed(_) | Field::Plain(_))
    }
}

/// The field that takes each attribute name and each block type: the
/// first of the target's fields that does.
pub(crate) enum FieldIndex<'x, 'f> {
    /// A struct's few fields, searched in order: faster than hashing the
    /// name, and built without allocating, for every block read.
    Few(&'x [Field<'f>]),
    /// Many fields, as a schema-less target has, one for every name in the
    /// input: maps, so that a body with very many names stays linear.
    Many {
        attributes: HashMap<&'f str, usize>,
        blocks: HashMap<&'f str, usize>,
    },
}

/// The most fields searched in order.
pub(crate) const FEW_FIELDS: usize = 32;

/// A value for each field of a body: on the stack for a struct's few
/// fields, since a body is read for every block.
pub(crate) enum PerField<T> {
    Few([T; FEW_FIELDS]),
    Many(Vec<T>),
}

impl<T: Copy> PerField<T> {
    pub(crate) fn new(len: usize, value: T) -> Self {
        if len <= FEW_FIELDS {
            PerField::Few([value; FEW_FIELDS])
        } else {
            PerField::Many(vec![value; len])
        }
    }

    pub(crate) fn get(&self, i: usize) -> Option<T> {
        match self {
            PerField::Few(values) => values.get(i).copied(),
            PerField::Many(values) => values.get(i).copied(),
        }
    }

    pub(crate) fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        match self {
            PerField::Few(values) => values.get_mut(i),
            PerField::Many(values) => values.get_mut(i),
        }
    }
}

impl<'x, 'f> FieldIndex<'x, 'f> {
    pub(crate) fn new(fields: &'x [Field<'f>]) -> Self {
        if fields.len() <= FEW_FIELDS {
            return FieldIndex::Few(fields);
        }
        let mut attributes = HashMap::new();
        let mut blocks = HashMap::new();
        for (i, field) in fields.iter().enumerate() {
            if let Some(name) = field.attribute() {
                attributes.entry(name).or_insert(i);
            }
            if let Some(name) = field.block_type() {
                blocks.entry(name).or_insert(i);
            }
        }
        FieldIndex::Many { attributes, blocks }
    }

    /// The number of the field that takes attribute `name`.
    pub(crate) fn attribute(&self, name: &str) -> Option<usize> {
        match self {
            FieldIndex::Few(fields) => fields.iter().position(|f| f.attribute() == Some(name)),
            FieldIndex::Many { attributes, .. } => attributes.get(name).copied(),
        }
    }

    /// The number of the field that takes blocks of type `name`.
    pub(crate) fn block(&self, name: &str) -> Option<usize> {
        match self {
            FieldIndex::Few(fields) => fields.iter().position(|f| f.block_type() == Some(name)),
            FieldIndex::Many { blocks, .. } => blocks.get(name).copied(),
        }
    }
}

/// A struct type as serde names it to a deserializer: its name (with its
/// marks, for an `#[hcl]` struct) and its fields' names.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StructId {
    pub(crate) name: &'static str,
    pub(crate) fields: &'static [&'static str],
}

impl StructId {
    pub(crate) fn new(name: &'static str, fields: &'static [&'static str]) -> Self {
        StructId { name, fields }
    }

    /// The marks `#[hcl]` gave the struct, if it has them.
    pub(crate) fn marks(self) -> Option<&'static Marks> {
        marks(self.name)
    }

    /// The number of its label fields.
    pub(crate) fn label_count(self) -> usize {
        self.marks().map_or(0, |m| m.labels().count())
    }
}

/// The keys a body's target asks for.
#[derive(Clone, Copy)]
pub(crate) enum Keys<'k, 'a> {
    /// A struct's fields: one list for every body of its type, whose
    /// schema [`SchemaCache`] keeps.
    Struct(StructId),
    /// The names a schema-less target found in the body itself.
    Found(&'k [&'a str]),
}

impl<'k, 'a> Keys<'k, 'a> {
    pub(crate) fn list(self) -> &'k [&'a str] {
        match self {
            Keys::Struct(id) => id.fields,
            Keys::Found(names) => names,
        }
    }
}

/// What a field takes, as far as it is known before its value is read: the
/// one description both decoding and `HclSchema` make a body schema from
/// ([`body_schema`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Takes {
    /// An argument, which may be absent unless `required`.
    Argument { required: bool },
    /// Blocks with these label names, or with any labels when `None`: the
    /// struct each block reaches checks them (`Block::check_labels`).
    Blocks(Option<Vec<&'static str>>),
    /// An argument or blocks, as the field's type decides when its value is
    /// read: a field serde names without its type, in decoding. Optional,
    /// with any labels; whether it may be absent is serde's to say when it
    /// is missing.
    Either,
}

impl Field<'_> {
    /// What the field takes before its value is read, as decoding knows
    /// it: serde gives the field's name, not its type, so a field without
    /// a role takes either, and whether it may be absent is serde's to
    /// say when it is missing.
    pub(crate) fn takes(self) -> Option<Takes> {
        match self {
            Field::Auto(_) | Field::Plain(_) | Field::Typed(_) => Some(Takes::Either),
            Field::Attr(_) | Field::Expr(_) => Some(Takes::Argument { required: false }),
            Field::Block(_) => Some(Takes::Blocks(None)),
            Field::Label(_) | Field::Body | Field::Remain => None,
        }
    }
}

/// The body schema of a struct level from what each of its fields takes,
/// the first field of a name taking it: an attribute for each field that
/// takes an argument, a block type for each that takes blocks, both for
/// one that takes either.
pub(crate) fn body_schema<'f>(fields: impl IntoIterator<Item = (&'f str, Takes)>) -> BodySchema {
    let mut attributes = Vec::new();
    let mut blocks = Vec::new();
    let (mut attribute_names, mut block_names) = (HashSet::new(), HashSet::new());
    for (name, takes) in fields {
        let (argument, block) = match takes {
            Takes::Argument { required } => (Some(required), None),
            Takes::Blocks(labels) => (None, Some(labels)),
            Takes::Either => (Some(false), Some(None)),
        };
        if let Some(required) = argument.filter(|_| attribute_names.insert(name)) {
            attributes.push(match required {
                true => AttributeSchema::required(name),
                false => AttributeSchema::optional(name),
            });
        }
        if let Some(labels) = block.filter(|_| block_names.insert(name)) {
            blocks.push(match labels {
                Some(labels) => BlockHeaderSchema::new(name, &labels),
                None => BlockHeaderSchema::any_labels(name),
            });
        }
    }
    // Each name is declared once, so this cannot fail.
    BodySchema::new(attributes, blocks).unwrap_or_default()
}

/// The schema that reads a body for `fields` in decoding (see
/// [`Field::takes`]).
pub(crate) fn schema_of(fields: &[Field<'_>]) -> BodySchema {
    body_schema(
        fields
            .iter()
            .filter_map(|&f| Some((f.attribute().or(f.block_type())?, f.takes()?))),
    )
}

/// A struct type's fields, parsed from their keys, and the schema they
/// make.
pub(crate) struct StructLevel {
    pub(crate) fields: Vec<Field<'static>>,
    pub(crate) schema: BodySchema,
    /// The marks `#[hcl]` gave the struct, if it has them.
    pub(crate) marks: Option<&'static Marks>,
}

/// The levels of the struct types read so far, by their field lists: a
/// struct's fields are one `&'static` list, so each type's fields are
/// parsed and its schema built once per decode rather than once per
/// block.
#[derive(Default)]
pub(crate) struct SchemaCache {
    entries: RefCell<Vec<(ListId, Rc<StructLevel>)>>,
}

/// A field list by its address and length, and the struct's name by its
/// address, which tell one struct type apart from another without
/// comparing text.
type ListId = (usize, usize, usize);

/// How many struct types the cache keeps.
const SCHEMA_CACHE_SIZE: usize = 64;

impl SchemaCache {
    /// The level of the struct `id`.
    pub(crate) fn level(&self, id: StructId) -> Rc<StructLevel> {
        let key = (
            id.fields.as_ptr() as usize,
            id.fields.len(),
            id.name.as_ptr() as usize,
        );
        if let Some((_, level)) = self.entries.borrow().iter().find(|(l, _)| *l == key) {
            return Rc::clone(level);
        }
        let marks = id.marks();
        let fields: Vec<Field<'static>> = id
            .fields
            .iter()
            .map(|k| Field::of_struct(k, marks))
            .collect();
        let schema = schema_of(&fields);
        let level = Rc::new(StructLevel {
            fields,
            schema,
            marks,
        });
        let mut entries = self.entries.borrow_mut();
        if entries.len() < SCHEMA_CACHE_SIZE {
            entries.push((key, Rc::clone(&level)));
        }
        level
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_schema_from_what_each_field_takes() {
        let schema = body_schema([
            ("port", Takes::Argument { required: true }),
            ("host", Takes::Argument { required: false }),
            ("service", Takes::Blocks(Some(vec!["name"]))),
            ("tags", Takes::Blocks(None)),
            ("either", Takes::Either),
            // A later field of a name takes nothing.
            ("port", Takes::Argument { required: false }),
        ]);
        let required = |name| schema.attribute(name).map(|a| a.required);
        assert_eq!(required("port"), Some(true));
        assert_eq!(required("host"), Some(false));
        assert_eq!(required("either"), Some(false));
        assert_eq!(schema.block("service").unwrap().label_names, ["name"]);
        assert_eq!(
            schema.block("tags"),
            Some(&BlockHeaderSchema::any_labels("tags"))
        );
        assert_eq!(
            schema.block("either"),
            Some(&BlockHeaderSchema::any_labels("either"))
        );
        assert!(schema.attribute("service").is_none() && schema.block("port").is_none());
    }

    #[test]
    fn decoding_takes_either_where_only_the_value_can_say() {
        let fields = [
            Field::Typed("a"),
            Field::Attr("b"),
            Field::Block("c"),
            Field::Label("name"),
        ];
        let schema = schema_of(&fields);
        assert!(schema.attribute("a").is_some() && schema.block("a").is_some());
        assert!(schema.attribute("b").is_some_and(|b| !b.required));
        assert!(schema.block("c").is_some() && schema.attribute("c").is_none());
        assert!(schema.attribute("name").is_none() && schema.block("name").is_none());
    }
}
