//! What the macro reads from a field's type, syntactically: the macro sees
//! tokens, not resolved types, so it goes by the last segment of a path
//! (`Option`, `std::option::Option` and `core::option::Option` alike).

use std::collections::HashSet;

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::{GenericArgument, PathArguments, Type, TypePath};

/// `ty` without parentheses and invisible groups (which `macro_rules!`
/// expansions leave around a `$t:ty`).
fn strip(mut ty: &Type) -> &Type {
    loop {
        match ty {
            Type::Group(group) => ty = &group.elem,
            Type::Paren(paren) => ty = &paren.elem,
            _ => return ty,
        }
    }
}

/// The last segment's name and its type arguments, for a path type
/// without a `<T as Trait>::` qualification.
fn last_segment(ty: &Type) -> Option<(String, Vec<&Type>)> {
    let Type::Path(TypePath { qself: None, path }) = strip(ty) else {
        return None;
    };
    let segment = path.segments.last()?;
    let args = match &segment.arguments {
        PathArguments::AngleBracketed(args) => args
            .args
            .iter()
            .filter_map(|arg| match arg {
                GenericArgument::Type(ty) => Some(ty),
                _ => None,
            })
            .collect(),
        PathArguments::None => Vec::new(),
        PathArguments::Parenthesized(_) => return None,
    };
    Some((segment.ident.to_string(), args))
}

/// Whether `ty` is an `Option<T>`.
pub(crate) fn is_option(ty: &Type) -> bool {
    option_of(ty).is_some()
}

