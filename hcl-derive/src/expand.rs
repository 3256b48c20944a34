//! The expansion of `#[hcl]`: the struct named for serde with the roles
//! of its fields, and its `HclSchema` impl.

use std::collections::{HashMap, HashSet};

use proc_macro2::{Span, TokenStream};
use quote::{quote, ToTokens};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{
    Attribute, Data, DeriveInput, Expr, ExprLit, Field, Fields, GenericParam, Lit, LitStr, Meta,
    Token,
};

use crate::case::RenameRule;
use crate::names::{marked_name, Mark, Marked};
use crate::types;

/// What the annotated struct's `#[serde(...)]` attributes say.
#[derive(Default)]
struct Container {
    /// `rename_all` for deserialising, when it names a rule serde knows.
    rename_all: Option<RenameRule>,
    /// `rename_all` for serialising.
    rename_all_ser: Option<RenameRule>,
    /// `default` or `default = "..."`.
    default: bool,
}

/// The role `#[hcl(...)]` gives a field.
#[derive(Clone, PartialEq, Eq)]
enum Role {
    /// No role option: an attribute or a block, as its type decides.
    Auto,
    /// `label`, with the name given by `label = "..."`.
    Label(Option<String>),
    Attr,
    Block,
    Expr,
    Body,
    Remain,
}

impl Role {
    fn option_name(&self) -> &'static str {
        match self {
            Role::Auto => "",
            Role::Label(_) => "label",
            Role::Attr => "attr",
            Role::Block => "block",
            Role::Expr => "expr",
            Role::Body => "body",
            Role::Remain => "remain",
        }
    }

    /// Whether `optional` makes sense with this role.
    fn may_be_optional(&self) -> bool {
        matches!(self, Role::Auto | Role::Attr | Role::Block | Role::Expr)
    }
}

/// A field's `#[hcl(...)]` options.
struct Options {
    role: Role,
    /// The span of the role option, or of the field when there is none.
    role_span: Span,
    /// The span of `optional`, when given.
    optional: Option<Span>,
}

impl Options {
    fn annotated(&self) -> bool {
        self.role != Role::Auto
    }
}

/// What a field's `#[serde(...)]` attributes say.
#[derive(Default)]
struct FieldSerde {
    /// The name serde deserialises the field from, when renamed.
    rename: Option<String>,
    /// The name serde serialises the field as, when renamed.
    rename_ser: Option<String>,
    default: bool,
    flatten: Option<Span>,
    /// `skip` or `skip_deserializing`.
    skip: Option<Span>,
    /// `with` or `deserialize_with`: the field's own way of being read,
    /// of a type that need not be `Deserialize`.
    own_reader: bool,
    /// `borrow` or `bound`: the field's own bounds on the `Deserialize`
    /// impl, which a reader of the macro's would have to meet.
    own_bounds: bool,
}

/// Errors gathered while reading the struct, reported together.
#[derive(Default)]
struct Errors(Option<syn::Error>);

impl Errors {
    fn push(&mut self, error: syn::Error) {
        match &mut self.0 {
            Some(all) => all.combine(error),
            None => self.0 = Some(error),
        }
    }

    fn at(&mut self, span: Span, message: impl std::fmt::Display) {
        self.push(syn::Error::new(span, message));
    }
}

