//! The body schema of a Rust type, as the `#[hcl]` attribute macro
//! describes it: which fields are attributes and which are blocks, with
//! their labels.

use hcl_core::schema::BodySchema;

use crate::de::fields::{body_schema, Takes};

/// Types whose body schema is known: the types annotated with
/// [`#[hcl]`](crate::hcl).
///
/// # Examples
///
/// ```
/// use hcl_serde::HclSchema;
/// use serde::Deserialize;
///
/// #[hcl_serde::hcl]
/// #[derive(Deserialize)]
/// struct Service {
///     #[hcl(label)]
///     name: String,
///     port: u16,
///     #[hcl(optional)]
///     host: String,
/// }
///
/// assert_eq!(Service::hcl_labels(), ["name"]);
/// let schema = Service::hcl_schema();
/// assert!(schema.attribute("port").unwrap().required);
/// assert!(!schema.attribute("host").unwrap().required);
/// ```
pub trait HclSchema {
    /// The attributes and blocks the type's fields take.
    fn hcl_schema() -> BodySchema;

    /// The names of the labels the type takes when it is a block: its
    /// `#[hcl(label)]` fields, in order.
    fn hcl_labels() -> &'static [&'static str];
}

/// Items the `#[hcl]` macro's expansion uses; not a public API.
#[doc(hidden)]
pub mod __private {

    pub use hcl_core::schema::BodySchema;

    /// The schema of the fields the macro describes.
    pub fn build_schema(fields: &[FieldInfo]) -> BodySchema {
        super::schema_of_fields(fields)
    }

    /// How the macro saw a field.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum FieldKind {
        /// No `attr` or `block` annotation: blocks when the field's type
        /// holds a block type, an attribute otherwise.
        Auto,
        /// `#[hcl(attr)]` or `#[hcl(expr)]`.
        Attribute,
        /// `#[hcl(block)]`.
        Block,
        /// `#[hcl(label)]`, `#[hcl(body)]`, `#[hcl(remain)]`: not in the
        /// schema.
        Skip,
    }

    /// One field of an annotated struct.
    #[derive(Debug, Clone)]
    pub struct FieldInfo {
        /// The name it has in the document.
        pub name: &'static str,
        /// How it was annotated.
        pub kind: FieldKind,
        /// Whether it may be absent (`#[serde(default)]`,
        /// `#[hcl(optional)]`, or a type that reads an absent field: see
        /// [`may_be_absent`]).
        pub optional: bool,
        /// The map levels around the type inside the field's containers,
        /// as the macro reads them from the type's name: a label each for
        /// an `#[hcl(block)]` field of a type that is not a block type.
        pub map_levels: usize,
        /// Where the block type inside the field's type is, when it holds
        /// one (see [`block_shape`]).
        pub block: Option<BlockShape>,
    }

    pub use crate::de::probe::BlockShape;
    pub use serde::Deserialize;

    /// Whether a field of type `T` may be absent: whether `T` reads a
    /// missing field, as an `Option` of any name does.
    pub fn may_be_absent<T: Deserialize<'static>>() -> bool {
        crate::de::probe::may_be_absent::<T>()
    }

    /// Where the block type inside `T` is, when `T` holds one (an `#[hcl]`
    /// struct or a `RawBody`, inside options, boxes, sequences and maps):
    /// found by reading `T` from a deserializer that makes nothing, so
    /// that the schema says what decoding does, for a generic parameter,
    /// an alias or a `Spanned` as for a type written out.
    pub fn block_shape<T: Deserialize<'static>>() -> Option<BlockShape> {
        crate::de::probe::block_shape::<T>()
    }

    /// The types an `#[hcl(expr)]` field may have.
    #[diagnostic::on_unimplemented(
        message = "an `#[hcl(expr)]` field needs the type `hcl_serde::Expression` or `Option<hcl_serde::Expression>`, not `{Self}`",
        label = "not an expression type"
    )]
    pub trait ExprField {}

    impl ExprField for crate::Expression {}
    impl<T: ExprField> ExprField for Option<T> {}

    /// The types an `#[hcl(body)]` field may have.
    #[diagnostic::on_unimplemented(
        message = "an `#[hcl(body)]` field needs the type `hcl_serde::RawBody`, not `{Self}`",
        label = "not a raw body type"
    )]
    pub trait BodyField {}

    impl BodyField for crate::RawBody {}

    /// The types named `Expression` (or an `Option` of one) that a field
    /// without options may have: the macro reads such a field as
    /// `#[hcl(expr)]`, by its type's name.
    #[diagnostic::on_unimplemented(
        message = "a field of a type named `Expression` is read unevaluated, as `hcl_serde::Expression`, but `{Self}` is another type",
        label = "not `hcl_serde::Expression`",
        note = "mark the field `#[hcl(attr)]` to read it as an evaluated value"
    )]
    pub trait ExpressionField {}

    impl ExpressionField for crate::Expression {}
    impl ExpressionField for Option<crate::Expression> {}

    /// Compiles only for `hcl_serde::Expression` or an `Option` of it.
    pub const fn expression_field<T: ExpressionField + ?Sized>() {}

    /// Compiles only for a type an `#[hcl(expr)]` field may have.
    pub const fn expr_field<T: ExprField + ?Sized>() {}

    /// Compiles only for a type an `#[hcl(body)]` or `#[hcl(remain)]`
    /// field may have.
    pub const fn body_field<T: BodyField + ?Sized>() {}
}

/// The schema of the fields the macro describes: what each takes, as the
/// macro and the field's type say, made a schema as decoding makes its
/// own ([`body_schema`]).
fn schema_of_fields(fields: &[__private::FieldInfo]) -> BodySchema {
    body_schema(
        fields
            .iter()
            .filter_map(|field| Some((field.name, takes(field)?))),
    )
}

/// What `field` takes: an argument, required unless it may be absent, or
/// blocks with the labels of the block type inside it.
fn takes(field: &__private::FieldInfo) -> Option<Takes> {
    use __private::FieldKind;
    let argument = Takes::Argument {
        required: !field.optional,
    };
    Some(match (field.kind, &field.block) {
        (FieldKind::Skip, _) => return None,
        (FieldKind::Attribute, _) | (FieldKind::Auto, None) => argument,
        // A map of a type that is not a block type, as blocks: labelled
        // blocks keyed by label, or one block whose body is the map.
        (FieldKind::Block, None) if field.map_levels > 0 => Takes::Blocks(None),
        (FieldKind::Block, None) => Takes::Blocks(Some(Vec::new())),
        (FieldKind::Block | FieldKind::Auto, Some(shape)) => {
            let mut names = vec!["key"; shape.map_levels];
            names.extend(&shape.labels);
            Takes::Blocks(Some(names))
        }
    })
}
