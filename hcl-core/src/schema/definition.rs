//! Body schemata: the attributes and block types a body may contain.

use std::fmt;

/// An attribute a body may (or must) define.
///
/// # Examples
///
/// ```
/// use hcl_core::schema::AttributeSchema;
/// assert!(AttributeSchema::required("name").required);
/// assert!(!AttributeSchema::optional("tags").required);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AttributeSchema {
    /// The attribute's name.
    pub name: String,
    /// Whether a body without it is an error.
    pub required: bool,
}

impl AttributeSchema {
    /// An attribute that may be left out.
    pub fn optional(name: impl Into<String>) -> Self {
        AttributeSchema {
            name: name.into(),
            required: false,
        }
    }

    /// An attribute that must be defined.
    pub fn required(name: impl Into<String>) -> Self {
        AttributeSchema {
            name: name.into(),
            required: true,
        }
    }
}

/// A block type a body may contain, with the names of its labels: a block
/// of this type must have exactly that many labels, unless the header
/// leaves its labels to the reader ([`BlockHeaderSchema::any_labels`]).
///
/// # Examples
///
/// ```
/// use hcl_core::schema::BlockHeaderSchema;
/// let resource = BlockHeaderSchema::new("resource", &["type", "name"]);
/// assert_eq!(resource.label_names, ["type", "name"]);
/// assert!(!resource.any_labels);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BlockHeaderSchema {
    /// The block type.
    pub block_type: String,
    /// The names of the labels, in order; used in diagnostics.
    pub label_names: Vec<String>,
    /// Whether the reader, not the schema, says how many labels the blocks
    /// have (`label_names` is then empty): schema processing takes a block
    /// of this type whatever its labels, and the reader checks them with
    /// [`Block::check_labels`](super::Block::check_labels) once it knows
    /// their names. The JSON syntax needs the count to tell labels from a
    /// body, so a property of such a type is given as an attribute, which
    /// the reader turns into blocks with
    /// [`Block::from_json_value`](super::Block::from_json_value).
    pub any_labels: bool,
}

impl BlockHeaderSchema {
    /// A block type with the given label names.
    pub fn new(block_type: impl Into<String>, label_names: &[&str]) -> Self {
        BlockHeaderSchema {
            block_type: block_type.into(),
            label_names: label_names.iter().map(|&l| l.to_owned()).collect(),
            any_labels: false,
        }
    }

    /// A block type whose labels the reader checks: for a reader that
    /// learns what the labels are only as it reads each block (as serde
    /// decoding does from the target's type).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::{Body, BodySchema, BlockHeaderSchema};
    /// let file = hcl_core::parse("module \"a\" {}\nmodule {}\n", "f.hcl").unwrap();
    /// let schema = BodySchema::new(vec![], vec![BlockHeaderSchema::any_labels("module")]).unwrap();
    /// let content = Body::from_file(&file).content(&schema).unwrap();
    /// assert_eq!(content.blocks.len(), 2);
    /// let missing = content.blocks[1].check_labels(0, &["name"]).unwrap();
    /// assert_eq!(missing.summary, "Missing name for module");
    /// ```
    pub fn any_labels(block_type: impl Into<String>) -> Self {
        BlockHeaderSchema {
            block_type: block_type.into(),
            label_names: Vec::new(),
            any_labels: true,
        }
    }
}

/// The shallow structure expected of a body: its attributes and its block
/// types. Always valid: no attribute and no block type is declared twice.
/// A name may be both an attribute and a block type, as in the reference:
/// in the native syntax the body's items of that name are then either; in
/// the JSON syntax, whose properties cannot say which, an attribute.
///
/// # Examples
///
/// ```
/// use hcl_core::schema::BodySchema;
///
/// let schema = BodySchema::builder()
///     .required_attribute("name")
///     .attribute("tags")
///     .block("listener", &["port"])
///     .build()
///     .unwrap();
/// assert_eq!(schema.attributes().len(), 2);
/// assert_eq!(schema.block("listener").unwrap().label_names, ["port"]);
///
/// let err = BodySchema::builder().attribute("a").attribute("a").build().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "invalid body schema: the attribute \"a\" is declared more than once"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BodySchema {
    attributes: Vec<AttributeSchema>,
    blocks: Vec<BlockHeaderSchema>,
    /// The attributes' numbers in order of name, for lookups in
    /// logarithmic time: a schema-less reader's schema has a name for
    /// every item of its body.
    attribute_order: Vec<u32>,
    /// The same for the block types.
    block_order: Vec<u32>,
}

