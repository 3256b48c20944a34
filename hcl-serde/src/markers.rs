//! The names the `#[hcl]` attribute macro gives fields and structs for
//! serde (see the `hcl_derive` crate's "How it works"), which the
//! deserializer and the serializer read back.

/// A label field: `$hcl:label:LABEL`.
pub(crate) const LABEL: &str = "$hcl:label:";
/// An `#[hcl(attr)]` field: `$hcl:attr:NAME`.
pub(crate) const ATTR: &str = "$hcl:attr:";
/// An `#[hcl(block)]` field: `$hcl:block:NAME`.
pub(crate) const BLOCK: &str = "$hcl:block:";
/// An `#[hcl(expr)]` field: `$hcl:expr:NAME`.
pub(crate) const EXPR: &str = "$hcl:expr:";
/// The `#[hcl(body)]` field.
pub(crate) const BODY: &str = "$hcl:body";
/// The `#[hcl(remain)]` field.
pub(crate) const REMAIN: &str = "$hcl:remain";
/// A flattened field of a struct with labels, or a struct's one flattened
/// field.
pub(crate) const FLATTEN: &str = "$hcl:flatten";
/// The start of an `#[hcl]` struct's name: `$hcl:struct:NAME`, a block
/// type.
pub(crate) const BLOCK_STRUCT: &str = "$hcl:struct:";
/// The newtype an `Option` field without options of an `#[hcl]` struct
/// reads through when the type inside is a block type (see
/// `__private::option_field`).
pub(crate) const OPTION_OF_BLOCK: &str = "$hcl:option-of-block";
