//! The fields of the annotated struct as `#[hcl]` reads them: for each, its
//! names, its role and what follows from it for the schema, built from its
//! options, its serde attributes and its type, with the errors found on
//! the way.

use proc_macro2::Span;
use syn::ext::IdentExt;
use syn::{Data, DeriveInput, Type};

use crate::attrs::{self, Container, FieldSerde, Options, Role};
use crate::case::RenameRule;
use crate::errors::Errors;
use crate::names::Mark;
use crate::types;

/// The fields of a struct, as `#[hcl]` reads them.
#[derive(Default)]
pub(crate) struct Model {
    /// The fields in order, without those whose options are in error.
    pub(crate) fields: Vec<Field>,
    /// The first `#[serde(flatten)]` among the fields whose options could
    /// be read.
    pub(crate) flatten: Option<Span>,
}

impl Model {
    /// Whether some field has a role the struct's serde name must carry.
    pub(crate) fn has_marks(&self) -> bool {
        self.fields.iter().any(|field| field.mark.is_some())
    }
}

/// A field, as `#[hcl]` reads it.
pub(crate) struct Field {
    /// Its position among the struct's fields.
    pub(crate) index: usize,
    /// Its identifier without `r#`.
    pub(crate) ident_name: String,
    /// The span of its identifier.
    pub(crate) ident_span: Span,
    /// Its name in the document: the name serde deserialises it from.
    pub(crate) name: String,
    /// The name serde serialises it as.
    pub(crate) ser_name: String,
    pub(crate) role: Role,
    /// The span of its role option, or of the field when there is none.
    pub(crate) role_span: Span,
    /// The name of the label it takes, for a label field.
    pub(crate) label: Option<String>,
    /// Its role as the struct's serde name carries it, if it does.
    pub(crate) mark: Option<Mark>,
    /// How a body holds it.
    pub(crate) kind: Kind,
    /// Whether the schema lets it be absent.
    pub(crate) optional: bool,
    /// Whether it is one of the body's attributes or blocks.
    pub(crate) in_schema: bool,
    /// Whether the schema asks its type whether it holds a block type.
    pub(crate) block_shape: bool,
    /// Whether the schema asks its type whether it may be absent (an
    /// `Option` of any name): a field the options and serde attributes do
    /// not make optional, read by its type's own `Deserialize`.
    pub(crate) probe_absent: bool,
    /// The maps around the block type it may hold, each a label.
    pub(crate) map_levels: usize,
    /// The check its type must pass for its role.
    pub(crate) check: Option<TypeCheck>,
    /// Whether `#[hcl]` gives it `#[serde(default)]`.
    pub(crate) adds_default: bool,
    /// Whether its serde name carries that it is optional: it is, and
    /// neither its mark nor its type says so when asked (an `Option` does,
    /// unless read its own way).
    pub(crate) marks_optional: bool,
    /// Whether it is read its own way (`with`, `deserialize_with`).
    pub(crate) own_reader: bool,
    /// Whether it is `#[hcl(block)]` of a type that is no sequence or map
    /// as written (nor an `Option`), which a sequence or map may still
    /// stand behind (an alias, a set): one block.
    pub(crate) single_block: bool,
    /// Its doc comment, for a field of the schema.
    pub(crate) doc: Option<String>,
    pub(crate) ty: Type,
}

/// How a body holds a field: `hcl_serde`'s `FieldKind`.
#[derive(Clone, Copy)]
pub(crate) enum Kind {
    /// Not as an attribute or blocks of its own.
    Skip,
    /// As an attribute or as blocks, as its type decides.
    Auto,
    Attribute,
    Block,
}

/// A check of a field's type that the compiler makes, at the type.
#[derive(Clone, Copy)]
pub(crate) enum TypeCheck {
    /// `body`: the type is an `hcl_serde::RawBody`.
    Body,
    /// `expr`: the type is an `hcl_serde::Expression`, or an `Option` of one.
    Expr,
    /// A type named `Expression` without options: it is
    /// `hcl_serde::Expression`.
    Expression,
}

