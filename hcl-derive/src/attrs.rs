//! What the attributes of the annotated struct and its fields say: the
//! `#[hcl(...)]` options of a field, and what `#[hcl]` needs of the
//! `#[serde(...)]` attributes.

use proc_macro2::Span;
use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, ExprLit, Field, Lit, LitStr, Meta, Token};

use crate::case::RenameRule;

/// What the annotated struct's `#[serde(...)]` attributes say.
#[derive(Default)]
pub(crate) struct Container {
    /// `rename_all` for deserialising, when it names a rule serde knows.
    pub(crate) rename_all: Option<RenameRule>,
    /// `rename_all` for serialising.
    pub(crate) rename_all_ser: Option<RenameRule>,
    /// `default` or `default = "..."`.
    pub(crate) default: bool,
}

/// The role `#[hcl(...)]` gives a field.
#[derive(Clone, PartialEq, Eq)]
pub(crate) enum Role {
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
    pub(crate) fn may_be_optional(&self) -> bool {
        matches!(self, Role::Auto | Role::Attr | Role::Block | Role::Expr)
    }
}

/// A field's `#[hcl(...)]` options.
pub(crate) struct Options {
    pub(crate) role: Role,
    /// The span of the role option, or of the field when there is none.
    pub(crate) role_span: Span,
    /// The span of `optional`, when given.
    pub(crate) optional: Option<Span>,
}

impl Options {
    pub(crate) fn annotated(&self) -> bool {
        self.role != Role::Auto
    }
}

/// What a field's `#[serde(...)]` attributes say.
#[derive(Default)]
pub(crate) struct FieldSerde {
    /// The name serde deserialises the field from, when renamed.
    pub(crate) rename: Option<String>,
    /// The name serde serialises the field as, when renamed.
    pub(crate) rename_ser: Option<String>,
    pub(crate) default: bool,
    pub(crate) flatten: Option<Span>,
    /// `skip` or `skip_deserializing`.
    pub(crate) skip: Option<Span>,
    /// `with` or `deserialize_with`: the field's own way of being read,
    /// of a type that need not be `Deserialize`.
    pub(crate) own_reader: bool,
    /// `borrow` or `bound`: the field's own bounds on the `Deserialize`
    /// impl, which a reader of the macro's would have to meet.
    pub(crate) own_bounds: bool,
}

/// Removes the `#[hcl(...)]` attributes of `field` and returns what they
/// say.
pub(crate) fn take_options(field: &mut Field) -> syn::Result<Options> {
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
pub(crate) fn serde_items(attr: &Attribute) -> Option<Punctuated<Meta, Token![,]>> {
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
pub(crate) fn directions(meta: &Meta) -> (Option<LitStr>, Option<LitStr>) {
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

/// What the struct's `#[serde(...)]` attributes, `attrs`, say.
pub(crate) fn container_serde(attrs: &[Attribute]) -> Container {
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

/// What a field's `#[serde(...)]` attributes, `attrs`, say.
pub(crate) fn field_serde(attrs: &[Attribute]) -> FieldSerde {
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

/// Removes the `#[serde(...)]` items called `name` from `attrs`.
pub(crate) fn drop_serde_items(attrs_of: &mut Vec<Attribute>, name: &str) {
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

/// The doc comment in `attrs` (`///` lines, `#[doc = "..."]`): its lines
/// joined with `\n`, each without one leading space; `None` when there is
/// none. A `#[doc]` that is not a string literal (`include_str!`) is left
/// out.
pub(crate) fn doc_of(attrs: &[Attribute]) -> Option<String> {
    let mut lines = Vec::new();
    for attr in attrs.iter().filter(|attr| attr.path().is_ident("doc")) {
        let Meta::NameValue(meta) = &attr.meta else {
            continue;
        };
        if let Expr::Lit(ExprLit {
            lit: Lit::Str(text),
            ..
        }) = &meta.value
        {
            let text = text.value();
            lines.extend(
                text.split('\n')
                    .map(|line| line.strip_prefix(' ').unwrap_or(line).to_owned()),
            );
        }
    }
    match lines.is_empty() {
        true => None,
        false => Some(lines.join("\n")),
    }
}
