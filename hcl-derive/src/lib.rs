//! Schema annotations for HCL configuration types: the `#[hcl]` attribute
//! macro, used as [`hcl_serde::hcl`](../hcl_serde/attr.hcl.html).
//!
//! Plain `#[derive(Deserialize)]` structs already decode HCL with
//! `hcl_serde`: a field of a struct type (or an `Option`, sequence or map
//! of one) takes blocks of its name, any other field an attribute.
//! `#[hcl]` says what serde alone cannot: which fields are a block's
//! labels, whether a field is an attribute or blocks against that rule,
//! and which fields take a block's unevaluated parts; adding it does not
//! change which of the other fields take blocks. It also
//! gives the struct an [`HclSchema`](../hcl_serde/trait.HclSchema.html)
//! impl, its body schema.
//!
//! # Usage
//!
//! Put `#[hcl_serde::hcl]` on the struct, *before* `#[derive(Deserialize)]`,
//! and options on its fields:
//!
//! ```
//! use std::collections::HashMap;
//! use hcl_serde::HclSchema;
//! use serde::Deserialize;
//!
//! #[hcl_serde::hcl]
//! #[derive(Deserialize)]
//! struct Resource {
//!     #[hcl(label)]
//!     kind: String,
//!     #[hcl(label = "name")]
//!     id: String,
//!     ami: String,
//!     #[hcl(attr)]
//!     tags: HashMap<String, String>,
//!     #[hcl(block, optional)]
//!     network: Option<Network>,
//!     #[hcl(optional)]
//!     count: u32,
//! }
//!
//! #[hcl_serde::hcl]
//! #[derive(Deserialize)]
//! struct Network {
//!     subnet: String,
//! }
//!
//! assert_eq!(Resource::hcl_labels(), ["kind", "name"]);
//! let schema = Resource::hcl_schema();
//! assert!(schema.attribute("ami").unwrap().required);
//! assert!(!schema.attribute("count").unwrap().required);
//! assert!(schema.attribute("tags").is_some());
//! assert!(schema.block("network").unwrap().label_names.is_empty());
//! ```
//!
//! The order matters: attribute macros and derives run in the order they
//! are written, and serde's derive must see the name `#[hcl]` gives the
//! struct (see [How it works](#how-it-works)); a derive written above
//! `#[hcl]` would already have run. So `#[hcl]` requires a
//! `#[derive(Deserialize)]` below it, and is an error without one. It also
//! removes every `#[hcl(...)]` field attribute it reads: nothing else
//! declares them, so the compiler would reject any left over.
//!
//! # Field options
//!
//! | option                | the field takes                                   |
//! |-----------------------|---------------------------------------------------|
//! | (none)                | the blocks of its name when the type inside its containers (options, boxes, `Spanned`, sequences, maps) is a block type (a struct, with `#[hcl]` or without, or an `hcl_serde::RawBody`), else the attribute of its name, as the `HclSchema` says; a field whose type is named `Expression` (or `Option<Expression>`) is read as with `expr`, and must be `hcl_serde::Expression` |
//! | `attr`                | the attribute of its name, whatever its type      |
//! | `block`               | the blocks of its name, whatever its type         |
//! | `expr`                | the attribute of its name, as an expression not yet evaluated (an `hcl_serde::Expression`) |
//! | `label`               | a label of the block the struct decodes           |
//! | `label = "name"`      | the same, named `name` in diagnostics             |
//! | `body`                | the whole body of the block, unevaluated (an `hcl_serde::RawBody`) |
//! | `remain`              | what no other field takes from the body: unevaluated as an `hcl_serde::RawBody`, or read as the field's type (a map or a struct) |
//! | `optional`            | (with none of the above or with `attr`, `block` or `expr`) may be absent: adds `#[serde(default)]` |
//!
//! Options combine in one attribute, `#[hcl(block, optional)]`, or in
//! several. A field's name in the document is its serde name: its
//! identifier (without `r#`), or its `#[serde(rename = "...")]` (or
//! `rename(deserialize = "...")`), or else the struct's
//! `#[serde(rename_all = "...")]` applied to the identifier.
//!
//! Label fields come first, in the order of the block's labels, and have a
//! string type (`String`, `&str`, `Cow<str>`, `Box<str>`, `Rc<str>`,
//! `Arc<str>`), a unit-only enum type (the label is one of its variants,
//! as serde names them, and `ConfigSchema::of` lists them as the label's
//! values), or `Spanned<..>` of one of them. A label is named after its
//! field, or after the field's serde rename, unless `label = "..."` names
//! it; the names are the struct's [`HclSchema::hcl_labels`](../hcl_serde/trait.HclSchema.html#tymethod.hcl_labels),
//! and a block type holding the struct takes that many labels.
//!
//! A field is optional in the schema when its type reads an absent field
//! as serde's derive reads one (an `Option`, under any name: an alias or a
//! generic parameter too; the type is asked when the schema is made),
//! when it or the struct has `#[serde(default)]`, or with
//! `#[hcl(optional)]`.
//! A field without options whose type is a sequence or a map (`Vec`,
//! `VecDeque`, `HashMap`, `BTreeMap`, `IndexMap`) is optional too: absent,
//! it reads as empty (zero blocks, as gohcl's slices, or no argument) or as
//! its serde default, and `hcl_serde::to_string` leaves it out when it is
//! empty, so that a value with no blocks of a kind reads back as it was
//! written. Other formats
//! still require it, as serde does (this takes no `#[serde(default)]`).
//! `optional` adds `#[serde(default)]` to the field (unless the field or
//! the struct has a serde `default` already), so its type needs a
//! `Default` impl.
//!
//! Containers around a block's type say how many blocks a field takes:
//! `Option<T>`, `Vec<T>`, `VecDeque<T>`, `Box<T>` (any sequence) wrap it,
//! and each map with string keys, `HashMap<String, T>`, `BTreeMap<String,
//! T>` or `IndexMap<String, T>` (or keys of a unit-only enum), keys the
//! blocks by one more label, before `T`'s own:
//!
//! ```
//! use std::collections::HashMap;
//! use hcl_serde::HclSchema;
//! use serde::Deserialize;
//!
//! #[hcl_serde::hcl]
//! #[derive(Deserialize)]
//! struct Config {
//!     // resource "aws_instance" "web" { ... }
//!     resource: HashMap<String, HashMap<String, Instance>>,
//!     // service "api" { ... }: the label is Service's own.
//!     service: Vec<Service>,
//! }
//!
//! #[hcl_serde::hcl]
//! #[derive(Deserialize)]
//! struct Instance {
//!     ami: String,
//! }
//!
//! #[hcl_serde::hcl]
//! #[derive(Deserialize)]
//! struct Service {
//!     #[hcl(label)]
//!     name: String,
//! }
//!
//! let schema = Config::hcl_schema();
//! assert_eq!(schema.block("resource").unwrap().label_names, ["key", "key"]);
//! assert_eq!(schema.block("service").unwrap().label_names, ["name"]);
//! ```
//!
//! # How it works
//!
//! The struct stays an ordinary serde type: its fields keep the names
//! serde gives them (renames included), no field gets a reader of the
//! macro's, and every other format reads and writes it exactly as it would
//! without `#[hcl]`:
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! #[hcl_serde::hcl]
//! #[derive(Deserialize, Serialize, Debug, PartialEq)]
//! struct Listener {
//!     #[hcl(label)]
//!     protocol: String,
//!     #[hcl(attr)]
//!     port: u16,
//! }
//!
//! let json = r#"{"protocol":"https","port":443}"#;
//! let listener: Listener = serde_json::from_str(json).unwrap();
//! assert_eq!(listener, Listener { protocol: "https".into(), port: 443 });
//! assert_eq!(serde_json::to_string(&listener).unwrap(), json);
//! ```
//!
//! What the decoder and the serializer need to know of the fields (which
//! are labels, attributes, blocks, expressions, the body or the rest)
//! travels in the one thing serde hands a format besides the field names:
//! the struct's name. `#[hcl]` names the struct for serde (in each
//! direction, as a `#[serde(rename(...))]` of the struct gives two) as its
//! serde name followed by `__hcl` and the roles of its marked fields, an
//! identifier such as `Listener__hcl_L8_protocol_A4_port`. Formats that do
//! not print struct names (JSON, TOML, YAML and most others) never show
//! it, and serde's own messages name the struct as written. A format that
//! does print them shows the marked name: RON with its `struct_names`
//! option (which then reads it back too), or an XML root element.
//!
//! Each field without options is what the `HclSchema` says, both ways, as
//! in a struct without `#[hcl]`. A field whose type holds a block type
//! reads it from blocks only, and an argument of the field's name (`null`
//! included) is "Unsupported argument ... Did you mean to define a block
//! of type ...?"; a field of any other type reads an argument only, and a
//! block of its name is "Unsupported block type ... Did you mean to define
//! argument ...?", each as schema processing reports it. A struct value
//! written as an argument (`origin = { x = 1, y = 2 }`) needs
//! `#[hcl(attr)]` on its field.
//!
//! `#[hcl(optional)]`, and `block` on a sequence or map (zero or more
//! blocks), add `#[serde(default)]` to the field, which other formats see
//! as any serde default. serde reads and writes a struct with a
//! `#[serde(flatten)]` field as a map, without its name; such a struct
//! cannot have fields with options (take what the other fields leave with
//! `remain` instead), and a flattened field is serde's own.
//!
//! The `HclSchema` learns whether a field holds a block type by reading
//! the field's type from a deserializer of `hcl_serde`'s that makes
//! nothing, looking through options, boxes, `Spanned`, sequences and maps
//! (a label each) to the first struct the type asks for, whose marked name
//! gives its labels. So the schema is what decoding does whatever the type
//! is written as: an alias, a generic parameter, a `Spanned` or an `Arc`
//! of a block type.
//!
//! The name also carries what a schema of the type needs and cannot ask
//! the type ([`ConfigSchema::of`](../hcl_serde/struct.ConfigSchema.html#method.of)):
//! the doc comments of the struct and of its attribute and block fields
//! (each line without one leading space, joined with `\n`), which fields
//! may be absent for a reason their types do not show (a serde default,
//! `optional`), which are read their own way (`deserialize_with`), and
//! which `block` fields take one block. A struct with none of these has
//! the name it would have without them; one with doc comments shows them,
//! escaped, where its name is shown.
//!
//! This is why `#[hcl]` is an attribute macro and not a derive with
//! helper attributes: a derive only adds items next to the struct, and
//! cannot change the name another derive gives it.
//!
//! # Errors
//!
//! `#[hcl]` rejects, with an error at the offending token: an enum, a
//! union, or a struct without named fields; a struct with no
//! `#[derive(Deserialize)]` after `#[hcl]`; arguments to `#[hcl]` on the
//! struct; an unknown option; options that contradict each other (`attr`
//! with `block`; `label` with any other; `body`, `remain` or `expr` with
//! `attr` or `block`; `body` or `remain` with `optional`); a label field
//! after another field, or of a type that is no string or enum (a number,
//! `bool`, `char`, `Option`, `Vec`, ...); two `body` or two `remain`
//! fields; an option on a `#[serde(flatten)]` field or a field serde
//! skips, and a `#[serde(flatten)]` field beside fields with options; and
//! two fields (or two labels) of the same name. The compiler then
//! rejects, at the field's type, an `expr` field that is not an
//! `hcl_serde::Expression` (or an `Option` of one), and a `body` field
//! that is not an `hcl_serde::RawBody`.
//!
//! # Generics
//!
//! The struct's generic parameters, bounds and where clause carry over to
//! the `HclSchema` impl. Whether a field holds a block type is asked of
//! the field's type when the schema is made (see [How it
//! works](#how-it-works)), so a field whose type mentions a generic type
//! parameter (`T`, `Vec<T>`) is what the type argument makes it: blocks,
//! with the labels of `T`, where `T` is a block type, an attribute
//! otherwise, as decoding reads it. For that the impl requires, of each
//! such field without `attr` or a reader of its own, that its type be
//! `Deserialize<'static>`, which any type that decodes is.
//!
//! ```
//! use hcl_serde::HclSchema;
//! use serde::Deserialize;
//!
//! #[hcl_serde::hcl]
//! #[derive(Deserialize)]
//! struct Named<'a, T> {
//!     #[hcl(label)]
//!     name: &'a str,
//!     value: T,
//!     #[hcl(block)]
//!     extra: Vec<T>,
//! }
//!
//! #[hcl_serde::hcl]
//! #[derive(Deserialize)]
//! struct Port {
//!     #[hcl(label)]
//!     protocol: String,
//! }
//!
//! assert_eq!(Named::<u8>::hcl_labels(), ["name"]);
//! assert!(Named::<u8>::hcl_schema().attribute("value").is_some());
//! assert!(Named::<u8>::hcl_schema().block("extra").unwrap().label_names.is_empty());
//! let schema = Named::<Port>::hcl_schema();
//! assert_eq!(schema.block("value").unwrap().label_names, ["protocol"]);
//! assert_eq!(schema.block("extra").unwrap().label_names, ["protocol"]);
//! ```