/// The numbers of `items` in order of `name`, or the first name found twice.
fn name_order<T>(items: &[T], name: impl Fn(&T) -> &str) -> Result<Vec<u32>, String> {
    let mut order: Vec<u32> = (0..items.len() as u32).collect();
    let key = |i: &u32| items.get(*i as usize).map(&name).unwrap_or_default();
    order.sort_by(|a, b| key(a).cmp(key(b)));
    let twice = order
        .windows(2)
        .find_map(|w| match w {
            [a, b] if key(a) == key(b) => Some(key(a)),
            _ => None,
        })
        .map(str::to_owned);
    match twice {
        Some(name) => Err(name),
        None => Ok(order),
    }
}

/// Up to how many names a lookup compares in turn rather than searching
/// the order.
const SCAN_LIMIT: usize = 16;

/// The position in `items` of the one named `wanted`, through `order` (see
/// `name_order`).
fn find_named<T>(
    items: &[T],
    order: &[u32],
    wanted: &str,
    name: impl Fn(&T) -> &str,
) -> Option<usize> {
    // A few names (a struct's fields): compared in turn, a length first,
    // which rules most out without reading their text.
    if items.len() <= SCAN_LIMIT {
        return items.iter().position(|item| name(item) == wanted);
    }
    let key = |i: &u32| items.get(*i as usize).map(&name).unwrap_or_default();
    let at = order.binary_search_by(|i| key(i).cmp(wanted)).ok()?;
    order.get(at).map(|&i| i as usize)
}

impl BodySchema {
    /// A schema of these attributes and block types.
    ///
    /// # Errors
    ///
    /// A [`SchemaError`] when an attribute or a block type is declared
    /// twice. A name may be both an attribute and a block type, as in the
    /// reference: the body's items of that name are then either.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::{AttributeSchema, BlockHeaderSchema, BodySchema, SchemaError};
    /// let ok = BodySchema::new(
    ///     vec![AttributeSchema::required("source")],
    ///     vec![BlockHeaderSchema::new("provider", &["name"])],
    /// );
    /// assert!(ok.is_ok());
    /// let twice = BodySchema::new(
    ///     vec![AttributeSchema::required("x"), AttributeSchema::optional("x")],
    ///     vec![],
    /// );
    /// assert_eq!(twice, Err(SchemaError::DuplicateAttribute { name: "x".into() }));
    /// ```
    pub fn new(
        attributes: Vec<AttributeSchema>,
        blocks: Vec<BlockHeaderSchema>,
    ) -> Result<Self, SchemaError> {
        let attribute_order = name_order(&attributes, |a| a.name.as_str())
            .map_err(|name| SchemaError::DuplicateAttribute { name })?;
        let block_order = name_order(&blocks, |b| b.block_type.as_str())
            .map_err(|block_type| SchemaError::DuplicateBlockType { block_type })?;
        Ok(BodySchema {
            attributes,
            blocks,
            attribute_order,
            block_order,
        })
    }

    /// A builder, to list attributes and block types one call at a time.
    pub fn builder() -> SchemaBuilder {
        SchemaBuilder::default()
    }

    /// The attributes, in the order given.
    pub fn attributes(&self) -> &[AttributeSchema] {
        &self.attributes
    }

    /// The block types, in the order given.
    pub fn blocks(&self) -> &[BlockHeaderSchema] {
        &self.blocks
    }

    /// The attribute named `name`, if declared.
    pub fn attribute(&self, name: &str) -> Option<&AttributeSchema> {
        self.attributes.get(self.attribute_position(name)?)
    }

