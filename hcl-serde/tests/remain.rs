//! The items a struct's other fields leave: an `#[hcl(remain)]` field of a
//! map or a struct gets them, read as its type, and they are written back
//! as items of the body, so that label fields beside it get their labels
//! and `Spanned`, `Expression` and `RawBody` values inside or beside it
//! arrive as they do elsewhere. For other formats it is an ordinary field.
//! `#[serde(flatten)]` stays serde's own: serde reads such a struct as a
//! map, without the struct's name, so it cannot be combined with role
//! options.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

#[hcl_serde::hcl]
#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Service {
    #[hcl(label)]
    name: String,
    port: u16,
    #[hcl(remain)]
    settings: BTreeMap<String, String>,
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Config {
    service: Vec<Service>,
}

const SRC: &str = "service \"web\" {\n  port = 80\n  image = \"nginx\"\n  user = \"www\"\n}\n";

#[test]
fn labels_and_a_remain_map_are_both_filled() {
    let config: Config = hcl_serde::from_str(SRC).unwrap();
    let web = &config.service[0];
    assert_eq!((web.name.as_str(), web.port), ("web", 80));
    assert_eq!(
        web.settings,
        BTreeMap::from([
            ("image".to_owned(), "nginx".to_owned()),
            ("user".to_owned(), "www".to_owned())
        ])
    );
}

#[test]
fn the_remaining_items_are_written_back_into_the_block() {
    let config: Config = hcl_serde::from_str(SRC).unwrap();
    let text = hcl_serde::to_string(&config).unwrap();
    assert_eq!(hcl_serde::from_str::<Config>(&text).unwrap(), config);
    assert!(text.contains("  image = \"nginx\"\n"), "{text}");
}

#[test]
fn errors_in_the_remaining_items_point_at_them() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    struct Limits {
        #[hcl(label)]
        #[allow(dead_code)]
        name: String,
        #[hcl(remain)]
        #[allow(dead_code)]
        values: BTreeMap<String, u8>,
    }
    #[derive(Deserialize, Debug)]
    struct Doc {
        #[allow(dead_code)]
        limits: Vec<Limits>,
    }
    let err =
        hcl_serde::from_str::<Doc>("limits \"a\" {\n  cpu = 2\n  mem = 900\n}\n").unwrap_err();
    let range = err.range().unwrap();
    assert_eq!((range.start.line, range.start.column), (3, 9));
    assert_eq!(err.path(), Some("limits.a.mem"));
}

#[test]
fn without_labels_a_remain_map_takes_what_the_other_fields_leave() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug, PartialEq)]
    struct Plain {
        port: u16,
        #[hcl(remain)]
        rest: BTreeMap<String, u16>,
    }
    let plain: Plain = hcl_serde::from_str("port = 1\nother = 2\n").unwrap();
    assert_eq!(plain.rest, BTreeMap::from([("other".to_owned(), 2)]));
}

#[test]
fn special_values_arrive_inside_and_beside_a_remain_field() {
    use hcl_serde::{Expression, Spanned};

    #[derive(Deserialize, Debug)]
    struct Limits {
        port: Spanned<u16>,
    }
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    struct WithStruct {
        name: String,
        #[hcl(remain)]
        limits: Limits,
    }
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    struct WithMap {
        #[hcl(expr)]
        when: Expression,
        #[hcl(remain)]
        rest: BTreeMap<String, Spanned<u16>>,
    }
    for (src, name) in [
        ("name = \"a\"\nport = 80\n", "a.hcl"),
        ("{\"name\": \"a\",\n\"port\": 80}", "a.json"),
    ] {
        let config: WithStruct = hcl_serde::Decoder::new()
            .from_named_str(src, name)
            .unwrap()
            .value;
        assert_eq!(config.name, "a");
        assert_eq!(*config.limits.port.get_ref(), 80);
        let range = config.limits.port.range();
        assert_eq!((&*range.filename, range.start.line), (name, 2), "{name}");
    }
    let config: WithMap = hcl_serde::from_str("when = attempts < 3\nport = 80\nmax = 9\n").unwrap();
    assert_eq!(config.when.source_text(), "attempts < 3");
    assert_eq!(config.when.variables(), ["attempts"]);
    let ports: Vec<(&str, u16, u32)> = config
        .rest
        .iter()
        .map(|(k, v)| (k.as_str(), *v.get_ref(), v.range().start.line))
        .collect();
    assert_eq!(ports, [("max", 9, 3), ("port", 80, 2)]);
}

#[test]
fn several_flattened_fields_are_serde_s_own() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug, PartialEq)]
    struct Two {
        port: u16,
        #[serde(flatten)]
        first: BTreeMap<String, u16>,
        #[serde(flatten)]
        second: BTreeMap<String, u16>,
    }
    let two: Two = hcl_serde::from_str("port = 1\nother = 2\n").unwrap();
    assert_eq!(two.first, BTreeMap::from([("other".to_owned(), 2)]));
    assert_eq!(two.second, two.first);
}

#[test]
fn errors_beside_and_inside_a_remain_field_are_all_reported() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    struct Plain {
        #[allow(dead_code)]
        port: u16,
        #[hcl(remain)]
        #[allow(dead_code)]
        rest: BTreeMap<String, u16>,
    }
    let err = hcl_serde::from_str::<Plain>("port = 70000\nother = \"x\"\n").unwrap_err();
    let found: Vec<(hcl_serde::Code, u32)> = err
        .diagnostics()
        .iter()
        .map(|d| (d.code, d.subject.as_ref().unwrap().start.line))
        .collect();
    assert_eq!(
        found,
        [
            (hcl_serde::Code::InvalidValue, 1),
            (hcl_serde::Code::IncorrectValueType, 2)
        ]
    );
}

#[test]
fn a_remain_map_beside_blocks_takes_the_attributes_the_blocks_leave() {
    // The rest of a body whose blocks a field took holds its other
    // attributes; the blocks taken are not the rest's, though hcl-core's
    // `just_attributes` of a partial step's rest reports them, as the
    // reference's does.
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug, PartialEq)]
    struct Check {
        path: String,
    }
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug, PartialEq)]
    struct Job {
        #[hcl(block)]
        check: Vec<Check>,
        #[hcl(remain)]
        rest: BTreeMap<String, u16>,
    }
    let src = "a = 1\ncheck {\n  path = \"/\"\n}\nb = 2\ncheck {\n  path = \"/x\"\n}\n";
    let job: Job = hcl_serde::from_str(src).unwrap();
    assert_eq!(job.check.len(), 2);
    assert_eq!(
        job.rest,
        BTreeMap::from([("a".to_owned(), 1), ("b".to_owned(), 2)])
    );
    // A block no field takes is still refused.
    let err = hcl_serde::from_str::<Job>("a = 1\nother {}\n").unwrap_err();
    assert_eq!(
        err.diagnostics().iter().next().unwrap().code,
        hcl_core::Code::UnsupportedBlockType
    );
}
