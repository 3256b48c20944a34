//! A `#[serde(flatten)]` field beside `#[hcl(label)]` fields: the labels go
//! to the label fields, and the flattened field takes what the other
//! fields leave, read and written back as items of the block's body.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

#[hcl_serde::hcl]
#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Service {
    #[hcl(label)]
    name: String,
    port: u16,
    #[serde(flatten)]
    settings: BTreeMap<String, String>,
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Config {
    service: Vec<Service>,
}

const SRC: &str = "service \"web\" {\n  port = 80\n  image = \"nginx\"\n  user = \"www\"\n}\n";

#[test]
fn labels_and_a_flattened_map_are_both_filled() {
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
fn the_flattened_items_are_written_back_into_the_block() {
    let config: Config = hcl_serde::from_str(SRC).unwrap();
    let text = hcl_serde::to_string(&config).unwrap();
    assert_eq!(hcl_serde::from_str::<Config>(&text).unwrap(), config);
    assert!(text.contains("  image = \"nginx\"\n"), "{text}");
}

#[test]
fn errors_in_the_flattened_items_point_at_them() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    struct Limits {
        #[hcl(label)]
        #[allow(dead_code)]
        name: String,
        #[serde(flatten)]
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
fn without_labels_flatten_is_serde_s_own() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug, PartialEq)]
    struct Plain {
        port: u16,
        #[serde(flatten)]
        rest: BTreeMap<String, u16>,
    }
    let plain: Plain = hcl_serde::from_str("port = 1\nother = 2\n").unwrap();
    assert_eq!(plain.rest, BTreeMap::from([("other".to_owned(), 2)]));
}