    /// The positions in [`BodySchema::attributes`] in order of name.
    pub(crate) fn attribute_positions_by_name(&self) -> impl Iterator<Item = usize> + '_ {
        self.attribute_order.iter().map(|&i| i as usize)
    }

    /// The position of the attribute named `name` in
    /// [`BodySchema::attributes`], if declared.
    pub(crate) fn attribute_position(&self, name: &str) -> Option<usize> {
        find_named(&self.attributes, &self.attribute_order, name, |a| &a.name)
    }

    /// The block type `block_type`, if declared.
    pub fn block(&self, block_type: &str) -> Option<&BlockHeaderSchema> {
        let at = find_named(&self.blocks, &self.block_order, block_type, |b| {
            &b.block_type
        })?;
        self.blocks.get(at)
    }

    /// Everything declared by either schema: the schema that processes in
    /// one step what a partial step with `self` and a step with `other`
    /// process in two.
    ///
    /// # Errors
    ///
    /// A [`SchemaError`] when the two declare the same attribute or the
    /// same block type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::BodySchema;
    /// let meta = BodySchema::builder().attribute("count").build().unwrap();
    /// let own = BodySchema::builder().required_attribute("ami").build().unwrap();
    /// assert_eq!(meta.union(&own).unwrap().attributes().len(), 2);
    /// assert!(meta.union(&meta).is_err());
    /// ```
    pub fn union(&self, other: &BodySchema) -> Result<BodySchema, SchemaError> {
        let mut attributes = self.attributes.clone();
        attributes.extend(other.attributes.iter().cloned());
        let mut blocks = self.blocks.clone();
        blocks.extend(other.blocks.iter().cloned());
        BodySchema::new(attributes, blocks)
    }
}

/// Builds a [`BodySchema`]; see [`BodySchema::builder`].
#[derive(Debug, Clone, Default)]
pub struct SchemaBuilder {
    attributes: Vec<AttributeSchema>,
    blocks: Vec<BlockHeaderSchema>,
}

impl SchemaBuilder {
    /// Declares an optional attribute.
    pub fn attribute(mut self, name: impl Into<String>) -> Self {
        self.attributes.push(AttributeSchema::optional(name));
        self
    }

    /// Declares a required attribute.
    pub fn required_attribute(mut self, name: impl Into<String>) -> Self {
        self.attributes.push(AttributeSchema::required(name));
        self
    }

    /// Declares a block type with the given label names.
    pub fn block(mut self, block_type: impl Into<String>, label_names: &[&str]) -> Self {
        self.blocks
            .push(BlockHeaderSchema::new(block_type, label_names));
        self
    }

    /// Declares a block type whose labels the reader checks (see
    /// [`BlockHeaderSchema::any_labels`]).
    pub fn block_any_labels(mut self, block_type: impl Into<String>) -> Self {
        self.blocks.push(BlockHeaderSchema::any_labels(block_type));
        self
    }

    /// The schema.
    ///
    /// # Errors
    ///
    /// As [`BodySchema::new`].
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::{BodySchema, SchemaError};
    /// let err = BodySchema::builder().block("b", &["x"]).block("b", &["y"]).build();
    /// assert_eq!(err, Err(SchemaError::DuplicateBlockType { block_type: "b".into() }));
    /// ```
    pub fn build(self) -> Result<BodySchema, SchemaError> {
        BodySchema::new(self.attributes, self.blocks)
    }
}

/// Why a schema is invalid.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SchemaError {
    /// The same attribute is declared twice.
    DuplicateAttribute {
        /// The attribute's name.
        name: String,
    },
    /// The same block type is declared twice.
    DuplicateBlockType {
        /// The block type.
        block_type: String,
    },
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid body schema: ")?;
        match self {
            SchemaError::DuplicateAttribute { name } => {
                write!(f, "the attribute \"{name}\" is declared more than once")
            }
            SchemaError::DuplicateBlockType { block_type } => {
                write!(
                    f,
                    "the block type \"{block_type}\" is declared more than once"
                )
            }
        }
    }
}

impl std::error::Error for SchemaError {}