/// What a field's role makes of it.
struct Shape {
    kind: Kind,
    mark: Option<Mark>,
    label: Option<String>,
    check: Option<TypeCheck>,
}

impl Shape {
    fn new(kind: Kind, mark: Option<Mark>) -> Self {
        Shape {
            kind,
            mark,
            label: None,
            check: None,
        }
    }

    fn checked(self, check: TypeCheck) -> Self {
        Shape {
            check: Some(check),
            ..self
        }
    }
}

/// Reads the fields of `item`, a struct with named fields, and takes
/// their `#[hcl(...)]` options off.
pub(crate) fn build(item: &mut DeriveInput, errors: &mut Errors) -> Model {
    let container = attrs::container_serde(&item.attrs);
    let mut model = Model::default();
    let Data::Struct(data) = &mut item.data else {
        return model;
    };
    for (index, field) in data.fields.iter_mut().enumerate() {
        if let Some(field) = read_field(index, field, &container, &mut model.flatten, errors) {
            model.fields.push(field);
        }
    }
    model
}

/// Reads the field at `index`, noting its `#[serde(flatten)]` in
/// `flatten`; `None` when its options are in error.
fn read_field(
    index: usize,
    field: &mut syn::Field,
    container: &Container,
    flatten: &mut Option<Span>,
    errors: &mut Errors,
) -> Option<Field> {
    let ident = field.ident.clone()?;
    let options = match attrs::take_options(field) {
        Ok(options) => options,
        Err(error) => {
            errors.push(error);
            return None;
        }
    };
    let serde = attrs::field_serde(&field.attrs);
    let ident_name = ident.unraw().to_string();
    let name = serde_name(serde.rename.as_deref(), container.rename_all, &ident_name);
    let ser_name = serde_name(
        serde.rename_ser.as_deref(),
        container.rename_all_ser,
        &ident_name,
    );
    if let Some(span) = serde.flatten {
        flatten.get_or_insert(span);
    }
    let has_options = options.annotated() || options.optional.is_some();
    if let Some(span) = serde.flatten.filter(|_| has_options) {
        errors.at(
            span,
            "#[serde(flatten)] cannot be combined with #[hcl(...)] options",
        );
        return None;
    }
    if let Some(span) = serde.skip.filter(|_| has_options) {
        errors.at(span, "a field serde skips cannot take #[hcl(...)] options");
        return None;
    }

    // Blocks into a sequence or map: zero or more, as gohcl's slices.
    let many_blocks = options.role == Role::Block && types::is_collection(&field.ty);
    let optional = types::is_option(&field.ty)
        || serde.default
        || container.default
        || options.optional.is_some()
        || many_blocks;
    let shape = shape(field, &options, &serde, &ident_name, optional, errors);
    let optional = optional || shape.mark == Some(Mark::Many);
    let in_schema = matches!(
        options.role,
        Role::Auto | Role::Attr | Role::Block | Role::Expr
    ) && serde.skip.is_none()
        && serde.flatten.is_none();
    // Only a block, or a field that may be one, needs to know whether
    // its type holds a block type, which the type itself says when
    // read (a field read its own way is not asked).
    let wants_block = matches!(options.role, Role::Auto | Role::Block) && in_schema;
    let (map_levels, _) = types::peel(&field.ty);
    let adds_default = (options.optional.is_some() || many_blocks)
        && options.role.may_be_optional()
        && !serde.default
        && !container.default;
    // What the field's type shows when asked: an `Option` may be absent,
    // and a `#[hcl(block)]` sequence or map (one that is none as written
    // is marked).
    let shown = !serde.own_reader && (types::is_option(&field.ty) || many_blocks);
    let marks_optional = in_schema
        && optional
        && !matches!(shape.mark, Some(Mark::Many | Mark::ManyWithDefault))
        && !shown;
    let single_block = in_schema
        && options.role == Role::Block
        && !serde.own_reader
        && !types::is_collection(&field.ty)
        && !types::is_option(&field.ty);
    Some(Field {
        index,
        ident_name,
        ident_span: ident.span(),
        name,
        ser_name,
        role: options.role,
        role_span: options.role_span,
        label: shape.label,
        mark: shape.mark,
        kind: shape.kind,
        optional,
        in_schema,
        block_shape: wants_block && !serde.own_reader,
        probe_absent: in_schema && !optional && !serde.own_reader,
        map_levels: if wants_block { map_levels } else { 0 },
        check: shape.check,
        adds_default,
        marks_optional,
        own_reader: in_schema && serde.own_reader,
        single_block,
        doc: attrs::doc_of(&field.attrs).filter(|_| in_schema),
        ty: field.ty.clone(),
    })
}

