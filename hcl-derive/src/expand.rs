//! The expansion of `#[hcl]`: the struct named for serde with the roles
//! of its fields, and its `HclSchema` impl, or the errors found in it.

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::{Attribute, Data, DeriveInput, Fields, Token};

use crate::errors::Errors;
use crate::{checks, codegen, model};

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
    let model = model::build(&mut item, &mut errors);
    checks::check(&model, &mut errors);
    let impl_tokens = codegen::schema_impl(&item, &model);
    codegen::add_defaults(&mut item, &model);
    codegen::mark_block_type(&mut item, &model);
    match errors.combined() {
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
    let mut out = errors
        .combined()
        .map(|e| e.to_compile_error())
        .unwrap_or_default();
    out.extend(input);
    out
}
