//! The parts of an attribute's value as the source wrote them: object keys
//! in source order for targets that keep order, and the locations of
//! elements and attributes in errors and in `Spanned`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::fmt;
use std::marker::PhantomData;

use hcl_serde::{Code, Spanned};
use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};

/// A map that keeps its keys in the order the deserializer gives them, as
/// `IndexMap` or `serde_json::Map` with `preserve_order` do.
#[derive(Debug, PartialEq)]
struct Ordered<T>(Vec<(String, T)>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Ordered<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = Ordered<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Ordered<T>, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(Ordered(entries))
            }
        }
        deserializer.deserialize_map(V(PhantomData))
    }
}

fn keys<T>(map: &Ordered<T>) -> Vec<&str> {
    map.0.iter().map(|(k, _)| k.as_str()).collect()
}

#[derive(serde::Deserialize, Debug)]
struct Tags {
    tags: Ordered<serde_json::Value>,
}

#[test]
fn an_object_constructor_gives_its_keys_in_source_order() {
    let doc: Tags =
        hcl_serde::from_str("tags = { zeta = 1, alpha = 2, \"x-y\" = 3, mid = 4 }\n").unwrap();
    assert_eq!(keys(&doc.tags), ["zeta", "alpha", "x-y", "mid"]);
}

#[test]
fn nested_objects_keep_their_order_too() {
    #[derive(serde::Deserialize)]
    struct Doc {
        outer: Ordered<Ordered<u8>>,
    }
    let doc: Doc =
        hcl_serde::from_str("outer = { b = { z = 1, a = 2 }, a = { y = 3, x = 4 } }\n").unwrap();
    assert_eq!(keys(&doc.outer), ["b", "a"]);
    assert_eq!(keys(&doc.outer.0[0].1), ["z", "a"]);
    assert_eq!(keys(&doc.outer.0[1].1), ["y", "x"]);
}

#[test]
fn computed_keys_come_after_the_written_ones_sorted() {
    let src = "tags = { b = 1, (\"z\") = 2, a = 3, (\"c\") = 4 }\n";
    let doc: Tags = hcl_serde::from_str(src).unwrap();
    assert_eq!(keys(&doc.tags), ["b", "a", "c", "z"]);
}

#[test]
fn a_key_written_twice_is_read_once_where_first_written_with_its_last_value() {
    let src = "tags = { b = 1, a = 2, b = 3 }\n";
    let doc: Tags = hcl_serde::from_str(src).unwrap();
    assert_eq!(keys(&doc.tags), ["b", "a"]);
    assert_eq!(doc.tags.0[0].1, serde_json::json!(3));
}

#[test]
fn values_that_no_constructor_wrote_are_sorted() {
    let src = "tags = merge({ b = 1 }, { a = 2 })\n";
    let doc: Tags = hcl_serde::from_str(src).unwrap();
    assert_eq!(keys(&doc.tags), ["a", "b"]);
}

#[test]
fn top_level_attributes_and_block_bodies_keep_order_too() {
    #[derive(serde::Deserialize)]
    struct Service {
        env: Ordered<String>,
    }
    #[derive(serde::Deserialize)]
    struct Doc {
        service: Vec<Service>,
    }
    let src = "service {\n  env = { Z = \"1\", A = \"2\" }\n}\n";
    let doc: Doc = hcl_serde::from_str(src).unwrap();
    assert_eq!(keys(&doc.service[0].env), ["Z", "A"]);
}

#[test]
fn an_error_in_an_element_points_at_the_element() {
    #[derive(serde::Deserialize, Debug)]
    struct Doc {
        #[allow(dead_code)]
        ports: Vec<u16>,
    }
    let err = hcl_serde::from_str::<Doc>("ports = [80,\n  \"http\", 443]\n").unwrap_err();
    assert_eq!(err.path(), Some("ports[1]"));
    let range = err.range().unwrap();
    assert_eq!((range.start.line, range.start.column), (2, 3));
    assert_eq!((range.end.line, range.end.column), (2, 9));
    assert_eq!(
        err.diagnostics().iter().next().unwrap().code,
        Code::IncorrectValueType
    );
}

#[test]
fn an_error_in_a_nested_attribute_points_at_its_value() {
    #[derive(serde::Deserialize, Debug)]
    struct Limits {
        #[allow(dead_code)]
        cpu: u8,
    }
    #[hcl_serde::hcl]
    #[derive(serde::Deserialize, Debug)]
    struct Doc {
        #[allow(dead_code)]
        #[hcl(attr)]
        limits: std::collections::BTreeMap<String, Limits>,
    }
    let src = "limits = {\n  web = { cpu = 1 }\n  db  = { cpu = 900 }\n}\n";
    let err = hcl_serde::from_str::<Doc>(src).unwrap_err();
    assert_eq!(err.path(), Some("limits.db.cpu"));
    let range = err.range().unwrap();
    assert_eq!((range.start.line, range.start.column), (3, 17));
}