/// `T`, when `ty` is an `Option<T>`.
pub(crate) fn option_of(ty: &Type) -> Option<&Type> {
    match last_segment(ty)? {
        (name, args) if name == "Option" => match args.as_slice() {
            [inner] => Some(inner),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `ty` is an `Expression` or an `Option` of one: a field the
/// macro reads unevaluated, as `#[hcl(expr)]` (a check the expansion makes
/// holds the name to `hcl_serde::Expression`).
pub(crate) fn is_expression(ty: &Type) -> bool {
    let named = |ty: &Type| matches!(last_segment(ty), Some((name, args)) if name == "Expression" && args.is_empty());
    match last_segment(ty) {
        Some((name, args)) if name == "Option" => {
            matches!(args.as_slice(), [inner] if named(inner))
        }
        _ => named(ty),
    }
}

/// Whether `ty` is a sequence or a map (`Vec`, `VecDeque`, `HashMap`,
/// `BTreeMap`, `IndexMap`), which can hold no elements.
pub(crate) fn is_collection(ty: &Type) -> bool {
    matches!(
        last_segment(ty),
        Some((name, _)) if matches!(name.as_str(), "Vec" | "VecDeque" | "HashMap" | "BTreeMap" | "IndexMap")
    )
}

/// The type inside the containers around `ty` (`Option`, `Box`, `Vec`,
/// `VecDeque`, and the maps `HashMap`, `BTreeMap`, `IndexMap`, whose
/// values it continues with), and how many of those containers were maps.
pub(crate) fn peel(mut ty: &Type) -> (usize, &Type) {
    let mut map_levels = 0;
    loop {
        let Some((name, args)) = last_segment(ty) else {
            return (map_levels, ty);
        };
        let next = match name.as_str() {
            // `Box<T, A>` and `Vec<T, A>` take an allocator second.
            "Option" | "Box" | "Vec" | "VecDeque" => args.first(),
            // `HashMap<K, V, S>` takes a hasher third.
            "HashMap" | "BTreeMap" | "IndexMap" => {
                let value = args.get(1);
                if value.is_some() {
                    map_levels += 1;
                }
                value
            }
            _ => None,
        };
        match next {
            Some(inner) => ty = inner,
            None => return (map_levels, ty),
        }
    }
}

/// Whether a label may be decoded into `ty`: `String`, `&str`,
/// `Cow<str>`, `Box<str>`, `Rc<str>`, `Arc<str>`, a type named without
/// type arguments that is no number, `bool` or `char` (a unit-only enum,
/// whose variants are the label's values, or a newtype of a string), or
/// `Spanned<..>` of one of those.
pub(crate) fn is_label_type(ty: &Type) -> bool {
    let ty = strip(ty);
    if let Type::Reference(reference) = ty {
        return reference.mutability.is_none() && is_str(&reference.elem);
    }
    let Some((name, args)) = last_segment(ty) else {
        return false;
    };
    match (name.as_str(), args.as_slice()) {
        ("Cow" | "Box" | "Rc" | "Arc", [inner]) => is_str(inner),
        ("Spanned", [inner]) => is_label_type(inner),
        // `String`, or an enum: the macro cannot tell one from a struct.
        (name, []) => !SCALARS.contains(&name),
        _ => false,
    }
}

/// The types of one value that is no string, which no label is read into.
const SCALARS: &[&str] = &[
    "bool", "char", "str", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64",
    "u128", "usize", "f32", "f64",
];

/// Whether `ty` is `str`.
fn is_str(ty: &Type) -> bool {
    matches!(last_segment(ty), Some((name, args)) if name == "str" && args.is_empty())
}

/// Whether `ty` names one of `params` anywhere in it (a generic type or
/// const parameter of the struct).
pub(crate) fn mentions(ty: &Type, params: &HashSet<String>) -> bool {
    fn walk(tokens: TokenStream, params: &HashSet<String>) -> bool {
        tokens.into_iter().any(|tree| match tree {
            TokenTree::Ident(ident) => params.contains(&ident.to_string()),
            TokenTree::Group(group) => walk(group.stream(), params),
            TokenTree::Punct(_) | TokenTree::Literal(_) => false,
        })
    }
    !params.is_empty() && walk(ty.to_token_stream(), params)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn ty(tokens: TokenStream) -> Type {
        syn::parse2(tokens).unwrap_or_else(|e| Type::Verbatim(e.to_compile_error()))
    }

    #[test]
    fn expression_types_are_told_by_name() {
        for yes in [
            quote!(Expression),
            quote!(hcl_serde::Expression),
            quote!(Option<Expression>),
            quote!(std::option::Option<::hcl_serde::Expression>),
        ] {
            assert!(is_expression(&ty(yes.clone())), "{yes}");
        }
        for no in [
            quote!(Vec<Expression>),
            quote!(Option<Option<Expression>>),
            quote!(Expression<T>),
            quote!(ExpressionList),
            quote!(String),
        ] {
            assert!(!is_expression(&ty(no.clone())), "{no}");
        }
    }

    #[test]
    fn peels_containers_and_counts_maps() {
        let cases = [
            (quote!(Network), 0, quote!(Network)),
            (quote!(Option<Network>), 0, quote!(Network)),
            (quote!(Vec<Network>), 0, quote!(Network)),
            (
                quote!(std::collections::VecDeque<Box<Network>>),
                0,
                quote!(Network),
            ),
            (quote!(HashMap<String, Network>), 1, quote!(Network)),
            (
                quote!(Option<BTreeMap<String, IndexMap<String, Vec<Network>>>>),
                2,
                quote!(Network),
            ),
            (quote!([Network; 2]), 0, quote!([Network; 2])),
            (quote!(Rc<Network>), 0, quote!(Rc<Network>)),
            (quote!((Option<u8>)), 0, quote!(u8)),
        ];
        for (input, levels, inner) in cases {
            let input = ty(input);
            let (got_levels, got_inner) = peel(&input);
            assert_eq!(got_levels, levels, "{}", input.to_token_stream());
            assert_eq!(
                got_inner.to_token_stream().to_string(),
                inner.to_string(),
                "{}",
                input.to_token_stream()
            );
        }
    }

    #[test]
    fn the_type_an_option_holds() {
        let held = |tokens: TokenStream| {
            option_of(&ty(tokens)).map(|inner| inner.to_token_stream().to_string())
        };
        assert_eq!(held(quote!(Option<T>)).as_deref(), Some("T"));
        assert_eq!(
            held(quote!(std::option::Option<Vec<Network>>)).as_deref(),
            Some("Vec < Network >")
        );
        assert_eq!(held(quote!(Vec<T>)), None);
        assert_eq!(held(quote!(Option)), None);
    }

    #[test]
    fn label_types() {
        let yes = [
            quote!(String),
            quote!(Kind),
            quote!(crate::config::Kind),
            quote!(Spanned<Kind>),
            quote!(std::string::String),
            quote!(&str),
            quote!(&'a str),
            quote!(Cow<'a, str>),
            quote!(std::borrow::Cow<str>),
            quote!(Box<str>),
            quote!(Rc<str>),
            quote!(Arc<str>),
            quote!(hcl_serde::Spanned<String>),
            quote!(Spanned<&'a str>),
        ];
        let no = [
            quote!(u32),
            quote!(bool),
            quote!(f64),
            quote!(&mut str),
            quote!(Option<String>),
            quote!(Box<String>),
            quote!(Spanned<u8>),
            quote!(Vec<String>),
            quote!(str),
        ];
        for input in yes {
            assert!(is_label_type(&ty(input.clone())), "{input}");
        }
        for input in no {
            assert!(!is_label_type(&ty(input.clone())), "{input}");
        }
    }

    #[test]
    fn generic_mentions() {
        let params: HashSet<String> = ["T".to_owned(), "N".to_owned()].into();
        assert!(mentions(&ty(quote!(Vec<T>)), &params));
        assert!(mentions(&ty(quote!([u8; N])), &params));
        assert!(mentions(&ty(quote!(Wrapper<(u8, T)>)), &params));
        assert!(!mentions(&ty(quote!(Target)), &params));
        assert!(!mentions(&ty(quote!(T)), &HashSet::new()));
        assert!(is_option(&ty(quote!(core::option::Option<T>))));
        assert!(!is_option(&ty(quote!(Vec<T>))));
    }
}
