//! [`ConfigSchema::of`]: a type's schema, asked of the type level by level
//! through serde ([`trace`]), each level's attributes and blocks decided
//! as the `#[hcl]` macro's `HclSchema` decides them ([`build_schema`]).

use serde::de::DeserializeOwned;

use super::trace::{self, Ask, Found, Node, Reader, Step};
use super::{AttributeInfo, BlockInfo, ConfigSchema};
use crate::de::fields::StructId;
use crate::markers::{marks, Marks, Role};
use crate::schema::__private::{build_schema, FieldInfo, FieldKind};

/// The longest way followed into a type: deeper levels, objects and
/// tuples are left out (`any`, or a block without its body).
const MAX_STEPS: usize = 64;

impl ConfigSchema {
    /// The schema of the configuration `T` decodes, asked of `T` itself
    /// through serde, level by level: for each body, its attributes (with
    /// their types and the values of a unit-only enum) and its block types
    /// (with their labels, the values of a label read into a unit-only
    /// enum, and their bodies), whether each is required, and the doc
    /// comments `#[hcl]` keeps.
    ///
    /// What each field takes, and whether it may be absent, is what
    /// decoding says and an `#[hcl]` struct's
    /// [`HclSchema`](crate::HclSchema) says: the fields' types are asked
    /// by the same means, so a generic parameter, an alias, a `Box`, an
    /// `Arc` or a [`Spanned`](crate::Spanned) is what it holds. A struct
    /// without `#[hcl]` has no doc comments, and its fields are optional
    /// only when their types read an absent field (an `Option`): serde
    /// does not show its defaults.
    ///
    /// Types are written as type constraints are:
    ///
    /// | Rust type | type |
    /// |---|---|
    /// | `String`, `&str`, `char`, a unit-only enum (its variants in `values`) | `string` |
    /// | integers, floats | `number` |
    /// | `bool` | `bool` |
    /// | `Vec<T>`, `[T; N]`, sets and other sequences | `list(T)` |
    /// | a tuple of one type / of several | `list(T)` / `tuple([A, B])` |
    /// | maps with string keys (or a unit-only enum's) | `map(T)` |
    /// | a struct taken as a value (`#[hcl(attr)]`, in a list) | `object({a=A, b=B})` |
    /// | `Option<T>`, `Box<T>`, `Arc<T>`, `Spanned<T>`, newtypes | as `T` |
    /// | `hcl_serde::Value`, `serde_json::Value`, `Expression`, other enums, anything else | `any` |
    ///
    /// A block type's labels are named as its `HclSchema` names them (`key`
    /// for the key of a map around the block type, then the struct's label
    /// fields), and a label read into a unit-only enum, as a map's key or
    /// as an `#[hcl(label)]` field, takes its variants: they are the
    /// label's [`label_values`](BlockInfo::label_values).
    ///
    /// serde shows a set as a sequence, so a set is a `list`. A struct
    /// that holds itself (`struct Dir { dir: Vec<Dir> }`) is followed
    /// once: where its name comes again on the way, a block's body is
    /// left empty (its doc kept) and an object is `any`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_serde::ConfigSchema;
    /// use serde::Deserialize;
    ///
    /// /// A web site.
    /// #[hcl_serde::hcl]
    /// #[derive(Deserialize)]
    /// struct Site {
    ///     /// Where it is served from.
    ///     region: Region,
    ///     /// Its services, by name.
    ///     service: Vec<Service>,
    /// }
    ///
    /// #[derive(Deserialize)]
    /// #[serde(rename_all = "kebab-case")]
    /// enum Region {
    ///     EuWest,
    ///     UsEast,
    /// }
    ///
    /// /// A service of the site.
    /// #[hcl_serde::hcl]
    /// #[derive(Deserialize)]
    /// struct Service {
    ///     #[hcl(label)]
    ///     name: String,
    ///     /// The port it listens on.
    ///     port: Option<u16>,
    ///     tags: Vec<String>,
    /// }
    ///
    /// let schema = ConfigSchema::of::<Site>();
    /// assert_eq!(schema.doc.as_deref(), Some("A web site."));
    ///
    /// let region = schema.attribute("region").unwrap();
    /// assert_eq!(region.type_name, "string");
    /// assert_eq!(region.values, ["eu-west", "us-east"]);
    /// assert!(region.required);
    ///
    /// let service = schema.block("service").unwrap();
    /// assert_eq!(service.labels, ["name"]);
    /// assert!(service.label_values.is_empty()); // any name
    /// assert!(service.many && !service.required);
    /// assert_eq!(service.doc.as_deref(), Some("Its services, by name."));
    /// assert_eq!(service.body.doc.as_deref(), Some("A service of the site."));
    ///
    /// let port = service.body.attribute("port").unwrap();
    /// assert_eq!((port.type_name.as_str(), port.required), ("number", false));
    /// assert_eq!(port.doc.as_deref(), Some("The port it listens on."));
    /// assert_eq!(service.body.attribute("tags").unwrap().type_name, "list(string)");
    /// ```
    pub fn of<T: DeserializeOwned>() -> ConfigSchema {
        let read: Reader = |tracer| drop(T::deserialize(tracer));
        let levels = Levels { read };
        match levels.found(&[], Ask::Trace).nodes.last() {
            Some(Node::Struct(id)) => levels.level(&mut Vec::new(), *id, &mut Seen::default()),
            _ => ConfigSchema::default(),
        }
    }
}