use proc_macro::TokenStream;

mod attrs;
mod case;
mod checks;
mod codegen;
mod errors;
mod expand;
mod model;
mod names;
mod types;

/// Describes a struct's HCL schema: tells `hcl_serde`'s deserializer and
/// serializer the roles of its fields (through the struct's serde name,
/// leaving the fields' names as they are) and implements `HclSchema` for
/// it.
///
/// Place it before `#[derive(Deserialize)]`; field options are
/// `#[hcl(label)]`, `#[hcl(label = "name")]`, `#[hcl(attr)]`,
/// `#[hcl(block)]`, `#[hcl(expr)]`, `#[hcl(body)]`, `#[hcl(remain)]` and
/// `#[hcl(optional)]`. The [`hcl_derive`](../hcl_derive/index.html)
/// crate's documentation is the guide to them.
///
/// # Examples
///
/// ```
/// use hcl_serde::HclSchema;
/// use serde::Deserialize;
///
/// #[hcl_serde::hcl]
/// #[derive(Deserialize)]
/// struct Variable {
///     #[hcl(label)]
///     name: String,
///     #[hcl(optional)]
///     description: String,
///     sensitive: Option<bool>,
/// }
///
/// assert_eq!(Variable::hcl_labels(), ["name"]);
/// assert!(!Variable::hcl_schema().attribute("description").unwrap().required);
/// ```
#[proc_macro_attribute]
pub fn hcl(args: TokenStream, input: TokenStream) -> TokenStream {
    expand::expand(args.into(), input.into()).into()
}

/// The examples of the crate's README, run as documentation tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
mod readme_doctests {}