/// The output of the macro for `args` (what is in the struct's
/// `#[hcl(...)]`) and `input` (the struct).
pub(crate) fn expand(args: TokenStream, input: TokenStream) -> TokenStream {
    let mut errors = Errors::default();
    if !args.is_empty() {
        errors.push(syn::Error::new_spanned(
            args,
            "#[hcl] on a struct takes no arguments: options go on its fields, as in #[hcl(label)]",
        ));
    }
    let mut item: DeriveInput = match syn::parse2(input.clone()) {
        Ok(item) => item,
        Err(error) => {
            errors.push(error);
            return with_errors(errors, input);
        }
    };
    let span = match &item.data {
        Data::Struct(data) => match &data.fields {
            Fields::Named(_) => None,
            Fields::Unnamed(_) | Fields::Unit => Some(item.ident.span()),
        },
        Data::Enum(data) => Some(data.enum_token.span),
        Data::Union(data) => Some(data.union_token.span),
    };
    if let Some(span) = span {
        errors.at(span, "#[hcl] applies to structs with named fields");
        return with_errors(errors, input);
    }
    let derives = derives_deserialize(&item.attrs);
    if !derives {
        // A derive written above `#[hcl]` has run already, on the fields
        // as they were: its impl would ignore the renames.
        errors.at(
            Span::call_site(),
            "#[hcl] must come before #[derive(Deserialize)], which must see the fields it renames",
        );
    }
    let original = item.clone();
    let (impl_tokens, marks) = rewrite(&mut item, &mut errors);
    mark_block_type(&mut item, &marks);
    match errors.0 {
        Some(error) => {
            // The struct without its `#[hcl(...)]` attributes, so that the
            // errors above are not followed by "cannot find attribute"
            // ones: renamed for serde's derive, or as it came when there
            // is no derive to take the `#[serde(...)]` attributes added.
            let item = if derives {
                item
            } else {
                strip_options(original)
            };
            let mut errors = error.to_compile_error();
            errors.extend(item.into_token_stream());
            errors
        }
        None => {
            let mut out = item.into_token_stream();
            out.extend(impl_tokens);
            out
        }
    }
}

/// `item` without the `#[hcl(...)]` attributes of its fields.
fn strip_options(mut item: DeriveInput) -> DeriveInput {
    if let Data::Struct(data) = &mut item.data {
        for field in data.fields.iter_mut() {
            field.attrs.retain(|attr| !attr.path().is_ident("hcl"));
        }
    }
    item
}

/// Whether `attrs` derive serde's `Deserialize` (by any path ending in
/// `Deserialize`).
fn derives_deserialize(attrs: &[Attribute]) -> bool {
    attrs
        .iter()
        .filter(|attr| attr.path().is_ident("derive"))
        .filter_map(|attr| {
            attr.parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated)
                .ok()
        })
        .flatten()
        .any(|path| {
            path.segments
                .last()
                .is_some_and(|segment| segment.ident == "Deserialize")
        })
}

/// `errors`, followed by `input` as it came.
fn with_errors(errors: Errors, input: TokenStream) -> TokenStream {
    let mut out = errors.0.map(|e| e.to_compile_error()).unwrap_or_default();
    out.extend(input);
    out
}

/// The roles of a struct's fields, for deserialising and for serialising
/// (the fields' serde names may differ).
#[derive(Default)]
struct FieldMarks {
    de: Vec<Marked>,
    ser: Vec<Marked>,
}