/// The structs on the way, by their serde names and fields: one that
/// comes again is a type made of itself, whose way is not followed again.
#[derive(Default)]
struct Seen(Vec<StructId>);

impl Seen {
    fn has(&self, id: &StructId) -> bool {
        self.0
            .iter()
            .any(|seen| seen.name == id.name && seen.fields == id.fields)
    }

    fn push(&mut self, id: StructId) {
        self.0.push(id);
    }

    fn pop(&mut self) {
        self.0.pop();
    }
}

/// Asks one type for its levels.
struct Levels {
    read: Reader,
}

/// A field of a level: what it takes, and what its type asked for.
struct Traced {
    info: FieldInfo,
    nodes: Vec<Node>,
    doc: Option<&'static str>,
}

impl Levels {
    fn found(&self, path: &[Step], ask: Ask) -> Found {
        trace::trace(self.read, path, ask)
    }

    /// The schema of the struct `id` at the end of `path`, whose way
    /// passes through the structs `seen`.
    fn level(&self, path: &mut Vec<Step>, id: StructId, seen: &mut Seen) -> ConfigSchema {
        let marks = marks(id.name);
        seen.push(id);
        let fields: Vec<Traced> = id
            .fields
            .iter()
            .map(|&name| {
                path.push(Step::Field(name));
                let field = self.field(path, name, marks);
                path.pop();
                field
            })
            .collect();
        let infos: Vec<FieldInfo> = fields.iter().map(|f| f.info.clone()).collect();
        let schema = build_schema(&infos);
        let mut out = ConfigSchema {
            doc: marks.and_then(|m| m.doc).map(Into::into),
            ..ConfigSchema::default()
        };
        for field in &fields {
            let name = field.info.name;
            path.push(Step::Field(name));
            if let Some(attribute) = schema.attribute(name) {
                if out.attribute(name).is_none() {
                    out.attributes.push(AttributeInfo {
                        name: name.into(),
                        type_name: self.type_name(path, &field.nodes, seen),
                        required: attribute.required,
                        values: self.values(path, &field.nodes),
                        doc: field.doc.map(Into::into),
                    });
                }
            }
            if let Some(block) = schema.block(name) {
                if out.block(name).is_none() {
                    let labels = block.label_names.clone();
                    out.blocks.push(self.block(path, field, labels, seen));
                }
            }
            path.pop();
        }
        seen.pop();
        out
    }