#[test]
fn spanned_elements_have_their_own_ranges() {
    #[derive(serde::Deserialize)]
    struct Doc {
        ports: Vec<Spanned<u16>>,
        names: Ordered<Spanned<String>>,
    }
    let src = "ports = [1,\n  22]\nnames = { b = \"x\", a = \"yy\" }\n";
    let doc: Doc = hcl_serde::from_str(src).unwrap();
    let starts: Vec<_> = doc
        .ports
        .iter()
        .map(|p| (p.range().start.line, p.range().start.column, *p.get_ref()))
        .collect();
    assert_eq!(starts, [(1, 10, 1), (2, 3, 22)]);
    let names: Vec<_> = doc
        .names
        .0
        .iter()
        .map(|(k, v)| (k.as_str(), v.range().start.column, v.get_ref().as_str()))
        .collect();
    assert_eq!(names, [("b", 15, "x"), ("a", 24, "yy")]);
}

#[test]
fn elements_of_a_value_no_constructor_wrote_point_at_the_whole_expression() {
    #[derive(serde::Deserialize, Debug)]
    struct Doc {
        #[allow(dead_code)]
        ports: Vec<u8>,
    }
    let err = hcl_serde::from_str::<Doc>("ports = concat([1], [300])\n").unwrap_err();
    assert_eq!(err.path(), Some("ports[1]"));
    let range = err.range().unwrap();
    assert_eq!((range.start.column, range.end.column), (9, 27));
}

#[test]
fn an_unknown_enum_variant_gets_a_suggestion() {
    #[derive(serde::Deserialize, Debug)]
    #[serde(rename_all = "lowercase")]
    enum Mode {
        Auto,
        Manual,
    }
    #[derive(serde::Deserialize, Debug)]
    struct Doc {
        #[allow(dead_code)]
        mode: Mode,
    }
    let err = hcl_serde::from_str::<Doc>("mode = \"manul\"\n").unwrap_err();
    let diag = err.diagnostics().iter().next().unwrap();
    assert_eq!(diag.code, Code::InvalidValue);
    assert_eq!(
        diag.detail,
        "Unknown variant \"manul\"; expected one of \"auto\", \"manual\". Did you mean \"manual\"?"
    );
    assert_eq!(err.range().unwrap().start.column, 8);
    let far = hcl_serde::from_str::<Doc>("mode = \"zzz\"\n").unwrap_err();
    let detail = &far.diagnostics().iter().next().unwrap().detail;
    assert!(!detail.contains("Did you mean"), "{detail}");
}

#[test]
fn an_unknown_field_of_a_strict_struct_gets_a_suggestion() {
    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Limits {
        #[allow(dead_code)]
        memory: u32,
    }
    #[hcl_serde::hcl]
    #[derive(serde::Deserialize, Debug)]
    struct Doc {
        #[allow(dead_code)]
        #[hcl(attr)]
        limits: Limits,
    }
    let err = hcl_serde::from_str::<Doc>("limits = { memroy = 1 }\n").unwrap_err();
    let diag = err.diagnostics().iter().next().unwrap();
    assert_eq!(diag.code, Code::UnsupportedArgument);
    assert_eq!(
        diag.detail,
        "An argument named \"memroy\" is not expected here. Did you mean \"memory\"?"
    );
}

#[test]
fn the_rendered_error_shows_the_path_to_a_deep_error() {
    #[derive(serde::Deserialize, Debug)]
    struct Service {
        #[allow(dead_code)]
        port: u16,
    }
    #[derive(serde::Deserialize, Debug)]
    struct Doc {
        #[allow(dead_code)]
        service: std::collections::BTreeMap<String, Service>,
    }
    let missing = hcl_serde::from_str::<Doc>("service \"web\" {\n}\n").unwrap_err();
    assert_eq!(missing.path(), Some("service.web.port"));
    assert!(
        missing
            .to_string()
            .ends_with("found.\n  = path: service.web.port\n"),
        "{missing}"
    );
    let element = hcl_serde::from_str::<Doc>("service \"web\" {\n  port = [1]\n}\n").unwrap_err();
    assert!(
        element
            .to_string()
            .ends_with("  = path: service.web.port\n"),
        "{element}"
    );
    // A top-level attribute's path is the name the source line shows.
    let top = hcl_serde::from_str::<Service>("port = -1\n").unwrap_err();
    assert_eq!(top.path(), Some("port"));
    assert!(!top.to_string().contains("= path"), "{top}");
}