/// Reads the fields of `item`, a struct with named fields, takes their
/// `#[hcl(...)]` options off, and returns its `HclSchema` impl (meaningful
/// only when no error was found) and the roles of its fields.
fn rewrite(item: &mut DeriveInput, errors: &mut Errors) -> (TokenStream, FieldMarks) {
    let container = container_serde(&item.attrs);
    let params: HashSet<String> = item
        .generics
        .params
        .iter()
        .filter_map(|param| match param {
            GenericParam::Type(ty) => Some(ty.ident.to_string()),
            GenericParam::Const(c) => Some(c.ident.to_string()),
            GenericParam::Lifetime(_) => None,
        })
        .collect();
    let Data::Struct(data) = &mut item.data else {
        return (TokenStream::new(), FieldMarks::default());
    };
    let mut marks = FieldMarks::default();
    let mut flatten_at: Option<Span> = None;

    let mut infos = Vec::new();
    // Checks that a field's type fits its option, at the type.
    let mut checks = Vec::new();
    // Bounds the `HclSchema` impl needs: a generic field type read by
    // `block_shape`.
    let mut bounds = Vec::new();
    let mut labels = Vec::new();
    // The fields that took each label name and each document name.
    let mut label_names: HashMap<String, String> = HashMap::new();
    let mut names: HashMap<String, String> = HashMap::new();
    let mut seen_other = false;
    let mut body: Option<Span> = None;
    let mut remain: Option<Span> = None;

    for field in data.fields.iter_mut() {
        let Some(ident) = field.ident.clone() else {
            continue;
        };
        let options = match take_options(field) {
            Ok(options) => options,
            Err(error) => {
                errors.push(error);
                continue;
            }
        };
        let serde = field_serde(&field.attrs);
        let ident_name = syn::ext::IdentExt::unraw(&ident).to_string();
        let name = serde
            .rename
            .clone()
            .unwrap_or_else(|| match container.rename_all {
                Some(rule) => rule.apply(&ident_name),
                None => ident_name.clone(),
            });
        let ser_name = serde
            .rename_ser
            .clone()
            .unwrap_or_else(|| match container.rename_all_ser {
                Some(rule) => rule.apply(&ident_name),
                None => ident_name.clone(),
            });
        if let Some(flatten) = serde.flatten {
            flatten_at.get_or_insert(flatten);
        }

        if let Some(flatten) = serde
            .flatten
            .filter(|_| options.annotated() || options.optional.is_some())
        {
            errors.at(
                flatten,
                "#[serde(flatten)] cannot be combined with #[hcl(...)] options",
            );
            continue;
        }
        if let Some(skip) = serde
            .skip
            .filter(|_| options.annotated() || options.optional.is_some())
        {
            errors.at(skip, "a field serde skips cannot take #[hcl(...)] options");
            continue;
        }

        if let Role::Label(_) = options.role {
            if seen_other {
                errors.at(
                    options.role_span,
                    "label fields must come before all other fields",
                );
            }
        } else {
            seen_other = true;
        }

        // Blocks into a sequence or map: zero or more, as gohcl's slices.
        let many_blocks = options.role == Role::Block && types::is_collection(&field.ty);
        let optional = types::is_option(&field.ty)
            || serde.default
            || container.default
            || options.optional.is_some()
            || many_blocks;
        let (kind, marker, doc_name) = match &options.role {
            Role::Label(explicit) => {
                if !types::is_string_type(&field.ty) {
                    errors.push(syn::Error::new_spanned(
                        &field.ty,
                        "a label field must have a string type: String, &str, Cow<str>, \
                         Box<str>, Rc<str>, Arc<str>, or Spanned<..> of one of them",
                    ));
                }
                let label = explicit
                    .clone()
                    .or_else(|| serde.rename.clone())
                    .unwrap_or_else(|| ident_name.clone());
                if let Some(first) = label_names.insert(label.clone(), ident_name.clone()) {
                    errors.at(
                        ident.span(),
                        format!("field `{first}` already names a label \"{label}\""),
                    );
                }
                labels.push(label.clone());
                (quote!(Skip), Some((Mark::Label, Some(label))), name.clone())
            }
            Role::Body => {
                let ty = &field.ty;
                checks.push(quote::quote_spanned! {ty.span()=>
                    ::hcl_serde::__private::body_field::<#ty>();
                });
                if body.replace(options.role_span).is_some() {
                    errors.at(
                        options.role_span,
                        "a struct takes at most one #[hcl(body)] field",
                    );
                }
                (quote!(Skip), Some((Mark::Body, None)), name.clone())
            }
            // What the other fields leave, read as the field's type: a
            // `RawBody`, a map or a struct.
            Role::Remain => {
                if remain.replace(options.role_span).is_some() {
                    errors.at(
                        options.role_span,
                        "a struct takes at most one #[hcl(remain)] field",
                    );
                }
                (quote!(Skip), Some((Mark::Remain, None)), name.clone())
            }
            Role::Attr => (quote!(Attribute), Some((Mark::Attr, None)), name.clone()),
            Role::Expr => {
                let ty = &field.ty;
                checks.push(quote::quote_spanned! {ty.span()=>
                    ::hcl_serde::__private::expr_field::<#ty>();
                });
                (quote!(Attribute), Some((Mark::Expr, None)), name.clone())
            }
            Role::Block => (quote!(Block), Some((Mark::Block, None)), name.clone()),
            // serde reads a struct with a flattened field as a map; the
            // field is serde's own.
            Role::Auto if serde.skip.is_some() || serde.flatten.is_some() => {
                (quote!(Skip), None, name.clone())
            }
            // An `Expression`: as `#[hcl(expr)]`, as gohcl reads an
            // `hcl.Expression` field.
            Role::Auto if types::is_expression(&field.ty) => {
                let ty = &field.ty;
                checks.push(quote::quote_spanned! {ty.span()=>
                    ::hcl_serde::__private::expression_field::<#ty>();
                });
                (quote!(Attribute), Some((Mark::Expr, None)), name.clone())
            }
            // A sequence or map without a default may be absent: empty.
            Role::Auto if types::is_collection(&field.ty) && !optional && !serde.own_reader => {
                (quote!(Auto), Some((Mark::Many, None)), name.clone())
            }
            Role::Auto => (quote!(Auto), None, name.clone()),
        };
        let optional = optional || matches!(marker, Some((Mark::Many, _)));
        if let Some((mark, label)) = marker {
            marks.de.push(Marked {
                field: name.clone(),
                mark,
                label: label.clone(),
            });
            marks.ser.push(Marked {
                field: ser_name.clone(),
                mark,
                label,
            });
        }
        let in_schema = matches!(
            options.role,
            Role::Auto | Role::Attr | Role::Block | Role::Expr
        ) && serde.skip.is_none()
            && serde.flatten.is_none();
        if in_schema {
            if let Some(first) = names.insert(doc_name.clone(), ident_name.clone()) {
                errors.at(
                    ident.span(),
                    format!("field `{first}` already has the name \"{doc_name}\" in the document"),
                );
            }
        }

        // Only a block, or a field that may be one, needs to know whether
        // its type holds a block type, which the type itself says when
        // read (a field read its own way is not asked).
        let wants_block = matches!(options.role, Role::Auto | Role::Block) && in_schema;
        let (map_levels, _) = types::peel(&field.ty);
        let ty = &field.ty;
        let block = if wants_block && !serde.own_reader {
            if types::mentions(ty, &params) {
                bounds.push(quote!(#ty: ::hcl_serde::__private::Deserialize<'static>));
            }
            quote!(::hcl_serde::__private::block_shape::<#ty>())
        } else {
            quote!(::core::option::Option::None)
        };
        let map_levels = if wants_block { map_levels } else { 0 };
        infos.push(quote! {
            ::hcl_serde::__private::FieldInfo {
                name: #doc_name,
                kind: ::hcl_serde::__private::FieldKind::#kind,
                optional: #optional,
                map_levels: #map_levels,
                block: #block,
            }
        });

        if (options.optional.is_some() || many_blocks)
            && options.role.may_be_optional()
            && !serde.default
            && !container.default
        {
            field.attrs.push(syn::parse_quote!(#[serde(default)]));
        }
    }

    // serde reads and writes a struct with a flattened field as a map,
    // without the struct's name, which is where the roles travel.
    if let (Some(flatten), false) = (flatten_at, marks.de.is_empty()) {
        errors.at(
            flatten,
            "serde reads a struct with a #[serde(flatten)] field as a map, without the \
             struct's name, which is how #[hcl] options reach the decoder: take the items \
             the other fields leave with #[hcl(remain)] (of a map, a struct or a RawBody) \
             instead",
        );
    }

    let ident = &item.ident;
    // A field of a generic type is asked whether it holds a block type
    // when the schema is made, for the type it is made for.
    let mut generics = item.generics.clone();
    generics.make_where_clause().predicates.extend(
        bounds
            .iter()
            .map(|bound| -> syn::WherePredicate { syn::parse_quote!(#bound) }),
    );
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let schema = quote! {
        impl #impl_generics ::hcl_serde::HclSchema for #ident #ty_generics #where_clause {
            fn hcl_schema() -> ::hcl_serde::__private::BodySchema {
                #(#checks)*
                ::hcl_serde::__private::build_schema(&[#(#infos),*])
            }

            fn hcl_labels() -> &'static [&'static str] {
                &[#(#labels),*]
            }
        }
    };
    (schema, marks)
}

/// Removes the `#[hcl(...)]` attributes of `field` and returns what they
/// say.
fn take_options(field: &mut Field) -> syn::Result<Options> {
    let mut options = Options {
        role: Role::Auto,
        role_span: field
            .ident
            .as_ref()
            .map_or_else(|| field.ty.span(), |i| i.span()),
        optional: None,
    };
    let mut has_role = false;
    let mut result = Ok(());
    field.attrs.retain(|attr| {
        if !attr.path().is_ident("hcl") {
            return true;
        }
        if result.is_ok() {
            result = attr.parse_nested_meta(|meta| {
                let span = meta.path.span();
                let Some(option) = meta.path.get_ident().map(ToString::to_string) else {
                    return Err(
                        meta.error(unknown_option(&meta.path.to_token_stream().to_string()))
                    );
                };
                let role = match option.as_str() {
                    "optional" => {
                        if options.optional.replace(span).is_some() {
                            return Err(meta.error("duplicate hcl option `optional`"));
                        }
                        if has_role && !options.role.may_be_optional() {
                            return Err(meta.error(format!(
                                "`optional` cannot be combined with `{}`",
                                options.role.option_name()
                            )));
                        }
                        return Ok(());
                    }
                    "label" => {
                        let name = if meta.input.peek(Token![=]) {
                            let lit: LitStr = meta.value()?.parse()?;
                            Some(lit.value())
                        } else {
                            None
                        };
                        Role::Label(name)
                    }
                    "attr" => Role::Attr,
                    "block" => Role::Block,
                    "expr" => Role::Expr,
                    "body" => Role::Body,
                    "remain" => Role::Remain,
                    other => return Err(meta.error(unknown_option(other))),
                };
                if has_role {
                    let message = if options.role.option_name() == role.option_name() {
                        format!("duplicate hcl option `{option}`")
                    } else {
                        format!(
                            "`{option}` cannot be combined with `{}`",
                            options.role.option_name()
                        )
                    };
                    return Err(meta.error(message));
                }
                if options.optional.is_some() && !role.may_be_optional() {
                    return Err(
                        meta.error(format!("`{option}` cannot be combined with `optional`"))
                    );
                }
                has_role = true;
                options.role = role;
                options.role_span = span;
                Ok(())
            });
        }
        false
    });
    result.map(|()| options)
}

fn unknown_option(option: &str) -> String {
    format!(
        "unknown hcl option `{option}`; expected one of `label`, `attr`, `block`, `expr`, \
         `body`, `remain`, `optional`"
    )
}

/// The items of a `#[serde(...)]` attribute, or `None` when it is not one
/// or does not parse (serde's derive reports that).
fn serde_items(attr: &Attribute) -> Option<Punctuated<Meta, Token![,]>> {
    if !attr.path().is_ident("serde") {
        return None;
    }
    attr.parse_args_with(Punctuated::parse_terminated).ok()
}

/// The string literal `expr` is, if it is one.
fn lit_str(expr: &Expr) -> Option<&LitStr> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Str(lit), ..
        }) => Some(lit),
        Expr::Group(group) => lit_str(&group.expr),
        _ => None,
    }
}

/// The `serialize` and `deserialize` values of a `rename(...)` or
/// `rename_all(...)` item, or its value, for both, in `rename = "..."`.
fn directions(meta: &Meta) -> (Option<LitStr>, Option<LitStr>) {
    match meta {
        Meta::NameValue(nv) => {
            let lit = lit_str(&nv.value).cloned();
            (lit.clone(), lit)
        }
        Meta::List(list) => {
            let mut ser = None;
            let mut de = None;
            let parsed = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated);
            for item in parsed.into_iter().flatten() {
                if let Meta::NameValue(nv) = &item {
                    if nv.path.is_ident("serialize") {
                        ser = lit_str(&nv.value).cloned();
                    } else if nv.path.is_ident("deserialize") {
                        de = lit_str(&nv.value).cloned();
                    }
                }
            }
            (ser, de)
        }
        Meta::Path(_) => (None, None),
    }
}

fn container_serde(attrs: &[Attribute]) -> Container {
    let mut container = Container::default();
    for item in attrs.iter().filter_map(serde_items).flatten() {
        if item.path().is_ident("rename_all") {
            let (ser, de) = directions(&item);
            if let Some(rule) = de {
                container.rename_all = RenameRule::from_name(&rule.value());
            }
            if let Some(rule) = ser {
                container.rename_all_ser = RenameRule::from_name(&rule.value());
            }
        } else if item.path().is_ident("default") {
            container.default = true;
        }
    }
    container
}

fn field_serde(attrs: &[Attribute]) -> FieldSerde {
    let mut serde = FieldSerde::default();
    for item in attrs.iter().filter_map(serde_items).flatten() {
        let path = item.path();
        if path.is_ident("rename") {
            let (ser, de) = directions(&item);
            if let Some(de) = de {
                serde.rename = Some(de.value());
            }
            if let Some(ser) = ser {
                serde.rename_ser = Some(ser.value());
            }
        } else if path.is_ident("default") {
            serde.default = true;
        } else if path.is_ident("flatten") {
            serde.flatten = Some(path.span());
        } else if path.is_ident("skip") || path.is_ident("skip_deserializing") {
            serde.skip = Some(path.span());
        } else if path.is_ident("with") || path.is_ident("deserialize_with") {
            serde.own_reader = true;
        } else if path.is_ident("borrow") || path.is_ident("bound") {
            serde.own_bounds = true;
        }
    }
    serde
}

/// Names the struct `item` for serde as its name with the roles of its
/// fields (see [`crate::names`]), in each direction: how the decoder and
/// the serializer learn them, and that the struct is a block type.
fn mark_block_type(item: &mut DeriveInput, marks: &FieldMarks) {
    let mut ser = None;
    let mut de = None;
    for meta in item.attrs.iter().filter_map(serde_items).flatten() {
        if meta.path().is_ident("rename") {
            let (s, d) = directions(&meta);
            ser = s.map(|s| s.value()).or(ser);
            de = d.map(|d| d.value()).or(de);
        }
    }
    drop_serde_items(&mut item.attrs, "rename");
    let ident = syn::ext::IdentExt::unraw(&item.ident).to_string();
    let ser = marked_name(&ser.unwrap_or_else(|| ident.clone()), &marks.ser);
    let de = marked_name(&de.unwrap_or(ident), &marks.de);
    item.attrs
        .push(syn::parse_quote!(#[serde(rename(serialize = #ser, deserialize = #de))]));
}

/// Removes the `#[serde(...)]` items called `name` from `attrs`.
fn drop_serde_items(attrs_of: &mut Vec<Attribute>, name: &str) {
    let mut attrs = Vec::with_capacity(attrs_of.len());
    for attr in attrs_of.drain(..) {
        let Some(items) = serde_items(&attr) else {
            attrs.push(attr);
            continue;
        };
        if !items.iter().any(|item| item.path().is_ident(name)) {
            attrs.push(attr);
            continue;
        }
        let kept: Vec<&Meta> = items
            .iter()
            .filter(|item| !item.path().is_ident(name))
            .collect();
        if !kept.is_empty() {
            let mut attr = attr.clone();
            attr.meta = syn::parse_quote!(serde(#(#kept),*));
            attrs.push(attr);
        }
    }
    *attrs_of = attrs;
}