    /// The field `name` at the end of `path`, of a struct with `marks`:
    /// its `FieldInfo` as the `#[hcl]` macro writes it, with what the
    /// macro leaves to the type asked of the type here.
    fn field(&self, path: &[Step], name: &'static str, marks: Option<&Marks>) -> Traced {
        let role = marks.and_then(|m| m.role(name));
        let kind = match role {
            None | Some(Role::Many | Role::ManyWithDefault) => FieldKind::Auto,
            Some(Role::Attr | Role::Expr) => FieldKind::Attribute,
            Some(Role::Block) => FieldKind::Block,
            Some(Role::Label(_) | Role::Body | Role::Remain) => FieldKind::Skip,
        };
        // What a field read its own way asks for is its reader's: the
        // macro asks nothing of it.
        let own_reader = marks.is_some_and(|m| m.own_readers.contains(&name));
        let asks = !own_reader && !matches!(kind, FieldKind::Skip);
        let nodes = self.found(path, Ask::Trace).nodes;
        let block = match kind {
            FieldKind::Auto | FieldKind::Block if asks => self.found(path, Ask::Shape).shape,
            _ => None,
        };
        // Absent, a sequence or map reads as empty, and `#[hcl(block)]` on
        // one takes zero or more blocks (the macro marks one that is no
        // sequence or map as written).
        let many_blocks = matches!(kind, FieldKind::Block)
            && asks
            && !marks.is_some_and(|m| m.single_blocks.contains(&name))
            && matches!(nodes.first(), Some(Node::Seq | Node::Map));
        let optional = marks.is_some_and(|m| m.optional.contains(&name))
            || matches!(role, Some(Role::Many | Role::ManyWithDefault))
            || many_blocks
            || (asks && self.found(path, Ask::Absent).absent);
        let map_levels = match kind {
            FieldKind::Auto | FieldKind::Block => nodes
                .iter()
                .filter(|node| matches!(node, Node::Map))
                .count(),
            _ => 0,
        };
        Traced {
            info: FieldInfo {
                name,
                kind,
                optional,
                map_levels,
                block,
            },
            nodes,
            doc: marks.and_then(|m| m.doc(name)),
        }
    }

    /// The block type of `field`, at the end of `path`.
    fn block(
        &self,
        path: &mut Vec<Step>,
        field: &Traced,
        labels: Vec<String>,
        seen: &mut Seen,
    ) -> BlockInfo {
        let many = field
            .nodes
            .iter()
            .any(|node| matches!(node, Node::Seq | Node::Map));
        let body = match field.nodes.last() {
            Some(Node::Struct(id)) if !seen.has(id) && path.len() < MAX_STEPS => {
                self.level(path, *id, seen)
            }
            Some(Node::Struct(id)) => ConfigSchema {
                doc: marks(id.name).and_then(|m| m.doc).map(Into::into),
                ..ConfigSchema::default()
            },
            _ => ConfigSchema::default(),
        };
        let doc = field.doc.map(Into::into).or_else(|| body.doc.clone());
        BlockInfo {
            block_type: field.info.name.into(),
            labels,
            label_values: self.label_values(path, field),
            required: !field.info.optional,
            many,
            doc,
            body,
            defines: None,
        }
    }

