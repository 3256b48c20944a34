//! The code `#[hcl]` makes of the annotated struct: its `HclSchema` impl,
//! the `#[serde(default)]` of the fields that may be absent, and its serde
//! name with the roles of its fields.

use std::collections::HashSet;

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, GenericParam, Ident};

use crate::attrs::{directions, drop_serde_items, serde_items};
use crate::model::{Field, Kind, Model, TypeCheck};
use crate::names::{marked_name, Marked};
use crate::types;

/// The `HclSchema` impl of `item`, whose fields `model` describes.
pub(crate) fn schema_impl(item: &DeriveInput, model: &Model) -> TokenStream {
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
    // Checks that a field's type fits its option, at the type.
    let checks = model.fields.iter().filter_map(type_check);
    // Bounds the `HclSchema` impl needs: a generic field type read by
    // `block_shape` or `may_be_absent`.
    let bounds = model
        .fields
        .iter()
        .filter(|field| {
            (field.block_shape || field.probe_absent) && types::mentions(&field.ty, &params)
        })
        .map(|field| {
            let ty = &field.ty;
            quote!(#ty: ::hcl_serde::__private::Deserialize<'static>)
        });
    let infos = model.fields.iter().map(field_info);
    let labels = model.fields.iter().filter_map(|field| field.label.as_ref());

    let ident = &item.ident;
    // A field of a generic type is asked whether it holds a block type
    // when the schema is made, for the type it is made for.
    let mut generics = item.generics.clone();
    generics
        .make_where_clause()
        .predicates
        .extend(bounds.map(|bound| -> syn::WherePredicate { syn::parse_quote!(#bound) }));
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    quote! {
        impl #impl_generics ::hcl_serde::HclSchema for #ident #ty_generics #where_clause {
            fn hcl_schema() -> ::hcl_serde::__private::BodySchema {
                #(#checks)*
                ::hcl_serde::__private::build_schema(&[#(#infos),*])
            }

            fn hcl_labels() -> &'static [&'static str] {
                &[#(#labels),*]
            }
        }
    }
}

/// The check of `field`'s type for its role, at the type, if it has one.
fn type_check(field: &Field) -> Option<TokenStream> {
    let ty = &field.ty;
    let span = ty.span();
    let check = match field.check? {
        TypeCheck::Body => "body_field",
        TypeCheck::Expr => "expr_field",
        TypeCheck::Expression => "expression_field",
    };
    let check = Ident::new(check, span);
    Some(quote_spanned! {span=>
        ::hcl_serde::__private::#check::<#ty>();
    })
}

/// The `FieldInfo` of `field`, which the schema is built from.
fn field_info(field: &Field) -> TokenStream {
    let name = &field.name;
    let kind = match field.kind {
        Kind::Skip => quote!(Skip),
        Kind::Auto => quote!(Auto),
        Kind::Attribute => quote!(Attribute),
        Kind::Block => quote!(Block),
    };
    let ty = &field.ty;
    let optional = if field.probe_absent {
        quote!(::hcl_serde::__private::may_be_absent::<#ty>())
    } else {
        let optional = field.optional;
        quote!(#optional)
    };
    let map_levels = field.map_levels;
    let block = if field.block_shape {
        quote!(::hcl_serde::__private::block_shape::<#ty>())
    } else {
        quote!(::core::option::Option::None)
    };
    quote! {
        ::hcl_serde::__private::FieldInfo {
            name: #name,
            kind: ::hcl_serde::__private::FieldKind::#kind,
            optional: #optional,
            map_levels: #map_levels,
            block: #block,
        }
    }
}

/// Gives `#[serde(default)]` to the fields of `item` that `model` says
/// need it.
pub(crate) fn add_defaults(item: &mut DeriveInput, model: &Model) {
    let Data::Struct(data) = &mut item.data else {
        return;
    };
    for field in model.fields.iter().filter(|field| field.adds_default) {
        if let Some(field) = data.fields.iter_mut().nth(field.index) {
            field.attrs.push(syn::parse_quote!(#[serde(default)]));
        }
    }
}

/// Names the struct `item` for serde as its name with the roles of its
/// fields (see [`crate::names`]), in each direction: how the decoder and
/// the serializer learn them, and that the struct is a block type.
pub(crate) fn mark_block_type(item: &mut DeriveInput, model: &Model) {
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
    let doc = crate::attrs::doc_of(&item.attrs);
    let ser = marked_name(
        &ser.unwrap_or_else(|| ident.clone()),
        doc.as_deref(),
        &marks(model, |field| &field.ser_name),
    );
    let de = marked_name(
        &de.unwrap_or(ident),
        doc.as_deref(),
        &marks(model, |field| &field.name),
    );
    item.attrs
        .push(syn::parse_quote!(#[serde(rename(serialize = #ser, deserialize = #de))]));
}

/// The roles, optionality and docs of the marked fields of `model`, each
/// under the serde name `name` gives it (the names for deserialising and
/// for serialising may differ).
fn marks(model: &Model, name: impl Fn(&Field) -> &str) -> Vec<Marked> {
    model
        .fields
        .iter()
        .map(|field| Marked {
            field: name(field).to_owned(),
            mark: field.mark,
            label: field.label.clone(),
            optional: field.marks_optional,
            own_reader: field.own_reader,
            single_block: field.single_block,
            doc: field.doc.clone(),
        })
        .filter(Marked::is_marked)
        .collect()
}