/// What the role in `options` makes of `field`, optional in the schema
/// as `optional` says before its type is looked at.
fn shape(
    field: &syn::Field,
    options: &Options,
    serde: &FieldSerde,
    ident_name: &str,
    optional: bool,
    errors: &mut Errors,
) -> Shape {
    match &options.role {
        Role::Label(explicit) => {
            if !types::is_label_type(&field.ty) {
                errors.push(syn::Error::new_spanned(
                    &field.ty,
                    "a label field must have a string type (String, &str, Cow<str>, \
                         Box<str>, Rc<str>, Arc<str>), a unit-only enum, or Spanned<..> \
                         of one of them",
                ));
            }
            let label = explicit
                .clone()
                .or_else(|| serde.rename.clone())
                .unwrap_or_else(|| ident_name.to_owned());
            Shape {
                label: Some(label),
                ..Shape::new(Kind::Skip, Some(Mark::Label))
            }
        }
        Role::Body => Shape::new(Kind::Skip, Some(Mark::Body)).checked(TypeCheck::Body),
        // What the other fields leave, read as the field's type: a
        // `RawBody`, a map or a struct.
        Role::Remain => Shape::new(Kind::Skip, Some(Mark::Remain)),
        Role::Attr => Shape::new(Kind::Attribute, Some(Mark::Attr)),
        Role::Expr => Shape::new(Kind::Attribute, Some(Mark::Expr)).checked(TypeCheck::Expr),
        Role::Block => Shape::new(Kind::Block, Some(Mark::Block)),
        // serde reads a struct with a flattened field as a map; the
        // field is serde's own.
        Role::Auto if serde.skip.is_some() || serde.flatten.is_some() => {
            Shape::new(Kind::Skip, None)
        }
        // An `Expression`: as `#[hcl(expr)]`, as gohcl reads an
        // `hcl.Expression` field.
        Role::Auto if types::is_expression(&field.ty) => {
            Shape::new(Kind::Attribute, Some(Mark::Expr)).checked(TypeCheck::Expression)
        }
        // A sequence or map without a default may be absent: empty.
        Role::Auto if types::is_collection(&field.ty) && !optional && !serde.own_reader => {
            Shape::new(Kind::Auto, Some(Mark::Many))
        }
        // With a default, serde fills it when absent: only left out when
        // empty.
        Role::Auto if types::is_collection(&field.ty) && !serde.own_reader => {
            Shape::new(Kind::Auto, Some(Mark::ManyWithDefault))
        }
        Role::Auto => Shape::new(Kind::Auto, None),
    }
}

/// The name serde gives the field `ident` in one direction: its
/// `rename`, or the struct's `rename_all` rule applied to `ident`.
fn serde_name(rename: Option<&str>, rule: Option<RenameRule>, ident: &str) -> String {
    rename.map(str::to_owned).unwrap_or_else(|| match rule {
        Some(rule) => rule.apply(ident),
        None => ident.to_owned(),
    })
}