    /// The values of each label of the block type of `field`, at the end
    /// of `path`, in the order of its labels: the keys of the maps around
    /// the block type, then its label fields; none when no label has
    /// values of its own.
    fn label_values(&self, path: &mut Vec<Step>, field: &Traced) -> Vec<Vec<String>> {
        let Some(shape) = &field.info.block else {
            return Vec::new();
        };
        let label_fields: Vec<&'static str> = match field.nodes.last() {
            Some(Node::Struct(id)) => {
                marks(id.name).map_or_else(Vec::new, |m| m.label_fields().collect())
            }
            _ => Vec::new(),
        };
        let steps = (0..shape.map_levels)
            .map(Step::Key)
            .chain(label_fields.into_iter().map(Step::Field));
        let values: Vec<Vec<String>> = steps
            .map(|step| {
                path.push(step);
                let nodes = self.found(path, Ask::Trace).nodes;
                let values = self.values(path, &nodes);
                path.pop();
                values
            })
            .collect();
        match values.iter().all(Vec::is_empty) {
            true => Vec::new(),
            false => values,
        }
    }

    /// The type, as a type constraint, of what asked for `nodes` at the
    /// end of `path`.
    fn type_name(&self, path: &mut Vec<Step>, nodes: &[Node], seen: &mut Seen) -> String {
        let Some((node, rest)) = nodes.split_first() else {
            return "any".into();
        };
        // A newtype made of itself (`struct Tree(Vec<Tree>)`) asks for
        // containers until the trace stops: of no type.
        if matches!(nodes.last(), Some(Node::TooDeep)) {
            return "any".into();
        }
        match node {
            Node::Option => self.type_name(path, rest, seen),
            Node::Seq => format!("list({})", self.type_name(path, rest, seen)),
            Node::Map => format!("map({})", self.type_name(path, rest, seen)),
            Node::Bool => "bool".into(),
            Node::Number => "number".into(),
            Node::String => "string".into(),
            Node::Enum(variants) if self.unit_only(path, variants) => "string".into(),
            Node::Tuple(len) => self.tuple(path, *len, seen),
            Node::Struct(id) if !seen.has(id) && path.len() < MAX_STEPS => {
                self.object(path, *id, seen)
            }
            Node::Keys
            | Node::Any
            | Node::Expression
            | Node::Body
            | Node::Struct(_)
            | Node::Enum(_)
            | Node::Variant { .. }
            | Node::TooDeep => "any".into(),
        }
    }

    /// `object({a=A,b=B})` of the struct `id` at the end of `path`.
    fn object(&self, path: &mut Vec<Step>, id: StructId, seen: &mut Seen) -> String {
        seen.push(id);
        let fields: Vec<String> = id
            .fields
            .iter()
            .map(|&name| {
                path.push(Step::Field(name));
                let nodes = self.found(path, Ask::Trace).nodes;
                let type_name = self.type_name(path, &nodes, seen);
                path.pop();
                format!("{name}={type_name}")
            })
            .collect();
        seen.pop();
        format!("object({{{}}})", fields.join(","))
    }

    /// `list(T)` of a tuple of `len` elements of one type `T`, else
    /// `tuple([A,B])`.
    fn tuple(&self, path: &mut Vec<Step>, len: usize, seen: &mut Seen) -> String {
        if path.len() >= MAX_STEPS {
            return "any".into();
        }
        let elements: Vec<String> = (0..len)
            .map(|i| {
                path.push(Step::Element(i));
                let nodes = self.found(path, Ask::Trace).nodes;
                let type_name = self.type_name(path, &nodes, seen);
                path.pop();
                type_name
            })
            .collect();
        match elements.split_first() {
            Some((first, rest)) if rest.iter().all(|t| t == first) => format!("list({first})"),
            _ => format!("tuple([{}])", elements.join(",")),
        }
    }

    /// The values of what asked for `nodes` at the end of `path`: the
    /// variants of a unit-only enum (inside options), or none.
    fn values(&self, path: &mut Vec<Step>, nodes: &[Node]) -> Vec<String> {
        match nodes.iter().find(|node| !matches!(node, Node::Option)) {
            Some(Node::Enum(variants)) if self.unit_only(path, variants) => {
                variants.iter().map(|&v| v.into()).collect()
            }
            _ => Vec::new(),
        }
    }

    /// Whether each of the `variants` of the enum at the end of `path` is a
    /// unit variant.
    fn unit_only(&self, path: &mut Vec<Step>, variants: &[&'static str]) -> bool {
        !variants.is_empty()
            && path.len() < MAX_STEPS
            && (0..variants.len()).all(|i| {
                path.push(Step::Variant(i));
                let found = self.found(path, Ask::Trace);
                path.pop();
                matches!(found.nodes.last(), Some(Node::Variant { unit: true }))
            })
    }
}
